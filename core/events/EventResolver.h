#pragma once
// Turns an event string, written any way perf, likwid or libpfm4 users write
// it, into a ResolvedEvent (the perf_event_attr encoding plus name, source,
// PMU, description, scale and unit).
//
// Order of interpretation (the first that applies wins):
//   0. loongson2f::NAME[:MODS] a Loongson 2E/2F event (Loongson2fEvents.h), counted by --backend loongson only
//   1. contains "::"           libpfm4 fully qualified name, any model, present or not
//                              (amd64_fam19h_zen4::RETIRED_INSTRUCTIONS, skl::INST_RETIRED:ANY_P:u)
//   2. contains "/"            sysfs PMU with terms: pmu/term=value,.../ then optional modifiers
//                              (cpu/event=0x3c,umask=0x0/u, msr/tsc/)
//   3. NAME[:MODS]             perf generic hardware or software event (cycles:u, cs)
//   4. NAME[:MODS]             perf hardware-cache event (dTLB-load-misses:k)
//   5. r<hex>[:MODS]           raw event of the core PMU (r01c2:u)
//   6. subsystem:name          kernel tracepoint, if tracefs has it (sched:sched_switch)
//   7. EVENT[:UMASK][:MODS]    libpfm4 native name, on the models present here only (none
//                              for a sysfs tree other than /sys: it is another machine's), or on
//                              the one model resolveOn() names (and libpfm4's OS-generic
//                              perf models, the same on any CPU); also in likwid's spelling
//                              EVENT_UMASK[:MODS] (LikwidNativeName.h: L2_LINES_IN_ALL)
//   8. NAME[:MODS]             a named event of the core sysfs PMU (mem-loads)
// Anything else is an error listing the closest known names.
// MODS are perf's modifier letters u k h G H I p (see PerfModifiers.h); libpfm4
// names take libpfm4's own modifiers (:u :k :c=2 :e :i ...).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/events/EventSpec.h"
#include "core/events/LibpfmTable.h"
#include "core/events/SysfsPmu.h"
#include "core/events/Tracefs.h"
#include "core/util/Outcome.h"

namespace perfdash {

// Where the kernel's event descriptions live; tests point these at fixture trees.
struct EventPaths {
    std::string sysfsRoot = "/sys"; // PMUs under <sysfsRoot>/bus/event_source/devices
    std::vector<std::string> tracefsRoots = Tracefs::defaultRoots();
};

class EventResolver {
public:
    explicit EventResolver(const EventPaths& paths = {});

    Result<ResolvedEvent> resolve(std::string_view spec) const;
    // As resolve(), but a native name (step 7) is taken as an event of the
    // libpfm4 model `model` (present here or not), never of this machine's.
    // An empty model means none: native names are then unknown.
    Result<ResolvedEvent> resolveOn(std::string_view spec, const std::string& model) const;
    // A comma-separated list (see splitEventList); fails on the first bad item.
    Result<std::vector<ResolvedEvent>> resolveList(std::string_view list) const;

    const SysfsPmus& pmus() const { return pmus_; }
    // The sysfs tree it reads (/sys, or a copied tree): also where hwmon sensors are.
    const std::string& sysfsRoot() const { return sysfsRoot_; }
    const Tracefs& tracefs() const { return tracefs_; }
    // The core PMU's name, or "cpu" where sysfs has none.
    std::string corePmuName() const;

private:
    Result<ResolvedEvent> resolve(std::string_view spec, const std::string* model) const;
    Result<ResolvedEvent> resolveLibpfm(const std::string& spec, const std::string& qualified,
                                        Result<LibpfmEncoding> encoded) const;
    std::optional<Result<ResolvedEvent>> resolveNative(const std::string& spec, const std::string* model) const;
    Result<ResolvedEvent> resolveSysfs(const std::string& spec) const;
    Result<ResolvedEvent> resolveNamedPmuEvent(const std::string& spec, const SysfsPmu& pmu, const std::string& terms,
                                               const std::string& modifiers) const;
    Error unknownEvent(const std::string& spec) const;
    Error unknownOnModel(const std::string& spec, const std::string& model) const;

    std::string sysfsRoot_;
    SysfsPmus pmus_;
    Tracefs tracefs_;
    bool machinesModels_; // sysfs is /sys: native names may be read on the models libpfm4 detects here
};

// Shared by the resolver and the catalog so both describe an event the same way.
std::string describePmuEvent(const SysfsPmu& pmu, const PmuNamedEvent& event);
std::string describeTracepoint(std::string_view subsystem);

} // namespace perfdash
