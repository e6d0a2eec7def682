#include "core/groups/LikwidCounters.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

struct CounterTable {
    nlohmann::json fixed;
    std::vector<std::pair<std::string, std::string>> boxes; // prefix, unit
};

Result<CounterTable> readCounterTable(const std::string& path) {
    auto content = readFile(path);
    if (!content)
        return makeError("cannot read " + path + ": perfdash's likwid counter table is missing; reinstall perfdash "
                         "or set PERFDASH_DATA_DIR to its resources directory");
    try {
        const auto doc = nlohmann::json::parse(*content);
        CounterTable table;
        table.fixed = doc.at("fixed");
        for (const auto& box : doc.at("boxes"))
            table.boxes.emplace_back(box.at("prefix").get<std::string>(), box.at("unit").get<std::string>());
        // Longest prefix first, so that EDBOX is not read as a DBOX.
        std::stable_sort(table.boxes.begin(), table.boxes.end(),
                         [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
        return table;
    } catch (const nlohmann::json::exception& e) {
        return makeError(path + " is not a valid likwid counter table: " + e.what());
    }
}

const Result<CounterTable>& counterTable() {
    static const Result<CounterTable> table = readCounterTable(dataDir() + "/likwid/counters.json");
    return table;
}

bool allDigits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// n of PREFIXn, for a counter number a PMU could have (so no overflow on a user's 99999999999).
std::optional<int> counterNumber(std::string_view counter, std::string_view prefix) {
    if (!counter.starts_with(prefix)) return std::nullopt;
    const std::string_view digits = counter.substr(prefix.size());
    if (!allDigits(digits) || digits.size() > 4) return std::nullopt;
    return static_cast<int>(*parseUnsigned(digits));
}

// What may follow a unit's prefix in likwid's counter names: a box number, a
// counter number within it (C1), or FIX for the unit's fixed counter.
bool isBoxSuffix(std::string_view rest) {
    size_t i = 0;
    while (i < rest.size() && std::isdigit(static_cast<unsigned char>(rest[i]))) ++i;
    rest.remove_prefix(i);
    return rest.empty() || rest == "FIX" || (rest.size() > 1 && rest[0] == 'C' && allDigits(rest.substr(1)));
}

} // namespace

Result<LikwidCounter> classifyLikwidCounter(std::string_view counter) {
    const auto& table = counterTable();
    if (!table) return table.error();
    LikwidCounter out;
    if (auto n = counterNumber(counter, "FIXC")) {
        out.kind = LikwidCounter::Kind::Fixed;
        out.index = *n;
        return out;
    }
    if (auto n = counterNumber(counter, "PMC")) {
        out.kind = LikwidCounter::Kind::Core;
        out.index = *n;
        return out;
    }
    for (const auto& [prefix, unit] : table->boxes)
        if (counter.starts_with(prefix) && isBoxSuffix(counter.substr(prefix.size()))) {
            out.kind = LikwidCounter::Kind::Box;
            out.box = prefix;
            out.unit = unit;
            break;
        }
    return out;
}

Result<std::optional<FixedCounterEvent>> fixedCounterEvent(std::string_view vendor, int index,
                                                           std::string_view likwidEvent) {
    const auto& table = counterTable();
    if (!table) return table.error();
    const std::string key(vendor);
    if (!table->fixed.contains(key)) return std::optional<FixedCounterEvent>{};
    try {
        for (const auto& entry : table->fixed.at(key)) {
            if (entry.at("counter").get<int>() != index) continue;
            if (toLower(entry.at("event").get<std::string>()) != toLower(likwidEvent)) continue;
            FixedCounterEvent out;
            out.libpfm = entry.value("libpfm", "");
            out.msr = entry.value("msr", "");
            out.msrConfig = parseUnsigned(entry.value("config", "0")).value_or(0);
            out.means = entry.value("means", "");
            return std::optional<FixedCounterEvent>{out};
        }
    } catch (const nlohmann::json::exception& e) {
        return makeError("the fixed counters of '" + key + "' in perfdash's likwid counter table are malformed: " +
                         e.what());
    }
    return std::optional<FixedCounterEvent>{};
}

} // namespace perfdash
