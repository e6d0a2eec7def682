#include "widgets/probes/ProbeRunner.h"

#include <condition_variable>
#include <mutex>

#include "core/probes/BenchRunner.h"
#include "core/probes/CeilingsRunner.h"
#include "core/topology/Cpuid.h"
#include "core/topology/TopologyReader.h"
#include "core/util/Strings.h"
#include "core/probes/MeasurementContext.h"
#include "widgets/common/QtStrings.h"

namespace perfdash {

namespace {

MeasurementOptions measurementOptions(const ProbeSettings& settings) {
    MeasurementOptions o;
    o.cpu = settings.cpu;
    o.realtime = settings.realtime;
    o.timing.repetitions = settings.repetitions;
    return o;
}

} // namespace

ProbeRunner::ProbeRunner(QObject* parent) : QObject(parent) {}

ProbeRunner::~ProbeRunner() {
    if (!thread_) return;
    stop_.request_stop();
    thread_->wait();
    delete thread_;
}

void ProbeRunner::cancel() {
    if (thread_) stop_.request_stop();
}

bool ProbeRunner::start(Job job) {
    if (thread_) return false;
    stop_ = std::stop_source();
    const std::stop_token stop = stop_.get_token();
    thread_ = QThread::create([this, job = std::move(job), stop] {
        const QString error = job(stop);
        const bool cancelled = stop.stop_requested();
        post([this, cancelled, error] {
            // The thread has returned from its function: joining is immediate.
            thread_->wait();
            delete thread_;
            thread_ = nullptr;
            emit finished(cancelled, error);
        });
    });
    thread_->setObjectName(QStringLiteral("perfdash-probe"));
    thread_->start();
    emit started();
    return true;
}

bool ProbeRunner::runBench(std::vector<CatalogEntry> entries, const ProbeSettings& settings) {
    return start([this, entries = std::move(entries), settings](std::stop_token stop) -> QString {
        post([this, n = static_cast<int>(entries.size())] { emit progress(0, n, tr("measuring the core clock")); });
        auto context = MeasurementContext::create(measurementOptions(settings), stop);
        if (!context) return toQString(context.error().message);
        post([this, env = (*context)->environment()] { emit environmentReady(env); });
        std::vector<const CatalogEntry*> chosen;
        for (const auto& e : entries) chosen.push_back(&e);
        BenchCallbacks callbacks;
        callbacks.progress = [this](const BenchProgress& p) {
            post([this, p] { emit progress(static_cast<int>(p.done), static_cast<int>(p.total), toQString(p.current)); });
        };
        callbacks.result = [this](const BenchResult& r) {
            if (r.status != BenchStatus::Cancelled) post([this, r] { emit benchResult(r); });
        };
        BenchRunner(**context).runAll(chosen, callbacks, stop);
        return {};
    });
}

bool ProbeRunner::runClock(int cpu, double intervalSeconds, const ProbeSettings& settings) {
    return start([this, cpu, intervalSeconds, settings](std::stop_token stop) -> QString {
        auto probe = ClockProbe::build(measurementOptions(settings).toolchain);
        if (!probe) return toQString(probe.error().message);
        ClockReportOptions options;
        options.realtime = settings.realtime;
        std::mutex mutex;
        std::condition_variable_any wake;
        while (!stop.stop_requested()) {
            CpuClockReport report = measureCpuClock(*probe, cpu, options, stop);
            if (stop.stop_requested()) break;
            post([this, report = std::move(report)] { emit clockSample(report); });
            std::unique_lock lock(mutex);
            wake.wait_for(lock, stop, std::chrono::duration<double>(intervalSeconds), [] { return false; });
        }
        return {};
    });
}

bool ProbeRunner::runIpc(const IpcOptions& options, const ProbeSettings& settings) {
    return start([this, options, settings](std::stop_token stop) -> QString {
        post([this] { emit progress(0, 1, tr("measuring the core clock")); });
        auto context = MeasurementContext::create(measurementOptions(settings), stop);
        if (!context) return toQString(context.error().message);
        post([this, env = (*context)->environment()] { emit environmentReady(env); });
        IpcProbe probe(**context, options);
        auto curves = probe.run(
            [this](const IpcProgress& p) {
                post([this, p] { emit progress(static_cast<int>(p.done), static_cast<int>(p.total), toQString(p.current)); });
            },
            stop);
        if (!stop.stop_requested()) post([this, curves = std::move(curves)] { emit ipcCurves(curves); });
        return {};
    });
}

bool ProbeRunner::runCeilings(int threads, const ProbeSettings& settings) {
    return start([this, threads, settings](std::stop_token stop) -> QString {
        auto arch = hostArch();
        if (!arch || *arch == Arch::Mips64) return tr("The ceilings are measured on x86-64 and AArch64 only.");
        auto topology = TopologyReader().read();
        if (!topology) return toQString(topology.error().message);
        CeilingsOptions options = ceilingsOptionsFor(*topology, hostCpuid(), readFile("/proc/meminfo").value_or(""), 0,
                                                     Toolchain::fromEnvironment(*arch));
        if (threads > 0) options.threadCounts = {std::min(threads, static_cast<int>(options.cpus.size()))};
        options.realtime = settings.realtime;
        auto ceilings = measureCeilings(
            options,
            [this](const CeilingsProgress& p) {
                post([this, p] { emit progress(static_cast<int>(p.done), static_cast<int>(p.total), toQString(p.current)); });
            },
            stop);
        if (!ceilings) return stop.stop_requested() ? QString() : toQString(ceilings.error().message);
        post([this, c = std::move(ceilings).value()] { emit ceilingsMeasured(c); });
        return {};
    });
}

} // namespace perfdash
