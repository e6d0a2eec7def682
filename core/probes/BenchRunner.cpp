#include "core/probes/BenchRunner.h"

#include <algorithm>
#include <cstdio>

#include "core/probes/AssemblyWriter.h"
#include "core/probes/ForkedRun.h"
#include "core/probes/IpcProbe.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

constexpr BenchMode kModes[] = {BenchMode::Latency, BenchMode::Throughput};

// A figure is measured again in later windows (after the whole first pass,
// seconds apart) until the fastest window's figure is repeated by another
// within this, or kMaxWindows have run. A neighbour that shares the core for
// a second slows every repetition of one window alike, so repetitions
// within a window cannot reveal it; another window can.
constexpr int kMaxWindows = 3;
constexpr double kWindowTolerance = 0.03;
constexpr double kWindowToleranceCycles = 0.02;

std::string symbolFor(BenchMode mode, bool longer) {
    return std::string("perfdash_") + toString(mode) + (longer ? "_long" : "_short");
}

struct GeneratedBench {
    std::string assembly;
    // Per mode: the plan of the shorter kernel, or why the mode cannot be measured.
    std::optional<KernelPlan> plans[2];
    std::string unavailable[2];
};

Result<GeneratedBench> generate(const CatalogEntry& entry, int copies) {
    GeneratedBench g;
    std::vector<KernelFunction> functions;
    for (int m = 0; m < 2; ++m) {
        auto shorter = planKernel(entry, kModes[m], copies);
        auto longer = planKernel(entry, kModes[m], 2 * copies);
        if (!shorter || !longer) {
            g.unavailable[m] = (!shorter ? shorter : longer).error().message;
            continue;
        }
        g.plans[m] = *shorter;
        functions.push_back({symbolFor(kModes[m], false), std::move(shorter).value()});
        functions.push_back({symbolFor(kModes[m], true), std::move(longer).value()});
    }
    if (functions.empty())
        return makeError("nothing to measure: latency: " + g.unavailable[0] + "; throughput: " + g.unavailable[1]);
    g.assembly = writeAssembly(entry.instruction.arch(), functions);
    return g;
}

// One mode's timing as a line of text, so it can cross a pipe from a child.
std::string encodeTiming(const Result<PairTiming>& r) {
    if (!r) return "error " + r.error().message + "\n";
    char head[64];
    std::snprintf(head, sizeof head, "%d %d %.17g ", r->minimumConfirmed ? 1 : 0, r->loopCostImplausible ? 1 : 0,
                  r->clockHz);
    if (!r->cycles) return "n/a " + std::string(head) + r->unavailable + "\n";
    const Summary& s = *r->cycles;
    char buf[320];
    std::snprintf(buf, sizeof buf, "ok %s%.17g %.17g %.17g %.17g %.17g %zu\n", head, s.min, s.q1, s.median, s.q3,
                  s.max, s.count);
    return buf;
}

Result<PairTiming> decodeTiming(const std::string& line) {
    if (line.starts_with("error ")) return makeError(line.substr(6));
    PairTiming t;
    int confirmed = 0, implausible = 0, used = 0;
    const bool measured = line.starts_with("ok ");
    const bool unavailable = line.starts_with("n/a ");
    if (measured || unavailable) {
        const char* rest = line.c_str() + (measured ? 3 : 4);
        if (std::sscanf(rest, "%d %d %lg %n", &confirmed, &implausible, &t.clockHz, &used) == 3) {
            t.minimumConfirmed = confirmed != 0;
            t.loopCostImplausible = implausible != 0;
            if (unavailable) {
                t.unavailable = rest + used;
                return t;
            }
            Summary s;
            if (std::sscanf(rest + used, "%lg %lg %lg %lg %lg %zu", &s.min, &s.q1, &s.median, &s.q3, &s.max,
                            &s.count) == 6) {
                t.cycles = s;
                return t;
            }
        }
    }
    return makeError("garbled timing from the child process: '" + line + "'");
}

// Whether the fastest window's figure was repeated by another window (or there is nothing to repeat).
bool fastestRepeated(const ModeMeasurement& m) {
    if (m.windows.empty()) return true;
    const double fastest = *std::min_element(m.windows.begin(), m.windows.end());
    const auto near = std::count_if(m.windows.begin(), m.windows.end(), [&](double w) {
        return w - fastest <= std::max(kWindowToleranceCycles, kWindowTolerance * fastest);
    });
    return near >= 2;
}

