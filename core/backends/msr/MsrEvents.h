#pragma once
// What the MSR backend counts and how: core PMU events (libpfm4 native names,
// raw codes and perf's generic hardware events, the same names as with the
// perf backend, so one group file serves both) programmed into general or
// fixed counters, and free-running registers it reads by name: the TSC,
// APERF/MPERF and the RAPL energy counters, under the names of the kernel's
// msr and power PMUs (msr/aperf/, power/energy-pkg/) and likwid's
// (PWR_PKG_ENERGY), so groups written for either work.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/backends/msr/MsrPmu.h"
#include "core/events/EventSpec.h"
#include "core/util/Outcome.h"

namespace perfdash::msr {

// Which CPUs share one instance of a free-running register: reading it on
// every CPU of a package and adding up would count the package many times.
enum class MsrScope { Thread, Core, Package };

enum class MsrRegisterKind { Tsc, Aperf, Mperf, EnergyPkg, EnergyCores, EnergyGpu, EnergyRam };

struct MsrRegisterEvent {
    MsrRegisterKind kind;
    std::string_view name;       // the kernel PMU's spelling: "msr/aperf/", "power/energy-pkg/"
    std::string_view likwidName; // likwid's event name, empty where likwid has none
    std::string_view description;
};

std::span<const MsrRegisterEvent> msrRegisterEvents();
// By either name; nullptr for anything else.
const MsrRegisterEvent* findMsrRegisterEvent(std::string_view name);

// Energy counts are reported in units of 2^-32 J (as the kernel's power PMU
// does), whatever the CPU's unit: this is their scale, the unit "Joules".
inline constexpr double kEnergyScale = 1.0 / 4294967296.0;

// The ResolvedEvent of a register event, for the plan (no sysfs PMU needed).
ResolvedEvent resolvedRegisterEvent(const MsrRegisterEvent& event, std::string_view spec);

// How the MSR backend counts one event on this CPU.
struct MsrEventPlan {
    enum class Kind { Core, Register };
    Kind kind = Kind::Core;
    // Core: the event-select bits (no enable or privilege bits) and levels.
    uint64_t select = 0;
    bool countUser = true;
    bool countKernel = true;
    int fixedIndex = -1;     // Intel: the fixed counter that counts exactly this event, -1 if none
    bool fixedOnly = false;  // an encoding only that fixed counter has (UNHALTED_REFERENCE_CYCLES = 0x0300)
    // Register:
    uint32_t reg = 0;
    unsigned width = 64;
    MsrScope scope = MsrScope::Thread;
    bool energy = false;
    bool dramFixedUnit = false; // counts in 2^-16 J whatever the unit register says
};

// Fails with the reason when the event cannot be counted by this backend on
// this CPU: another vendor's event, an uncore or offcore event, a register
// this CPU lacks, privilege filters the hardware cannot apply.
Result<MsrEventPlan> planMsrEvent(const ResolvedEvent& event, const MsrPmu& pmu);

} // namespace perfdash::msr
