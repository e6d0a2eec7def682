#include "core/presentation/RooflinePoints.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// How many of the group's counters the formula reads (each counted once, as a whole word).
size_t countersRead(const GroupResult& group, const std::string& formula) {
    size_t n = 0;
    for (const EventResult& e : group.events) {
        for (size_t at = formula.find(e.counter); !e.counter.empty() && at != std::string::npos;
             at = formula.find(e.counter, at + 1)) {
            const size_t end = at + e.counter.size();
            if ((at == 0 || !isWordChar(formula[at - 1])) && (end == formula.size() || !isWordChar(formula[end]))) {
                ++n;
                break;
            }
        }
    }
    return n;
}

// The metric in `unit` reading the most counters; ties go to the first in the file.
std::optional<size_t> widestRate(const GroupResult& group, const std::string& unit) {
    std::optional<size_t> best;
    size_t bestReads = 0;
    for (size_t m = 0; m < group.metrics.size(); ++m) {
        if (group.metrics[m].name.find(unit) == std::string::npos) continue;
        const size_t reads = countersRead(group, group.metrics[m].formula);
        if (!best || reads > bestReads) {
            best = m;
            bestReads = reads;
        }
    }
    return best;
}

bool isMemGroup(const std::string& name) {
    if (name.rfind("MEM", 0) != 0) return false;
    for (size_t i = 3; i < name.size(); ++i)
        if (!std::isdigit(static_cast<unsigned char>(name[i]))) return false;
    return true;
}

// Why a group's rate has no value: its first event not counted, in its own words.
std::string whyNoValue(const GroupResult& group) {
    for (const EventResult& e : group.events)
        if (!e.counted && !e.absent) return e.counter + " (" + e.event + ") was not counted: " + e.reason;
    return "its rate has no value";
}

double rateOf(const std::vector<GroupResult>& groups, const RateMetric& rate) {
    if (rate.group >= groups.size() || rate.metric >= groups[rate.group].metrics.size()) return kNotAvailable;
    return groups[rate.group].metrics[rate.metric].aggregate * 1e6; // M.../s to .../s
}

std::string intervalName(double t) {
    char text[48];
    std::snprintf(text, sizeof text, "t = %.6g s", t);
    return text;
}

} // namespace

RooflineSources rooflineSources(const std::vector<GroupResult>& groups) {
    RooflineSources s;
    bool combinedSeen = false;
    ByteSource dram{{}, "DRAM", {}};
    std::string dramParts;
    for (size_t g = 0; g < groups.size(); ++g) {
        const GroupResult& group = groups[g];
        if (group.name == "FLOPS_DP" || group.name == "FLOPS_SP") {
            const auto m = widestRate(group, "[MFLOP/s]");
            if (!m) continue;
            const std::string& metric = group.metrics[*m].name;
            const bool combined = toLower(metric).find("all precisions") != std::string::npos ||
                                  toLower(group.shortDescription).find("all precisions") != std::string::npos;
            if (combined && combinedSeen) continue; // FLOPS_DP and FLOPS_SP count the same there
            combinedSeen = combinedSeen || combined;
            const std::string precision = combined ? "combined" : group.name == "FLOPS_DP" ? "dp" : "sp";
            const std::string note = combined ? "SP and DP combined: this CPU counts them together (" + group.name + ": " + metric + ")"
                                              : (precision == "dp" ? "DP" : "SP") + std::string(" FLOPs counted (") +
                                                    group.name + ": " + metric + ")";
            s.flops.push_back({{g, *m}, group.name, precision, note});
        } else if (isMemGroup(group.name) || group.name == "L3" || group.name == "L2") {
            const auto m = widestRate(group, "[MBytes/s]");
            if (!m) continue;
            const std::string part = group.name + ": " + group.metrics[*m].name;
            if (isMemGroup(group.name)) {
                dram.rates.push_back({g, *m});
                dramParts += (dramParts.empty() ? "" : "; ") + part;
                continue;
            }
            s.bytes.push_back({{{g, *m}}, group.name,
                               group.name + " bytes: an estimate, cache lines counted × 64 (" + part + ")"});
        }
    }
    if (!dram.rates.empty()) {
        dram.note = "DRAM bytes: socket-wide, other processes included (" + dramParts + ")";
        s.bytes.insert(s.bytes.begin(), std::move(dram));
    }
    if (s.flops.empty())
        s.missing.push_back("No FLOP rate: the run counted neither FLOPS_DP nor FLOPS_SP (measure with -g FLOPS_DP)");
    if (s.bytes.empty())
        s.missing.push_back("No memory traffic: the run counted no MEM group (nor L2 or L3) (add -g MEM)");
    return s;
}

bool hasRooflineGroups(const std::vector<GroupResult>& groups) {
    const RooflineSources s = rooflineSources(groups);
    return !s.flops.empty() || !s.bytes.empty();
}

RooflinePoint rooflinePointOf(const std::vector<GroupResult>& groups, const RooflineSources& sources, size_t flopSource,
                              size_t byteSource) {
    const FlopSource& flops = sources.flops.at(flopSource);
    const ByteSource& bytes = sources.bytes.at(byteSource);
    RooflinePoint p;
    p.precision = flops.precision;
    p.level = bytes.level;
    p.flopSource = flopSource;
    p.byteSource = byteSource;
    p.flopsPerS = rateOf(groups, flops.rate);
    double sum = 0;
    for (const RateMetric& r : bytes.rates) sum += rateOf(groups, r); // n/a in any part: n/a, never a part as the whole
    p.bytesPerS = sum;
    if (isAvailable(p.flopsPerS) && isAvailable(p.bytesPerS) && p.bytesPerS > 0 && p.flopsPerS > 0)
        p.intensity = p.flopsPerS / p.bytesPerS;
    return p;
}

