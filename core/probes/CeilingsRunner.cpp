#include "core/probes/CeilingsRunner.h"

#include <algorithm>
#include <barrier>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <thread>

#include "core/probes/ClockProbe.h"
#include "core/probes/CpuPinning.h"
#include "core/probes/KernelLibrary.h"
#include "core/util/Median.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

constexpr double kWindowAgreement = 0.03; // windows within 3 % repeat each other
constexpr int kMaxWindows = 3;
const char* const kLevelOrder[] = {"L1", "L2", "L3", "DRAM"};

// One figure: a kernel pair, what one copy of it does, where its arrays are.
struct Job {
    enum class Kind { Memory, Compute, SweepPoint } kind = Kind::Memory;
    MemoryOp memoryOp = MemoryOp::Load;
    ComputeOp computeOp = ComputeOp::Fma;
    VectorIsa isa = VectorIsa::Scalar;
    Precision precision = Precision::Dp;
    int threads = 1;
    std::string level;
    uint64_t arrayBytes = 0; // per array, per thread
    KernelPair pair;
    MemoryAccounting memory;
    ComputeAccounting compute;

    std::string describe() const {
        if (kind == Kind::Compute)
            return std::string(toString(computeOp)) + " " + toString(isa) + " " + toString(precision) + ", " +
                   std::to_string(threads) + " thread(s)";
        return std::string(toString(memoryOp)) + " " + toString(isa) + " " + toString(precision) + " " +
               (kind == Kind::SweepPoint ? "sweep " + formatBytes(arrayBytes * memory.arrays) : level) + ", " +
               std::to_string(threads) + " thread(s)";
    }
};

// What one window of one job gave.
struct Window {
    bool measured = false;
    std::string unavailable;
    double perSecond = 0;       // app bytes (memory) or FLOP (compute), all threads together
    double clockHz = 0;         // the threads' mean
    double copiesPerCycle = 0;  // the fastest thread's, for the physical bound
    int timings = 0;            // timed runs of each kernel, the thread with fewest
};

// A thread's arrays, allocated and first touched by that thread.
class ThreadArrays {
public:
    ThreadArrays(uint64_t bytes, int arrays, Precision p) {
        for (int i = 0; i < arrays; ++i) {
            void* m = nullptr;
            if (posix_memalign(&m, 4096, bytes) != 0) throw std::bad_alloc();
            blocks_.emplace_back(m);
            // b = 1, c = 2, a = 0: finite values that stay finite under triad and update.
            const double value = i == 0 ? 0.0 : double(i);
            if (p == Precision::Dp) std::fill_n(static_cast<double*>(m), bytes / 8, value);
            else std::fill_n(static_cast<float*>(m), bytes / 4, float(value));
        }
        args.a = arrays > 0 ? blocks_[0].get() : nullptr;
        args.b = arrays > 1 ? blocks_[1].get() : nullptr;
        args.c = arrays > 2 ? blocks_[2].get() : nullptr;
        args.bytes = bytes;
        if (p == Precision::Dp) args.scalar = 0.5;
        else {
            const float s = 0.5f;
            std::memcpy(&args.scalar, &s, sizeof s);
        }
    }
    StreamArgs args;

private:
    struct Free {
        void operator()(void* p) const { std::free(p); }
    };
    std::vector<std::unique_ptr<void, Free>> blocks_;
};

