#include "core/presentation/RooflineCeilings.h"

#include <cstdio>

#include <nlohmann/json.hpp>

#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

using nlohmann::json;

// A number the file may leave out or write as null (a kernel that could not run).
double numberOr(const json& object, const char* key, double fallback) {
    const auto it = object.find(key);
    return it != object.end() && it->is_number() ? it->get<double>() : fallback;
}

std::string textOr(const json& object, const char* key) {
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string{};
}

// A thread count as the ceilings' schema allows it (1 to 65536); anything else is the fallback,
// never converted (a double beyond int's range has no int value).
int threadsOf(const json& entry, int fallback) {
    const double n = numberOr(entry, "threads", fallback);
    return n >= 1 && n <= 65536 ? static_cast<int>(n) : fallback;
}

} // namespace

std::string RooflineCeilings::provenance() const {
    if (!measured) return "imported" + (cpu.empty() ? std::string{} : " (measured on " + cpu + ")");
    if (clockHz <= 0) return "measured here";
    char text[64];
    std::snprintf(text, sizeof text, "measured here at %.2f GHz", clockHz / 1e9);
    return text;
}

Result<RooflineCeilings> parseRooflineCeilings(std::string_view text, const std::string& source) {
    const std::string fix = " (write one with perfdash-cli ceilings --json -o FILE, or on the Probes page's Ceilings tab)";
    json doc = json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object())
        return makeError("ceilings file " + source + " is not JSON" + fix);
    if (textOr(doc, "kind") != "perfdash-ceilings")
        return makeError("ceilings file " + source + " is no ceilings file (its \"kind\" is not \"perfdash-ceilings\")" + fix);
    const double schema = numberOr(doc, "schema", 0);
    if (schema != 1)
        return makeError("ceilings file " + source + " has schema " + (schema > 1 ? "newer than 1 (update perfdash)" : "missing or 0") +
                         "; this perfdash reads schema 1");
    RooflineCeilings c;
    c.source = source;
    const std::string origin = textOr(doc, "origin");
    if (origin != "measured" && origin != "imported")
        return makeError("ceilings file " + source + ": \"origin\" must be \"measured\" or \"imported\", not \"" + origin + "\"");
    c.measured = origin == "measured";
    c.cpu = textOr(doc, "cpu");
    c.note = textOr(doc, "note");
    c.clockHz = numberOr(doc, "clock_hz", 0);
    const int threads = threadsOf(doc, 1);
    if (auto it = doc.find("memory"); it != doc.end() && it->is_array()) {
        for (const json& m : *it) {
            if (!m.is_object()) continue;
            MemoryRoof ceiling{textOr(m, "level"), textOr(m, "kernel"), textOr(m, "isa"), threadsOf(m, threads)};
            const double hw = numberOr(m, "hw_bytes_per_s", 0), app = numberOr(m, "app_bytes_per_s", 0);
            ceiling.hardwareBytes = hw > 0;
            ceiling.bytesPerS = hw > 0 ? hw : app;
            // A kernel without a rate (it failed to run) is no roof.
            if (!ceiling.level.empty() && ceiling.bytesPerS > 0) c.memory.push_back(std::move(ceiling));
        }
    }
    if (auto it = doc.find("compute"); it != doc.end() && it->is_array()) {
        for (const json& k : *it) {
            if (!k.is_object()) continue;
            ComputeRoof ceiling{textOr(k, "kernel"), textOr(k, "isa"), textOr(k, "precision"), threadsOf(k, threads),
                                   numberOr(k, "flops_per_s", 0)};
            if (ceiling.flopsPerS > 0 && (ceiling.precision == "dp" || ceiling.precision == "sp"))
                c.compute.push_back(std::move(ceiling));
        }
    }
    if (auto it = doc.find("warnings"); it != doc.end() && it->is_array())
        for (const json& w : *it)
            if (w.is_string()) c.warnings.push_back(w.get<std::string>());
    if (c.memory.empty() && c.compute.empty())
        return makeError("ceilings file " + source + " holds no bandwidth and no FLOP rate with a value" + fix);
    return c;
}

Result<RooflineCeilings> readRooflineCeilings(const std::string& path) {
    auto text = readFile(path);
    if (!text)
        return makeError("cannot read ceilings file " + path +
                         " (check the path; write one with perfdash-cli ceilings --json -o FILE)");
    return parseRooflineCeilings(*text, path);
}


std::string noCeilingsMessage(const std::string& lookedAt) {
    return "no ceilings to draw the roofline against (looked for " + lookedAt +
           "): measure them with perfdash-cli ceilings --json -o " + lookedAt +
           " (or on the Probes page's Ceilings tab), or give a file with --ceilings FILE";
}

} // namespace perfdash
