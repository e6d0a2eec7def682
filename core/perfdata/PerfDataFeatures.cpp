#include "core/perfdata/PerfDataFeatures.h"

#include <algorithm>
#include <cstring>

#include "core/perfdata/PerfDataFormat.h"
#include "core/sampling/FieldReader.h"
#include "core/symbols/Mapping.h"

namespace perfdash {

using namespace perfdata;

namespace {

// perf's string: a 32-bit length (with the NUL and padding), then the text.
std::string headerString(FieldReader& r, const char* field) {
    const uint32_t length = r.u32(field);
    if (r.failed()) return {};
    if (length > r.remaining()) {
        r.fail(std::string("its ") + field + " claims " + std::to_string(length) + " bytes, more than the " +
               std::to_string(r.remaining()) + " left");
        return {};
    }
    return r.fixedString(length, field);
}

// A DSO entry: a record header, the pid, 20 id bytes, their length, padding, the path.
void readBuildIds(FieldReader& whole, std::span<const std::byte> bytes, const std::string& where, PerfDataInfo& info) {
    constexpr size_t kFixed = 8 + 4 + 24;
    while (!whole.failed() && whole.remaining() > 0) {
        const size_t at = whole.position();
        whole.u32("entry type");
        const uint16_t misc = whole.u16("entry misc");
        const uint16_t size = whole.u16("entry size");
        if (whole.failed()) return;
        if (size <= kFixed || size_t(size) - 8 > whole.remaining()) {
            whole.fail("the entry at byte " + std::to_string(at) + " says " + std::to_string(size) + " bytes, which " +
                       (size <= kFixed ? "cannot hold a pid, a build-id and a path" : "runs past the section's end"));
            return;
        }
        FieldReader r(bytes, at + 8, at + size, where + ": the entry at byte " + std::to_string(at));
        whole.skip(size - 8u, "entry");
        PerfDataBuildId entry;
        entry.pid = r.pid("pid");
        const std::vector<std::byte> id = r.bytes(20, "build-id");
        const uint8_t length = r.u8("build-id size");
        r.skip(3, "reserved bytes");
        entry.path = r.paddedString("path");
        if (r.failed()) {
            whole.fail(r.error());
            return;
        }
        // Before perf kept the length, ids were 20 bytes (SHA-1), zero-padded.
        const size_t used = (misc & kBuildIdSizeValid) ? std::min<size_t>(length, 20) : 20;
        std::vector<uint8_t> raw;
        for (size_t i = 0; i < used; ++i) raw.push_back(static_cast<uint8_t>(id[i]));
        entry.buildId = buildIdHex(raw);
        info.buildIds.push_back(std::move(entry));
    }
}

void readEventDesc(FieldReader& r, PerfDataInfo& info) {
    const uint32_t count = r.u32("event count");
    const uint32_t attrBytes = r.u32("attr size");
    if (r.failed()) return;
    if (attrBytes < PERF_ATTR_SIZE_VER0 || attrBytes > 4096) {
        r.fail("its attr size " + std::to_string(attrBytes) + " is not that of a perf_event_attr");
        return;
    }
    if (!r.fitsCount(count, attrBytes + 8, "events")) return;
    std::vector<PerfDataEvent> described;
    for (uint32_t i = 0; i < count && !r.failed(); ++i) {
        PerfDataEvent e;
        e.attr = readAttr(r, attrBytes);
        const uint32_t ids = r.u32("id count");
        e.name = headerString(r, "event name");
        e.ids = r.u64s(ids, "ids");
        described.push_back(std::move(e));
    }
    if (r.failed()) return;
    // The names go to the events of the attrs section (or HEADER_ATTR
    // records): by id, else by place, as both lists are in perf's order.
    info.indexIds();
    for (size_t i = 0; i < described.size(); ++i) {
        int e = -1;
        for (uint64_t id : described[i].ids)
            if ((e = info.eventOf(id)) >= 0) break;
        if (e < 0 && i < info.events.size()) e = static_cast<int>(i);
        if (e >= 0 && !described[i].name.empty()) info.events[static_cast<size_t>(e)].name = described[i].name;
    }
}

// perf's string list: a 32-bit count, then that many strings.
std::vector<std::string> headerStrings(FieldReader& r, const char* field) {
    std::vector<std::string> out;
    const uint32_t count = r.u32(field);
    if (!r.fitsCount(count, 4, field)) return out;
    for (uint32_t i = 0; i < count && !r.failed(); ++i) out.push_back(headerString(r, field));
    return out;
}

// The CPU lists of sockets and threads, then (perf 4.14 on) each CPU's core
// and socket id, then (5.3 on) the lists of dies and each CPU's die id:
// what follows the lists is there only where the section goes on.
void readCpuTopology(FieldReader& r, PerfDataInfo& info) {
    info.siblingSockets = headerStrings(r, "sibling sockets");
    info.siblingThreads = headerStrings(r, "sibling threads");
    info.cpus.clear();
    if (r.failed() || r.remaining() == 0) return;
    const uint32_t nr = info.cpusAvailable;
    if (nr == 0) return; // without NRCPUS the ids' count is not known: perf reads none either
    if (!r.fitsCount(nr, 8, "CPUs' core and socket ids (one per CPU available, NRCPUS)")) return;
    for (uint32_t c = 0; c < nr; ++c) {
        PerfDataCpu cpu;
        cpu.cpu = c;
        cpu.core = r.u32("core id");
        cpu.socket = r.u32("socket id");
        info.cpus.push_back(cpu);
    }
    if (r.remaining() == 0) return;
    info.siblingDies = headerStrings(r, "sibling dies");
    if (!r.fitsCount(nr, 4, "CPUs' die ids")) return;
    for (PerfDataCpu& cpu : info.cpus) cpu.die = r.u32("die id");
}

void readNumaTopology(FieldReader& r, PerfDataInfo& info) {
    const uint32_t count = r.u32("node count");
    if (!r.fitsCount(count, 4 + 16 + 4, "nodes")) return;
    info.numaNodes.clear();
    for (uint32_t i = 0; i < count && !r.failed(); ++i) {
        PerfDataNumaNode n;
        n.node = r.u32("node");
        n.totalKb = r.u64("node's total memory");
        n.freeKb = r.u64("node's free memory");
        n.cpus = headerString(r, "node's CPU list");
        info.numaNodes.push_back(std::move(n));
    }
}

} // namespace

perf_event_attr readAttr(FieldReader& r, size_t attrBytes) {
    perf_event_attr attr{};
    const size_t kept = std::min(attrBytes, sizeof attr);
    r.copy(&attr, kept, "attr");
    r.skip(attrBytes - kept, "attr's newer fields");
    return attr;
}

std::string featureName(uint32_t feature) {
    switch (feature) {
    case kFeatTracingData: return "TRACING_DATA";
    case kFeatBuildId: return "BUILD_ID";
    case kFeatHostname: return "HOSTNAME";
    case kFeatOsRelease: return "OSRELEASE";
    case kFeatVersion: return "VERSION";
    case kFeatArch: return "ARCH";
    case kFeatNrCpus: return "NRCPUS";
    case kFeatCpuDesc: return "CPUDESC";
    case kFeatCpuId: return "CPUID";
    case kFeatTotalMem: return "TOTAL_MEM";
    case kFeatCpuTopology: return "CPU_TOPOLOGY";
    case kFeatNumaTopology: return "NUMA_TOPOLOGY";
    case kFeatCmdline: return "CMDLINE";
    case kFeatEventDesc: return "EVENT_DESC";
    case kFeatGroupDesc: return "GROUP_DESC";
    case kFeatCompressed: return "COMPRESSED";
    default: return "feature " + std::to_string(feature);
    }
}

Status readFeature(uint32_t feature, std::span<const std::byte> bytes, const std::string& where, PerfDataInfo& info) {
    FieldReader r(bytes, 0, bytes.size(), where);
    switch (feature) {
    case kFeatBuildId: readBuildIds(r, bytes, where, info); break;
    case kFeatHostname: info.hostname = headerString(r, "host name"); break;
    case kFeatOsRelease: info.osRelease = headerString(r, "kernel release"); break;
    case kFeatVersion: info.perfVersion = headerString(r, "perf version"); break;
    case kFeatArch: info.arch = headerString(r, "architecture"); break;
    case kFeatNrCpus:
        info.cpusAvailable = r.u32("CPUs available");
        info.cpusOnline = r.u32("CPUs online");
        break;
    case kFeatCpuDesc: info.cpuDesc = headerString(r, "CPU description"); break;
    case kFeatCpuId: info.cpuId = headerString(r, "CPU id"); break;
    case kFeatTotalMem: info.totalMemKb = r.u64("total memory"); break;
    case kFeatCpuTopology: readCpuTopology(r, info); break;
    case kFeatNumaTopology: readNumaTopology(r, info); break;
    case kFeatCmdline: {
        const uint32_t count = r.u32("argument count");
        if (!r.fitsCount(count, 4, "arguments")) break;
        info.cmdline.clear();
        for (uint32_t i = 0; i < count && !r.failed(); ++i) info.cmdline.push_back(headerString(r, "argument"));
        break;
    }
    case kFeatEventDesc: readEventDesc(r, info); break;
    case kFeatGroupDesc: {
        const uint32_t count = r.u32("group count");
        if (!r.fitsCount(count, 12, "groups")) break;
        info.groups.clear();
        for (uint32_t i = 0; i < count && !r.failed(); ++i) {
            PerfDataGroup g;
            g.name = headerString(r, "group name");
            g.leader = r.u32("group leader");
            g.members = r.u32("group members");
            info.groups.push_back(std::move(g));
        }
        break;
    }
    case kFeatCompressed:
        r.u32("compression version");
        info.compressor = r.u32("compressor");
        break;
    default: return {}; // not needed to build a profile
    }
    if (r.failed()) return makeError(r.error() + ": the file is damaged; record it again (perf record)");
    return {};
}

} // namespace perfdash