Window runWindow(const Job& job, const CeilingsOptions& options, const KernelPair& chain, std::stop_token stop) {
    const int n = job.threads;
    std::vector<Result<PairTiming>> results(n, makeError("not run"));
    std::barrier sync(n);
    std::vector<std::thread> threads;
    for (int t = 0; t < n; ++t) {
        threads.emplace_back([&, t] {
            auto pinning = ScopedCpuPinning::pin(options.cpus.at(t), options.realtime);
            if (!pinning) {
                results[t] = pinning.error();
                sync.arrive_and_drop();
                return;
            }
            const int arrays = job.kind == Job::Kind::Compute ? 0 : job.memory.arrays;
            ThreadArrays memory(job.kind == Job::Kind::Compute ? 0 : job.arrayBytes, arrays, job.precision);
            sync.arrive_and_wait();
            results[t] = timeKernelPair(job.pair, &memory.args, CycleClock{nullptr, chain}, options.timing, stop);
        });
    }
    for (auto& th : threads) th.join();
    Window w;
    double clocks = 0;
    for (const auto& r : results) {
        if (!r) {
            w.unavailable = r.error().message;
            return w;
        }
        if (!r->cycles) {
            w.unavailable = r->unavailable;
            return w;
        }
        const double cyclesPerCopy = r->cycles->min;
        const double perCopy = job.kind == Job::Kind::Compute ? job.compute.flopsPerInstruction() : job.memory.appBytes();
        w.perSecond += perCopy / cyclesPerCopy * r->clockHz;
        w.copiesPerCycle = std::max(w.copiesPerCycle, 1 / cyclesPerCopy);
        const int timings = static_cast<int>(r->cycles->count);
        w.timings = w.timings == 0 ? timings : std::min(w.timings, timings);
        clocks += r->clockHz;
    }
    w.measured = true;
    w.clockHz = clocks / n;
    return w;
}

// The fastest window, whether another came within kWindowAgreement of it,
// and how many timed runs all windows had to choose from.
struct Best {
    Window window;
    bool repeated = false;
    int timings = 0;
};
std::optional<Best> bestOf(const std::vector<Window>& windows) {
    std::optional<Best> best;
    for (const auto& w : windows)
        if (w.measured && (!best || w.perSecond > best->window.perSecond)) best = Best{w, false};
    if (!best) return best;
    int close = 0;
    for (const auto& w : windows) {
        if (w.measured && w.perSecond >= best->window.perSecond * (1 - kWindowAgreement)) ++close;
        best->timings += w.timings;
    }
    best->repeated = close >= 2;
    return best;
}

// Runs jobs' windows: every job once, then again, then a third time where
// the two disagree; `done` and `total` count on across calls for the progress.
struct Passes {
    const std::function<void(const CeilingsProgress&)>& progress;
    std::stop_token stop;
    const CeilingsOptions& options;
    const KernelPair& chain;
    size_t done = 0, total = 0;

    Result<std::vector<std::vector<Window>>> run(const std::vector<Job>& jobs) {
        std::vector<std::vector<Window>> windows(jobs.size());
        for (int pass = 0; pass < kMaxWindows; ++pass) {
            for (size_t i = 0; i < jobs.size(); ++i) {
                if (pass == kMaxWindows - 1) {
                    auto best = bestOf(windows[i]);
                    if (best && best->repeated) continue;
                    ++total;
                }
                if (stop.stop_requested()) return makeError("cancelled");
                if (progress) progress({done, total, jobs[i].describe()});
                windows[i].push_back(runWindow(jobs[i], options, chain, stop));
                ++done;
            }
        }
        return windows;
    }
};

// The kernels' code, built once per pair.
class KernelCache {
public:
    explicit KernelCache(const Toolchain& toolchain) : toolchain_(toolchain) {}
    Result<KernelPair> pair(const std::string& name, const Result<std::string>& assembly, int extraCopies) {
        if (auto it = pairs_.find(name); it != pairs_.end()) return it->second;
        if (!assembly) return assembly.error();
        auto library = KernelLibrary::build(toolchain_, *assembly);
        if (!library) return makeError("cannot build the " + name + " kernel: " + library.error().message);
        auto shorter = library->function(name + "_1");
        auto longer = library->function(name + "_2");
        if (!shorter || !longer) return (!shorter ? shorter : longer).error();
        libraries_.push_back(std::move(library).value());
        return pairs_[name] = KernelPair{*shorter, *longer, extraCopies};
    }

private:
    Toolchain toolchain_;
    std::vector<KernelLibrary> libraries_;
    std::map<std::string, KernelPair> pairs_;
};

std::string kernelName(const char* op, VectorIsa isa, Precision p) {
    return std::string("perfdash_ceil_") + op + "_" + toString(isa) + "_" + toString(p);
}

