#include "widgets/hosts/FleetRecorder.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include "core/report/ReportMerge.h"

namespace perfdash {

namespace {

constexpr std::chrono::milliseconds kDefaultFlush{2000};

} // namespace

FleetRecorder::FleetRecorder(const QString& directory, QObject* parent)
    : QObject(parent), shared_(std::make_shared<Shared>(directory.toStdString())) {
    writer_.setMaxThreadCount(1);
    flushTimer_.setInterval(kDefaultFlush);
    connect(&flushTimer_, &QTimer::timeout, this, &FleetRecorder::flush);
    flushTimer_.start();
}

FleetRecorder::~FleetRecorder() { writer_.waitForDone(); }

template <typename Task> auto FleetRecorder::enqueue(Task task) {
    {
        std::lock_guard lock(shared_->arrivedMutex);
        for (Arrived& a : pending_) shared_->arrived.push_back(std::move(a));
    }
    pending_.clear();
    // What arrived goes first, so the task sees every interval the GUI has received.
    return QtConcurrent::run(&writer_, [shared = shared_, task]() mutable {
        std::lock_guard lock(shared->mutex);
        std::vector<Arrived> batch;
        {
            std::lock_guard take(shared->arrivedMutex);
            batch = std::exchange(shared->arrived, {});
        }
        for (Arrived& a : batch) shared->recording.add(a.address, a.locations, a.interval, a.now);
        return task(shared->recording);
    });
}

void FleetRecorder::add(const QString& address, const std::vector<LocationInfo>& locations,
                        const IntervalResult& interval, const std::string& now) {
    pending_.push_back({address.toStdString(), locations, interval, now});
}

void FleetRecorder::setMachine(const QString& address, nlohmann::json machine) {
    (void)enqueue([address = address.toStdString(), machine = std::move(machine)](FleetRecording& r) {
        r.setMachine(address, machine);
    });
}

void FleetRecorder::remove(const QString& address) {
    // The host whose journal failed may be the one removed.
    reportProblem(enqueue([address = address.toStdString()](FleetRecording& r) {
        r.remove(address);
        return r.problem();
    }));
}

void FleetRecorder::setFlushInterval(std::chrono::milliseconds interval) { flushTimer_.setInterval(interval); }

QFuture<std::map<std::string, WatchedHost>> FleetRecorder::hosts() {
    return enqueue([](FleetRecording& r) {
        r.flush(); // what a save reads comes from the journals where it can
        return r.hosts();
    });
}

QFuture<Result<MeasurementResult>> FleetRecorder::recordedRun(const QString& address) {
    const std::string notYet =
        tr("%1 has not sent an interval since it was added: wait for its first one").arg(address).toStdString();
    return enqueue([address = address.toStdString(), notYet](FleetRecording& r) -> Result<MeasurementResult> {
        r.flush();
        std::map<std::string, WatchedHost> hosts = r.hosts();
        const auto it = hosts.find(address);
        if (it == hosts.end() || it->second.intervalCount == 0) return makeError(notYet);
        const Result<MeasurementResult> run = fleetSession({*it}); // only this host's journal is read
        if (!run) return run.error();
        return hostRun(*run, 0);
    });
}

void FleetRecorder::flush() {
    if (pending_.empty()) return;
    reportProblem(enqueue([](FleetRecording& r) {
        r.flush();
        return r.problem();
    }));
}

void FleetRecorder::reportProblem(QFuture<std::string> problem) {
    auto* watcher = new QFutureWatcher<std::string>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        const QString problem = QString::fromStdString(watcher->result());
        if (problem == problem_) return;
        problem_ = problem;
        emit problemChanged(problem_);
    });
    watcher->setFuture(std::move(problem));
}

} // namespace perfdash
