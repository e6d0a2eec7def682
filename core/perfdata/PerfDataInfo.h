#pragma once
// What a perf.data file says of its recording besides its records: the
// events (attrs, their kernel ids, their names) and the feature sections
// perfdash reads. File mode has them in its header and after its data;
// pipe mode sends them as records at the start of the stream.
#include <cstdint>
#include <linux/perf_event.h>
#include <map>
#include <optional>
#include <string>
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
    std::optional<uint32_t> compressor; // COMPRESSED feature: 1 is zstd

    // The event an id belongs to, -1 where none does.
    int eventOf(uint64_t id) const;
    // Index the ids (after the attrs changed).
    void indexIds();

private:
    std::map<uint64_t, int> eventOfId_;
};

// perf's name for a generic event ("cpu-clock", "cycles"), else "type T config 0xC".
std::string nameOfAttr(const perf_event_attr& attr);

} // namespace perfdash
