#pragma once
// Runs the machine probes of core/probes off the GUI thread, one job at a
// time (two probes at once would disturb each other's timings): instruction
// benchmarks, the core clock sampled over time, the max-IPC curves, the ceilings. Each job
// gets its own QThread, which it pins to one CPU (MeasurementContext) for as
// long as it runs. Everything it reports is posted to the GUI thread, so the
// signals below are emitted there. cancel() is cooperative: the core checks
// its stop_token between repetitions and clock tries, so a job ends within
// one kernel run (milliseconds), never by killing the thread.
#include <QObject>
#include <QString>
#include <QThread>
#include <functional>
#include <optional>
#include <stop_token>
#include <vector>

#include "core/probes/BenchResult.h"
#include "core/probes/CatalogEntry.h"
#include "core/probes/Ceilings.h"
#include "core/probes/ClockReport.h"
#include "core/probes/IpcProbe.h"
#include "core/probes/KernelTiming.h"

namespace perfdash {

// How a job measures; the same for every kind of job.
struct ProbeSettings {
    std::optional<int> cpu; // nullopt: the CPU the worker thread starts on
    // SCHED_FIFO gives steadier numbers but takes the CPU from everything
    // else, the GUI included when it shares that CPU; the page leaves it off
    // unless the user asks.
    bool realtime = false;
    int repetitions = TimingOptions{}.repetitions; // at least this many timed runs of each kernel
};

class ProbeRunner : public QObject {
    Q_OBJECT
public:
    explicit ProbeRunner(QObject* parent = nullptr);
    // Cancels the job and waits for its thread (at most one kernel run).
    ~ProbeRunner() override;

    bool isBusy() const { return thread_ != nullptr; }

    // Each returns false (and does nothing) while another job runs.
    // Benchmarks the entries in order; emits benchResult for each one that
    // ran (entries not reached before a cancel are not reported).
    bool runBench(std::vector<CatalogEntry> entries, const ProbeSettings& settings);
    // Measures the clock of `cpu` every `intervalSeconds` until cancel().
    bool runClock(int cpu, double intervalSeconds, const ProbeSettings& settings);
    bool runIpc(const IpcOptions& options, const ProbeSettings& settings);
    // Measures the ceilings (CeilingsRunner.h) with `threads` threads (0: 1,
    // one per core and every hardware thread); emits ceilingsMeasured.
    bool runCeilings(int threads, const ProbeSettings& settings);
    void cancel();

signals:
    void started();
    void progress(int done, int total, const QString& current);
    // Where the job measures (CPU, scheduling, cycles source); before its first result.
    void environmentReady(const perfdash::BenchEnvironment& environment);
    void benchResult(const perfdash::BenchResult& result);
    void clockSample(const perfdash::CpuClockReport& report);
    void ipcCurves(const std::vector<perfdash::IpcCurve>& curves);
    void ceilingsMeasured(const perfdash::Ceilings& ceilings);
    // The job ended: `error` is why it could not run (empty otherwise).
    void finished(bool cancelled, const QString& error);

private:
    using Job = std::function<QString(std::stop_token)>; // returns the error, or empty
    bool start(Job job);
    // Runs `f` on the GUI thread, later; safe from the worker.
    template <class F>
    void post(F&& f) {
        QMetaObject::invokeMethod(this, std::forward<F>(f), Qt::QueuedConnection);
    }

    QThread* thread_ = nullptr;
    std::stop_source stop_;
};

} // namespace perfdash
