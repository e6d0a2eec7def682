#pragma once
// A running measurement: the target started (launched and held before exec,
// attached, or whole CPUs), the counters opened on it, the sampler reading
// them, and a pull interface that turns new snapshots into interval results.
//
//   auto plan = MeasurementPlan::prepare(request, machine);   // show warnings
//   auto m = Measurement::start(*plan, machine);              // running
//   while (!m->finished()) { m->waitForData(100ms); for (auto& i : m->takeIntervals()) show(i); }
//   MeasurementResult r = m->finish();                        // totals, exit status
//
// A GUI calls takeIntervals() from a timer instead of waiting. Nothing is
// called back on the sampler thread; only requestStop() is meant for signal
// handlers.
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/backends/CounterBackend.h"
#include "core/measurement/ChildOutput.h"
#include "core/measurement/Launcher.h"
#include "core/measurement/MeasurementPlan.h"
#include "core/result/CounterDeltas.h"
#include "core/result/MeasurementResult.h"
#include "core/measurement/ResultBuilder.h"
#include "core/measurement/SampleStore.h"
#include "core/measurement/Sampler.h"

namespace perfdash {

class MarkerMeasurement;

class Measurement {
public:
    // Called once the target exists and its counters are open, before a
    // launched program is let go to exec (targetPid as targetPid()): a
    // sampling run opens its events on the held program there, so that
    // it too starts with the program's first instruction. An error ends the start.
    using BeforeRelease = std::function<Status(int targetPid)>;

    // Starts the target and the counters. The plan must outlive the measurement.
    static Result<std::unique_ptr<Measurement>> start(const MeasurementPlan& plan, MachineContext& machine,
                                                      const BeforeRelease& beforeRelease = {});
    ~Measurement();
    Measurement(const Measurement&) = delete;
    Measurement& operator=(const Measurement&) = delete;

    const std::vector<LocationInfo>& locations() const { return builder_->locations(); }
    int targetPid() const; // launched or attached process; -1 system-wide without a program
    const std::string& startedAt() const { return startedAt_; } // ISO 8601, as MeasurementResult::startedAt

    // Intervals completed since the last call, oldest first (empty without a timeline).
    // After finish(), once: the intervals finish() itself completed, which a
    // consumer that keeps its own copy (keepIntervals off) would otherwise lose.
    std::vector<IntervalResult> takeIntervals();
    // A builder like the one the intervals come from (that one belongs to the
    // sampling thread): for results of other periods of the same counts, such
    // as intervals joined into longer ones (IntervalCombiner).
    Result<ResultBuilder> newResultBuilder();
    // Snapshots the consumer pulled too late to see separately (merged into longer intervals).
    uint64_t droppedSnapshots() const { return dropped_; }
    // Blocks until new data may be there, the measurement ended, or the timeout.
    void waitForData(std::chrono::nanoseconds timeout) const;

    bool finished() const;
    // Stops and restarts counting; an interval that lies wholly in a pause
    // is not available (NaN), never 0.
    Status pause();
    Status resume();
    bool paused() const;
    // Async-signal-safe: ends the measurement; a launched program still
    // running is then terminated by finish().
    void requestStop() noexcept;

    // The captured output of a launched program (MeasurementRequest::captureOutput), else nullptr.
    ChildOutput* output();
    // The marker run (MeasurementRequest::marker), else nullptr.
    const MarkerMeasurement* marker() const { return marker_.get(); }

    // Waits for the end, stops a program still running (SIGTERM, then SIGKILL
    // after a grace period), and returns everything measured: totals, the
    // intervals kept, the exit status. The intervals it completes are also
    // left for one more takeIntervals().
    MeasurementResult finish();

private:
    Measurement(const MeasurementPlan& plan, MachineContext& machine);
    Status launch(const BeforeRelease& beforeRelease);
    void stopProgram(MeasurementResult& result);
    std::vector<IntervalResult> intervalsFrom(const std::vector<Snapshot>& snapshots);
    std::vector<IntervalResult> pullIntervals(); // new ones from the store, kept if the request says so
    std::vector<std::string> openFailures() const; // per event-set slot, why it did not open ("" if it did)
    std::vector<CountValue> countsBetween(const Snapshot& earlier, const Snapshot& later) const;
    bool pausedThroughout(int64_t fromNs, int64_t toNs) const;

    const MeasurementPlan& plan_;
    MachineContext& machine_;
    std::optional<ResultBuilder> builder_;
    std::unique_ptr<LaunchedProcess> child_;
    std::unique_ptr<MarkerMeasurement> marker_; // MeasurementRequest::marker
    std::unique_ptr<CounterSet> counters_;
    ReadingLayout layout_; // of counters_, for the count rules (core/result/CounterDeltas.h)
    std::unique_ptr<SampleStore> store_;
    std::unique_ptr<Sampler> sampler_;
    std::optional<Snapshot> baseline_;
    std::optional<Snapshot> previous_;
    uint64_t nextSeq_ = 0;
    uint64_t dropped_ = 0;
    std::vector<IntervalResult> kept_;
    std::vector<IntervalResult> completedByFinish_; // for the takeIntervals() after finish()
    std::string startedAt_;
    std::vector<std::string> runWarnings_;
    bool finished_ = false;
    // CLOCK_MONOTONIC spans from pause() to resume() (end INT64_MAX while
    // paused). Guarded: a GUI pauses on its thread and finishes on another.
    struct PausedSpan {
        int64_t startNs;
        int64_t endNs;
    };
    mutable std::mutex pauseMutex_;
    std::vector<PausedSpan> pausedSpans_;
};

} // namespace perfdash
