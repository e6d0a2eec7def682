#pragma once
// A core event of a hybrid CPU (Alder/Raptor Lake) bound to one of its core
// PMUs. The kernel registers cpu_core and cpu_atom instead of one `cpu`, and
// an event opens on the PMU of the CPU it counts on: a raw or native code
// goes to that PMU's type, and perf's generic events (cycles, instructions,
// the cache events) keep PERF_TYPE_HARDWARE/HW_CACHE with the PMU's type in
// config bits 32-63 (PERF_PMU_TYPE_SHIFT), as perf writes cpu_atom/cycles/.
#include <string>
#include <vector>

#include "core/events/EventSpec.h"
#include "core/events/SysfsPmu.h"
#include "core/util/Outcome.h"

namespace perfdash {

// Whether `event` is counted by the CPU cores' PMU (generic hardware and
// cache events, raw and native codes, a core PMU's named events), so that on
// a hybrid CPU it needs a core type to count on.
bool isCoreEvent(const ResolvedEvent& event, const SysfsPmus& pmus);

// The hybrid core PMU `event` was written for (cpu_atom/event=0x3c/), or nullptr.
const SysfsPmu* writtenForHybridCore(const ResolvedEvent& event, const SysfsPmus& pmus);

// `event` as counted by hybrid core PMU `core`: encoding, name
// (`cpu_atom/cycles/`, `cpu_atom/r3c/`; a table's TABLE::EVENT stays), pmu and
// coreCpus set. The caller checks isCoreEvent first.
ResolvedEvent onHybridCore(ResolvedEvent event, const SysfsPmu& core);

// An event as counted on each core type that counts it.
struct CoreTypeEvent {
    std::string corePmu; // "cpu_core", "cpu_atom"; empty: one event for every CPU
    Result<ResolvedEvent> event;
};

// An event as perf stat opens it on a hybrid CPU: a core event once per
// hybrid core PMU of `pmus` (cycles -> cpu_core/cycles/, cpu_atom/cycles/),
// an event written for one core PMU (cpu_atom/...) on that one; anything
// else, a machine without hybrid core PMUs and an error: one entry with an
// empty corePmu.
std::vector<CoreTypeEvent> onEveryHybridCore(Result<ResolvedEvent> event, const SysfsPmus& pmus);

} // namespace perfdash
