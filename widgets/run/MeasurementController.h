#pragma once
// The GUI's handle on one measurement: prepares and starts it, polls new
// intervals and the program's output at frame rate from a GUI-thread timer
// (the GUI never waits for a counter read), pauses/resumes/stops it, and
// finishes it on a worker thread (finishing may wait for a program to exit)
// before handing the result back on the GUI thread.
//
// With sampling asked for, a ProfileRecorder samples the plan's first group
// beside the counts (as `perfdash-cli record` does); twice a second a copy of
// the profile so far is taken on a worker thread and handed over
// (profileArrived), and the whole profile when the run ends.
#include <QFuture>
#include <QTimer>
#include <memory>
#include <optional>
#include <vector>

#include "core/measurement/MachineContext.h"
#include "core/measurement/Measurement.h"
#include "core/measurement/MeasurementPlan.h"
#include "core/profile/ProfileRecorder.h"
#include "widgets/run/RunSource.h"

namespace perfdash {

class MeasurementController : public RunSource {
    Q_OBJECT
public:
    enum class State { Idle, Running, Paused, Finishing, Finished };
    Q_ENUM(State)

    explicit MeasurementController(MachineContext& machine, QObject* parent = nullptr);
    ~MeasurementController() override;

    MachineContext& machine() { return machine_; }

    // Checks a request without starting anything; the plan's warnings list
    // what will not be counted and why.
    Result<MeasurementPlan> prepare(const MeasurementRequest& request);
    // Starts a prepared plan, and samples its first group too with `sampling`. Fails (with the message) when
    // the target, the counters or the sampling cannot be started.
    Status start(MeasurementPlan plan, std::optional<ProfileOptions> sampling = std::nullopt);
    void pause();
    void resume();
    // Ends the measurement; a launched program still running is terminated.
    void stop();

    State state() const { return state_; }
    const MeasurementPlan* plan() const { return plan_.get(); }
    // Valid while Running/Paused/Finishing.
    const std::vector<LocationInfo>& locations() const override;
    // This machine's topology: a measurement counts here.
    std::map<int, CpuPlace> cpuPlaces() const override;
    // A measurement's context is known when it ends (finished()).
    const MeasurementResult* knownContext() const override { return nullptr; }
    // Running or Paused: counting, until stop() or the program's exit.
    bool isRunning() const override { return state_ == State::Running || state_ == State::Paused; }
    int targetPid() const;
    // The samples of the current (or last) run: the copy last handed over while it runs, the whole profile
    // once it finished; none for a run that does not sample.
    const std::shared_ptr<const Profile>& profile() const { return profile_; }
    // Whether the current run samples (from started() until the next start()).
    bool isSampling() const { return recorder_ != nullptr || profile_ != nullptr; }

    // How often new intervals and output are pulled (default 30 Hz).
    void setPollInterval(int milliseconds);
    // Whether the finished result holds every interval (default true). Off
    // when a follower keeps them (RunRecorder): an hour at 10 ms and 64
    // CPUs would be gigabytes in memory otherwise. Applies from the next start().
    void setKeepIntervals(bool keep) { keepIntervals_ = keep; }

signals:
    void stateChanged(perfdash::MeasurementController::State state);
    // started(), intervalsArrived() (at most once per poll) and finished() are RunSource's.
    // Text the launched program wrote (captured output).
    void outputArrived(const QString& text, bool isStderr);
    // The samples so far (complete = false), at most twice a second while the run samples, and all of them
    // when it ended (complete = true, before finished()).
    void profileArrived(std::shared_ptr<const perfdash::Profile> profile, bool complete);

private:
    void poll();
    void setState(State state);
    void beginFinishing();
    Status openSampling(int targetPid, const ProfileOptions& options);
    void takeProfileCopy();

    MachineContext& machine_;
    std::unique_ptr<MeasurementPlan> plan_;
    std::unique_ptr<Measurement> measurement_;
    QTimer pollTimer_;
    // Shared with the worker that copies its profile, so that finishing never waits on a copy.
    std::shared_ptr<ProfileRecorder> recorder_;
    std::shared_ptr<const Profile> profile_;
    QTimer profileTimer_;
    QFuture<std::shared_ptr<const Profile>> profileCopy_;
    State state_ = State::Idle;
    bool keepIntervals_ = true;
};

} // namespace perfdash
