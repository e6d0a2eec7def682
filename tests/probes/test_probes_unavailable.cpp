// What is not a measurement is never shown as one: a negative, zero, too
// small or non-finite figure becomes "n/a" with its reason (Plausibility.h),
// and under emulation every timing is "emulated: timings not meaningful"
// while the kernels still run. Checked in the core, the JSON (null plus a
// reason) and the CLI's text. Nothing here depends on how fast anything runs:
// the emulation is simulated with a fake /proc whose cpuinfo describes
// another architecture.
#include <QtTest>
#include <cmath>
#include <filesystem>
#include <unistd.h>

#include "core/probes/BenchRunner.h"
#include "core/probes/Emulation.h"
#include "core/probes/ProbeJson.h"
#include "core/probes/ProbeText.h"
#include "core/probes/Plausibility.h"
#include "core/util/Strings.h"

using namespace perfdash;

namespace {

const std::string kEmulated = "emulated: timings not meaningful";

std::string fixtureText(const char* name) {
    auto text = readFile(qgetenv("PERFDASH_FIXTURES").toStdString() + "/probes/" + name);
    if (!text) qFatal("missing fixture %s", name);
    return *text;
}

Summary uniform(double v) { return Summary{v, v, v, v, v, 5}; }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A /proc whose cpuinfo describes an architecture other than this program's:
// what an AArch64 program sees under qemu-user on an x86-64 host.
class EmulatedProc {
public:
    EmulatedProc() {
        const bool x86 = hostArch() == Arch::X86_64;
        const std::string other = fixtureText(x86 ? "cpuinfo-aarch64.txt" : "cpuinfo-x86_64.txt");
        QFile f(dir_.filePath(QStringLiteral("cpuinfo")));
        if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write the fake cpuinfo");
        f.write(other.data(), static_cast<qint64>(other.size()));
    }
    SystemPaths paths() const {
        SystemPaths p;
        p.procRoot = dir_.path().toStdString();
        return p;
    }

private:
    QTemporaryDir dir_;
};

std::unique_ptr<MeasurementContext> emulatedContext(const EmulatedProc& proc) {
    MeasurementOptions o;
    o.realtime = false;
    o.paths = proc.paths();
    auto c = MeasurementContext::create(o);
    if (!c) qFatal("%s", c.error().message.c_str());
    return std::move(c).value();
}

// A result whose latency the core refused: the longer kernel ran faster.
BenchResult refusedLatency() {
    BenchResult r;
    r.name = "ldr_x_chase";
    r.mnemonic = "ldr";
    r.operands = "x, [x]";
    r.latency.unavailable = whyCyclesNotMeasurable(uniform(-0.443859));
    r.throughput.cycles = uniform(0.5);
    r.throughput.streams = 4;
    return r;
}

} // namespace

class TestProbesUnavailable : public QObject {
    Q_OBJECT
private slots:
    void figuresBelowThePhysicalBoundAreRefused() {
        QCOMPARE(whyCyclesNotMeasurable(uniform(1.0)), std::string());
        QCOMPARE(whyCyclesNotMeasurable(uniform(1 / kMaxInstructionsPerCycle)), std::string());
        // The fmov_d_x / ldr_x_chase figures of issue 11.
        for (double bad : {-0.059958, -0.443859, -3.628240, 0.0}) {
            const std::string why = whyCyclesNotMeasurable(uniform(bad));
            QVERIFY2(why.starts_with("machine too busy: the kernel with more copies did not take longer"), why.c_str());
        }
        const std::string tooFast = whyCyclesNotMeasurable(uniform(0.01));
        QVERIFY2(tooFast.starts_with("machine too busy: 0.01 cycles per instruction would be more than 16"),
                 tooFast.c_str());
        Summary medianNegative = uniform(1.0);
        medianNegative.median = -0.2;
        QVERIFY(!whyCyclesNotMeasurable(medianNegative).empty());
        Summary infinite = uniform(1.0);
        infinite.max = INFINITY;
        QVERIFY(whyCyclesNotMeasurable(infinite).starts_with("not measurable"));
        Summary nan = uniform(1.0);
        nan.min = NAN;
        QVERIFY(whyCyclesNotMeasurable(nan).starts_with("not measurable"));
    }

