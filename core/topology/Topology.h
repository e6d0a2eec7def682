#pragma once
// The machine as the counting code sees it: hardware threads, cores, dies,
// sockets, caches and NUMA nodes, plus who made the CPU and which kernel runs
// it. A plain value: TopologyReader fills it from sysfs, /proc and CPUID;
// tests can read it from a fixture tree. CPU numbers are the kernel's
// (OS) numbers everywhere.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/topology/CpuIdentity.h"

namespace perfdash {

struct HwThread {
    int cpu = -1;         // OS CPU number
    bool online = false;
    // The rest is known only for online CPUs: the kernel removes an offline
    // CPU's topology and cache directories.
    int coreId = -1;      // topology/core_id (the platform's id, unique within a die)
    int packageId = -1;   // topology/physical_package_id: the socket
    int dieId = -1;       // topology/die_id (0 where the kernel has no dies)
    int numaNode = -1;    // node whose cpulist holds this CPU
    int smtIndex = -1;    // position among the hardware threads of its core, ascending CPU number (0 = first)
};

struct Core {
    int packageId = 0;
    int dieId = 0;
    int coreId = 0;
    std::vector<int> cpus; // its online hardware threads, ascending
};

struct Die {
    int packageId = 0;
    int dieId = 0;
    std::vector<int> cpus; // ascending
};

struct Socket {
    int packageId = 0;
    std::vector<int> cpus; // ascending
    int coreCount = 0;
    std::vector<int> dieIds;
};

enum class CacheType { Data, Instruction, Unified };
const char* toString(CacheType type); // "data", "instruction", "unified"

// One kind of cache: level, type and geometry. Machines with two kinds of
// cores (P and E cores) have two kinds of L2, hence two entries for level 2.
struct Cache {
    int level = 0;
    CacheType type = CacheType::Unified;
    uint64_t sizeBytes = 0;
    // Unset when sysfs does not say (or says 0, which the kernel also uses
    // for "fully associative or unknown").
    std::optional<int> lineSize;
    std::optional<int> associativity;
    std::optional<int> sets;
    std::vector<std::vector<int>> instances; // the CPUs sharing each copy, ordered by first CPU
};

struct NumaNode {
    int id = 0;
    std::vector<int> cpus;               // online CPUs, ascending
    std::optional<uint64_t> memoryBytes; // MemTotal of the node
    std::vector<int> distances;          // ACPI SLIT distances to every node, in node order
};

struct Topology {
    CpuIdentity cpu;
    std::string kernelRelease; // uname -r; empty when unknown
    std::string architecture;  // uname -m; empty when unknown (fixture trees)
    std::vector<HwThread> hwThreads; // every present CPU, ascending CPU number
    std::vector<Core> cores;         // by package, die, core id
    std::vector<Die> dies;           // by package, die id
    std::vector<Socket> sockets;     // by package id
    std::vector<Cache> caches;       // by level, then data, instruction, unified
    std::vector<NumaNode> numaNodes; // by id

    const HwThread* hwThread(int cpu) const; // nullptr if the CPU does not exist
    HwThread* hwThread(int cpu) { return const_cast<HwThread*>(std::as_const(*this).hwThread(cpu)); }
    std::vector<int> onlineCpus() const;

    // The machine-wide numbers that metric formulas use.
    int numSockets() const { return static_cast<int>(sockets.size()); }
    int numNumaDomains() const { return static_cast<int>(numaNodes.size()); }
    int numHwThreads() const; // online hardware threads (the ones that can count)
    // Largest over cores and sockets, so that hybrid machines report their widest core.
    int threadsPerCore() const;
    int coresPerSocket() const;
    // The highest level among data and unified caches; nullopt when sysfs has no cache information.
    std::optional<int> lastLevelCacheLevel() const;
};

} // namespace perfdash
