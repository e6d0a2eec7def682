#include "core/groups/CustomEventSet.h"

#include <optional>
#include <string>
#include <vector>

#include "core/groups/GroupFileParser.h"
#include "core/groups/LikwidCounters.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// The position of the counter among an item's ':'-separated words; nullopt if none is one.
std::optional<size_t> counterPosition(const std::vector<std::string>& words) {
    for (size_t i = 1; i < words.size(); ++i) {
        auto counter = classifyLikwidCounter(words[i]);
        if (counter && counter->kind != LikwidCounter::Kind::Own) return i;
    }
    return std::nullopt;
}

} // namespace

Result<PerformanceGroup> parseCustomEventSet(std::string_view text) {
    std::string groupText = "SHORT likwid custom event set\nEVENTSET\n";
    for (const auto& raw : split(text, ',', /*keepEmpty=*/true)) {
        const std::string item = trim(raw);
        const auto words = split(item, ':', /*keepEmpty=*/true);
        const auto at = counterPosition(words);
        if (item.empty() || !at)
            return makeError("custom event set '" + std::string(text) + "': '" + item +
                             "' names no counter; write EVENT:COUNTER[:OPTION...] per event, separated by commas "
                             "(e.g. L1D_REPLACEMENT:PMC0,INSTR_RETIRED_ANY:FIXC0)");
        const std::vector<std::string> event(words.begin(), words.begin() + static_cast<long>(*at));
        const std::vector<std::string> counter(words.begin() + static_cast<long>(*at), words.end());
        groupText += join(counter, ":") + " " + join(event, ":") + "\n";
    }
    auto group = parseGroupText(groupText, "-g '" + std::string(text) + "'", "custom");
    if (!group) return group.error();
    group->shortDescription = "likwid custom event set";
    return group;
}

} // namespace perfdash
