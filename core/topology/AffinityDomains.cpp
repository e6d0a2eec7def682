#include "core/topology/AffinityDomains.h"

#include <algorithm>
#include <set>

namespace perfdash {
namespace {

// The machine's CPUs in domain order; every domain is a subsequence of it.
std::vector<int> machineOrder(const Topology& topology) {
    std::vector<int> order;
    for (const auto& core : topology.cores) order.insert(order.end(), core.cpus.begin(), core.cpus.end());
    return order;
}

AffinityDomain makeDomain(const Topology& topology, const std::vector<int>& order, std::string tag,
                          std::string description, const std::vector<int>& members) {
    AffinityDomain d;
    d.tag = std::move(tag);
    d.description = std::move(description);
    const std::set<int> memberSet(members.begin(), members.end());
    for (int cpu : order)
        if (memberSet.count(cpu)) d.cpus.push_back(cpu);
    d.physicalFirst = d.cpus;
    std::stable_sort(d.physicalFirst.begin(), d.physicalFirst.end(),
                     [&](int a, int b) { return topology.hwThread(a)->smtIndex < topology.hwThread(b)->smtIndex; });
    return d;
}

size_t positionIn(const std::vector<int>& order, int cpu) {
    return static_cast<size_t>(std::find(order.begin(), order.end(), cpu) - order.begin());
}

} // namespace

std::vector<AffinityDomain> affinityDomains(const Topology& topology) {
    const std::vector<int> order = machineOrder(topology);
    std::vector<AffinityDomain> domains;
    auto add = [&](std::string tag, std::string description, const std::vector<int>& members) {
        AffinityDomain d = makeDomain(topology, order, std::move(tag), std::move(description), members);
        if (!d.cpus.empty()) domains.push_back(std::move(d));
    };

    add("N", "the whole machine", order);
    for (size_t i = 0; i < topology.sockets.size(); ++i)
        add("S" + std::to_string(i), "socket " + std::to_string(i), topology.sockets[i].cpus);
    for (size_t i = 0; i < topology.dies.size(); ++i) {
        const Die& die = topology.dies[i];
        add("D" + std::to_string(i),
            "die " + std::to_string(die.dieId) + " of package " + std::to_string(die.packageId), die.cpus);
    }
    if (auto llc = topology.lastLevelCacheLevel()) {
        std::vector<std::vector<int>> instances;
        for (const auto& cache : topology.caches)
            if (cache.level == *llc && cache.type != CacheType::Instruction)
                instances.insert(instances.end(), cache.instances.begin(), cache.instances.end());
        std::sort(instances.begin(), instances.end(), [&](const auto& a, const auto& b) {
            return positionIn(order, a.front()) < positionIn(order, b.front());
        });
        instances.erase(std::unique(instances.begin(), instances.end()), instances.end());
        for (size_t i = 0; i < instances.size(); ++i)
            add("C" + std::to_string(i), "L" + std::to_string(*llc) + " cache " + std::to_string(i), instances[i]);
    }
    for (const auto& node : topology.numaNodes)
        add("M" + std::to_string(node.id), "NUMA node " + std::to_string(node.id), node.cpus);
    return domains;
}

} // namespace perfdash
