#pragma once
// Prometheus recording rules that compute a group's METRICS from the
// counters `perfdash-cli serve` exposes (Exposition.h): per CPU and per host,
// over a rate window. A formula's counters become rate()s of their series and
// `time` becomes 1: the metric over one second at the window's mean rates. A
// gauge (likwid's TMP0, a temperature, Exposition.h's perfdash_reading_*)
// becomes its last reading in the window, averaged over the CPUs aggregated,
// as perfdash takes a gauge's value for a period and over locations.
// That equals the metric over the whole window exactly when the formula is a
// ratio or a rate (scaling every count and the time alike, a gauge's reading
// kept, leaves it unchanged), which is checked numerically; a formula that
// is an amount over the period (`time`, CPU seconds), or that uses what the
// agent does not export (inverseClock, num_cpus, ...) or a function PromQL
// lacks (min, max, ...), is not translated and is reported with its reason.
#include <string>
#include <vector>

#include "core/groups/PerformanceGroup.h"
#include "core/util/Outcome.h"

namespace perfdash {

// A formula in PromQL; `counterSelector` gives a slot's series selector.
// Errors say why the formula has no PromQL counterpart.
Result<std::string> translateFormula(const PerformanceGroup& group, const std::string& formula,
                                     const std::vector<std::string>& aggregationLabels, const std::string& window);

struct UntranslatedMetric {
    std::string group;
    std::string metric;
    std::string reason;
};

struct RecordingRules {
    std::string yaml;                          // Prometheus rule file
    std::vector<UntranslatedMetric> untranslated; // also listed as comments in `yaml`
};

// window: a Prometheus duration ("1m", "30s"). Per CPU (host_cpu:) and per
// host (host:); with `perCgroup`, for agents run with --cgroup, per cgroup
// and CPU (host_cgroup_cpu:) and per cgroup (host_cgroup:) instead: the
// cgroup label is kept, so that one cgroup's counts never mix with another's.
RecordingRules formatRecordingRules(const std::vector<PerformanceGroup>& groups, const std::string& window,
                                    bool perCgroup = false);

} // namespace perfdash
