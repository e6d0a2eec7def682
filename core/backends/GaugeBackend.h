#pragma once
// Gauges beside counters: an event set's gauge slots (ResolvedEvent::gauge(),
// the core temperature from hwmon) are read here from their sysfs files, one
// reading per CPU location at every read(), and every other slot is left to
// the backend it wraps (perf_event, msr, ...). A reading goes into the
// snapshot as the raw value (two's complement of hwmon's signed integer)
// with enabled = running = 1; a CPU without a readable file has running = 0,
// which the result rules make n/a. That a gauge's value is the reading and
// not a difference is decided by the result rules (CounterDeltas.h,
// ReadingLayout::slotGauge), not here.
#include <memory>

#include "core/backends/CounterBackend.h"

namespace perfdash {

class GaugeBackend final : public CounterBackend {
public:
    explicit GaugeBackend(std::unique_ptr<CounterBackend> inner);

    std::string name() const override { return inner_->name(); }
    // Locations are the wrapped backend's; with gauges alone, one per CPU of
    // a CPU list (whole CPUs, or a program counted per CPU). A gauge belongs
    // to a CPU: at a thread or process location it has no reading.
    Result<std::unique_ptr<CounterSet>> open(const EventSet& events, const CountingScope& scope) override;

private:
    std::unique_ptr<CounterBackend> inner_;
};

// The raw value a gauge's reading is stored as, and back.
uint64_t gaugeRaw(int64_t reading);
int64_t gaugeReading(uint64_t raw);

} // namespace perfdash