void checkHierarchy(Ceilings& c) {
    std::map<std::string, std::map<std::string, double>> byKernel; // kernel/isa/precision/threads -> level -> B/s
    for (const auto& m : c.memory)
        byKernel[m.kernel + " " + m.isa + " " + m.precision + ", " + std::to_string(m.threads) + " thread(s)"][m.level] =
            m.appBytesPerSecond;
    for (const auto& [what, levels] : byKernel) {
        std::optional<std::pair<std::string, double>> nearer;
        for (const char* level : kLevelOrder) {
            auto it = levels.find(level);
            if (it == levels.end()) continue;
            if (nearer && it->second > nearer->second * 1.05)
                c.warnings.push_back(what + ": " + level + " (" + printfString("%.3g", it->second / 1e9) +
                                     " GB/s) is faster than " + nearer->first + " (" +
                                     printfString("%.3g", nearer->second / 1e9) + " GB/s): the levels' working sets "
                                     "may not be where the cache sizes say");
            nearer = std::pair{std::string(level), it->second};
        }
    }
}

// The ISAs to measure: those asked for that run here (the others named in
// `warnings`), or the widest that runs here.
Result<std::vector<VectorIsa>> isasToMeasure(const CeilingsOptions& options, const CpuFeatures& features,
                                             std::vector<std::string>& warnings) {
    const Arch arch = options.toolchain.arch;
    std::vector<VectorIsa> isas;
    std::vector<std::string> unavailable;
    for (VectorIsa isa : options.isas.empty() ? isasOf(arch) : options.isas) {
        if (const std::string why = whyIsaUnavailable(arch, isa, features, false); !why.empty()) {
            if (!options.isas.empty()) unavailable.push_back(std::string(toString(isa)) + ": " + why);
            continue;
        }
        isas.push_back(isa);
    }
    if (isas.empty())
        return makeError("none of the ISAs asked for runs on this CPU" +
                         (unavailable.empty() ? std::string() : ": " + join(unavailable, "; ")));
    warnings.insert(warnings.end(), unavailable.begin(), unavailable.end());
    if (options.isas.empty()) isas = {isas.back()};
    return isas;
}

// The jobs of a measurement: which kernel runs where, each kernel's code built once.
class JobPlanner {
public:
    JobPlanner(const CeilingsOptions& options, const CpuFeatures& features, std::vector<VectorIsa> isas)
        : options_(options), features_(features), arch_(options.toolchain.arch), isas_(std::move(isas)),
          kernels_(options.toolchain) {}

    // The sweep's points: the load kernel of the widest ISA, one thread, up to DRAM's working set.
    Result<std::vector<Job>> sweepJobs(std::vector<std::string>& warnings) {
        std::vector<Job> jobs;
        const WorkingSetChoice sizes = chooseWorkingSets(options_.caches, 1, options_.memoryLimit, 1);
        for (uint64_t bytes : sweepSizes(sizes.levels.back().bytes)) {
            Job job;
            job.kind = Job::Kind::SweepPoint;
            job.memoryOp = MemoryOp::Load, job.isa = isas_.back(), job.precision = Precision::Dp;
            job.level = "sweep";
            const uint64_t block = memoryAccounting(MemoryOp::Load, job.isa, job.precision).blockBytes();
            job.arrayBytes = std::max(block, bytes / block * block);
            if (auto s = addMemory(job, jobs, warnings); !s) return s.error();
        }
        return jobs;
    }