    void aClockChainThatIsNotMonotonicGivesNoClock() {
        QCOMPARE(whyClockNotMeasurable(1 / 3e9, 1 / 2.9e9), std::string());
        for (auto [fastest, median] : {std::pair{-1e-10, 3e-10}, {3e-10, 0.0}, {0.0, 0.0}, {NAN, 3e-10}})
            QVERIFY(whyClockNotMeasurable(fastest, median).starts_with("clock chain not monotonic"));
        QVERIFY(whyClockNotMeasurable(1 / 40e9, 1 / 3e9).starts_with("machine too busy: the clock chain gave 40 GHz"));
    }

    void emulationIsToldFromCpuinfoAndTheThreadsExecutable() {
        QCOMPARE(cpuinfoArchitecture(fixtureText("cpuinfo-x86_64.txt")), std::optional(Arch::X86_64));
        QCOMPARE(cpuinfoArchitecture(fixtureText("cpuinfo-aarch64.txt")), std::optional(Arch::AArch64));
        QCOMPARE(cpuinfoArchitecture(fixtureText("cpuinfo-mips64-loongson.txt")), std::optional(Arch::Mips64));
        QCOMPARE(cpuinfoArchitecture("processor : 0\n"), std::optional<Arch>());
        const std::string arm = fixtureText("cpuinfo-aarch64.txt");
        const std::string x86 = fixtureText("cpuinfo-x86_64.txt");
        // What qemu-aarch64 7.2 shows an AArch64 program on an x86-64 host.
        const std::string qemu = emulationReason(Arch::AArch64, x86, "/tmp/runner", "/usr/bin/qemu-aarch64");
        QVERIFY2(qemu.starts_with(kEmulated + " (this program runs aarch64 code, but /proc/cpuinfo describes"),
                 qemu.c_str());
        // qemu 8.1 and later describe the emulated CPU in cpuinfo; the thread's executable still tells.
        const std::string newer = emulationReason(Arch::AArch64, arm, "/tmp/runner", "/usr/bin/qemu-aarch64");
        QVERIFY2(contains(newer, "the running thread's executable is /usr/bin/qemu-aarch64"), newer.c_str());
        QCOMPARE(emulationReason(Arch::AArch64, arm, "/tmp/runner", "/tmp/runner"), std::string());
        QCOMPARE(emulationReason(Arch::X86_64, x86, "/usr/bin/perfdash", ""), std::string());
        QCOMPARE(emulationReason(Arch::X86_64, "", "", ""), std::string()); // nothing readable: no evidence
        // This test itself runs natively.
        QCOMPARE(detectEmulation(), std::string());
        // A fake /proc, read through the paths the probes take.
        QTemporaryDir proc;
        QVERIFY(QDir().mkpath(proc.filePath(QStringLiteral("thread-self"))));
        QVERIFY(QDir().mkpath(proc.filePath(QStringLiteral("self"))));
        QVERIFY(::symlink("/usr/bin/qemu-aarch64", qPrintable(proc.filePath(QStringLiteral("thread-self/exe")))) == 0);
        QVERIFY(::symlink("/tmp/runner", qPrintable(proc.filePath(QStringLiteral("self/exe")))) == 0);
        SystemPaths paths;
        paths.procRoot = proc.path().toStdString();
        QVERIFY(detectEmulation(paths).starts_with(kEmulated));
    }

