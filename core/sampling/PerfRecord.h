#pragma once
// The records a perf_event ring buffer (or a perf.data file) carries, as
// typed values: what core/sampling/RecordParser.h makes of the kernel's bytes
// and what core/sampling/ProcSnapshot.h synthesises from /proc for what
// existed before an attach. Field meanings are the kernel's
// (include/uapi/linux/perf_event.h); -1 and 0 mark fields the layout lacks.
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace perfdash {

// Where the sampled code ran (PERF_RECORD_MISC_CPUMODE_MASK of the header).
enum class CpuMode : uint8_t { Unknown, Kernel, User, Hypervisor, GuestKernel, GuestUser };

// The sample_id_all trailer of a record other than a SAMPLE: who and when.
struct SampleId {
    int32_t pid = -1;
    int32_t tid = -1;
    uint64_t time = 0;     // ns of the events' clock (CLOCK_MONOTONIC for SamplingRun's events)
    uint64_t id = 0;       // PERF_SAMPLE_ID or PERF_SAMPLE_IDENTIFIER
    uint64_t streamId = 0;
    int32_t cpu = -1;
};

// One value of PERF_SAMPLE_READ (read_format), the leader's first.
struct ReadValue {
    uint64_t value = 0; // cumulative count since the event was opened (with inherit on Linux >= 6.12: of this thread)
    uint64_t id = 0;    // PERF_FORMAT_ID: which event (an inherited event reports its parent's id)
    uint64_t lost = 0;  // PERF_FORMAT_LOST
    // Which event of the sampled set this is (SampledEvent's index in
    // SamplingRun::events()), filled by SamplingRun from `id`; -1 when
    // the record was parsed alone.
    int slot = -1;
};

struct GroupRead {
    uint64_t timeEnabled = 0; // PERF_FORMAT_TOTAL_TIME_ENABLED, cumulative ns
    uint64_t timeRunning = 0; // PERF_FORMAT_TOTAL_TIME_RUNNING, cumulative ns
    std::vector<ReadValue> values; // one without PERF_FORMAT_GROUP
};

struct SampleRecord {
    CpuMode cpuMode = CpuMode::Unknown;
    bool exactIp = false; // PERF_RECORD_MISC_EXACT_IP
    uint64_t ip = 0;
    int32_t pid = -1;
    int32_t tid = -1;
    uint64_t time = 0;
    uint64_t addr = 0;
    uint64_t id = 0; // PERF_SAMPLE_ID or PERF_SAMPLE_IDENTIFIER: the sampling event's
    uint64_t streamId = 0;
    int32_t cpu = -1;
    uint64_t period = 0;
    GroupRead read; // PERF_SAMPLE_READ
    // PERF_SAMPLE_CALLCHAIN as the kernel gives it: return addresses, with
    // PERF_CONTEXT_KERNEL/USER/... markers (values >= PERF_CONTEXT_MAX) that
    // say which space the following addresses are in.
    std::vector<uint64_t> callchain;
    std::vector<std::byte> raw; // PERF_SAMPLE_RAW (a tracepoint's fields)
    // PERF_SAMPLE_REGS_USER: abi is PERF_SAMPLE_REGS_ABI_*; values in
    // ascending bit order of SampleLayout::regsUserMask (the PERF_REG_*
    // numbers of <asm/perf_regs.h>), empty when abi is NONE (a kernel thread).
    uint64_t regsAbi = 0;
    std::vector<uint64_t> regsUser;
    // PERF_SAMPLE_STACK_USER: a copy of the user stack from the sampled stack
    // pointer up; only its first stackDynamicSize bytes were really copied.
    std::vector<std::byte> stackUser;
    uint64_t stackDynamicSize = 0;
};

// PERF_RECORD_MMAP and PERF_RECORD_MMAP2 (mmap2 true): a mapping of a
// process, or a synthesised one read from /proc/PID/maps (synthetic true).
struct MmapRecord {
    bool mmap2 = false;
    bool synthetic = false;
    CpuMode cpuMode = CpuMode::Unknown; // Kernel for the kernel's own maps
    bool executable = true;             // false: PERF_RECORD_MISC_MMAP_DATA (attr.mmap_data)
    int32_t pid = -1;
    int32_t tid = -1;
    uint64_t address = 0;
    uint64_t length = 0;
    uint64_t pageOffset = 0; // the file offset mapped at `address`
    // MMAP2 only: the file's device and inode, or (PERF_RECORD_MISC_MMAP_BUILD_ID,
    // attr.build_id) its build-id instead.
    uint32_t major = 0;
    uint32_t minor = 0;
    uint64_t inode = 0;
    uint64_t inodeGeneration = 0;
    std::vector<uint8_t> buildId; // empty unless the kernel sent one
    uint32_t protection = 0;      // PROT_*
    uint32_t flags = 0;           // MAP_*
    std::string filename;         // "//anon", "[vdso]", "[stack]" for those without a file
    SampleId sampleId;
};

// PERF_RECORD_COMM: a thread's name changed, or (exec) the process exec'd.
struct CommRecord {
    bool exec = false;
    bool synthetic = false;
    int32_t pid = -1;
    int32_t tid = -1;
    std::string comm;
    SampleId sampleId;
};

// PERF_RECORD_FORK and PERF_RECORD_EXIT: tid pid == tid is a process.
struct TaskFields {
    int32_t pid = -1;
    int32_t ppid = -1;
    int32_t tid = -1;
    int32_t ptid = -1;
    uint64_t time = 0;
    SampleId sampleId;
};
struct ForkRecord : TaskFields {};
struct ExitRecord : TaskFields {};

// PERF_RECORD_LOST: the kernel found its ring buffer full and dropped `lost`
// records (samples mostly) of the event `id`.
struct LostRecord {
    uint64_t id = 0;
    uint64_t lost = 0;
    SampleId sampleId;
};

// PERF_RECORD_THROTTLE (throttled) and PERF_RECORD_UNTHROTTLE: the kernel
// stopped or resumed sampling the event, as more samples than
// kernel.perf_event_max_sample_rate allows came in.
struct ThrottleRecord {
    bool throttled = true;
    uint64_t time = 0;
    uint64_t id = 0;
    uint64_t streamId = 0;
    SampleId sampleId;
};

// PERF_RECORD_SWITCH (the sampled task itself) and PERF_RECORD_SWITCH_CPU_WIDE
// (cpuWide: a CPU-wide event, which also names the task switched to or from).
struct SwitchRecord {
    bool out = false;     // PERF_RECORD_MISC_SWITCH_OUT: switched out; else in
    bool preempted = false; // switched out while still runnable
    bool cpuWide = false;
    int32_t nextPrevPid = -1; // cpuWide only: the task switched to (out) or from (in)
    int32_t nextPrevTid = -1;
    SampleId sampleId;
};

// A record type this parser does not take apart (the kernel's KSYMBOL, CGROUP,
// ..., which perfdash never asks for, or perf's own types in a perf.data file).
struct OtherRecord {
    uint32_t type = 0;
    uint16_t misc = 0;
    uint16_t size = 0;
};

using PerfRecord = std::variant<SampleRecord, MmapRecord, CommRecord, ForkRecord, ExitRecord, LostRecord,
                                ThrottleRecord, SwitchRecord, OtherRecord>;

// The record's time (of the events' clock; 0 where it has none).
uint64_t recordTime(const PerfRecord& record);
// The CPU it was recorded on (-1: unknown, or synthesised).
int recordCpu(const PerfRecord& record);

} // namespace perfdash
