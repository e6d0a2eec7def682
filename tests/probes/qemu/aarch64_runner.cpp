// The AArch64 runner, cross-compiled and run under qemu-aarch64 by ctest.
// Under emulation no time is a measurement, so nothing here depends on one:
// the runner must detect the emulation, detect features, assemble with the
// (host's) cross binutils, load and run the generated code (each kernel runs
// and returns), and label every figure "emulated: timings not meaningful"
// with no value. No Qt and no JSON here: only what the core needs, so it
// cross-compiles with the bare cross toolchain.
#include <cmath>
#include <cstdio>
#include <string>

#include "core/probes/BenchRunner.h"
#include "core/probes/CeilingKernels.h"
#include "core/probes/ClockReport.h"
#include "core/probes/IpcProbe.h"
#include "tests/probes/CeilingFormula.h"

using namespace perfdash;

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
    if (!ok) ++failures;
}

const std::string kEmulated = "emulated: timings not meaningful";

bool labelledEmulated(const std::string& reason) { return reason.starts_with(kEmulated); }

// No value, and the reason is the emulation.
bool emulatedFigure(const ModeMeasurement& m) { return !m.cycles && labelledEmulated(m.unavailable); }

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
    auto context = MeasurementContext::create(options);
    if (!context) {
        check(false, "measurement context: " + context.error().message);
        return 1;
    }
    const BenchEnvironment& env = (*context)->environment();
    check(labelledEmulated(env.emulated) && env.cyclesSource == "none" && std::isnan(env.clockHz),
          "the emulation is detected: " + env.emulated);

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
        // A latency the entry cannot have keeps its own reason (no register
        // written); every other figure is absent because of the emulation.
        const bool ok = r.status == BenchStatus::Measured && emulatedFigure(r.throughput) && r.throughput.streams > 0 &&
                        std::isnan(r.ipc()) &&
                        (e.latency ? emulatedFigure(r.latency)
                                   : !r.latency.cycles && !r.latency.unavailable.empty() &&
                                         !labelledEmulated(r.latency.unavailable));
        check(ok, std::string(e.name) + ": " + toString(r.status) + " " + r.reason + " latency: " +
                      r.whyUnavailable(r.latency) + "; throughput: " + r.whyUnavailable(r.throughput));
    }
    const BenchResult sve = runner.run(*catalog->find("fadd_z_d_predicated"));
    check(features.has("sve") ? sve.status == BenchStatus::Measured && emulatedFigure(sve.latency)
                              : sve.status == BenchStatus::Unsupported,
          std::string("fadd_z_d_predicated (sve ") + (features.has("sve") ? "present" : "absent") + "): " +
              toString(sve.status) + " " + sve.reason);

    // A custom entry runs in a forked child. Under qemu-aarch64 7.2 on an
    // x86-64 host a forked child never finishes, even a plain C fork that
    // only writes to a pipe (it spins): the child's time limit is what
    // contains it, and the result must say the code failed.
    auto trap = makeCustomEntry(Arch::AArch64, "udf #0");
    const BenchResult trapped = runner.run(*trap);
    check(trapped.status == BenchStatus::Failed && (trapped.reason.find("SIGILL") != std::string::npos ||
                                                    trapped.reason.find("did not finish") != std::string::npos),
          "a trapping custom instruction is contained: " + trapped.reason);

    IpcOptions ipc;
    ipc.classes = {IpcClass::IntegerAdd, IpcClass::Load};
    ipc.maxChains = 3;
    for (const auto& curve : IpcProbe(**context, ipc).run()) {
        bool ok = curve.error.empty() && curve.points.size() == 3 && !curve.plateauIpc &&
                  curve.whyNoPlateau().find(kEmulated) != std::string::npos;
        for (const auto& p : curve.points) ok = ok && !p.cyclesPerInstruction && labelledEmulated(p.unavailable);
        check(ok, std::string("ipc ") + toString(curve.cls) + ": every point n/a: " + curve.whyNoPlateau());
    }

    auto probe = ClockProbe::build((*context)->toolchain());
    check(probe.ok(), "clock probe builds");
    if (probe) {
        ClockReportOptions clock;
        clock.realtime = false;
        const CpuClockReport report = measureCpuClock(*probe, env.cpu, clock);
        check(!report.measured && labelledEmulated(report.error) && report.references.size() == 5,
              "clock report on CPU " + std::to_string(env.cpu) + ": measured n/a: " + report.error);
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

    // The ceilings' AArch64 kernels run here, not on the x86 host: each memory
    // kernel writes what its formula says over exactly its bytes; each compute
    // kernel runs and returns.
    for (VectorIsa isa : isasOf(Arch::AArch64))
        for (Precision p : {Precision::Dp, Precision::Sp}) {
            for (MemoryOp op : kAllMemoryOps) {
                const std::string what = std::string("ceilings ") + toString(op) + " " + toString(isa) + " " + toString(p);
                auto library = KernelLibrary::build((*context)->toolchain(), *memoryKernelAssembly(Arch::AArch64, op, isa, p, "k"));
                auto once = library ? library->function("k_1") : Result<KernelEntryPoint>(library.error());
                if (!once) {
                    check(false, what + ": " + once.error().message);
                    continue;
                }
                const std::string wrong =
                    perfdash::testing::checkMemoryKernel(*once, op, p, memoryAccounting(op, isa, p).blockBytes() * 3);
                check(wrong.empty(), what + (wrong.empty() ? ": wrote its formula" : ": " + wrong));
            }
            for (ComputeOp op : kAllComputeOps) {
                auto library = KernelLibrary::build((*context)->toolchain(), *computeKernelAssembly(Arch::AArch64, op, isa, p, "k"));
                StreamArgs args;
                args.scalar = 1.0;
                const bool ran = library && library->function("k_2") && ((*library->function("k_2"))(10, &args), true);
                check(ran, std::string("ceilings ") + toString(op) + " " + toString(isa) + " " + toString(p) + " runs");
            }
        }

    std::printf("%d failure(s)\n", failures);
    return failures == 0 ? 0 : 1;
}
