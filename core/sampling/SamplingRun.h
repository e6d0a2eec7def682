#pragma once
// A sampling run: the events opened (SamplingEvents.h), a reader thread that
// drains every CPU's ring buffer, and the parsed records, in time order,
// handed to a consumer through a bounded queue (RecordQueue.h).
//
//   auto child = LaunchedProcess::start(options);             // held before exec
//   request.target = {SamplingTarget::Kind::Launched, child->pid()};
//   auto sampling = SamplingRun::open(request);            // show notices()
//   sampling->start();
//   child->release();                                         // sampling starts at its exec
//   std::vector<PerfRecord> records;
//   while (!child->hasExited()) sampling->take(records, 100ms), consume(records), records.clear();
//   sampling->stop();                                          // drains the rest
//   while (sampling->take(records, 100ms)) ...;                // false: everything taken
//   sampling->stats().warnings();                              // what was lost, and why
//
// The reader thread polls the buffers (woken when a quarter of one is full,
// and every 20 ms), parses each record, counts samples, LOST and THROTTLE
// records per CPU, fills each read value's slot, and in FollowMode::ForkRecords
// opens events for new threads and reads new processes' mappings from /proc.
// Records leave in time order (RecordOrdering.h), synthetic ones first. When
// the consumer falls behind, the queue refuses records and the reader counts
// them (SamplingStats): the ring buffers are drained whatever the consumer does.
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/sampling/RecordOrdering.h"
#include "core/sampling/RecordQueue.h"
#include "core/sampling/SamplingEvents.h"
#include "core/sampling/SamplingStats.h"
#include "core/util/UniqueFd.h"

namespace perfdash {

class SamplingRun {
public:
    static Result<std::unique_ptr<SamplingRun>> open(const SamplingRequest& request,
                                                         const SamplingSystem& system = {});
    ~SamplingRun(); // stops
    SamplingRun(const SamplingRun&) = delete;
    SamplingRun& operator=(const SamplingRun&) = delete;

    const std::vector<SampledEvent>& events() const { return events_->events(); }
    const std::vector<std::string>& notices() const { return events_->notices(); }
    const SampleLayout& layout() const { return events_->layout(); }
    FollowMode followMode() const { return events_->followMode(); }
    // Whether a sample's read values are its thread's own: for a task target
    // (inherited events read each thread's counts on Linux 6.12 and later; a
    // thread followed through FORK records has events of its own), not for
    // whole CPUs or a cgroup. GroupDeltas (GroupDeltas.h) needs it.
    bool readsPerThread() const;
    const std::vector<int>& cpus() const { return events_->cpus(); }
    bool samplesKernel() const { return events_->samplesKernel(); }

    // Queues synthetic COMM and MMAP2 records for what ran before (a
    // Process target's process, every process for whole CPUs, a cgroup's
    // processes), enables the events (a Launched target's enable themselves
    // at its exec: release it after this) and starts the reader thread.
    Status start();
    // Disables the events, drains what they wrote and ends the reader thread;
    // take() then hands out what is left and returns false. Idempotent.
    void stop();
    // Waits up to `timeout` for records and appends all queued ones to `out`.
    // False once stopped and everything is taken.
    bool take(std::vector<PerfRecord>& out, std::chrono::milliseconds timeout);

    SamplingStats stats() const;

private:
    explicit SamplingRun(std::unique_ptr<SamplingEvents> events, size_t queueBytes);
    void run();
    void drainAll();
    void handle(PerfRecord&& record, size_t cpuIndex);
    void release(PerfRecord&& record);
    void follow(const ForkRecord& fork);
    void followDescendants(int32_t pid);
    void synthesize(int32_t pid, bool required, Status* error);
    void countFollow(const Result<SamplingEvents::Followed>& outcome);
    size_t cpuIndex(int cpu) const;

    std::unique_ptr<SamplingEvents> events_;
    std::string sysctlDir_; // where kernel.perf_event_max_sample_rate is read again
    RecordQueue queue_;
    RecordOrdering ordering_; // the reader's
    UniqueFd wake_;           // an eventfd: stop() wakes the reader with it
    std::thread reader_;
    std::atomic<bool> stopping_{false};
    bool started_ = false;
    bool stopped_ = false;
    mutable std::mutex statsMutex_;
    SamplingStats stats_;
};

} // namespace perfdash
