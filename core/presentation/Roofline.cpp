#include "core/presentation/Roofline.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace perfdash {

namespace {

int levelRank(const std::string& level) {
    static const std::vector<std::string> order{"L1", "L2", "L3", "DRAM"};
    const auto it = std::find(order.begin(), order.end(), level);
    return static_cast<int>(it - order.begin()); // unknown levels last
}

std::string threadsText(int threads) { return std::to_string(threads) + (threads == 1 ? " thread" : " threads"); }

} // namespace

std::vector<Roof> roofsOf(const RooflineCeilings& ceilings) {
    // Per level (and per precision and ISA): the entries with the most
    // threads it was measured with, and of those the fastest.
    auto better = [](int threads, double value, int bestThreads, double bestValue) {
        return threads > bestThreads || (threads == bestThreads && value > bestValue);
    };
    std::map<std::string, const MemoryRoof*> bestMemory;
    for (const MemoryRoof& m : ceilings.memory) {
        const MemoryRoof*& best = bestMemory[m.level];
        if (!best || better(m.threads, m.bytesPerS, best->threads, best->bytesPerS)) best = &m;
    }
    std::map<std::pair<std::string, std::string>, const ComputeRoof*> bestCompute;
    for (const ComputeRoof& k : ceilings.compute) {
        const ComputeRoof*& best = bestCompute[{k.precision, k.isa}];
        if (!best || better(k.threads, k.flopsPerS, best->threads, best->flopsPerS)) best = &k;
    }

    const std::string origin = ceilings.provenance();
    std::vector<Roof> roofs;
    for (const auto& [level, m] : bestMemory)
        roofs.push_back({Roof::Kind::Memory, level, {}, m->isa, m->bytesPerS,
                         level + " " + siText(m->bytesPerS, "B/s") + " (" + m->kernel + ", " + threadsText(m->threads) +
                             (m->hardwareBytes ? "" : ", application bytes") + ") " + origin});
    for (const auto& [key, k] : bestCompute)
        roofs.push_back({Roof::Kind::Compute, {}, k->precision, k->isa, k->flopsPerS,
                         precisionName(k->precision) + " " + k->isa + " " + siText(k->flopsPerS, "FLOP/s") + " (" + k->kernel +
                             ", " + threadsText(k->threads) + ") " + origin});
    std::stable_sort(roofs.begin(), roofs.end(), [](const Roof& a, const Roof& b) {
        if (a.kind != b.kind) return a.kind == Roof::Kind::Memory;
        if (a.kind == Roof::Kind::Memory) return levelRank(a.level) < levelRank(b.level);
        return a.value > b.value;
    });
    return roofs;
}

Rgb roofColour(const std::vector<Roof>& roofs, size_t index) {
    static constexpr Rgb memory[] = {{0x1f, 0x77, 0xb4}, {0x17, 0xbe, 0xcf}, {0x2c, 0xa0, 0x2c}, {0x8c, 0x56, 0x4b}, {0x7f, 0x7f, 0x7f}};
    static constexpr Rgb compute[] = {{0xd6, 0x27, 0x28}, {0xff, 0x7f, 0x0e}, {0xbc, 0xbd, 0x22}, {0xe3, 0x77, 0xc2}, {0x94, 0x67, 0xbd}};
    size_t nth = 0;
    for (size_t i = 0; i < index; ++i) nth += roofs[i].kind == roofs[index].kind;
    return roofs[index].kind == Roof::Kind::Memory ? memory[nth % std::size(memory)] : compute[nth % std::size(compute)];
}

std::string precisionName(const std::string& precision) {
    if (precision == "combined") return "SP and DP";
    std::string name = precision;
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return name;
}

double ridgeIntensity(double bandwidth, double peak) { return peak / bandwidth; }

double attainable(double intensity, double bandwidth, double peak) { return std::min(peak, intensity * bandwidth); }

std::optional<RoofBound> boundOf(const std::vector<Roof>& roofs, double intensity, double performance,
                                 const std::string& level, const std::string& precision) {
    RoofBound bound;
    for (const Roof& r : roofs) {
        if (r.kind == Roof::Kind::Memory && r.level == level && !bound.memory) bound.memory = &r;
        const bool precisionFits = precision == "combined" || r.precision == precision;
        if (r.kind == Roof::Kind::Compute && precisionFits && (!bound.compute || r.value > bound.compute->value))
            bound.compute = &r;
    }
    if (!bound.memory || !bound.compute || !(intensity > 0)) return std::nullopt;
    bound.memoryBound = intensity < ridgeIntensity(bound.memory->value, bound.compute->value);
    bound.attainable = attainable(intensity, bound.memory->value, bound.compute->value);
    bound.fraction = performance / bound.attainable;
    return bound;
}

