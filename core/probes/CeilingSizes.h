#pragma once
// Which working sets measure which level, and what a working-set sweep says
// about the cache sizes the machine reports.
//
// Sizes are per thread and count all of a kernel's arrays together (triad's
// three arrays share an L1 working set), except DRAM, where each array is at
// least 4x the last-level cache so that no array stays cached.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/probes/Ceilings.h"
#include "core/topology/Topology.h"

namespace perfdash {

class CpuidSource;

// The data caches as the ceilings need them: sizes in bytes (0 = none or
// unknown) and how many hardware threads share one copy.
struct CacheSizes {
    uint64_t l1d = 0, l2 = 0, l3 = 0;
    int l2SharedBy = 1, l3SharedBy = 1;
    std::string source; // "sysfs", "CPUID", or "" when neither says
    // Where the sweep found DRAM's bandwidth (0: no sweep said): DRAM's arrays go beyond it.
    uint64_t dramFrom = 0;
    bool known() const { return l1d > 0 && l2 > 0; }
};

// From the topology's caches (sysfs); where those are missing (some VMs
// have no cache directories), from CPUID's deterministic cache leaves (leaf
// 4 on Intel, 0x8000001D on AMD) when `cpuid` is given.
CacheSizes cacheSizesOf(const Topology& topology, const CpuidSource* cpuid);
CacheSizes cacheSizesFromCpuid(const CpuidSource& cpuid);

struct LevelWorkingSet {
    std::string level;        // "L1", "L2", "L3", "DRAM"
    uint64_t bytes = 0;       // all arrays of one thread (DRAM: the value for one array; see arrayBytes)
    bool perArray = false;    // DRAM: `bytes` is one array's size
};

struct WorkingSetChoice {
    std::vector<LevelWorkingSet> levels;
    std::vector<std::string> warnings; // a DRAM size capped by the memory available
};

// L1: half of L1D. L2: half of L2, at least 2x L1D. L3: half of one thread's
// share (L3 / the threads that share it, of `threads`), at least 2x L2. DRAM:
// each array at least 4x the L3 and 4x where the sweep found DRAM (all threads
// together), the arrays of all
// threads together at most `memoryLimit` bytes (0: no limit; a warning says
// when the limit applied). `maxArrays`: the most arrays a kernel uses (triad's 3).
WorkingSetChoice chooseWorkingSets(const CacheSizes& caches, int threads, uint64_t memoryLimit, int maxArrays = 3);

// What the arrays may take: half of MemAvailable (so that the system does not
// swap), or `asked` where that is smaller (0: not asked).
uint64_t memoryLimit(uint64_t memAvailable, uint64_t asked);

// The bytes of each of `arrays` arrays for a level's working set, rounded down
// to whole blocks of `blockBytes` (at least one).
uint64_t arrayBytesFor(const LevelWorkingSet& level, int arrays, uint64_t blockBytes);

// The sweep's working sets: from 4 KiB to `largest` by factors of sqrt(2), rounded to 4 KiB.
std::vector<uint64_t> sweepSizes(uint64_t largest);

// Runs of consecutive points within `tolerance` (relative) of their run's
// median, of at least two points; each plateau's level assigned in order
// (L1, L2, L3, DRAM, as many as the caches have) when the count matches.
// Warnings: a count that does not match, and a reported cache size that the
// plateaus contradict (a VM that reports a 480 MiB L3 whose bandwidth drops
// at 32 MiB): one plateau runs flat across it, or, when the count matches,
// the step between two plateaus lies far from it.
struct PlateauAnalysis {
    std::vector<Plateau> plateaus;
    std::vector<std::string> warnings;
};
PlateauAnalysis findPlateaus(const std::vector<SweepPoint>& points, const CacheSizes& caches, double tolerance = 0.12);

// The caches as the sweep measured them, where the reported L3 is too large
// for its working set (half of it) to stay out of DRAM's bandwidth: a VM's
// CPUID may say 508 MiB of L3 where the bandwidth drops at 32 MiB. The
// caches end with the last plateau at least `cacheFactor` times as fast as
// the last plateau (DRAM's); DRAM's region begins with the plateau after it.
// The L3 is then taken to end where that last cache plateau ends (so its
// working set lies on it), or, if that plateau is the L2's, it is not
// measured; DRAM's arrays are sized from where the region begins. Sizes the
// sweep does not contradict stay; `notes` says what changed and why.
struct SweepSizing {
    CacheSizes caches;
    std::vector<std::string> notes;
};
SweepSizing cachesFromSweep(const CacheSizes& reported, const std::vector<Plateau>& plateaus, double cacheFactor = 1.5);

// MemAvailable of /proc/meminfo text, in bytes; nullopt when absent.
std::optional<uint64_t> memAvailableBytes(const std::string& meminfo);

std::string formatBytes(uint64_t bytes); // "32 KiB", "1.5 MiB"

} // namespace perfdash
