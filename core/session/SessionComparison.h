#pragma once
// Two sessions side by side: every event total and metric of either, paired
// by group and name, with the difference B − A absolute and relative. A
// value that is not available stays not available: any difference with it
// is n/a, and so is a relative difference against an A of zero.
#include <optional>
#include <string>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

// b − a; NaN when either is not available.
double absoluteDifference(double a, double b);
// (b − a) / |a|: 0.25 means B is 25 % above A; NaN when either is not available or a is 0.
double relativeDifference(double a, double b);

// One session's side of a row beyond its number: how much of it was counted
// and, when it is n/a, why.
struct ComparisonSide {
    double coverage = kNotAvailable;   // events: the total's coverage (below 1: multiplexed, scaled up)
    std::optional<PartialSum> partial; // events: only some locations had a value (the value is then n/a)
    std::string whyNotAvailable;       // empty when there is a value
};

struct ComparisonRow {
    enum class Kind { Event, Metric };
    static constexpr size_t kAbsent = static_cast<size_t>(-1);

    Kind kind = Kind::Metric;
    std::string group;
    std::string name;
    std::string counter; // events: the slot, which tells apart an event counted twice in a group
    std::string unit;    // events with a unit (Joules); empty otherwise
    double a = kNotAvailable; // event total or metric aggregate; NaN too when the session lacks the row
    double b = kNotAvailable;
    // Where the row is in each session (group index, event or metric index), kAbsent when not there.
    size_t groupA = kAbsent, itemA = kAbsent, groupB = kAbsent, itemB = kAbsent;
    ComparisonSide sideA{}, sideB{};

    bool inA() const { return groupA != kAbsent; }
    bool inB() const { return groupB != kAbsent; }
    double absolute() const { return absoluteDifference(a, b); }
    double relative() const { return relativeDifference(a, b); }
    // Why the difference is n/a, or that it compares estimates (multiplexed); empty otherwise.
    std::string differenceNote() const;
};

// A's rows in A's order, then the rows only B has. Rows pair up by group
// name, event name and counter (metric name), the n-th repetition with the n-th.
std::vector<ComparisonRow> compareSessions(const MeasurementResult& a, const MeasurementResult& b);

// One row's timeline in both sessions on one time axis (seconds since each
// session started): t is every interval end of either session, and a[i]
// (b[i]) is the value of A's (B's) interval that covers t[i], NaN where that
// session has no interval there or no value.
struct AlignedTimelines {
    std::vector<double> t, a, b;
};
AlignedTimelines alignTimelines(const MeasurementResult& a, const MeasurementResult& b, const ComparisonRow& row);

} // namespace perfdash
