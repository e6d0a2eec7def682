#include "core/probes/CeilingSizes.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "core/topology/Cpuid.h"
#include "core/util/Median.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

constexpr uint64_t KiB = 1024, MiB = 1024 * KiB;

bool isData(const Cache& c) { return c.type == CacheType::Data || c.type == CacheType::Unified; }

int sharedBy(const Cache& c) {
    size_t most = 1;
    for (const auto& instance : c.instances) most = std::max(most, instance.size());
    return static_cast<int>(most);
}

} // namespace

CacheSizes cacheSizesFromCpuid(const CpuidSource& cpuid) {
    const CpuidRegisters vendor = cpuid.query(0);
    const bool amd = vendor.ebx == 0x68747541 /* "Auth"enticAMD */ || vendor.ebx == 0x6f677948 /* "Hygo"nGenuine */;
    uint32_t leaf = 4;
    if (amd) {
        if (cpuid.query(0x80000000).eax < 0x80000006) return {};
        leaf = 0x8000001D;
    } else if (vendor.eax < 4) {
        return {};
    }
    CacheSizes s;
    // AMD's legacy leaves, which hypervisors that hide 0x8000001D (TopoExt) still pass:
    // L1D in KiB at 0x80000005 ECX[31:24], L2 in KiB at 0x80000006 ECX[31:16], L3 in
    // 512 KiB units at EDX[31:18]. They say nothing of sharing.
    if (amd && (cpuid.query(0x80000000).eax < 0x8000001D || (cpuid.query(0x8000001D, 0).eax & 0x1f) == 0)) {
        s.l1d = uint64_t(cpuid.query(0x80000005).ecx >> 24) * 1024;
        s.l2 = uint64_t(cpuid.query(0x80000006).ecx >> 16) * 1024;
        s.l3 = uint64_t(cpuid.query(0x80000006).edx >> 18) * 512 * 1024;
        if (s.known()) s.source = "CPUID (0x80000005/6)";
        return s.known() ? s : CacheSizes{};
    }
    for (uint32_t sub = 0; sub < 16; ++sub) {
        const CpuidRegisters r = cpuid.query(leaf, sub);
        const uint32_t type = r.eax & 0x1f; // 1 data, 2 instruction, 3 unified, 0 no more
        if (type == 0) break;
        if (type == 2) continue;
        const int level = (r.eax >> 5) & 7;
        const uint64_t bytes = uint64_t((r.ebx >> 22) + 1) * (((r.ebx >> 12) & 0x3ff) + 1) * ((r.ebx & 0xfff) + 1) *
                               (uint64_t(r.ecx) + 1);
        const int sharing = static_cast<int>(((r.eax >> 14) & 0xfff) + 1);
        if (level == 1) s.l1d = bytes;
        if (level == 2) s.l2 = bytes, s.l2SharedBy = sharing;
        if (level == 3) s.l3 = bytes, s.l3SharedBy = sharing;
    }
    if (s.l1d) s.source = "CPUID";
    return s;
}

CacheSizes cacheSizesOf(const Topology& topology, const CpuidSource* cpuid) {
    CacheSizes s;
    for (const auto& c : topology.caches) {
        if (!isData(c)) continue;
        // Two kinds of cores (two L2 entries): the smaller, so the level's working set fits either.
        auto take = [&](uint64_t& size, int* shared) {
            if (size == 0 || c.sizeBytes < size) {
                size = c.sizeBytes;
                if (shared) *shared = sharedBy(c);
            }
        };
        if (c.level == 1) take(s.l1d, nullptr);
        if (c.level == 2) take(s.l2, &s.l2SharedBy);
        if (c.level == 3) take(s.l3, &s.l3SharedBy);
    }
    if (s.known()) {
        s.source = "sysfs";
        return s;
    }
    if (cpuid) return cacheSizesFromCpuid(*cpuid);
    return {};
}

uint64_t memoryLimit(uint64_t memAvailable, uint64_t asked) {
    const uint64_t half = memAvailable / 2;
    if (asked && (!half || asked < half)) return asked;
    return half;
}