double LogScale::toPixel(double value) const {
    const double span = std::log10(high) - std::log10(low);
    return from + (std::log10(value) - std::log10(low)) / span * (to - from);
}

std::vector<double> LogScale::decades() const {
    std::vector<double> ticks;
    for (int k = static_cast<int>(std::ceil(std::log10(low) - 1e-9)); k <= std::floor(std::log10(high) + 1e-9); ++k)
        ticks.push_back(std::pow(10.0, k));
    return ticks;
}

LogRange logRangeCovering(const std::vector<double>& values, int minDecades, bool downFirst) {
    double lo = INFINITY, hi = -INFINITY;
    for (double v : values) {
        if (!(v > 0) || !std::isfinite(v)) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    if (!std::isfinite(lo)) return {};
    int kLow = static_cast<int>(std::floor(std::log10(lo) + 1e-9));
    int kHigh = static_cast<int>(std::ceil(std::log10(hi) - 1e-9));
    if (kHigh <= kLow) kHigh = kLow + 1;
    for (bool down = downFirst; kHigh - kLow < minDecades; down = !down) (down ? kLow : kHigh) += down ? -1 : 1;
    return {std::pow(10.0, kLow), std::pow(10.0, kHigh)};
}

RooflineFrame rooflineFrame(const std::vector<Roof>& roofs, const std::vector<double>& intensities,
                            const std::vector<double>& performances) {
    double topPeak = 0, topBandwidth = 0;
    for (const Roof& r : roofs)
        (r.kind == Roof::Kind::Compute ? topPeak : topBandwidth) =
            std::max(r.kind == Roof::Kind::Compute ? topPeak : topBandwidth, r.value);
    std::vector<double> xs = intensities, ys = performances;
    for (const Roof& r : roofs) {
        if (r.kind == Roof::Kind::Compute) {
            ys.push_back(r.value);
            if (topBandwidth > 0) xs.push_back(ridgeIntensity(topBandwidth, r.value));
        } else if (topPeak > 0) {
            xs.push_back(ridgeIntensity(r.value, topPeak));
        }
    }
    RooflineFrame frame;
    frame.x = logRangeCovering(xs, 4, false);
    frame.y = logRangeCovering(ys, 3, true);
    for (size_t i = 0; i < roofs.size(); ++i) {
        const Roof& r = roofs[i];
        RoofSegment s{i};
        if (r.kind == Roof::Kind::Compute) {
            if (r.value < frame.y.low || r.value > frame.y.high) continue;
            s.x0 = topBandwidth > 0 ? std::max(frame.x.low, ridgeIntensity(topBandwidth, r.value)) : frame.x.low;
            s.x1 = frame.x.high;
            s.y0 = s.y1 = r.value;
        } else {
            // performance = intensity × bandwidth, within both ranges and under the highest peak.
            const double ceiling = topPeak > 0 ? std::min(topPeak, frame.y.high) : frame.y.high;
            s.x0 = std::max(frame.x.low, frame.y.low / r.value);
            s.x1 = std::min(frame.x.high, ceiling / r.value);
            s.y0 = s.x0 * r.value;
            s.y1 = s.x1 * r.value;
        }
        if (s.x0 < s.x1) frame.segments.push_back(s);
    }
    return frame;
}

std::string siText(double value, const std::string& unit) {
    if (!std::isfinite(value)) return "n/a";
    static const struct { double factor; const char* prefix; } prefixes[] = {
        {1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
    const char* prefix = "";
    double factor = 1;
    for (const auto& p : prefixes) {
        if (std::fabs(value) >= p.factor * 0.9995) { // 999.7e6 reads "1 G", not "1e+03 M"
            prefix = p.prefix;
            factor = p.factor;
            break;
        }
    }
    char text[64];
    std::snprintf(text, sizeof text, "%.3g %s%s", value / factor, prefix, unit.c_str());
    return text;
}

} // namespace perfdash
