// The AArch64 runner, cross-compiled and run under qemu-aarch64 by ctest.
// Under emulation the numbers mean nothing; what must hold is that the
// runner works: it detects features, assembles with the (host's) cross
// binutils, loads and runs generated code, and returns well-formed results.
// No Qt and no JSON here: only what the core needs, so it cross-compiles
// with the bare cross toolchain.
#include <cmath>
#include <cstdio>
#include <string>

#include "core/microbench/BenchRunner.h"
#include "core/microbench/ClockReport.h"
#include "core/microbench/IpcProbe.h"

using namespace perfdash;

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
    if (!ok) ++failures;
}

// Emulated time says nothing about the instructions (qemu drops unused
// results, translates at will, shares the host): a value must exist and be
// finite, nothing more. That the code really ran is checked separately.
bool finite(const ModeMeasurement& m) { return m.cycles && std::isfinite(m.cycles->median); }

} // namespace

int main() {
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    check(hostArch() == Arch::AArch64, "compiled for AArch64");
    const CpuFeatures features = CpuFeatures::detect();
    check(features.known() && features.has("asimd"), "features from " + features.source());

    auto catalog = InstructionCatalog::loadDefault(Arch::AArch64);
    if (!catalog) {
        check(false, "catalog: " + catalog.error().message);
        return 1;
    }
    check(catalog->entries().size() >= 40, "catalog has " + std::to_string(catalog->entries().size()) + " entries");

    MeasurementOptions options;
    // qemu-user's own threads (translation, RCU) must be able to run beside
    // the pinned guest thread: a SCHED_FIFO spinner would starve them.
    options.realtime = false;
    options.timing.repetitions = 5;
    options.timing.maxRepetitions = 5; // emulation never repeats a fastest run: do not wait for it
    options.timing.targetSeconds = 2e-3;
    auto context = MeasurementContext::create(options);
    if (!context) {
        check(false, "measurement context: " + context.error().message);
        return 1;
    }
    const BenchEnvironment& env = (*context)->environment();
    check(env.cyclesSource == "cycles-counter" || (env.cyclesSource == "measured-clock" && env.clockHz > 0),
          "cycles from " + env.cyclesSourceDetail);

    BenchOptions bench;
    bench.childTimeoutSeconds = 5;
    BenchRunner runner(**context, bench);
    struct Expect {
        const char* name;
        bool latency;
    };
    for (const Expect& e : {Expect{"add_x", true}, Expect{"mul_x", true}, Expect{"fmla_v2d", true},
                            Expect{"ldr_x_chase", true}, Expect{"fmov_d_x", true}, Expect{"cmp_x", false},
                            Expect{"nop", false}}) {
        const BenchResult r = runner.run(*catalog->find(e.name));
        const bool ok = r.status == BenchStatus::Measured && finite(r.throughput) && r.throughput.streams > 0 &&
                        (e.latency ? finite(r.latency) : !r.latency.unavailable.empty());
        auto value = [](const ModeMeasurement& m) { return m.cycles ? std::to_string(m.cycles->median) : m.unavailable; };
        check(ok, std::string(e.name) + ": " + toString(r.status) + " " + r.reason + " latency " + value(r.latency) +
                      ", throughput " + value(r.throughput));
    }
    const BenchResult sve = runner.run(*catalog->find("fadd_z_d_predicated"));
    check(features.has("sve") ? sve.status == BenchStatus::Measured && finite(sve.latency)
                              : sve.status == BenchStatus::Unsupported,
          std::string("fadd_z_d_predicated (sve ") + (features.has("sve") ? "present" : "absent") + "): " +
              toString(sve.status) + " " + sve.reason);

    // qemu-user 7.2 does not deliver a guest SIGILL in a forked child (the
    // child spins): then the child's time limit is what contains it.
    auto trap = makeCustomEntry(Arch::AArch64, "udf #0");
    const BenchResult trapped = runner.run(*trap);
    check(trapped.status == BenchStatus::Failed && (trapped.reason.find("SIGILL") != std::string::npos ||
                                                    trapped.reason.find("did not finish") != std::string::npos),
          "a trapping custom instruction is contained: " + trapped.reason);

    IpcOptions ipc;
    ipc.classes = {IpcClass::IntegerAdd, IpcClass::Load};
    ipc.maxChains = 3;
    // Structure only: under emulation on a busy host the difference of the two
    // unroll lengths can come out non-positive, and then the probe honestly
    // reports no IPC (and no plateau) rather than a made-up one.
    for (const auto& curve : IpcProbe(**context, ipc).run())
        check(curve.error.empty() && curve.points.size() == 3,
              std::string("ipc ") + toString(curve.cls) + " " + curve.error);

    auto probe = ClockProbe::build((*context)->toolchain());
    check(probe.ok(), "clock probe builds");
    if (probe) {
        ClockReportOptions clock;
        clock.probe = options.timing;
        clock.realtime = false;
        const CpuClockReport report = measureCpuClock(*probe, env.cpu, clock);
        check(report.measured && report.measured->hz > 0 && report.references.size() == 5,
              "clock report on CPU " + std::to_string(env.cpu) + " " + report.error);
    }
    // Proof that generated code ran with the registers it was given: a store
    // of the ring's address (init = mem) into the ring's second word. It runs
    // in this process (shipped), so the ring it changed is ours to look at.
    auto store = makeCustomEntry(Arch::AArch64, "str <s:x>, [<s:x>, #8]");
    store->init[""] = InitValue{InitValue::Kind::Memory, 0, "mem"};
    store->shipped = true;
    void* ring = (*context)->ring().data();
    const BenchResult stored = runner.run(*store);
    check(stored.status == BenchStatus::Measured && static_cast<void**>(ring)[1] == ring,
          "generated code stored the ring's address into the ring");

    std::printf("%d failure(s)\n", failures);
    return failures == 0 ? 0 : 1;
}
