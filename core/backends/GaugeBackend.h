#pragma once
// Events read from sysfs files beside counters: an event set's slots that no
// perf PMU counts here (ResolvedEvent::readFromFiles()) are read from their
// files, one reading per CPU location at every read(), and every other slot
// is left to the backend it wraps (perf_event, msr, ...). Two kinds:
// - A gauge (the core temperature from hwmon): the reading goes into the
//   snapshot as the raw value (two's complement of hwmon's signed integer)
//   with enabled = running = 1. That its value is the reading and not a
//   difference is decided by the result rules (CounterDeltas.h,
//   ReadingLayout::slotGauge), not here.
// - A counter file (powercap's RAPL energy_uj, which wraps after
//   max_energy_range_uj): extended to a 64-bit total from enable() on
//   (WrappingCounter), with enabled = running = the time enabled, as the
//   direct backends' counters are; differences are taken by the result rules.
// A CPU without a readable file has running = 0, which the result rules make
// n/a; a counter file that fails once stays n/a, since what it counted in
// between would go to the wrong period. An event confined to some CPUs
// (ResolvedEvent::coreCpus: a package's counter read on one CPU per package)
// is read at those CPUs only.
#include <memory>

#include "core/backends/CounterBackend.h"

namespace perfdash {

class GaugeBackend final : public CounterBackend {
public:
    explicit GaugeBackend(std::unique_ptr<CounterBackend> inner);

    std::string name() const override { return inner_->name(); }
    // Locations are the wrapped backend's; with file events alone, one per CPU
    // of a CPU list (whole CPUs, or a program counted per CPU). A file event
    // belongs to a CPU: at a thread or process location it has no reading.
    Result<std::unique_ptr<CounterSet>> open(const EventSet& events, const CountingScope& scope) override;

private:
    std::unique_ptr<CounterBackend> inner_;
};

// The raw value a gauge's reading is stored as, and back.
uint64_t gaugeRaw(int64_t reading);
int64_t gaugeReading(uint64_t raw);

} // namespace perfdash
