#pragma once
// What a process had before its sampling began, as perf does it: records
// synthesised from /proc, in the types the kernel's own records take, so that
// a consumer treats both alike. A process attached to (or one whose birth was
// only seen through a FORK record) mapped its program and libraries before
// any MMAP2 could reach a ring buffer; its threads were named before any COMM.
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/sampling/PerfRecord.h"
#include "core/util/Outcome.h"

namespace perfdash {

// The executable mappings of a /proc/PID/maps text as synthetic MMAP2
// records of `pid` (tid = pid) stamped `time`: the program, its libraries,
// [vdso], and anonymous executable memory (a JIT's, named "//anon" as perf
// names it). Data mappings are left out, as perf leaves them out. A line
// that is not in the kernel's format is an error naming its number.
Result<std::vector<MmapRecord>> parseProcMaps(std::string_view maps, int32_t pid, uint64_t time);

// A synthetic COMM for each thread of `pid` (from /proc/PID/task/TID/comm)
// and its executable mappings (/proc/PID/maps), COMMs first, all stamped
// `time` (the events' clock, CLOCK_MONOTONIC for SamplingRun's). Threads
// that exit meanwhile are left out; a process that is gone, or may not be
// inspected, is an error that says which.
Result<std::vector<PerfRecord>> synthesizeProcess(int32_t pid, uint64_t time);

// Every process /proc lists now, ascending (whole-CPU sampling describes them all).
std::vector<int32_t> listProcesses();
// The processes of a cgroup (its cgroup.procs), from the cgroup directory's fd.
Result<std::vector<int32_t>> cgroupProcesses(int cgroupDirFd);
// The child processes of every thread of `pid` (/proc/PID/task/TID/children);
// empty where the process is gone or the kernel lacks CONFIG_PROC_CHILDREN.
std::vector<int32_t> childrenOf(int32_t pid);

} // namespace perfdash
