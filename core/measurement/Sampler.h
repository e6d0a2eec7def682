#pragma once
// The sampler thread: reads every counter of a CounterSet on a fixed
// schedule and pushes the cumulative snapshots into a SampleStore.
//
// Deadlines are absolute (start + k x interval on CLOCK_MONOTONIC, a timerfd
// with TFD_TIMER_ABSTIME), so the schedule does not drift however long the
// reads take; a deadline missed entirely is skipped, not made up in a burst.
// Besides the interval the thread waits, in one poll(), on the target's
// pidfd (it ends at once when the target exits), on the end of the duration,
// and on an eventfd that stop requests write to.
//
// Consumers pull from the store (pull model; nothing is called back on the
// sampler thread). The store receives, in order: the baseline snapshot taken
// by start(), one snapshot per interval, and the final snapshot; then it is
// closed.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <thread>

#include "core/backends/CounterBackend.h"
#include "core/measurement/SampleStore.h"
#include "core/util/Outcome.h"
#include "core/util/UniqueFd.h"

namespace perfdash {

struct SamplerOptions {
    std::chrono::nanoseconds interval{0}; // 0: no timeline, only the baseline and the final snapshot
    std::chrono::nanoseconds duration{0}; // 0: until the target exits or stop
    int targetPid = -1;                   // end when this process exits; -1: none (system-wide)
};

enum class SamplerEnd {
    Running,         // not ended yet
    TargetExited,
    DurationElapsed,
    StopRequested,
    ReadFailed,      // a counter read failed; error() says why
};

const char* toString(SamplerEnd end);

class Sampler {
public:
    // Both must outlive the sampler.
    Sampler(CounterSet& counters, SampleStore& store);
    ~Sampler(); // stops and joins the thread if still running
    Sampler(const Sampler&) = delete;
    Sampler& operator=(const Sampler&) = delete;

    // Takes and pushes the baseline snapshot on the calling thread (so a
    // failure is returned here), then starts the thread. The schedule starts
    // at the baseline. Call once.
    Status start(const SamplerOptions& options);

    // Async-signal-safe (one write() to an eventfd): a SIGINT handler may call it.
    void requestStop() noexcept;
    // Requests a stop and waits for the thread; returns the final snapshot.
    Snapshot stop();
    // Waits until the sampler ends on its own (target exit, duration) or by
    // requestStop(); returns the final snapshot. Call from one thread.
    Snapshot wait();

    bool finished() const { return end_.load() != SamplerEnd::Running; }
    SamplerEnd endReason() const { return end_.load(); }
    Status error() const; // why a read failed, for SamplerEnd::ReadFailed

    // Stop and restart counting (disable/enable the counters); sampling goes
    // on, so paused intervals have running time 0 and read as NaN.
    Status pause();
    Status resume();
    bool paused() const { return paused_.load(); }

    // Deadlines that passed while the previous read was still going on.
    uint64_t missedDeadlines() const { return missed_.load(); }

private:
    void run();
    bool sampleInto(Snapshot& snapshot);

    CounterSet& counters_;
    SampleStore& store_;
    UniqueFd stopEvent_;
    UniqueFd targetExit_;
    UniqueFd intervalTimer_;
    UniqueFd durationTimer_;
    std::thread thread_;
    bool started_ = false;
    std::atomic<SamplerEnd> end_{SamplerEnd::Running};
    std::atomic<bool> paused_{false};
    std::atomic<uint64_t> missed_{0};
    mutable std::mutex errorMutex_;
    Status error_;
    Snapshot final_;
};

} // namespace perfdash