    // Every level's and peak's figure, with the levels' working sets from `caches`.
    Result<std::vector<Job>> figureJobs(const CacheSizes& caches, std::vector<std::string>& warnings) {
        std::vector<Job> jobs;
        bool skippedNt = false;
        for (int threads : options_.threadCounts) {
            const WorkingSetChoice sizes = chooseWorkingSets(caches, threads, options_.memoryLimit);
            for (const auto& w : sizes.warnings) warnings.push_back(w + " (" + std::to_string(threads) + " thread(s))");
            for (VectorIsa isa : isas_)
                for (Precision p : options_.precisions) {
                    for (MemoryOp op : options_.memoryOps)
                        for (const auto& level : sizes.levels) {
                            if (!asked(level.level)) continue;
                            const MemoryAccounting accounting = memoryAccounting(op, isa, p);
                            // A non-temporal store bypasses the caches: it has a ceiling at DRAM only.
                            if (accounting.nonTemporal && level.level != "DRAM") {
                                skippedNt = true;
                                continue;
                            }
                            Job job;
                            job.memoryOp = op, job.isa = isa, job.precision = p, job.threads = threads;
                            job.level = level.level;
                            job.arrayBytes = arrayBytesFor(level, accounting.arrays, accounting.blockBytes());
                            if (auto s = addMemory(job, jobs, warnings); !s) return s.error();
                        }
                    for (ComputeOp op : options_.computeOps) {
                        Job job;
                        job.kind = Job::Kind::Compute;
                        job.computeOp = op, job.isa = isa, job.precision = p, job.threads = threads;
                        if (auto s = addCompute(job, jobs, warnings); !s) return s.error();
                    }
                }
        }
        // Said only where the levels asked for leave these kernels nothing to measure.
        if (skippedNt && !options_.levels.empty() && !asked("DRAM"))
            warnings.push_back("the non-temporal kernels (store_nt, copy_nt) are measured at DRAM only, as their stores "
                               "bypass the caches: add DRAM to --level");
        return jobs;
    }

private:
    bool asked(const std::string& level) const {
        return options_.levels.empty() ||
               std::find(options_.levels.begin(), options_.levels.end(), level) != options_.levels.end();
    }

    // `job` with its code added to `jobs`, or a warning where this CPU cannot run it.
    Status addMemory(Job job, std::vector<Job>& jobs, std::vector<std::string>& warnings) {
        if (std::string why = whyIsaUnavailable(arch_, job.isa, features_, memoryOpNeedsFma(job.memoryOp, job.isa));
            !why.empty()) {
            warnings.push_back(job.describe() + ": " + why);
            return {};
        }
        const std::string name = kernelName(toString(job.memoryOp), job.isa, job.precision);
        job.memory = memoryAccounting(job.memoryOp, job.isa, job.precision);
        const int copies = static_cast<int>(job.arrayBytes / job.memory.vectorBytes);
        auto pair = kernels_.pair(name, memoryKernelAssembly(arch_, job.memoryOp, job.isa, job.precision, name), copies);
        if (!pair) return pair.error();
        job.pair = *pair;
        job.pair.extraCopies = copies; // the cache holds the code; the copies follow this job's arrays
        jobs.push_back(job);
        return {};
    }
    Status addCompute(Job job, std::vector<Job>& jobs, std::vector<std::string>& warnings) {
        if (std::string why = whyIsaUnavailable(arch_, job.isa, features_, computeOpNeedsFma(job.computeOp));
            !why.empty()) {
            warnings.push_back(job.describe() + ": " + why);
            return {};
        }
        const std::string name = kernelName(toString(job.computeOp), job.isa, job.precision);
        job.compute = computeAccounting(job.computeOp, job.isa, job.precision);
        auto pair = kernels_.pair(name, computeKernelAssembly(arch_, job.computeOp, job.isa, job.precision, name),
                                  job.compute.instructions() * kComputeRounds);
        if (!pair) return pair.error();
        job.pair = *pair;
        jobs.push_back(job);
        return {};
    }

    const CeilingsOptions& options_;
    CpuFeatures features_;
    Arch arch_;
    std::vector<VectorIsa> isas_;
    KernelCache kernels_;
};

// The sweep's curve: each point's fastest window (one not measured is a warning).
Sweep sweepOf(const std::vector<Job>& jobs, const std::vector<std::vector<Window>>& windows,
              std::vector<std::string>& warnings) {
    Sweep s;
    s.kernel = toString(jobs.at(0).memoryOp), s.isa = toString(jobs.at(0).isa), s.threads = 1;
    for (size_t i = 0; i < jobs.size(); ++i) {
        if (auto best = bestOf(windows[i]))
            s.points.push_back({jobs[i].arrayBytes * jobs[i].memory.arrays, best->window.perSecond});
        else
            warnings.push_back(jobs[i].describe() + ": not measured: " + windows[i].back().unavailable);
    }
    return s;
}

