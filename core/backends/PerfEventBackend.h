#pragma once
// The perf_event_open(2) backend: opens an event set as kernel groups on
// every location of a scope (a task, its threads, or CPUs).
#include "core/backends/CounterBackend.h"
#include "core/sys/PerfEventSys.h"

namespace perfdash {

class PerfEventBackend final : public CounterBackend {
public:
    explicit PerfEventBackend(PerfPermissions permissions = PerfPermissions::read());

    std::string name() const override { return "perf"; }

    // Locations by scope: Task -> one per CPU of `cpus` (CounterLocation::Cpu),
    // or one for the process when `cpus` is empty; Threads -> one per tid
    // (a thread that exits while being opened is left out); Cpus -> one per CPU.
    // The grouping is decided on the first location (see PerfEventGroupPlan.h)
    // and repeated on the others. Every counter starts disabled: call enable(),
    // or, with enableOnExec, the target's exec starts them.
    Result<std::unique_ptr<CounterSet>> open(const EventSet& events, const CountingScope& scope) override;

private:
    PerfPermissions permissions_;
};

} // namespace perfdash
