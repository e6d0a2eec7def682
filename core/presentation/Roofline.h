#pragma once
// The roofline's geometry, shared by the dashboard's chart and the reports'
// SVG: which roofs a ceilings file gives, the ridge point where a bandwidth
// roof meets a compute roof, the performance attainable at an arithmetic
// intensity, which roof bounds a point, and the log-log scales both axes use.
// Units: intensity in FLOP/byte, performance in FLOP/s, bandwidth in byte/s.
#include <optional>
#include <string>
#include <vector>

#include "core/presentation/ColorScale.h"
#include "core/presentation/RooflineCeilings.h"

namespace perfdash {

// A bandwidth roof (slanted: performance = intensity × bandwidth) or a compute roof (flat).
struct Roof {
    enum class Kind { Memory, Compute } kind = Kind::Memory;
    std::string level;     // Memory: "L1", "L2", "L3", "DRAM"
    std::string precision; // Compute: "dp", "sp"
    std::string isa;
    double value = 0;      // byte/s (Memory) or FLOP/s (Compute)
    std::string label;     // "DRAM 21.3 GB/s (triad, 1 thread) measured here at 2.95 GHz"
};

// The roofs drawn from a file: per memory level its best bandwidth, and per
// precision and instruction set its best FLOP rate, each among that level's
// (precision's and ISA's) entries with the most threads (a file that also
// measured one thread gets the machine's roofs, not one core's). Memory
// roofs fastest level first (L1 ... DRAM), compute roofs highest first.
std::vector<Roof> roofsOf(const RooflineCeilings& ceilings);

// The intensity where the slanted roof meets the flat one: peak / bandwidth.
double ridgeIntensity(double bandwidth, double peak);

// What a kernel of this intensity can reach under these two roofs: min(peak, intensity × bandwidth).
double attainable(double intensity, double bandwidth, double peak);

// A point's place under the roofs of its memory level and precision.
struct RoofBound {
    const Roof* memory = nullptr;  // the point's level's roof
    const Roof* compute = nullptr; // the highest roof of its precision
    bool memoryBound = false;      // left of the ridge: bandwidth bounds it
    double attainable = 0;         // FLOP/s
    double fraction = 0;           // the point's performance / attainable
};

// `level` is the point's memory level ("DRAM"); `precision` "dp", "sp" or
// "combined" (SP and DP counted together: the higher of the two is its roof).
// Empty when the roofs lack that level or precision.
std::optional<RoofBound> boundOf(const std::vector<Roof>& roofs, double intensity, double performance,
                                 const std::string& level, const std::string& precision);

// A log10 axis from `low` to `high` (both > 0) onto pixels `from` to `to`
// (`to` < `from` for a y axis drawn upwards).
struct LogScale {
    double low = 1, high = 10;
    double from = 0, to = 1;

    double toPixel(double value) const;
    // The decades 10^k within [low, high], the axis' ticks.
    std::vector<double> decades() const;
    bool contains(double value) const { return value >= low && value <= high; }
};

// The whole decades that hold every value > 0 in `values` (NaN and values
// <= 0 ignored), at least `minDecades` wide, widened a decade at a time on
// either side in turn, beginning below (`downFirst`) or above; [1, 10] when
// none is positive.
struct LogRange {
    double low = 1, high = 10;
};
LogRange logRangeCovering(const std::vector<double>& values, int minDecades = 1, bool downFirst = true);

// What a chart draws, in data units: the axes' ranges and each roof as a
// segment. A memory roof runs from the left or bottom edge up to the highest
// compute roof; a compute roof from the fastest memory roof to the right
// edge (the hierarchical roofline's shape). The ranges hold every point,
// every ridge and every compute roof, at least four decades of intensity
// (widened to the right first: compute-bound code lies there) and three of
// performance (widened downwards first: points lie under the roofs).
struct RoofSegment {
    size_t roof = 0; // index into the roofs
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
struct RooflineFrame {
    LogRange x, y;
    std::vector<RoofSegment> segments; // roofs wholly outside the ranges have none
};
RooflineFrame rooflineFrame(const std::vector<Roof>& roofs, const std::vector<double>& intensities,
                            const std::vector<double>& performances);

// A roof's colour, the same in the reports and on screen: memory roofs in
// blues and greens, compute roofs in reds and yellows, by their order.
Rgb roofColour(const std::vector<Roof>& roofs, size_t index);

// "DP", "SP", "SP and DP": a precision as labels print it.
std::string precisionName(const std::string& precision);

// "21.3 GB/s", "47.2 GFLOP/s", "0.125 FLOP/B": SI prefixes from k up (none below 1000), three significant digits.
std::string siText(double value, const std::string& unit);

} // namespace perfdash