// Adds a later window's figure; the faster window's measurement is the one kept.
void foldWindow(ModeMeasurement& kept, const ModeMeasurement& later) {
    if (!later.cycles) return;
    std::vector<double> windows = std::move(kept.windows);
    windows.push_back(later.cycles->min);
    if (!kept.cycles || later.cycles->min < kept.cycles->min) kept = later;
    kept.windows = std::move(windows);
}

} // namespace

std::string whyEntryCannotRun(const CatalogEntry& entry, std::optional<Arch> machine, const CpuFeatures& features) {
    if (!machine) return std::string("an entry for ") + toString(entry.instruction.arch()) +
                         " cannot run on this machine's architecture";
    if (entry.instruction.arch() != *machine)
        return std::string("an entry for ") + toString(entry.instruction.arch()) + " cannot run on " +
               toString(*machine);
    if (auto missing = features.missing(entry.requiredFeatures()); !missing.empty())
        return features.explainMissing(missing);
    return {};
}

Result<std::string> generateBenchAssembly(const CatalogEntry& entry, int copies) {
    auto g = generate(entry, copies);
    if (!g) return g.error();
    return g->assembly;
}

BenchResult BenchRunner::run(const CatalogEntry& entry, std::stop_token stop) {
    BenchResult r;
    r.name = entry.name;
    r.mnemonic = entry.mnemonic();
    r.operands = entry.operands;
    r.category = entry.category;
    r.kind = toString(entry.instruction.kind());
    r.templateText = entry.instruction.text();
    r.description = entry.description;
    r.cpu = context_.environment().cpu;
    r.cyclesSource = context_.environment().cyclesSource;
    r.cyclesSourceDetail = context_.environment().cyclesSourceDetail;

    if (auto why = whyEntryCannotRun(entry, context_.toolchain().arch, context_.features()); !why.empty()) {
        r.status = BenchStatus::Unsupported;
        r.reason = std::move(why);
        return r;
    }
    auto generated = generate(entry, options_.copies);
    if (!generated) {
        r.status = BenchStatus::Failed;
        r.reason = generated.error().message;
        return r;
    }
    r.assembly = generated->assembly;
    ModeMeasurement* modes[2] = {&r.latency, &r.throughput};
    for (int m = 0; m < 2; ++m) {
        if (generated->plans[m]) {
            modes[m]->notes = generated->plans[m]->notes;
            modes[m]->streams = generated->plans[m]->streams;
            modes[m]->loopBody = generated->plans[m]->bodyText();
        } else {
            modes[m]->unavailable = generated->unavailable[m];
        }
    }
    auto library = KernelLibrary::build(context_.toolchain(), generated->assembly);
    if (!library) {
        r.status = BenchStatus::Failed;
        r.reason = library.error().message;
        return r;
    }
    KernelPair pairs[2];
    for (int m = 0; m < 2; ++m) {
        if (!generated->plans[m]) continue;
        auto s = library->function(symbolFor(kModes[m], false));
        auto l = library->function(symbolFor(kModes[m], true));
        if (!s || !l) {
            r.status = BenchStatus::Failed;
            r.reason = (!s ? s : l).error().message;
            return r;
        }
        pairs[m] = {*s, *l, options_.copies};
    }

    auto measure = [&] {
        std::string out;
        for (int m = 0; m < 2; ++m)
            out += pairs[m].shorter ? encodeTiming(context_.time(pairs[m], stop)) : "skip\n";
        return out;
    };
    std::string timings;
    if (options_.isolateUntrusted && !entry.shipped) {
        auto child = runForked(
            [&]() -> std::string {
                if (auto s = context_.reopenAfterFork(); !s) return "error " + s.error().message + "\nskip\n";
                return measure();
            },
            options_.childTimeoutSeconds);
        if (!child || !child->exited) {
            r.status = BenchStatus::Failed;
            r.reason = !child            ? child.error().message
                       : child->timedOut ? "the code did not finish within " +
                                               std::to_string(static_cast<int>(options_.childTimeoutSeconds)) + " s"
                       : child->signal   ? explainChildSignal(child->signal)
                                         : "the child process running the code failed";
            return r;
        }
        timings = child->output;
    } else {
        timings = measure();
    }
    const auto lines = split(timings, '\n');
    for (int m = 0; m < 2; ++m) {
        if (!pairs[m].shorter) continue;
        auto t = decodeTiming(static_cast<size_t>(m) < lines.size() ? lines[static_cast<size_t>(m)] : "");
        if (stop.stop_requested()) {
            r.status = BenchStatus::Cancelled;
            r.reason = "cancelled";
            return r;
        }
        if (!t) {
            r.status = BenchStatus::Failed;
            r.reason = std::string(toString(kModes[m])) + ": " + t.error().message;
            return r;
        }
        modes[m]->cycles = t->cycles;
        modes[m]->unavailable = t->unavailable;
        modes[m]->minimumConfirmed = t->minimumConfirmed;
        if (t->loopCostImplausible)
            modes[m]->notes.push_back(std::string(toString(kModes[m])) +
                                      ": the two kernels' fastest runs differ by other than the added copies (their "
                                      "difference implies a loop cost below zero or above a few cycles): the figure "
                                      "is the longer kernel's own time per copy");
        modes[m]->clockHz = t->clockHz;
    }
    return r;
}

