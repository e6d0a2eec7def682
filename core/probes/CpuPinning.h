#pragma once
// Runs the calling thread on one CPU (and under SCHED_FIFO when permitted)
// for as long as the object lives, then restores what was there before, so a
// GUI worker thread can be reused.
#include <cstdint>
#include <optional>
#include <sched.h>
#include <string>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

// The CPUs this process may run on (its affinity mask), ascending; empty if it cannot be read.
std::vector<int> allowedCpus();

// What to tell a user whose SCHED_FIFO request was refused, given this
// process's effective capabilities (nullopt: unknown).
std::string realtimeRefusalHint(std::optional<uint64_t> capabilities);

class ScopedCpuPinning {
public:
    // `cpu`: nullopt pins to the CPU the thread is on now.
    static Result<ScopedCpuPinning> pin(std::optional<int> cpu, bool realtime);

    ScopedCpuPinning(ScopedCpuPinning&& other) noexcept;
    ScopedCpuPinning(const ScopedCpuPinning&) = delete;
    ScopedCpuPinning& operator=(const ScopedCpuPinning&) = delete;
    ScopedCpuPinning& operator=(ScopedCpuPinning&&) = delete;
    ~ScopedCpuPinning();

    int cpu() const { return cpu_; }
    bool realtime() const { return realtime_; }
    // "SCHED_FIFO priority 1" or why it ran with normal scheduling.
    const std::string& schedulingNote() const { return schedulingNote_; }

private:
    ScopedCpuPinning() = default;
    bool active_ = false;
    int cpu_ = -1;
    bool realtime_ = false;
    std::string schedulingNote_;
    cpu_set_t oldAffinity_{};
    int oldPolicy_ = SCHED_OTHER;
    sched_param oldParam_{};
};

} // namespace perfdash
