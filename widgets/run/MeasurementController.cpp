#include "widgets/run/MeasurementController.h"

#include <QtConcurrent/QtConcurrent>

#include "core/topology/TopologyJson.h"
#include "widgets/common/QtStrings.h"

namespace perfdash {

MeasurementController::MeasurementController(MachineContext& machine, QObject* parent) : RunSource(parent), machine_(machine) {
    pollTimer_.setInterval(33);
    connect(&pollTimer_, &QTimer::timeout, this, &MeasurementController::poll);
}

MeasurementController::~MeasurementController() {
    if (measurement_) {
        measurement_->requestStop();
        measurement_->finish();
    }
}

Result<MeasurementPlan> MeasurementController::prepare(const MeasurementRequest& request) {
    return MeasurementPlan::prepare(request, machine_);
}

Status MeasurementController::start(MeasurementPlan plan) {
    if (state_ == State::Running || state_ == State::Paused || state_ == State::Finishing)
        return makeError("a measurement is already running: stop it first");
    plan.request.keepIntervals = keepIntervals_;
    plan_ = std::make_unique<MeasurementPlan>(std::move(plan));
    auto measurement = Measurement::start(*plan_, machine_);
    if (!measurement) return measurement.error();
    measurement_ = std::move(*measurement);
    setState(State::Running);
    emit started();
    pollTimer_.start();
    return {};
}

void MeasurementController::pause() {
    if (state_ != State::Running || !measurement_->pause()) return;
    setState(State::Paused);
}

void MeasurementController::resume() {
    if (state_ != State::Paused || !measurement_->resume()) return;
    setState(State::Running);
}

void MeasurementController::stop() {
    if (state_ != State::Running && state_ != State::Paused) return;
    measurement_->requestStop();
    poll();
}

const std::vector<LocationInfo>& MeasurementController::locations() const {
    static const std::vector<LocationInfo> none;
    return measurement_ ? measurement_->locations() : none;
}

std::map<int, CpuPlace> MeasurementController::cpuPlaces() const {
    const auto& topology = machine_.topology();
    return topology.ok() ? perfdash::cpuPlaces({{"topology", toJson(*topology)}}) : std::map<int, CpuPlace>{};
}

int MeasurementController::targetPid() const { return measurement_ ? measurement_->targetPid() : -1; }

void MeasurementController::setPollInterval(int milliseconds) { pollTimer_.setInterval(milliseconds); }

void MeasurementController::poll() {
    if (!measurement_ || state_ == State::Finishing) return;
    // Read before taking: once the sampler has ended, its last snapshot is in the store.
    const bool done = measurement_->finished();
    if (ChildOutput* output = measurement_->output()) {
        for (auto& chunk : output->take())
            emit outputArrived(toQString(chunk.text), chunk.stream == OutputChunk::Stream::Stderr);
    }
    auto intervals = measurement_->takeIntervals();
    if (!intervals.empty()) emit intervalsArrived(intervals);
    if (done) beginFinishing();
}

void MeasurementController::beginFinishing() {
    pollTimer_.stop();
    setState(State::Finishing);
    // finish() may wait for the program to exit after SIGTERM: never on the GUI thread.
    Measurement* m = measurement_.get();
    auto future = QtConcurrent::run([m] { return m->finish(); });
    auto* watcher = new QFutureWatcher<MeasurementResult>(this);
    connect(watcher, &QFutureWatcher<MeasurementResult>::finished, this, [this, watcher] {
        MeasurementResult result = watcher->result();
        watcher->deleteLater();
        // Output and intervals that came in while finishing.
        if (ChildOutput* output = measurement_->output())
            for (auto& chunk : output->take())
                emit outputArrived(QString::fromStdString(chunk.text), chunk.stream == OutputChunk::Stream::Stderr);
        if (auto last = measurement_->takeIntervals(); !last.empty()) emit intervalsArrived(last);
        measurement_.reset();
        setState(State::Finished);
        emit finished(result);
    });
    watcher->setFuture(future);
}

void MeasurementController::setState(State state) {
    if (state_ == state) return;
    state_ = state;
    emit stateChanged(state);
}

} // namespace perfdash