// The max-IPC probe's plateau of every class the entries name as their bound,
// measured once for the run (a class without a plateau bounds nothing).
std::map<std::string, double> BenchRunner::measureBounds(const std::vector<const CatalogEntry*>& entries,
                                                         std::stop_token stop) {
    IpcOptions options;
    options.classes.clear();
    for (const auto* e : entries)
        if (auto cls = parseIpcClass(e->bound);
            cls && std::find(options.classes.begin(), options.classes.end(), *cls) == options.classes.end())
            options.classes.push_back(*cls);
    std::map<std::string, double> plateaus;
    if (options.classes.empty()) return plateaus;
    for (const auto& curve : IpcProbe(context_, options).run({}, stop))
        if (curve.plateauIpc) plateaus[toString(curve.cls)] = *curve.plateauIpc;
    return plateaus;
}

BenchRun BenchRunner::runAll(const std::vector<const CatalogEntry*>& entries, const BenchCallbacks& callbacks,
                             std::stop_token stop) {
    BenchRun out;
    out.environment = context_.environment();
    if (callbacks.progress) callbacks.progress({0, entries.size(), "the max-IPC bounds"});
    const auto plateaus = measureBounds(entries, stop);
    for (size_t i = 0; i < entries.size(); ++i) {
        if (callbacks.progress) callbacks.progress({i, entries.size(), entries[i]->name});
        BenchResult r;
        if (stop.stop_requested()) {
            r.name = entries[i]->name;
            r.mnemonic = entries[i]->mnemonic();
            r.operands = entries[i]->operands;
            r.status = BenchStatus::Cancelled;
            r.reason = "cancelled";
        } else {
            r = run(*entries[i], stop);
            if (auto it = plateaus.find(entries[i]->bound); it != plateaus.end()) r.bound = PhysicalBound{it->first, it->second};
            for (auto* m : {&r.latency, &r.throughput})
                if (m->cycles) m->windows = {m->cycles->min};
        }
        if (callbacks.result) callbacks.result(r);
        out.results.push_back(std::move(r));
    }
    // Later windows, seconds apart, for every figure whose fastest value no other window repeated yet.
    for (int window = 2; window <= kMaxWindows && !stop.stop_requested(); ++window) {
        for (size_t i = 0; i < entries.size() && !stop.stop_requested(); ++i) {
            BenchResult& r = out.results[i];
            if (r.status != BenchStatus::Measured || (fastestRepeated(r.latency) && fastestRepeated(r.throughput)))
                continue;
            if (callbacks.progress) callbacks.progress({i, entries.size(), entries[i]->name + " (again)"});
            const BenchResult again = run(*entries[i], stop);
            if (again.status != BenchStatus::Measured) continue;
            foldWindow(r.latency, again.latency);
            foldWindow(r.throughput, again.throughput);
            if (callbacks.result) callbacks.result(r);
        }
    }
    for (auto& r : out.results)
        for (auto* m : {&r.latency, &r.throughput})
            if (m->windows.size() > 1 && !fastestRepeated(*m)) {
                m->minimumConfirmed = false;
                std::string figures;
                for (double w : m->windows) figures += (figures.empty() ? "" : ", ") + printfString("%.3f", w);
                m->notes.push_back(std::string(m == &r.latency ? "latency" : "throughput") + ": the " +
                                   std::to_string(m->windows.size()) + " windows gave " + figures +
                                   " cycles: the fastest did not repeat within " +
                                   printfString("%.0f %% (or %.2f cycles)", 100 * kWindowTolerance, kWindowToleranceCycles));
            }
    if (callbacks.progress) callbacks.progress({entries.size(), entries.size(), ""});
    return out;
}

} // namespace perfdash
