#include "core/profile/RegionTimeline.h"

#include <algorithm>

namespace perfdash {

RegionTimeline::RegionTimeline(std::vector<std::string>& regions, std::vector<std::vector<uint32_t>>& sets)
    : regions_(regions), sets_(sets) {
    for (uint32_t i = 0; i < regions_.size(); ++i) regionIds_.emplace(regions_[i], i);
    for (uint32_t i = 0; i < sets_.size(); ++i) setIds_.emplace(sets_[i], i);
}

uint32_t RegionTimeline::regionId(const std::string& name) {
    auto [it, added] = regionIds_.emplace(name, static_cast<uint32_t>(regions_.size()));
    if (added) regions_.push_back(name);
    return it->second;
}

uint32_t RegionTimeline::setId(const std::vector<uint32_t>& running) {
    auto [it, added] = setIds_.emplace(running, static_cast<uint32_t>(sets_.size()));
    if (added) sets_.push_back(running);
    return it->second;
}

void RegionTimeline::add(const MarkerTransition& transition) {
    Thread& thread = threads_[transition.tid];
    const uint32_t region = regionId(transition.region);
    auto running = std::find(thread.running.begin(), thread.running.end(), region);
    if (transition.start == (running != thread.running.end())) {
        ++inconsistent_;
        return;
    }
    if (transition.start) thread.running.push_back(region);
    else thread.running.erase(running);
    thread.changes.push_back({transition.timeNs, setId(thread.running)});
}

uint32_t RegionTimeline::at(int tid, uint64_t timeNs) {
    auto it = threads_.find(tid);
    if (it == threads_.end()) return 0;
    std::deque<Change>& changes = it->second.changes;
    auto after = std::upper_bound(changes.begin(), changes.end(), timeNs,
                                  [](uint64_t t, const Change& c) { return t < c.timeNs; });
    if (after == changes.begin()) return 0;
    const uint32_t set = std::prev(after)->set;
    // Later samples of this thread are not earlier: what lies before the answer is not needed again.
    changes.erase(changes.begin(), std::prev(after));
    return set;
}

} // namespace perfdash