    void underEmulationKernelsRunAndEveryFigureIsNa() {
        if (!hostArch()) QSKIP("instruction benchmarks run on x86-64, AArch64 and MIPS64 only");
        if (!ClockProbe::build(Toolchain::fromEnvironment(*hostArch())).ok())
            QSKIP("the system assembler cannot build kernels here (install binutils)");
        EmulatedProc proc;
        auto ctx = emulatedContext(proc);
        const BenchEnvironment& env = ctx->environment();
        QVERIFY2(env.emulated.starts_with(kEmulated), env.emulated.c_str());
        QCOMPARE(env.cyclesSource, std::string("none"));
        QVERIFY(std::isnan(env.clockHz));

        const Arch arch = *hostArch();
        // Proof that the generated code ran: it stores the ring's address into the ring's second word.
        const char* store = arch == Arch::X86_64    ? "mov qword ptr [<s:gpr64> + 8], <s:gpr64>"
                            : arch == Arch::AArch64 ? "str <s:x>, [<s:x>, #8]"
                                                    : "sd <s:gpr>, 8(<s:gpr>)";
        auto entry = makeCustomEntry(arch, store);
        QVERIFY2(entry.ok(), entry ? "" : entry.error().message.c_str());
        entry->init[""] = InitValue{InitValue::Kind::Memory, 0, "mem"};
        entry->shipped = true; // in this process, so the ring it wrote is ours to look at
        void** ring = static_cast<void**>(ctx->ring().data());
        ring[1] = nullptr;
        BenchRunner runner(*ctx);
        const BenchResult stored = runner.run(*entry);
        QCOMPARE(stored.status, BenchStatus::Measured);
        QCOMPARE(static_cast<void*>(ring[1]), static_cast<void*>(ring));
        QVERIFY(!stored.throughput.cycles);
        QVERIFY(stored.throughput.unavailable.starts_with(kEmulated));
        QVERIFY(std::isnan(stored.ipc()));

        // A custom entry runs in a forked child: the reason crosses the pipe.
        auto add = makeCustomEntry(arch, arch == Arch::X86_64    ? "add <sd:gpr64>, 1"
                                         : arch == Arch::AArch64 ? "add <sd:x>, <=1>, #1"
                                                                 : "daddiu <sd:gpr>, <=1>, 1");
        QVERIFY(add.ok());
        const BenchResult forked = runner.run(*add);
        QCOMPARE(forked.status, BenchStatus::Measured);
        for (const ModeMeasurement* m : {&forked.latency, &forked.throughput}) {
            QVERIFY(!m->cycles);
            QCOMPARE(m->unavailable, env.emulated);
        }

        IpcOptions ipc;
        ipc.classes = {IpcClass::IntegerAdd, IpcClass::Load};
        ipc.maxChains = 2;
        for (const IpcCurve& c : IpcProbe(*ctx, ipc).run()) {
            QVERIFY2(c.error.empty(), c.error.c_str());
            QCOMPARE(c.points.size(), size_t(2));
            for (const IpcPoint& p : c.points) {
                QVERIFY(!p.cyclesPerInstruction && std::isnan(p.ipc()));
                QCOMPARE(p.unavailable, env.emulated);
            }
            QVERIFY(!c.plateauIpc);
            QVERIFY(contains(c.whyNoPlateau(), kEmulated));
        }

        auto probe = ClockProbe::build(ctx->toolchain());
        QVERIFY(probe.ok());
        ClockReportOptions clock;
        clock.realtime = false;
        clock.paths = proc.paths();
        const CpuClockReport report = measureCpuClock(*probe, env.cpu, clock);
        QVERIFY(!report.measured);
        QVERIFY2(report.error.starts_with(kEmulated), report.error.c_str());
        QCOMPARE(report.references.size(), size_t(5));
    }