// Each job's figure from its fastest window, checked against the physical
// bound; the clock is the figures' median.
void addFigures(const std::vector<Job>& jobs, const std::vector<std::vector<Window>>& windows, Ceilings& out) {
    std::vector<double> clocks;
    for (size_t i = 0; i < jobs.size(); ++i) {
        const Job& job = jobs[i];
        auto best = bestOf(windows[i]);
        if (!best) {
            out.warnings.push_back(job.describe() + ": not measured: " + windows[i].back().unavailable);
            continue;
        }
        const Window& w = best->window;
        clocks.push_back(w.clockHz);
        if (job.kind == Job::Kind::Compute) {
            ComputeCeiling c;
            c.kernel = toString(job.computeOp), c.isa = toString(job.isa), c.precision = toString(job.precision);
            c.threads = job.threads;
            c.flopsPerSecond = w.perSecond;
            c.flopsPerCycle = w.perSecond / w.clockHz; // all threads' together, as flops_per_s
            c.repeated = best->repeated;
            c.timings = best->timings;
            c.physicalBoundExceeded = w.copiesPerCycle > kMaxFpInstructionsPerCycle;
            if (c.physicalBoundExceeded)
                out.warnings.push_back(job.describe() + ": " + printfString("%.2f", w.copiesPerCycle) +
                                       " instructions per cycle, more than any core issues: a disturbed measurement");
            out.compute.push_back(c);
            continue;
        }
        const double scale = job.memory.hardwareBytes() / job.memory.appBytes();
        MemoryCeiling m;
        m.level = job.level, m.kernel = toString(job.memoryOp), m.isa = toString(job.isa);
        m.precision = toString(job.precision), m.threads = job.threads;
        m.workingSetBytes = job.arrayBytes * job.memory.arrays;
        m.appBytesPerSecond = w.perSecond;
        m.hwBytesPerSecond = w.perSecond * scale;
        m.appBytesPerCycle = w.perSecond / w.clockHz;
        m.repeated = best->repeated;
        m.timings = best->timings;
        m.physicalBoundExceeded = w.copiesPerCycle * job.memory.loads > kMaxLoadsPerCycle ||
                                  w.copiesPerCycle * job.memory.stores > kMaxStoresPerCycle;
        if (m.physicalBoundExceeded)
            out.warnings.push_back(job.describe() + ": more loads or stores per cycle than any core issues: a "
                                   "disturbed measurement");
        out.memory.push_back(m);
    }
    if (!clocks.empty()) out.clockHz = median(clocks);
}

} // namespace

TimingOptions ceilingTiming() {
    TimingOptions t;
    t.targetSeconds = 0.02; // the longer kernel's run; the shorter's is half, 10 ms
    t.minSeconds = 0.1;
    t.maxSeconds = 0.5;
    return t;
}

std::vector<int> threadPlacement(const Topology& topology, const std::vector<int>& allowed) {
    auto ok = [&](int cpu) { return std::find(allowed.begin(), allowed.end(), cpu) != allowed.end(); };
    std::vector<int> first, siblings;
    for (const auto& core : topology.cores) {
        bool placed = false;
        for (int cpu : core.cpus) {
            if (!ok(cpu)) continue;
            (placed ? siblings : first).push_back(cpu);
            placed = true;
        }
    }
    // CPUs the topology does not place (no core information) go last, in order.
    std::vector<int> out = first;
    out.insert(out.end(), siblings.begin(), siblings.end());
    for (int cpu : allowed)
        if (std::find(out.begin(), out.end(), cpu) == out.end()) out.push_back(cpu);
    return out;
}

std::vector<int> defaultThreadCounts(const Topology& topology, const std::vector<int>& allowed) {
    int cores = 0;
    for (const auto& core : topology.cores)
        if (std::any_of(core.cpus.begin(), core.cpus.end(),
                        [&](int c) { return std::find(allowed.begin(), allowed.end(), c) != allowed.end(); }))
            ++cores;
    std::vector<int> counts{1};
    for (int n : {cores, static_cast<int>(allowed.size())})
        if (n > counts.back()) counts.push_back(n);
    return counts;
}

