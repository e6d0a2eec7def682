#pragma once
// What `perfdash-cli serve` answers on /metrics: the OpenMetrics text
// exposition, or Prometheus's older text format 0.0.4 for a client that
// does not ask for OpenMetrics. Raw counts go out as monotonic counters and
// ratios are computed in queries (node_exporter's practice; the queries come
// from RecordingRules.h). A pure function over cumulative totals, so that a
// test can compare it with the exact expected text.
//
// Counter families (OpenMetrics names; the samples end in _total):
//   perfdash_event                    the counts of every event, labelled by event
//   perfdash_event_<unit>             the same for events with a unit (sysfs .unit, e.g. joules)
//   perfdash_multiplex_enabled_seconds how long each event was enabled
//   perfdash_multiplex_running_seconds how long it was on a hardware counter
// running / enabled is the multiplexing coverage. Gauge families (no _total):
//   perfdash_reading_<unit>           the latest reading of each gauge event
//                                     (likwid's TMP0: perfdash_reading_celsius)
// A gauge is a value now, not a count: never added up, and it has no
// multiplexing coverage (no counter holds it). Labels: host, cpu, socket,
// numa_node, core_type (hybrid CPUs) and cgroup where they apply, group,
// counter (the group's slot), event.
#include <string>
#include <string_view>
#include <vector>

#include "core/result/CountSum.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

enum class ExpositionFormat { OpenMetrics, PrometheusText };
const char* contentType(ExpositionFormat format);

// The cumulative totals of a continuous measurement: every interval's counts
// added up per group, event and location (through CountSum, so an interval
// without a value is left out of the count and its length still counts as
// enabled time), and of a gauge the latest interval's readings, as a gauge's
// value over consecutive periods is the last one's (GaugeStats.h). Every
// interval must come from the same measurement.
class CounterTotals {
public:
    struct Event {
        std::string group;
        std::string counter;
        std::string event;
        std::string unit;
        bool gauge = false;                // a reading (a temperature): `readings`, not `perLocation`
        std::vector<CountSum> perLocation; // counts; weights: the intervals' lengths in seconds
        std::vector<CountValue> readings;  // a gauge's latest readings, n/a where it had none
    };

    void add(const IntervalResult& interval);
    const std::vector<Event>& events() const { return events_; }

private:
    std::vector<Event> events_;
};

// A location's labels; -1 or empty: not known or not applicable (left out).
struct CpuLabels {
    int cpu = -1;
    int socket = -1;
    int numaNode = -1;
    std::string coreType; // a hybrid CPU's core PMU (cpu_core, cpu_atom)
    std::string cgroup;   // counted for one cgroup only (serve --cgroup)
};

struct ExpositionInput {
    std::string host;
    std::vector<CpuLabels> locations; // parallel to every event's perLocation
    const CounterTotals& totals;
};

std::string formatExposition(const ExpositionInput& input, ExpositionFormat format);

// Lower case, every run of characters outside [a-z0-9] one '_', none at the
// ends: a piece of a metric name ("Page faults [1/s]" -> "page_faults_1_s").
std::string metricNameFragment(std::string_view text);
// An event's unit as OpenMetrics names it: Prometheus's base unit where the
// text is a symbol ("°C" -> "celsius"), else its metric name fragment.
std::string openMetricsUnit(std::string_view unit);
// A label value inside its double quotes: backslash, double quote and line feed escaped.
std::string escapeLabelValue(std::string_view value);

} // namespace perfdash