RooflinePoints rooflinePoints(const MeasurementResult& result) {
    RooflinePoints out;
    out.sources = rooflineSources(result.groups);
    out.missing = out.sources.missing;
    const RooflineSources& s = out.sources;
    // Each reason once, however many pairs of sources it leaves without a point.
    auto missing = [&](std::string why) {
        if (std::find(out.missing.begin(), out.missing.end(), why) == out.missing.end()) out.missing.push_back(std::move(why));
    };
    auto add = [&](RooflinePoint p, RooflinePoint::Kind kind, std::string name, double t) {
        if (!isAvailable(p.intensity)) return false;
        p.kind = kind;
        p.name = std::move(name);
        p.t = t;
        out.points.push_back(std::move(p));
        return true;
    };
    for (size_t f = 0; f < s.flops.size(); ++f) {
        for (size_t b = 0; b < s.bytes.size(); ++b) {
            const RooflinePoint whole = rooflinePointOf(result.groups, s, f, b);
            if (add(whole, RooflinePoint::Kind::WholeRun, "whole run", kNotAvailable)) continue;
            // Say why, once per source that has no value.
            const FlopSource& flops = s.flops[f];
            if (!isAvailable(whole.flopsPerS))
                missing(flops.group + ": no FLOP rate, " + whyNoValue(result.groups[flops.rate.group]));
            for (const RateMetric& r : s.bytes[b].rates)
                if (!isAvailable(rateOf(result.groups, r)))
                    missing(result.groups[r.group].name + ": no byte rate, " + whyNoValue(result.groups[r.group]));
            if (isAvailable(whole.flopsPerS) && isAvailable(whole.bytesPerS) && !(whole.flopsPerS > 0 && whole.bytesPerS > 0))
                missing("the whole run has no intensity: it counted 0 FLOPs or 0 bytes");
        }
    }
    // A region measured under several groups (MARKER_SWITCH) appears once per
    // group: its entries fill their groups' places, the others stay empty (n/a).
    std::vector<std::string> regionNames;
    for (const RegionResult& region : result.regions)
        if (std::find(regionNames.begin(), regionNames.end(), region.name) == regionNames.end())
            regionNames.push_back(region.name);
    const size_t beforeRegions = out.points.size();
    for (const std::string& name : regionNames) {
        std::vector<GroupResult> groups(result.groups.size());
        for (const RegionResult& region : result.regions)
            if (region.name == name && region.groupIndex >= 0 && size_t(region.groupIndex) < groups.size())
                groups[region.groupIndex] = region.group;
        for (size_t f = 0; f < s.flops.size(); ++f)
            for (size_t b = 0; b < s.bytes.size(); ++b)
                add(rooflinePointOf(groups, s, f, b), RooflinePoint::Kind::Region, name, kNotAvailable);
    }
    if (!regionNames.empty() && out.points.size() == beforeRegions && !s.flops.empty() && !s.bytes.empty())
        missing("no marker region has a point: none has values of both a FLOPS and a memory group");
    for (const IntervalResult& interval : result.intervals)
        for (size_t f = 0; f < s.flops.size(); ++f)
            for (size_t b = 0; b < s.bytes.size(); ++b)
                add(rooflinePointOf(interval.groups, s, f, b), RooflinePoint::Kind::Interval, intervalName(interval.t),
                    interval.t);
    return out;
}

std::string describePoint(const RooflinePoint& point, const std::vector<Roof>& roofs) {
    std::string text = printfString("%.3g FLOP/B, ", point.intensity) + siText(point.flopsPerS, "FLOP/s");
    const auto bound = boundOf(roofs, point.intensity, point.flopsPerS, point.level, point.precision);
    if (!bound) return text + " (the ceilings have no " + point.level + " roof or no " + point.precision + " peak)";
    std::string by = bound->memory->level + " bandwidth";
    if (!bound->memoryBound) by = "the " + precisionName(bound->compute->precision) + " " + bound->compute->isa + " peak";
    return text + printfString(": %.0f%% of the ", bound->fraction * 100) + siText(bound->attainable, "FLOP/s") +
           " attainable there, bound by " + by;
}

std::string pointLabel(const RooflinePoint& p, const RooflineSources& s) {
    std::string qualifier;
    if (s.flops.size() > 1) qualifier = precisionName(p.precision);
    if (s.bytes.size() > 1) qualifier += (qualifier.empty() ? "" : ", ") + p.level;
    return qualifier.empty() ? p.name : p.name + " (" + qualifier + ")";
}

Rgb pointColour(RooflinePoint::Kind kind) {
    switch (kind) {
    case RooflinePoint::Kind::WholeRun: return {0xd6, 0x27, 0x28};
    case RooflinePoint::Kind::Region: return {0x94, 0x67, 0xbd};
    case RooflinePoint::Kind::Interval: break;
    }
    return {0xff, 0x7f, 0x0e};
}

std::vector<std::string> rooflineSourceNotes(const RooflineSources& sources) {
    std::vector<std::string> notes;
    for (const FlopSource& f : sources.flops) notes.push_back(f.note);
    for (const ByteSource& b : sources.bytes) notes.push_back(b.note);
    return notes;
}

} // namespace perfdash