CeilingsOptions ceilingsOptionsFor(const Topology& topology, const CpuidSource* cpuid, const std::string& meminfo,
                                   uint64_t maxMemory, const Toolchain& toolchain) {
    CeilingsOptions o;
    const std::vector<int> allowed = allowedCpus();
    o.cpus = threadPlacement(topology, allowed);
    o.threadCounts = defaultThreadCounts(topology, allowed);
    o.caches = cacheSizesOf(topology, cpuid);
    o.memoryLimit = memoryLimit(memAvailableBytes(meminfo).value_or(0), maxMemory);
    o.toolchain = toolchain;
    o.cpuModel = topology.cpu.modelName;
    return o;
}

Result<Ceilings> measureCeilings(const CeilingsOptions& options,
                                 const std::function<void(const CeilingsProgress&)>& progress, std::stop_token stop) {
    const int mostThreads = *std::max_element(options.threadCounts.begin(), options.threadCounts.end());
    if (mostThreads > static_cast<int>(options.cpus.size()))
        return makeError(std::to_string(mostThreads) + " threads asked for, but this process may run on " +
                         std::to_string(options.cpus.size()) + " CPU(s); ask for at most that many with --threads");
    Ceilings out;
    out.cpu = options.cpuModel;
    out.arch = options.likwidArch;
    out.threads = mostThreads;

    auto chainProbe = ClockProbe::build(options.toolchain);
    if (!chainProbe) return chainProbe.error();
    const KernelPair chain = chainProbe->chain();

    const CpuFeatures features = CpuFeatures::detect();
    auto isas = isasToMeasure(options, features, out.warnings);
    if (!isas) return isas.error();
    JobPlanner planner(options, features, *isas);
    std::vector<Job> sweepJobs;
    if (options.sweep) {
        auto s = planner.sweepJobs(out.warnings);
        if (!s) return s.error();
        sweepJobs = std::move(*s);
    }
    std::vector<std::string> figureWarnings;
    auto jobs = planner.figureJobs(options.caches, figureWarnings);
    if (!jobs) return jobs.error();
    if (jobs->empty() && sweepJobs.empty()) {
        std::vector<std::string> why = out.warnings;
        why.insert(why.end(), figureWarnings.begin(), figureWarnings.end());
        return makeError("nothing to measure with the kernels, levels and ISAs asked for" +
                         (why.empty() ? std::string() : ": " + join(why, "; ")));
    }

    Passes passes{progress, stop, options, chain};
    passes.total = 2 * (sweepJobs.size() + jobs->size());
    // The sweep first: where it contradicts the reported cache sizes, the levels' working sets follow it.
    auto sweepWindows = passes.run(sweepJobs);
    if (!sweepWindows) return sweepWindows.error();
    if (!sweepJobs.empty()) {
        Sweep s = sweepOf(sweepJobs, *sweepWindows, out.warnings);
        PlateauAnalysis a = findPlateaus(s.points, options.caches);
        s.plateaus = a.plateaus;
        for (auto& w : a.warnings) out.warnings.push_back("sweep: " + w);
        SweepSizing sized = cachesFromSweep(options.caches, a.plateaus);
        if (!sized.notes.empty()) {
            for (auto& n : sized.notes) out.warnings.push_back("working sets: " + n);
            figureWarnings.clear();
            jobs = planner.figureJobs(sized.caches, figureWarnings);
            if (!jobs) return jobs.error();
            passes.total = passes.done + 2 * jobs->size();
        }
        out.sweep.push_back(std::move(s));
    }
    out.warnings.insert(out.warnings.end(), figureWarnings.begin(), figureWarnings.end());
    auto windows = passes.run(*jobs);
    if (!windows) return windows.error();
    addFigures(*jobs, *windows, out);
    checkHierarchy(out);
    return out;
}

} // namespace perfdash