    void jsonGivesNullAndTheReason() {
        BenchRun run;
        run.environment.arch = "aarch64";
        run.environment.emulated = kEmulated + " (qemu)";
        run.environment.clockHz = NAN;
        run.results.push_back(refusedLatency());
        BenchResult emulated;
        emulated.name = "add_x";
        emulated.latency.unavailable = emulated.throughput.unavailable = run.environment.emulated;
        run.results.push_back(emulated);
        const auto j = benchRunToJson(run, false);
        QCOMPARE(j["environment"]["emulated"].get<std::string>(), run.environment.emulated);
        QVERIFY(j["environment"]["clock_hz"].is_null());
        const auto& refused = j["results"][0];
        QVERIFY(refused["latency_cycles"].is_null());
        QVERIFY(refused["latency_cycles_unavailable"].get<std::string>().starts_with("machine too busy"));
        QVERIFY(refused["latency"]["cycles"].is_null());
        QCOMPARE(refused["latency"]["unavailable"], refused["latency_cycles_unavailable"]);
        QCOMPARE(refused["recip_throughput_cycles"].get<double>(), 0.5);
        QVERIFY(!refused.contains("recip_throughput_cycles_unavailable"));
        QCOMPARE(refused["ipc"].get<double>(), 2.0);
        const auto& em = j["results"][1];
        for (const char* key : {"latency_cycles", "recip_throughput_cycles", "ipc"}) {
            QVERIFY2(em[key].is_null(), key);
            QCOMPARE(em[std::string(key) + "_unavailable"].get<std::string>(), run.environment.emulated);
        }
        // Nowhere a negative number.
        const std::string dump = j.dump();
        QVERIFY2(!contains(dump, "-0.44"), dump.c_str());

        IpcCurve curve;
        curve.points = {IpcPoint{1, std::nullopt, run.environment.emulated}};
        const auto ij = ipcCurvesToJson(run.environment, {curve});
        QVERIFY(ij["curves"][0]["points"][0]["ipc"].is_null());
        QVERIFY(ij["curves"][0]["points"][0]["cycles_per_instruction"].is_null());
        QCOMPARE(ij["curves"][0]["points"][0]["ipc_unavailable"].get<std::string>(), run.environment.emulated);
        QVERIFY(ij["curves"][0]["plateau_ipc"].is_null());
        QVERIFY(contains(ij["curves"][0]["plateau_ipc_unavailable"].get<std::string>(), kEmulated));

        CpuClockReport clock;
        clock.cpu = 0;
        clock.error = whyClockNotMeasurable(-1e-10, 3e-10);
        const auto cj = clockReportsToJson({clock});
        QVERIFY(cj["cpus"][0]["measured_hz"].is_null());
        QVERIFY(cj["cpus"][0]["measured_hz_unavailable"].get<std::string>().starts_with("clock chain not monotonic"));
    }

    void textSaysNaAndWhy() {
        BenchRun run;
        run.environment.arch = "x86_64";
        run.environment.cyclesSourceDetail = "the core clock";
        run.results.push_back(refusedLatency());
        const std::string table = benchTableText(run, {}, false);
        QVERIFY2(!contains(table, "-0.44"), table.c_str());
        QVERIFY2(contains(table, "ldr_x_chase: latency n/a: machine too busy"), table.c_str());
        const auto lines = split(table, '\n');
        const auto row = std::find_if(lines.begin(), lines.end(),
                                      [](const std::string& l) { return l.starts_with("| ldr_x_chase "); });
        QVERIFY(row != lines.end());
        QVERIFY2(contains(*row, " n/a ") && contains(*row, "0.50"), row->c_str());

        run.environment.emulated = kEmulated + " (qemu)";
        BenchResult emulated;
        emulated.name = "add_x";
        emulated.latency.unavailable = emulated.throughput.unavailable = run.environment.emulated;
        run.results = {emulated};
        const std::string emulatedTable = benchTableText(run, {}, false);
        QVERIFY2(contains(emulatedTable, "add_x: latency n/a: " + kEmulated), emulatedTable.c_str());
        QVERIFY2(contains(emulatedTable, "add_x: TP and IPC n/a: " + kEmulated), emulatedTable.c_str());

        CpuClockReport clock;
        clock.cpu = 1;
        clock.error = whyClockNotMeasurable(0, 0);
        const std::string clockTable = clockReportsText({clock});
        // The table's row of CPU 1's measured clock: "|   1 | measured |   n/a | clock chain ... |".
        std::vector<std::string> cells;
        for (const auto& line : split(clockTable, '\n'))
            if (contains(line, " measured "))
                for (const auto& cell : split(line, '|')) cells.push_back(trim(cell));
        QVERIFY2(cells.size() == 4 && cells[0] == "1" && cells[1] == "measured" && cells[2] == "n/a" &&
                     cells[3].starts_with("clock chain not monotonic"),
                 clockTable.c_str());

        IpcCurve curve;
        curve.instruction = "add rax, 1";
        curve.points = {IpcPoint{1, uniform(1.0), ""}, IpcPoint{2, std::nullopt, "machine too busy: x"}};
        findPlateau(curve);
        const std::string ipc = ipcCurvesText(run.environment, {curve});
        QVERIFY2(contains(ipc, "2 chains: IPC n/a: machine too busy: x"), ipc.c_str());
        QVERIFY2(contains(ipc, "plateau 1.00 IPC from 1 chains"), ipc.c_str());
    }
};

QTEST_GUILESS_MAIN(TestProbesUnavailable)
#include "test_probes_unavailable.moc"
