#include "core/topology/SharedUnitReaders.h"

#include <algorithm>
#include <optional>

#include "core/topology/CpuList.h"

namespace perfdash {
namespace {

using Domains = std::vector<std::vector<int>>;

bool holds(const std::vector<int>& cpus, int cpu) { return std::find(cpus.begin(), cpus.end(), cpu) != cpus.end(); }

std::optional<size_t> domainOf(const Domains& domains, int cpu) {
    for (size_t d = 0; d < domains.size(); ++d)
        if (holds(domains[d], cpu)) return d;
    return std::nullopt;
}

// The readers when `domains` are the units' domains, else nothing.
std::optional<std::map<int, int>> readersIn(const Domains& domains, const std::vector<int>& unitCpus,
                                          const std::vector<int>& counted) {
    std::vector<int> unitAt(domains.size(), -1);
    for (int unit : unitCpus) {
        const auto d = domainOf(domains, unit);
        if (!d || unitAt[*d] >= 0) return std::nullopt; // a cpumask CPU outside them, or two in one domain
        unitAt[*d] = unit;
    }
    std::map<int, int> readerOf;
    for (int cpu : counted) {
        const auto d = domainOf(domains, cpu);
        if (!d || unitAt[*d] < 0) return std::nullopt; // a counted CPU that no unit serves
        int reader = unitAt[*d];
        if (!holds(counted, reader)) {
            reader = cpu;
            for (int other : counted)
                if (holds(domains[*d], other)) reader = std::min(reader, other);
        }
        readerOf[cpu] = reader;
    }
    return readerOf;
}

} // namespace

Result<std::map<int, int>> sharedUnitReaders(const Topology& topology, const std::vector<int>& unitCpus,
                                             const std::vector<int>& counted) {
    Domains packages, dies, lastLevel;
    for (const Socket& s : topology.sockets) packages.push_back(s.cpus);
    for (const Die& d : topology.dies) dies.push_back(d.cpus);
    if (const auto level = topology.lastLevelCacheLevel())
        for (const Cache& c : topology.caches)
            if (c.level == *level && c.type != CacheType::Instruction)
                lastLevel.insert(lastLevel.end(), c.instances.begin(), c.instances.end());
    for (const Domains* domains : {&packages, &dies, &lastLevel})
        if (auto readers = readersIn(*domains, unitCpus, counted)) return std::move(*readers);
    return makeError("its cpumask (CPUs " + formatCpuList(unitCpus) + ") has not one CPU in each package, die or "
                     "last-level cache of the CPUs " + formatCpuList(counted) +
                     ", so perfdash cannot tell which CPUs each unit serves");
}

std::vector<int> readersOf(const std::map<int, int>& readerOf) {
    std::vector<int> readers;
    for (const auto& [cpu, reader] : readerOf)
        if (!holds(readers, reader)) readers.push_back(reader);
    std::sort(readers.begin(), readers.end());
    return readers;
}

} // namespace perfdash
