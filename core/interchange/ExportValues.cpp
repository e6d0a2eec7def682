#include "core/interchange/ExportValues.h"

namespace perfdash {

namespace {

// perf's software clocks count nanoseconds ("cpu-clock:u" too); every other event counts events.
bool countsNanoseconds(const std::string& event) {
    const std::string base = event.substr(0, event.find(':'));
    return base == "cpu-clock" || base == "task-clock";
}

} // namespace

std::vector<ExportValue> exportValues(const Profile& p) {
    const ProfileColumns columns = p.columns();
    const std::string leader = p.sampling.leader.empty() ? std::string("weight") : p.sampling.leader;
    std::vector<ExportValue> out{{ProfileColumns::kSamples, "samples", false},
                                 {ProfileColumns::kWeight, leader, countsNanoseconds(leader)}};
    for (size_t e = 0; e < p.events.size(); ++e) {
        const ProfileEvent& event = p.events[e];
        if (!event.inSamples) continue;
        const bool isLeader = (!p.sampling.leaderCounter.empty() && event.counter == p.sampling.leaderCounter) ||
                              event.event == leader;
        if (!isLeader) out.push_back({columns.event(e), event.event, countsNanoseconds(event.event)});
    }
    return out;
}

} // namespace perfdash
