#include "GuestResults.h"

#include <cstdlib>

#include "core/util/Strings.h"

namespace perfdash::hwguest {

namespace {

std::string environment(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

} // namespace

std::string GuestCase::summary() const {
    return name + ": exit status " + std::to_string(exitStatus) + ", stderr: " + (err.empty() ? "(empty)" : trim(err));
}

GuestBoot GuestBoot::open(const std::string& name) {
    GuestBoot boot;
    boot.name_ = name;
    const std::string root = environment("PERFDASH_HWGUEST_RESULTS");
    if (root.empty()) {
        boot.problem_ = "PERFDASH_HWGUEST_RESULTS is not set: run the checks through ctest (ctest -L hwguest)";
        return boot;
    }
    boot.dir_ = root + "/" + name;
    if (auto reason = readFile(boot.dir_ + "/SKIPPED")) {
        boot.skipReason_ = "guest boot " + name + " skipped: " + trim(*reason);
        return boot;
    }
    const auto settings = readFile(boot.dir_ + "/boot.txt");
    if (!settings) {
        boot.problem_ = "no results of guest boot " + name + " in " + boot.dir_ + ": the hwguest_boot test did not run or this boot failed (its output says why)";
        return boot;
    }
    const auto values = keyValues(*settings);
    const auto shift = values.count("shift") ? parseUnsigned(values.at("shift")) : std::nullopt;
    const auto cpus = values.count("cpus") ? parseUnsigned(values.at("cpus")) : std::nullopt;
    if (!shift || !cpus) {
        boot.problem_ = boot.dir_ + "/boot.txt lacks shift= or cpus=";
        return boot;
    }
    boot.shift_ = static_cast<int>(*shift);
    boot.cpus_ = static_cast<int>(*cpus);
    return boot;
}

GuestCase GuestBoot::read(const std::string& section, const std::string& caseName) const {
    GuestCase result;
    result.name = name_ + "/" + section + "/" + caseName;
    const std::string base = dir_ + "/" + section + "/" + caseName;
    const auto out = readFile(base + ".out");
    const auto err = readFile(base + ".err");
    const auto status = readFirstLine(base + ".rc");
    const auto parsed = status ? parseUnsigned(*status) : std::nullopt;
    if (!out || !err || !parsed) return result;
    result.found = true;
    result.out = *out;
    result.err = *err;
    result.exitStatus = static_cast<int>(*parsed);
    return result;
}

std::map<std::string, std::string> keyValues(const std::string& text) {
    std::map<std::string, std::string> values;
    for (const auto& word : splitWhitespace(text)) {
        const auto equals = word.find('=');
        if (equals != std::string::npos) values[word.substr(0, equals)] = word.substr(equals + 1);
    }
    return values;
}

std::vector<std::map<std::string, std::string>> keyValueLines(const std::string& text) {
    std::vector<std::map<std::string, std::string>> lines;
    for (const auto& line : split(text, '\n'))
        if (!trim(line).empty()) lines.push_back(keyValues(line));
    return lines;
}

Workload workload(const std::string& name) {
    const std::string manifest = environment("PERFDASH_HWGUEST_WORKLOADS");
    const auto text = manifest.empty() ? std::nullopt : readFile(manifest);
    if (!text) return {std::nullopt, "cannot read the workload manifest '" + manifest + "' ($PERFDASH_HWGUEST_WORKLOADS)"};
    for (const auto& line : split(*text, '\n')) {
        const auto fields = splitWhitespace(line);
        if (fields.size() == 2 && fields[0] == name) {
            if (auto count = parseUnsigned(fields[1])) return {count, ""};
        }
    }
    return {std::nullopt, manifest + " has no instruction count for workload " + name};
}

} // namespace perfdash::hwguest