WorkingSetChoice chooseWorkingSets(const CacheSizes& caches, int threads, uint64_t memoryLimit, int maxArrays) {
    WorkingSetChoice out;
    threads = std::max(threads, 1);
    if (caches.l1d) out.levels.push_back({"L1", caches.l1d / 2, false});
    if (caches.l2) {
        const uint64_t share = caches.l2 / std::min(threads, std::max(caches.l2SharedBy, 1));
        out.levels.push_back({"L2", std::max(share / 2, 2 * caches.l1d), false});
    }
    if (caches.l3) {
        const uint64_t share = caches.l3 / std::min(threads, std::max(caches.l3SharedBy, 1));
        out.levels.push_back({"L3", std::max(share / 2, 2 * caches.l2), false});
    }
    const uint64_t llc = std::max(caches.l3 ? caches.l3 : caches.l2, caches.dramFrom);
    // Without any cache size, 256 MiB per array is beyond every last-level cache but the largest.
    uint64_t perArray = llc ? (4 * llc + threads - 1) / threads : 256 * MiB / threads;
    const uint64_t cap = memoryLimit / (uint64_t(maxArrays) * threads);
    if (memoryLimit && perArray > cap) {
        out.warnings.push_back("DRAM: each array is " + formatBytes(cap) + " per thread, not the " +
                               formatBytes(perArray) + " that 4x the last-level cache asks for: the arrays may take " +
                               formatBytes(memoryLimit) + " (half of MemAvailable, or --max-memory); part of the "
                               "DRAM figures may come from the cache");
        perArray = cap;
    }
    out.levels.push_back({"DRAM", perArray, true});
    return out;
}

uint64_t arrayBytesFor(const LevelWorkingSet& level, int arrays, uint64_t blockBytes) {
    const uint64_t each = level.perArray ? level.bytes : level.bytes / std::max(arrays, 1);
    return std::max<uint64_t>(blockBytes, each / blockBytes * blockBytes);
}

std::vector<uint64_t> sweepSizes(uint64_t largest) {
    std::set<uint64_t> sizes;
    for (double b = 4 * KiB; b <= double(largest); b *= std::sqrt(2.0))
        sizes.insert(std::max<uint64_t>(4 * KiB, uint64_t(b) / (4 * KiB) * (4 * KiB)));
    return {sizes.begin(), sizes.end()};
}

PlateauAnalysis findPlateaus(const std::vector<SweepPoint>& points, const CacheSizes& caches, double tolerance) {
    PlateauAnalysis out;
    size_t i = 0;
    while (i < points.size()) {
        std::vector<double> run{points[i].appBytesPerSecond};
        size_t j = i + 1;
        for (; j < points.size(); ++j) {
            const double m = median(run);
            if (std::abs(points[j].appBytesPerSecond - m) > tolerance * m) break;
            run.push_back(points[j].appBytesPerSecond);
        }
        if (run.size() >= 2) out.plateaus.push_back({points[i].bytes, points[j - 1].bytes, median(run), ""});
        i = j;
    }
    std::vector<std::pair<std::string, uint64_t>> levels;
    if (caches.l1d) levels.push_back({"L1", caches.l1d});
    if (caches.l2) levels.push_back({"L2", caches.l2});
    if (caches.l3) levels.push_back({"L3", caches.l3});
    // Whatever the plateaus' count: one that runs flat from below half of a
    // reported size to beyond sqrt(2) times it (the sweep's next step) says
    // the bandwidth does not step down there, so that cache is not that size.
    std::vector<std::string> contradicted;
    for (const auto& [level, size] : levels)
        for (const auto& p : out.plateaus)
            if (p.fromBytes * 2 <= size && double(p.toBytes) >= double(size) * 1.4) {
                out.warnings.push_back(caches.source + " reports " + level + " as " + formatBytes(size) +
                                       ", but the sweep's bandwidth stays flat from " + formatBytes(p.fromBytes) +
                                       " to " + formatBytes(p.toBytes));
                contradicted.push_back(level);
            }
    levels.push_back({"DRAM", 0});
    if (out.plateaus.size() != levels.size()) {
        out.warnings.push_back("the sweep found " + std::to_string(out.plateaus.size()) + " plateaus where the caches" +
                               (caches.source.empty() ? "" : " (" + caches.source + ")") + " give " +
                               std::to_string(levels.size()) + " levels with DRAM; its plateaus are not given levels");
        return out;
    }
    for (size_t k = 0; k < levels.size(); ++k) out.plateaus[k].level = levels[k].first;
    // A cache of size S ends its plateau near S: the step to the next plateau
    // lies between the plateau's last point and the next's first. A size
    // outside [last / 2, next first * 2] is contradicted by the measurement.
    for (size_t k = 0; k + 1 < levels.size(); ++k) {
        const uint64_t size = levels[k].second, last = out.plateaus[k].toBytes, next = out.plateaus[k + 1].fromBytes;
        if ((size * 2 < last || size > next * 2) &&
            std::find(contradicted.begin(), contradicted.end(), levels[k].first) == contradicted.end())
            out.warnings.push_back(caches.source + " reports " + levels[k].first + " as " + formatBytes(size) +
                                   ", but the sweep's bandwidth steps down between " + formatBytes(last) + " and " +
                                   formatBytes(next));
    }
    return out;
}

