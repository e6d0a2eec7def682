#pragma once
// The one rule for adding counts up, over locations, intervals or threads:
// a part without a value is unknown, never 0. A sum whose parts all had a
// value is the total; one with only some is partial (a lower bound, with how
// many parts it holds), never shown as the total; one with none is n/a.
// Exact zeros stay zeros: a part counted as 0 (CounterDeltas.h: residency)
// has a value. Used by ResultBuilder (over locations), the region results
// (over threads), the report statistics and the GUI's running totals (over
// intervals), so they all agree.
#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

class CountSum {
public:
    // weight: what the part stands for in meanCoverage(), e.g. an interval's length.
    void add(const CountValue& part, double weight = 1.0);
    // A sum as one part of a larger sum (a location's sum over intervals, in
    // the sum over locations): complete only when it was complete.
    void add(const CountSum& part);
    // A sum formed elsewhere, as a report records it (its total, or the
    // partial sum of its parts that had a value), as one part of this sum:
    // complete only when it was (an interval's total over its locations, in a
    // sum over intervals).
    void add(const CountValue& total, const std::optional<PartialSum>& partial, double weight);

    // The total, n/a unless every part had a value; coverage: the lowest of the parts'.
    CountValue total() const;
    // Set when some but not all parts had a value.
    std::optional<PartialSum> partial() const;
    // Sum of the parts that have a value, complete or not (n/a when none has).
    double knownValue() const { return value_; }
    // The parts' coverage weighted by their weight (parts whose coverage is
    // unknown are left out): the share of the time the event was on a counter.
    double meanCoverage() const;
    double lowestCoverage() const { return lowestCoverage_; }
    // The weights behind meanCoverage(): summed over parts whose coverage is
    // known, weight x coverage and weight. With intervals' lengths as weights,
    // the seconds an event was on a counter and the seconds it was enabled.
    double coveredWeight() const { return coveredWeight_; }
    double knownWeight() const { return knownWeight_; }

    size_t parts() const { return parts_; }
    size_t complete() const { return complete_; }
    bool isComplete() const { return parts_ > 0 && complete_ == parts_; }
    bool isPartial() const { return partial().has_value(); }

private:
    void addCoverage(double coverage, double weight);

    double value_ = kNotAvailable;
    double lowestCoverage_ = kNotAvailable;
    double coveredWeight_ = 0; // sum of coverage x weight
    double knownWeight_ = 0;   // sum of weights whose coverage is known
    size_t parts_ = 0;
    size_t complete_ = 0;
};

// An event's sum over its locations [from, to): their counts are the parts,
// except those a package unit's reader holds (EventResult::heldElsewhere),
// which are in their reader's part.
CountSum sumOverLocations(const EventResult& event, size_t from = 0,
                          size_t to = std::numeric_limits<size_t>::max());

// A reports' STAT row over locations: the sum by the rule above, min, max and
// mean over the locations with a value. Locations whose count another CPU
// holds are in none of them: they lack nothing.
struct LocationStatistics {
    CountValue sum;
    std::optional<PartialSum> partial;
    double min = kNotAvailable, max = kNotAvailable, mean = kNotAvailable;
    size_t over = 0; // locations in min, max and mean: those with a value
    size_t of = 0;   // locations with a count of their own
    bool leftOut() const { return over < of; } // some had no value and are not in min, max and mean
};
LocationStatistics locationStatistics(const std::vector<CountValue>& values, const HeldElsewhere& held = {});

} // namespace perfdash
