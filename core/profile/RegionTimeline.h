#pragma once
// Which marker regions run on a thread at a moment: the region transitions
// the marker library writes (core/measurement/MarkerTransitions.h) as, per
// thread, the set of regions running from each transition on. Nested regions
// are all running (outermost first), so a sample inside `inner` within
// `solve` counts for both. Region sets are interned into the profile's
// tables; a query costs a binary search in its thread's transitions, and
// transitions older than the last query of their thread are dropped, so the
// memory holds only what the samples still in flight need.
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/measurement/MarkerTransitions.h"

namespace perfdash {

class RegionTimeline {
public:
    // The profile's tables, filled as regions and sets appear.
    RegionTimeline(std::vector<std::string>& regions, std::vector<std::vector<uint32_t>>& sets);

    // Transitions of one thread arrive in its own order; a STOP of a region
    // not running, or a START of one running, is counted and ignored.
    void add(const MarkerTransition& transition);
    // The set running on `tid` at `timeNs` (0: none), for samples that come
    // in time order per thread.
    uint32_t at(int tid, uint64_t timeNs);

    uint64_t inconsistent() const { return inconsistent_; }

private:
    struct Change {
        uint64_t timeNs;
        uint32_t set;
    };
    struct Thread {
        std::vector<uint32_t> running; // region ids, in START order
        std::deque<Change> changes;
    };
    uint32_t regionId(const std::string& name);
    uint32_t setId(const std::vector<uint32_t>& running);

    std::vector<std::string>& regions_;
    std::vector<std::vector<uint32_t>>& sets_;
    std::unordered_map<std::string, uint32_t> regionIds_;
    std::map<std::vector<uint32_t>, uint32_t> setIds_;
    std::unordered_map<int, Thread> threads_;
    uint64_t inconsistent_ = 0;
};

} // namespace perfdash
