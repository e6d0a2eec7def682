#include "widgets/measure/ProcessTable.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <pwd.h>
#include <unistd.h>

#include "core/util/Strings.h"

namespace perfdash {
namespace {

std::string userName(unsigned uid, std::map<unsigned, std::string>& cache) {
    auto it = cache.find(uid);
    if (it != cache.end()) return it->second;
    std::string name = std::to_string(uid);
    passwd entry{};
    passwd* found = nullptr;
    std::vector<char> buffer(4096);
    if (getpwuid_r(uid, &entry, buffer.data(), buffer.size(), &found) == 0 && found) name = found->pw_name;
    return cache.emplace(uid, name).first->second;
}

// The value after "Key:" in /proc/PID/status ("Uid:\t1000\t1000..." gives "1000\t1000...").
std::string statusField(const std::string& status, std::string_view key) {
    for (const auto& line : split(status, '\n')) {
        if (line.starts_with(key) && line.size() > key.size() && line[key.size()] == ':')
            return trim(std::string_view(line).substr(key.size() + 1));
    }
    return {};
}

std::string commandLine(const std::string& raw, const std::string& name) {
    std::string text = raw;
    while (!text.empty() && text.back() == '\0') text.pop_back();
    if (text.empty()) return "[" + name + "]";
    std::replace(text.begin(), text.end(), '\0', ' ');
    return text;
}

} // namespace

std::vector<ProcessInfo> readProcesses(const std::string& procRoot) {
    std::vector<ProcessInfo> out;
    std::map<unsigned, std::string> users;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(procRoot, ec)) {
        const std::string dirName = entry.path().filename().string();
        if (dirName.find_first_not_of("0123456789") != std::string::npos) continue; // not a process
        auto pid = parseUnsigned(dirName);
        if (!pid || *pid == 0 || *pid > 0x7fffffff) continue;
        const std::string dir = entry.path().string();
        auto status = readFile(dir + "/status");
        auto cmdline = readFile(dir + "/cmdline");
        if (!status || !cmdline) continue; // exited meanwhile
        ProcessInfo p;
        p.pid = static_cast<int>(*pid);
        const auto uidFields = splitWhitespace(statusField(*status, "Uid"));
        if (!uidFields.empty()) {
            if (auto uid = parseUnsigned(uidFields[0])) p.user = userName(static_cast<unsigned>(*uid), users);
        }
        if (auto threads = parseUnsigned(statusField(*status, "Threads"))) p.threads = static_cast<int>(*threads);
        p.command = commandLine(*cmdline, statusField(*status, "Name"));
        p.kernelThread = cmdline->empty();
        out.push_back(std::move(p));
    }
    std::sort(out.begin(), out.end(), [](const ProcessInfo& a, const ProcessInfo& b) { return a.pid < b.pid; });
    return out;
}

} // namespace perfdash
