#pragma once
// A run's points on the roofline: its FLOP rate against its memory traffic,
// for the whole run, each marker region and each interval (the live trail).
//
// Where the numbers come from (the rule, for any group file, ours or likwid's):
// - FLOPs: a group named FLOPS_DP or FLOPS_SP; of its metrics in [MFLOP/s],
//   the one whose formula reads the most of the group's counters (the total
//   over every vector width reads each width's counter; "AVX DP" or
//   "DP scalar" read a part). Its precision is the group's, or "combined"
//   where the metric's name or the group's SHORT line says "all precisions"
//   (Zen 3 and 4 count SP and DP together: resources/groups/zen4/FLOPS_DP.txt).
// - Bytes: groups MEM, MEM2, MEM3... (DRAM; MEM2 and MEM3 count further
//   channels, so their rates add up), L3 and L2 (the bytes into that cache
//   level); of each, the [MBytes/s] metric whose formula reads the most
//   counters (read plus write).
// A point's intensity is its FLOP rate over its byte rate, both over the
// same span; its performance the FLOP rate. Each point says what it is:
// DRAM bytes are socket-wide (the memory controller counts every process),
// cache bytes an estimate (a count of lines times 64).
#include <cstddef>
#include <string>
#include <vector>

#include "core/presentation/Roofline.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

// A rate metric of one group, by index into the run's groups.
struct RateMetric {
    size_t group = 0;
    size_t metric = 0;
};

struct FlopSource {
    RateMetric rate;
    std::string group;     // "FLOPS_DP"
    std::string precision; // "dp", "sp", "combined"
    std::string note;      // "DP FLOPs counted (FLOPS_DP: DP [MFLOP/s])"
};

struct ByteSource {
    std::vector<RateMetric> rates; // summed: MEM, MEM2, MEM3 each count other channels
    std::string level;             // "DRAM", "L3", "L2"
    std::string note;              // "DRAM bytes: socket-wide, other processes included (MEM: ...)"
};

struct RooflineSources {
    std::vector<FlopSource> flops;
    std::vector<ByteSource> bytes;
    std::vector<std::string> missing; // why there can be no point: a group not measured, with the fix
};

// Found by the rule above in a run's groups (their names, metrics and formulas).
RooflineSources rooflineSources(const std::vector<GroupResult>& groups);

// Whether a run counted a group the roofline reads (a FLOPS or memory group):
// the reports draw a roofline only for such runs.
bool hasRooflineGroups(const std::vector<GroupResult>& groups);

struct RooflinePoint {
    enum class Kind { WholeRun, Region, Interval } kind = Kind::WholeRun;
    std::string name; // "whole run", the region's name, "t = 2.5 s"
    double t = kNotAvailable; // an interval's end, seconds
    double flopsPerS = kNotAvailable;
    double bytesPerS = kNotAvailable;
    double intensity = kNotAvailable; // FLOP/byte
    std::string precision;            // as FlopSource
    std::string level;                // as ByteSource
    size_t flopSource = 0;            // index into RooflineSources::flops: its note says what the FLOPs are
    size_t byteSource = 0;            // index into RooflineSources::bytes
};

// The point of one span (`groups` parallel to the run's: the whole run's, an
// interval's) for one FLOP source and one byte source; its values n/a where
// a rate has none (not counted, or a rate of 0 bytes).
RooflinePoint rooflinePointOf(const std::vector<GroupResult>& groups, const RooflineSources& sources,
                              size_t flopSource, size_t byteSource);

struct RooflinePoints {
    RooflineSources sources;
    std::vector<RooflinePoint> points;  // whole run first, then regions, then intervals in time
    std::vector<std::string> missing;   // sources.missing and, per source, why it has no value
};

// Every point of a run with a value, for each pair of a FLOP source and a byte source.
RooflinePoints rooflinePoints(const MeasurementResult& result);

// A point in words, as the chart's tooltip, the report's table and the
// dashboard's list say it: "3.01 FLOP/B, 21.1 GFLOP/s: 30% of the 70
// GFLOP/s attainable there, bound by DRAM".
std::string describePoint(const RooflinePoint& point, const std::vector<Roof>& roofs);

// "whole run", "dgemm (L3)": a point's name, with its precision and level
// where the run has points of several sources.
std::string pointLabel(const RooflinePoint& point, const RooflineSources& sources);

// A point's colour by its kind, the same in the reports and on screen.
Rgb pointColour(RooflinePoint::Kind kind);

// What every point of these sources is, one line a source: the FLOP
// source's note, then the byte sources'.
std::vector<std::string> rooflineSourceNotes(const RooflineSources& sources);

} // namespace perfdash
