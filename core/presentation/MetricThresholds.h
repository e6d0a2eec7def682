#pragma once
// When a metric's value is worth a look: the bands of the overview's tiles,
// read from data (resources/metrics/thresholds.json), not written in code, so
// that a user adds a rule for their own group by editing a file.
//
//   Result<MetricThresholds> t = loadMetricThresholds();   // the user's copy, else the installed one
//   if (const MetricThreshold* rule = t->find("CPI", "CPI [s]")) rule->rate(1.7)  → Rating::Warning
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

enum class Rating { None, Good, Warning, Bad }; // None: no rule, or no value

struct MetricThreshold {
    std::string group;  // empty: any group
    std::string metric; // the full name as the group file writes it ("Major page faults [1/s]")
    bool higherIsWorse = true;
    double warn = 0;
    double bad = 0;
    std::string why; // what a value in the bad direction means

    Rating rate(double value) const; // None for n/a
};

class MetricThresholds {
public:
    MetricThresholds() = default;
    explicit MetricThresholds(std::vector<MetricThreshold> rules) : rules_(std::move(rules)) {}

    // The rule for a metric of a group: one naming the group first, else one for any group.
    const MetricThreshold* find(std::string_view group, std::string_view metric) const;
    const std::vector<MetricThreshold>& rules() const { return rules_; }

private:
    std::vector<MetricThreshold> rules_;
};

// Parses the JSON text of a thresholds file; `source` names it in errors.
Result<MetricThresholds> parseMetricThresholds(const std::string& text, const std::string& source);
Result<MetricThresholds> loadMetricThresholds(const std::string& path);
// $XDG_CONFIG_HOME/perfdash/metrics/thresholds.json when it exists, else the one in dataDir().
std::string defaultMetricThresholdsPath();

} // namespace perfdash