SweepSizing cachesFromSweep(const CacheSizes& reported, const std::vector<Plateau>& plateaus, double cacheFactor) {
    SweepSizing out{reported, {}};
    if (plateaus.size() < 2 || !reported.l3) return out;
    // DRAM's bandwidth is the last plateau's; a cache still serves where a
    // plateau is `cacheFactor` times faster. Past the last such plateau, the
    // bandwidth may still sink slowly (page walks grow with the working set),
    // which is why no "flat" test finds DRAM's region on every machine.
    const double dram = plateaus.back().appBytesPerSecond;
    size_t lastCache = plateaus.size();
    for (size_t i = 0; i + 1 < plateaus.size(); ++i)
        if (plateaus[i].appBytesPerSecond >= cacheFactor * dram) lastCache = i;
    if (lastCache == plateaus.size()) return out; // no plateau faster than DRAM's: nothing to size by
    const uint64_t dramFrom = plateaus[lastCache + 1].fromBytes;
    // The reported L3's working set (half of it) lies before DRAM's region: the size stands.
    if (reported.l3 / 2 < dramFrom) return out;
    out.caches.dramFrom = dramFrom;
    const std::string why = (reported.source.empty() ? std::string("the machine") : reported.source) + " reports L3 as " +
                            formatBytes(reported.l3) + ", but from " + formatBytes(dramFrom) +
                            " the sweep's bandwidth is DRAM's: ";
    const uint64_t l3 = plateaus[lastCache].toBytes;
    if (l3 > reported.l2) {
        out.caches.l3 = l3;
        // The sweep measured one thread; threads measured together are taken to share what it had.
        out.caches.l3SharedBy = std::numeric_limits<int>::max();
        out.notes.push_back(why + "L3 is taken as the " + formatBytes(l3) +
                            " its last plateau before DRAM reached, and DRAM's arrays are sized from " +
                            formatBytes(dramFrom));
    } else {
        out.caches.l3 = 0;
        out.notes.push_back(why + "no plateau lies between L2 and DRAM, so L3 is not measured, and DRAM's arrays "
                                  "are sized from " + formatBytes(dramFrom));
    }
    return out;
}

std::optional<uint64_t> memAvailableBytes(const std::string& meminfo) {
    for (const auto& line : split(meminfo, '\n')) {
        if (line.rfind("MemAvailable:", 0) != 0) continue;
        const auto words = splitWhitespace(line.substr(13));
        if (words.empty()) return std::nullopt;
        auto kb = parseUnsigned(words[0]);
        if (!kb) return std::nullopt;
        return *kb * KiB;
    }
    return std::nullopt;
}

std::string formatBytes(uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = double(bytes);
    int u = 0;
    while (v >= 1024 && u < 4) v /= 1024, ++u;
    if (v == std::floor(v)) return printfString("%.0f %s", v, units[u]);
    return printfString("%.1f %s", v, units[u]);
}

} // namespace perfdash
