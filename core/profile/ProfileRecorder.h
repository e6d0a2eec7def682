#pragma once
// A sampling run beside a counting one (`record`, `top`): the counting plan's
// first group (or -e events) sampled with its leader, every member read with
// each sample, and the records drained on a thread of their own into a
// ProfileBuilder while the Measurement counts.
//
//   auto sampling = planSampling(plan, machine, options);   // warnings
//   Measurement::start(plan, machine, [&](int pid) {          // the target is held
//       recorder = ProfileRecorder::open(*sampling, plan, pid, options);
//       return recorder->start(transitionsPath);            // sampling on before exec
//   });
//   ... the measurement runs; recorder->read(view) for a live view ...
//   Profile profile = recorder->finish();                    // after the program ended
//
// Region transitions (`-m`) are read from the marker's file before the
// samples of their time: a sample waits until the file has been read at
// least kRegionLag after it, so a transition written a moment after its
// timestamp still counts.
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/measurement/MachineContext.h"
#include "core/measurement/MeasurementPlan.h"
#include "core/profile/ProfileBuilder.h"
#include "core/sampling/SamplingRun.h"

namespace perfdash {

struct ProfileOptions {
    SamplingRate rate;
    CallGraph callGraph = CallGraph::FramePointer;
    uint32_t dwarfStackBytes = 8192;
    size_t ringDataPages = 0; // per CPU, a power of two; 0: SamplingRequest's default
    std::string leader;  // the event or counter to sample; "" for the group's first
    std::string cgroup;  // sample the tasks of this cgroup (whole CPUs)
    SymbolizerOptions symbols;
    double intervalS = 1.0;
    size_t maxRows = 0;         // ProfileBuilderOptions::maxRows
    uint32_t liveIntervals = 0; // ProfileBuilderOptions::liveIntervals: what read() must still show
    // Samples the profile takes at most (0: no limit); later ones are left
    // out, counted, and the profile says so. The agent's bound on a profile's
    // memory (each sample adds at most a row of each table and one stack's nodes).
    uint64_t maxSamples = 0;
};

// The sampling request a counting plan makes: its first group's slots (a
// leader first), what each is in the profile, and the group's formulas.
struct PlannedSampling {
    SamplingRequest request; // target and CPUs still to be filled in
    std::vector<ProfileEvent> events;
    std::vector<int> eventOfRequested; // request.events[i] → events index
    std::vector<ProfileMetric> metrics;
    std::vector<std::string> warnings; // what is sampled otherwise than asked
};

// Errors name the option and the fix: an unknown --leader (with the
// group's events), a leader that cannot be resolved here.
Result<PlannedSampling> planSampling(const MeasurementPlan& plan, MachineContext& machine,
                                     const ProfileOptions& options);

class ProfileRecorder {
public:
    // Opens the sampling events on the plan's target (targetPid: the launched
    // program, held, or the attached process; -1 for whole CPUs).
    static Result<std::unique_ptr<ProfileRecorder>> open(const PlannedSampling& sampling, const MeasurementPlan& plan,
                                                         int targetPid, const ProfileOptions& options,
                                                         const MetricEnvironment& constants);
    ~ProfileRecorder(); // stops
    ProfileRecorder(const ProfileRecorder&) = delete;
    ProfileRecorder& operator=(const ProfileRecorder&) = delete;

    // The sampling run's fallbacks and restrictions, for the user.
    const std::vector<std::string>& notices() const { return sampling_->notices(); }

    // Starts sampling and the drain thread. `transitionsPath`: the marker's
    // region transitions file, "" without regions.
    Status start(const std::string& transitionsPath);
    // Calls `view` with the profile so far, under the recorder's lock.
    void read(const std::function<void(const Profile&)>& view) const;
    // Stops sampling, drains what is left and returns the whole profile.
    Profile finish();

    static constexpr std::chrono::milliseconds kRegionLag{100};
    static constexpr std::chrono::milliseconds kDrainEvery{50};

private:
    ProfileRecorder(std::unique_ptr<SamplingRun> sampling, std::unique_ptr<ProfileBuilder> builder);
    void drain();
    void feed(std::vector<PerfRecord>& pending, bool all);

    std::unique_ptr<SamplingRun> sampling_;
    std::unique_ptr<ProfileBuilder> builder_;
    std::string transitionsPath_;
    std::unique_ptr<MarkerTransitionsReader> transitions_;
    uint64_t transitionsReadAt_ = 0;
    uint64_t maxSamples_ = 0;
    uint64_t samplesLeftOut_ = 0; // beyond maxSamples_
    mutable std::mutex mutex_; // guards builder_ between the drain thread and read()
    std::thread drainer_;
    bool started_ = false;
    bool finished_ = false;
};

} // namespace perfdash
