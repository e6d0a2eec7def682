#include "core/groups/LikwidCounters.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

struct BoxClass {
    std::string prefix, unit, unmapped, fractionOf, coreTemperature;
    bool numbersBoxes = true; // MBOX3C1: the 3 is a box; PWR3: the 3 is a counter
};

struct CounterTable {
    nlohmann::json fixed;
    std::vector<BoxClass> boxes;
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
        for (const auto& box : doc.at("boxes")) {
            const std::string index = box.at("index").get<std::string>();
            if (index != "box" && index != "counter")
                return makeError(path + ": box '" + box.at("prefix").get<std::string>() + "' has index '" + index +
                                 "'; write \"box\" or \"counter\"");
            table.boxes.push_back({box.at("prefix").get<std::string>(), box.at("unit").get<std::string>(),
                                   box.value("unmapped", ""), box.value("fractionOf", ""),
                                   box.value("coreTemperature", ""), index == "box"});
        }
        // Longest prefix first, so that EDBOX is not read as a DBOX.
        std::stable_sort(table.boxes.begin(), table.boxes.end(),
                         [](const auto& a, const auto& b) { return a.prefix.size() > b.prefix.size(); });
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

// What may follow a unit's prefix in likwid's counter names: a number (a box
// or, for units likwid numbers by counter, the counter), then a counter
// number within the box (C1) or FIX for the box's fixed counter. Fills the
// numbers into `out`; false when `rest` is not such a suffix.
bool readBoxSuffix(std::string_view rest, bool numbersBoxes, LikwidCounter& out) {
    size_t i = 0;
    while (i < rest.size() && i < 4 && std::isdigit(static_cast<unsigned char>(rest[i]))) ++i;
    const std::string_view number = rest.substr(0, i);
    rest.remove_prefix(i);
    std::optional<int> counter;
    if (rest == "FIX") counter = -1;
    else if (rest.size() > 1 && rest.size() <= 5 && rest[0] == 'C' && allDigits(rest.substr(1)))
        counter = static_cast<int>(*parseUnsigned(rest.substr(1)));
    else if (!rest.empty()) return false;
    const int n = number.empty() ? 0 : static_cast<int>(*parseUnsigned(number));
    if (numbersBoxes || counter) {
        out.boxIndex = n;
        out.index = counter.value_or(number.empty() ? -1 : 0);
    } else {
        out.index = number.empty() ? -1 : n;
    }
    return true;
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
    for (const auto& box : table->boxes) {
        LikwidCounter unit;
        if (!counter.starts_with(box.prefix) ||
            !readBoxSuffix(counter.substr(box.prefix.size()), box.numbersBoxes, unit))
            continue;
        unit.kind = LikwidCounter::Kind::Box;
        unit.box = box.prefix;
        unit.unit = box.unit;
        unit.unmapped = box.unmapped;
        unit.fractionOf = box.fractionOf;
        unit.coreTemperature = box.coreTemperature;
        return unit;
    }
    return out;
}

bool isGaugeCounter(std::string_view counter) {
    const auto c = classifyLikwidCounter(counter);
    return c && !c->coreTemperature.empty();
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
