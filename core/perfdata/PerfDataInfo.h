#pragma once
// What a perf.data file says of its recording besides its records: the
// events (attrs, their kernel ids, their names) and the feature sections
// perfdash reads. File mode has them in its header and after its data;
// pipe mode sends them as records at the start of the stream.
#include <cstdint>
#include <linux/perf_event.h>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace perfdash {

struct PerfDataEvent {
    perf_event_attr attr{}; // as the file holds it, zeros past its size
    std::vector<uint64_t> ids; // the kernel ids of its instances (one per CPU and thread it was opened for)
    std::string name;          // perf's name from the features, else one made from its type and config
    bool sampled() const { return attr.sample_period != 0; } // sample_freq shares the field
};

// One DSO perf saw samples in (the BUILD_ID feature).
struct PerfDataBuildId {
    int32_t pid = -1;    // the machine: -1 for the host
    std::string buildId; // hex
    std::string path;
};

// A group of events as perf wrote it (`-e '{a,b}'`, GROUP_DESC).
struct PerfDataGroup {
    std::string name;
    uint32_t leader = 0;  // index into events
    uint32_t members = 0; // leader included
};

// A CPU of the recording machine (CPU_TOPOLOGY); -1 where the file does not say.
struct PerfDataCpu {
    uint32_t cpu = 0;
    int64_t core = -1;
    int64_t die = -1;
    int64_t socket = -1;
};

// A NUMA node of the recording machine (NUMA_TOPOLOGY).
struct PerfDataNumaNode {
    uint32_t node = 0;
    uint64_t totalKb = 0;
    uint64_t freeKb = 0; // when perf recorded
    std::string cpus;    // a CPU list, "0-3,8"
};

struct PerfDataInfo {
    bool pipe = false;
    std::vector<PerfDataEvent> events;
    std::vector<PerfDataBuildId> buildIds;
    std::vector<PerfDataGroup> groups;
    std::vector<std::string> cmdline; // perf's own command line, argv[0] first
    std::string hostname;
    std::string osRelease;
    std::string perfVersion;
    std::string arch;
    uint32_t cpusOnline = 0;
    uint32_t cpusAvailable = 0;
    std::string cpuDesc;      // CPUDESC: the model's name ("AMD EPYC")
    std::string cpuId;        // CPUID: vendor, family, model, stepping ("GenuineIntel,6,85,4") or the MIDR on Arm
    uint64_t totalMemKb = 0;  // TOTAL_MEM
    // CPU_TOPOLOGY: the CPU lists that share a socket (perf's "sibling
    // sockets", its core_siblings), a die, a core (its "sibling threads"),
    // and each CPU's ids.
    std::vector<std::string> siblingSockets;
    std::vector<std::string> siblingDies;
    std::vector<std::string> siblingThreads;
    std::vector<PerfDataCpu> cpus;
    std::vector<PerfDataNumaNode> numaNodes; // NUMA_TOPOLOGY
    std::optional<uint32_t> compressor; // COMPRESSED feature: 1 is zstd

    // The event an id belongs to, -1 where none does.
    int eventOf(uint64_t id) const;
    // Index the ids (after the attrs changed).
    void indexIds();

private:
    std::unordered_map<uint64_t, int> eventOfId_; // asked once or twice per sample: hashed, not a tree
};

// What the file says of its recording, one "name : value" line each, named
// and laid out as `perf report --header-only -I` does (without its '#'): the
// machine, its CPUs and memory, perf, the command, the events, the build-ids.
std::string perfDataHeaderText(const PerfDataInfo& info);

// perf's name for a generic event ("cpu-clock", "cycles"), else "type T config 0xC".
std::string nameOfAttr(const perf_event_attr& attr);

} // namespace perfdash
