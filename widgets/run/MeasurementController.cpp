#include "widgets/run/MeasurementController.h"

#include <QtConcurrent/QtConcurrent>

#include "core/measurement/MachineFormulaConstants.h"
#include "core/measurement/MarkerMeasurement.h"
#include "core/topology/TopologyJson.h"
#include "widgets/common/QtStrings.h"

namespace perfdash {

MeasurementController::MeasurementController(MachineContext& machine, QObject* parent) : RunSource(parent), machine_(machine) {
    pollTimer_.setInterval(33);
    connect(&pollTimer_, &QTimer::timeout, this, &MeasurementController::poll);
    // Twice a second, as the Hotspots page promises; a copy still being taken is not doubled.
    profileTimer_.setInterval(500);
    connect(&profileTimer_, &QTimer::timeout, this, &MeasurementController::takeProfileCopy);
}

MeasurementController::~MeasurementController() {
    if (measurement_) {
        measurement_->requestStop();
        measurement_->finish();
    }
    // The recorder stops when its last holder lets it go: here, or a copy that is still being taken.
}

Result<MeasurementPlan> MeasurementController::prepare(const MeasurementRequest& request) {
    return MeasurementPlan::prepare(request, machine_);
}

Status MeasurementController::start(MeasurementPlan plan, std::optional<ProfileOptions> sampling) {
    if (state_ == State::Running || state_ == State::Paused || state_ == State::Finishing)
        return makeError("a measurement is already running: stop it first");
    plan.request.keepIntervals = keepIntervals_;
    plan_ = std::make_unique<MeasurementPlan>(std::move(plan));
    recorder_.reset();
    profile_.reset();
    Measurement::BeforeRelease openSamplingOnTarget;
    if (sampling)
        openSamplingOnTarget = [this, &sampling](int targetPid) { return openSampling(targetPid, *sampling); };
    auto measurement = Measurement::start(*plan_, machine_, openSamplingOnTarget);
    if (!measurement) {
        recorder_.reset();
        return measurement.error();
    }
    if (recorder_) {
        // The marker's transitions file exists once the measurement does; sampling itself is on already.
        const MarkerMeasurement* marker = (*measurement)->marker();
        if (Status on = recorder_->start(marker ? marker->transitionsPath() : ""); !on) {
            (*measurement)->requestStop();
            (void)(*measurement)->finish();
            recorder_.reset();
            return makeError(on.error().message + " (the measurement was stopped)");
        }
    }
    measurement_ = std::move(*measurement);
    setState(State::Running);
    emit started();
    pollTimer_.start();
    if (recorder_) profileTimer_.start();
    return {};
}

// On the held target: sampling starts with the program's first instruction, as `perfdash-cli record`'s does.
Status MeasurementController::openSampling(int targetPid, const ProfileOptions& options) {
    auto planned = planSampling(*plan_, machine_, options);
    if (!planned) return planned.error();
    auto opened = ProfileRecorder::open(*planned, *plan_, targetPid, options, formulaConstants(*plan_, machine_));
    if (!opened) return opened.error();
    // Its fallbacks and restrictions travel in the profile (ProfileSampling::notices), which the page shows.
    recorder_ = std::move(*opened);
    return {};
}

// The copy is taken on a worker thread: a long run's profile is megabytes, and the GUI never waits for it.
void MeasurementController::takeProfileCopy() {
    if (!recorder_ || profileCopy_.isRunning()) return;
    auto* watcher = new QFutureWatcher<std::shared_ptr<const Profile>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        // One taken while the run ends may have met the recorder finished (its rows handed over): the whole
        // profile comes next.
        if (state_ == State::Finishing || state_ == State::Finished || !recorder_) return;
        profile_ = watcher->result();
        emit profileArrived(profile_, false);
    });
    profileCopy_ = QtConcurrent::run([recorder = recorder_]() -> std::shared_ptr<const Profile> {
        auto copy = std::make_shared<Profile>();
        recorder->read([&](const Profile& live) { *copy = live; });
        return copy;
    });
    watcher->setFuture(profileCopy_);
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
    profileTimer_.stop();
    setState(State::Finishing);
    // finish() may wait for the program to exit after SIGTERM: never on the GUI thread. The samples are
    // drained after the program's end, so that its last ones are in.
    struct Ended {
        MeasurementResult result;
        std::shared_ptr<const Profile> profile;
    };
    auto future = QtConcurrent::run([m = measurement_.get(), recorder = recorder_] {
        Ended ended{m->finish(), nullptr};
        if (recorder) {
            auto profile = std::make_shared<Profile>(recorder->finish());
            // As `perfdash-cli record` does: the samples' losses are the run's warnings too.
            ended.result.warnings.insert(ended.result.warnings.end(), profile->sampling.warnings.begin(),
                                         profile->sampling.warnings.end());
            ended.profile = std::move(profile);
        }
        return ended;
    });
    auto* watcher = new QFutureWatcher<Ended>(this);
    connect(watcher, &QFutureWatcher<Ended>::finished, this, [this, watcher] {
        Ended ended = watcher->result();
        MeasurementResult& result = ended.result;
        watcher->deleteLater();
        // Output and intervals that came in while finishing.
        if (ChildOutput* output = measurement_->output())
            for (auto& chunk : output->take())
                emit outputArrived(QString::fromStdString(chunk.text), chunk.stream == OutputChunk::Stream::Stderr);
        if (auto last = measurement_->takeIntervals(); !last.empty()) emit intervalsArrived(last);
        measurement_.reset();
        recorder_.reset();
        setState(State::Finished);
        if (ended.profile) {
            profile_ = std::move(ended.profile);
            emit profileArrived(profile_, true);
        }
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
