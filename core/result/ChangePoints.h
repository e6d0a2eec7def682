#pragma once
// Where a series changes its level markedly: the phase boundaries of a run
// (the demo's touch → yield → compute). Two steps:
// 1. Binary segmentation on the mean: a segment (first the whole series) is
//    split at the index that lowers the sum of squared deviations from the
//    segment means the most, if that gain beats a penalty of
//    kPenaltyFactor · σ² · ln(n) (σ: the noise, estimated from the median
//    absolute difference of neighbouring points, which a level shift barely
//    moves) and both parts keep minSegment points; each part is split again.
// 2. A boundary stays only where the medians of the segments on its two sides
//    differ by at least minRelativeShift of the larger one ("markedly": a few
//    percent of drift is not a new phase, and a short spike, which moves a
//    mean but not a median, is not one either), and by at least
//    minSpreadShare of the spread of the series' levels (the highest segment
//    median less the lowest: a ripple of 200/s in a series that jumps by
//    200,000/s elsewhere is no phase of its own); the weakest boundary is
//    dropped first, then the next, until every one left passes and there are
//    at most maxChangePoints.
// Points without a value (NaN) are ignored: they neither start nor end a phase.
#include <cstddef>
#include <span>
#include <vector>

#include "core/result/TimelineStore.h"

namespace perfdash {

struct ChangePointOptions {
    size_t minSegment = 3;
    double minRelativeShift = 0.25;
    double minSpreadShare = 0.1;
    size_t maxChangePoints = 8;
};

// Indexes i (into values) where a new phase starts: values[i] is the first
// point of the phase. Sorted, without 0.
std::vector<size_t> detectChangePoints(std::span<const double> values, const ChangePointOptions& options = {});

// The boundaries of several series on one time axis, merged: boundaries of
// different series closer than minSegment points are one boundary (the
// earliest of them). Sorted.
std::vector<size_t> mergeChangePoints(const std::vector<std::vector<size_t>>& perSeries, size_t minSegment);

// A stretch of a run between two boundaries: intervals [from, to) of a TimelineStore.
struct Phase {
    size_t from = 0;
    size_t to = 0;
    double start = 0; // seconds since the start of counting: the first interval's start
    double end = 0;   // the last interval's end
};

// The phases of a run: the change points of each of `series` (indexes
// into the store), merged (mergeChangePoints). One phase when nothing changes
// markedly; none for an empty store. A store with limits is read a bucket at
// a time (its boundaries fall on buckets' edges), so the work per call is
// bounded by the store's size, not the run's length.
std::vector<Phase> detectPhases(const TimelineStore& store, const std::vector<size_t>& series,
                                const ChangePointOptions& options = {});

// The mean of a series over intervals [from, to), each weighted by its length:
// for a rate (x/time) the rate over the whole stretch. NaN when no interval has a value.
double weightedMean(const TimelineStore& store, size_t series, size_t from, size_t to);

} // namespace perfdash
