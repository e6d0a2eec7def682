#include "core/events/EventList.h"

#include "core/util/Strings.h"

namespace perfdash {

Result<std::vector<std::string>> splitEventList(std::string_view list) {
    std::vector<std::string> items;
    std::string current;
    bool insideTerms = false; // between the two slashes of "pmu/terms/"
    auto finishItem = [&]() -> Status {
        std::string item = trim(current);
        if (item.empty())
            return makeError("empty event in the list '" + std::string(list) +
                             "'; separate events with single commas");
        items.push_back(std::move(item));
        current.clear();
        return {};
    };
    for (char c : list) {
        if (c == '/') insideTerms = !insideTerms;
        if (c == ',' && !insideTerms) {
            if (auto st = finishItem(); !st) return st.error();
            continue;
        }
        current += c;
    }
    if (insideTerms)
        return makeError("unclosed '/' in the event list '" + std::string(list) +
                         "'; a PMU event is written 'pmu/term=value,.../'");
    if (auto st = finishItem(); !st) return st.error();
    return items;
}

} // namespace perfdash
