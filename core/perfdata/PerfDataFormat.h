#pragma once
// The numbers of the perf.data format that `perf record` writes, as perf's
// own documentation (tools/perf/Documentation/perf.data-file-format.txt)
// describes them, in our words. Records of the kernel (types below 64) are
// those of <linux/perf_event.h>; perf adds its own types from 64 on, which
// the kernel never sends.
#include <cstddef>
#include <cstdint>

namespace perfdash::perfdata {

// "PERFILE2" read as a little-endian 64-bit number: the first 8 bytes of both
// modes. A big-endian writer's file has the bytes reversed; we refuse it.
inline constexpr uint64_t kMagic = 0x32454c4946524550ull;
inline constexpr char kMagicText[] = "PERFILE2";

// The file mode's header: magic, its own size, each attr entry's size, then
// the attrs, data and (unused) event types sections as {offset, size}, then a
// 256-bit set of the feature sections that follow the data section.
inline constexpr size_t kFileHeaderBytes = 8 + 8 + 8 + 3 * 16 + 32;
// The pipe mode's header (`perf record -o -`): magic and its own size; the
// attrs and features then come as records of the stream.
inline constexpr size_t kPipeHeaderBytes = 16;
inline constexpr size_t kFeatureBits = 256;

// perf's own record types, written by perf (never the kernel).
enum UserRecord : uint32_t {
    kHeaderAttr = 64,        // an event's attr and its ids (pipe mode)
    kHeaderEventType = 65,   // long obsolete
    kHeaderTracingData = 66, // tracepoint formats, followed by their raw bytes
    kHeaderBuildId = 67,     // one DSO's build-id (pipe mode)
    kFinishedRound = 68,     // everything before it is safe to order and hand on
    kIdIndex = 69,           // which CPU and thread each event id was opened for
    kAuxtraceInfo = 70,
    kAuxtrace = 71,          // processor trace data (Intel PT, Arm CoreSight), followed by its bytes
    kAuxtraceError = 72,
    kThreadMap = 73,
    kCpuMap = 74,
    kStatConfig = 75,
    kStat = 76,
    kStatRound = 77,
    kEventUpdate = 78,       // an event's name, unit, scale or CPUs, after its attr
    kTimeConv = 79,
    kHeaderFeature = 80,     // one feature section as a record (pipe mode)
    kCompressed = 81,        // zstd-compressed records (perf record -z)
    kFinishedInit = 82,
    kCompressed2 = 83,       // the same, with the compressed size given and the record padded to 8 bytes
};

// Feature sections: bit numbers in the header's set, ids of HEADER_FEATURE records.
enum Feature : uint32_t {
    kFeatTracingData = 1,
    kFeatBuildId = 2,
    kFeatHostname = 3,
    kFeatOsRelease = 4,
    kFeatVersion = 5,
    kFeatArch = 6,
    kFeatNrCpus = 7,
    kFeatCpuDesc = 8,
    kFeatCpuId = 9,
    kFeatTotalMem = 10,
    kFeatCmdline = 11,
    kFeatEventDesc = 12,
    kFeatCpuTopology = 13,
    kFeatNumaTopology = 14,
    kFeatGroupDesc = 17,
    kFeatAuxtrace = 18,
    kFeatSampleTime = 21,
    kFeatCompressed = 27,
};

// EVENT_UPDATE's kinds; only the name is read.
inline constexpr uint64_t kEventUpdateName = 2;
// COMPRESSED feature's compressor.
inline constexpr uint32_t kCompressorZstd = 1;
// BUILD_ID entries: the size byte after the 20 id bytes is valid.
inline constexpr uint16_t kBuildIdSizeValid = 1u << 15;

} // namespace perfdash::perfdata
