#include "core/topology/Topology.h"

#include <algorithm>

namespace perfdash {

const char* toString(CacheType type) {
    switch (type) {
    case CacheType::Data: return "data";
    case CacheType::Instruction: return "instruction";
    case CacheType::Unified: return "unified";
    }
    return "unified";
}

const HwThread* Topology::hwThread(int cpu) const {
    auto it = std::lower_bound(hwThreads.begin(), hwThreads.end(), cpu,
                               [](const HwThread& t, int c) { return t.cpu < c; });
    return it == hwThreads.end() || it->cpu != cpu ? nullptr : &*it;
}

std::vector<int> Topology::onlineCpus() const {
    std::vector<int> out;
    for (const auto& t : hwThreads)
        if (t.online) out.push_back(t.cpu);
    return out;
}

int Topology::numHwThreads() const {
    return static_cast<int>(std::count_if(hwThreads.begin(), hwThreads.end(), [](auto& t) { return t.online; }));
}

int Topology::threadsPerCore() const {
    size_t most = 0;
    for (const auto& c : cores) most = std::max(most, c.cpus.size());
    return static_cast<int>(most);
}

int Topology::coresPerSocket() const {
    int most = 0;
    for (const auto& s : sockets) most = std::max(most, s.coreCount);
    return most;
}

std::optional<int> Topology::lastLevelCacheLevel() const {
    std::optional<int> level;
    for (const auto& c : caches)
        if (c.type != CacheType::Instruction && (!level || c.level > *level)) level = c.level;
    return level;
}

} // namespace perfdash
