#pragma once
// Whether a resolved event can be counted here: opens it once with
// perf_event_open (pid=0, cpu=-1; for system-wide PMUs pid=-1 on the first
// CPU of their cpumask), closes it and remembers the answer per encoding;
// except when the open ran out of file descriptors (EMFILE, ENFILE): that is
// a limit of the process or system, the answer is "unchecked" with the limit
// and its fix, and it is never remembered.
// If the kernel refuses kernel-space counting, user space alone is tried, and
// an event that counts only there is "restricted". libpfm events of models
// not present here are never opened.
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <sys/types.h>
#include <tuple>
#include <vector>

#include "core/events/ArmCommonEvents.h"
#include "core/events/EventSpec.h"
#include "core/events/PerfOpenError.h"
#include "core/events/SysfsPmu.h"
#include "core/util/IdentityOverride.h"

namespace perfdash {

class AvailabilityCheck {
public:
    // Opens (and closes) the event; returns 0 on success or the errno. Injectable for tests.
    using OpenFunction = std::function<int(perf_event_attr& attr, pid_t pid, int cpu)>;
    static int openAndClose(perf_event_attr& attr, pid_t pid, int cpu);

    // `hardwarePmuPresent`: whether sysfs shows a core PMU; without one, a
    // core event that the kernel does not know is "no hardware PMU".
    AvailabilityCheck(PerfPermissions permissions, bool hardwarePmuPresent, OpenFunction open = openAndClose);
    // The real check for this process and the PMUs sysfs shows.
    // On an Armv8 core, Arm's common events the core does not implement are
    // unsupported without opening them (ArmCommonEvents.h): they would open and count 0.
    static std::shared_ptr<AvailabilityCheck> forThisMachine(const SysfsPmus& pmus);

    Availability check(const ResolvedEvent& event);
    const PerfPermissions& permissions() const { return permissions_; }

private:
    using Key = std::tuple<uint32_t, uint64_t, uint64_t, uint64_t, unsigned, int>;
    Availability tryOpen(const ResolvedEvent& event);
    // Under PERFDASH_IDENTITY, a CPU event (hardware, raw, native, or of a simulated PMU) is
    // refused unopened: the simulated CPU's PMU is not this machine's.
    std::optional<Availability> simulated(const ResolvedEvent& event) const;
    std::string briefFor(int err, const ResolvedEvent& event) const;

    PerfPermissions permissions_;
    bool hardwarePmuPresent_;
    OpenFunction open_;
    std::optional<ArmImplementedEvents> arm_; // an Armv8 core's implemented common events; none elsewhere
    // The simulated CPU identity the machine's own check runs under (forThisMachine); none for
    // a check given its open function, which answers for the machine it fakes.
    std::optional<IdentityOverride> identity_;
    std::vector<std::string> simulatedPmus_; // the PMUs a simulated CPU identity brings
    std::mutex mutex_;
    std::map<Key, Availability> cache_;
};

} // namespace perfdash
