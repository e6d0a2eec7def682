#include "core/groups/LikwidUncore.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

Result<UncoreTable> readUncoreTable(const std::string& path) {
    auto content = readFile(path);
    if (!content)
        return makeError("cannot read " + path + ": perfdash's likwid uncore table is missing; reinstall perfdash "
                         "or set PERFDASH_DATA_DIR to its resources directory");
    UncoreTable table;
    try {
        const auto doc = nlohmann::json::parse(*content);
        for (const auto& [option, terms] : doc.at("options").items())
            table.options.emplace_back(option, terms.get<std::vector<std::string>>());
        for (const auto& e : doc.at("events")) {
            UncoreEventEntry entry;
            entry.box = e.at("box").get<std::string>();
            entry.event = e.at("event").get<std::string>();
            entry.unmapped = e.value("unmapped", "");
            entry.pmu = e.value("pmu", "");
            entry.alias = e.value("alias", "");
            entry.terms = e.value("terms", "");
            if (entry.unmapped.empty() && (entry.pmu.empty() || entry.alias.empty() == entry.terms.empty()))
                return makeError(path + ": " + entry.box + " " + entry.event +
                                 " needs 'pmu' and either 'alias' or 'terms' (or 'unmapped' with the reason)");
            if (e.contains("archs")) entry.archs = e.at("archs").get<std::vector<std::string>>();
            entry.vendor = e.value("vendor", "");
            if (e.contains("counter")) entry.counter = e.at("counter").get<int>();
            entry.raw = e.value("raw", false);
            if (e.contains("instances")) entry.instances = e.at("instances").get<std::vector<int>>();
            entry.source = e.value("source", "");
            entry.kernel = e.value("kernel", "");
            if (e.contains("codeSource")) {
                if (e.at("codeSource").get<std::string>() != "likwid" || !e.contains("vendorHas") || !entry.unmapped.empty())
                    return makeError(path + ": " + entry.box + " " + entry.event +
                                     ": 'codeSource' may only be \"likwid\", on a mapped entry, with 'vendorHas'");
                entry.likwidOwn = true;
                entry.vendorHas = e.at("vendorHas").get<std::string>();
            }
            entry.powercap = e.value("powercap", "");
            table.events.push_back(std::move(entry));
        }
    } catch (const nlohmann::json::exception& e) {
        return makeError(path + " is not a valid likwid uncore table: " + e.what());
    }
    return table;
}

} // namespace

bool UncoreEventEntry::appliesTo(std::string_view arch, std::string_view archVendor) const {
    if (!vendor.empty() && vendor != archVendor) return false;
    return archs.empty() || std::find(archs.begin(), archs.end(), arch) != archs.end();
}

std::vector<const UncoreEventEntry*> UncoreTable::entries(std::string_view box, std::string_view event) const {
    std::vector<const UncoreEventEntry*> out;
    const std::string wanted = toLower(event);
    for (const auto& e : events)
        if (e.box == box && toLower(e.event) == wanted) out.push_back(&e);
    return out;
}

const std::vector<std::string>* UncoreTable::optionTerms(std::string_view option) const {
    for (const auto& [name, terms] : options)
        if (name == option) return &terms;
    return nullptr;
}

const Result<UncoreTable>& likwidUncoreTable() {
    static const Result<UncoreTable> table = readUncoreTable(dataDir() + "/likwid/uncore.json");
    return table;
}

} // namespace perfdash
