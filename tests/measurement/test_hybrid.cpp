// Hybrid CPUs (Alder/Raptor Lake: cpu_core and cpu_atom) on the fixture tree
// tests/fixtures/likwid/sysfs-adl (P-cores on CPUs 0-15, E-cores on 16-23):
// each core type's PMU and CPUs, perf's generic events with the PMU's type in
// config bits 32-63, a group slot per core type with that type's Intel code,
// groups that never mix core PMUs, each event opened only on CPUs of its
// type (really opened here, with software events standing in for the two
// core PMUs on this machine's CPUs 0 and 1), and the results: each CPU's
// value from its own core type's event, totals and metrics per core type.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <linux/perf_event.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/backends/PerfEventBackend.h"
#include "core/backends/PerfEventGroupPlan.h"
#include "core/events/EventResolver.h"
#include "core/events/HybridCoreEvent.h"
#include "core/groups/GroupFileParser.h"
#include "core/measurement/IntervalCombiner.h"
#include "core/measurement/ResultBuilder.h"
#include "core/measurement/SlotResolver.h"
#include "core/report/ReportCsv.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/session/SessionFiles.h"
#include "core/session/SessionJournal.h"
#include "core/report/TextReport.h"
#include "core/result/CounterDeltas.h"

using namespace perfdash;

namespace {

std::string fixtures() { return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString(); }

EventPaths adlTree() {
    EventPaths paths;
    paths.sysfsRoot = fixtures() + "/likwid/sysfs-adl";
    paths.tracefsRoots = {};
    return paths;
}

GroupSlot slot(const std::string& counter, const std::string& event) {
    GroupSlot s;
    s.counter = s.counterSpec = counter;
    s.event = event;
    return s;
}

const std::vector<int> kPCores = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
const std::vector<int> kECores = {16, 17, 18, 19, 20, 21, 22, 23};

// An event standing in for one core PMU's: a software event with that PMU's
// name and CPUs, so that the real perf_event backend places it.
EventSlot standIn(const std::string& counter, const std::string& corePmu, std::vector<int> cpus, uint64_t swConfig) {
    ResolvedEvent e;
    e.name = corePmu + "/" + counter + "/";
    e.pmu = corePmu;
    e.source = EventSource::Software;
    e.encoding.type = PERF_TYPE_SOFTWARE;
    e.encoding.config = swConfig;
    e.coreCpus = std::move(cpus);
    return EventSlot{counter, e, 0};
}

// This process counted as a task followed on any CPU, by the real perf backend.
Result<std::unique_ptr<CounterSet>> openOnThisProcess(const EventSet& set) {
    CountingScope scope;
    scope.kind = CountingScope::Kind::Task;
    scope.pid = getpid();
    scope.inherit = false;
    PerfEventBackend backend;
    return backend.open(set, scope);
}

// CPI on a hybrid CPU: FIXC0 and FIXC1 on both core types (event-set slots
// 0/1 and 2/3: cpu_core, cpu_atom), PWR0 the package energy (slot 4).
MeasurementPlan hybridCpiPlan() {
    MeasurementPlan plan;
    PlannedGroup g;
    g.group.name = "CPI";
    g.group.events = {slot("FIXC0", "INST_RETIRED_ANY"), slot("FIXC1", "CPU_CLK_UNHALTED_THREAD"),
                      slot("PWR0", "PWR_PKG_ENERGY")};
    g.group.metrics = {{"CPI", "FIXC1/FIXC0", 0}, {"Energy per instruction", "PWR0/FIXC0", 0}};
    // Event-set slots: 0 FIXC0 cpu_core, 1 FIXC0 cpu_atom, 2 FIXC1 cpu_core, 3 FIXC1 cpu_atom, 4 PWR0.
    auto hybridEvent = [](const std::string& counter, int coreSlot, int atomSlot) {
        PlannedEvent e;
        e.counter = e.spec = e.name = counter;
        e.availability.state = Availability::State::Countable;
        e.eventSetSlot = coreSlot;
        e.coreTypes = {{"cpu_core", kPCores, coreSlot, ""}, {"cpu_atom", kECores, atomSlot, ""}};
        return e;
    };
    PlannedEvent energy;
    energy.counter = energy.spec = energy.name = "PWR0";
    energy.availability.state = Availability::State::Countable;
    energy.eventSetSlot = 4;
    g.events = {hybridEvent("FIXC0", 0, 1), hybridEvent("FIXC1", 2, 3), energy};
    for (int s = 0; s < 5; ++s) plan.eventSet.push_back(EventSlot{"s" + std::to_string(s), ResolvedEvent{}, 0});
    plan.groups.push_back(std::move(g));
    return plan;
}

// A process followed on any CPU, its hybrid events' parts read as the kernel
// reports them: enabled whenever the process ran, running only while it ran
// on the part's own core type and the event was on a counter there. CPI's
// parts: FIXC0 on slots 0/1 (990 instructions on P-cores, 7 on E-cores),
// FIXC1 on 2/3 (1500 and 40 cycles); nothing on E-cores when it never ran
// there. PWR0 (slot 4) counts 0.
std::vector<CountValue> taskCpiCounts(const MeasurementPlan& plan, uint64_t enabled, uint64_t onCore, uint64_t onAtom) {
    ReadingLayout layout{{true}, std::vector<bool>(5, true)};
    layout.coreTypeParts = plan.coreTypeParts();
    const uint64_t atomInstr = onAtom > 0 ? 7 : 0, atomCycles = onAtom > 0 ? 40 : 0;
    Snapshot before, after;
    before.values.resize(5);
    after.values = {{990, enabled, onCore}, {atomInstr, enabled, onAtom}, {1500, enabled, onCore},
                    {atomCycles, enabled, onAtom}, {0, enabled, enabled}};
    return countsBetween(before, after, layout, false);
}

// CPU 14 is a P-core, 16 and 17 are E-cores.
std::vector<LocationInfo> mixedCpus() {
    std::vector<LocationInfo> cpus = {{LocationKind::Cpu, 14}, {LocationKind::Cpu, 16}, {LocationKind::Cpu, 17}};
    cpus[0].coreType = "cpu_core";
    cpus[1].coreType = cpus[2].coreType = "cpu_atom";
    return cpus;
}
// A hybrid CPI run as a live measurement makes it from cumulative snapshots
// (Measurement): each interval the counts between two consecutive ones, the
// whole run those between the first and the last.
MeasurementResult liveRun(const MeasurementPlan& plan, const std::vector<LocationInfo>& locations,
                          const std::vector<Snapshot>& snapshots) {
    ReadingLayout layout{{}, std::vector<bool>(plan.eventSet.size(), true)};
    for (const auto& l : locations) layout.taskLocation.push_back(l.kind != LocationKind::Cpu);
    layout.coreTypeParts = plan.coreTypeParts();
    auto builder = ResultBuilder::create(plan, locations, MetricEnvironment{}, {});
    MeasurementResult run;
    if (!builder) return run;
    run.startedAt = "2026-11-26T19:00:00+00:00";
    run.config.mode = locations.front().kind == LocationKind::Cpu ? "system" : "launch";
    run.locations = locations;
    for (size_t k = 1; k < snapshots.size(); ++k)
        run.intervals.push_back({double(k), 1.0, builder->build(countsBetween(snapshots[k - 1], snapshots[k], layout, false), 1.0)});
    run.durationS = double(snapshots.size() - 1);
    run.groups = builder->build(countsBetween(snapshots.front(), snapshots.back(), layout, false), run.durationS);
    return run;
}

// Cumulative readings of hybridCpiPlan's 5 slots at each location after k
// seconds: a CPU counts only its own core type's slots (the other type's
// event is never enabled there); a task both parts, each running while the
// task ran on its type (99 % and 1 % of the time: no multiplexing). The
// counts grow unevenly, so that no interval is the whole run's share.
Snapshot cpiSnapshot(const std::vector<LocationInfo>& locations, uint64_t k) {
    Snapshot s;
    const uint64_t ns = k * 1'000'000'000;
    for (size_t l = 0; l < locations.size(); ++l) {
        const uint64_t n = l + 1;
        const CounterValue off{};
        const CounterValue energy{k * k * 3, ns, ns};
        if (locations[l].kind != LocationKind::Cpu) {
            const uint64_t onCore = ns / 100 * 99, onAtom = ns - onCore;
            s.values.insert(s.values.end(), {{k * k * 990 * n, ns, onCore}, {k * 7 * n, ns, onAtom},
                                             {k * k * 1500 * n, ns, onCore}, {k * 40 * n, ns, onAtom}, energy});
        } else if (locations[l].coreType == "cpu_core") {
            s.values.insert(s.values.end(), {{k * k * 1000 * n, ns, ns}, off, {k * 500 * n, ns, ns}, off, energy});
        } else {
            s.values.insert(s.values.end(), {off, {k * k * 300 * n, ns, ns}, off, {k * 600 * n, ns, ns}, energy});
        }
    }
    return s;
}
} // namespace

Q_DECLARE_METATYPE(std::vector<perfdash::LocationInfo>)

class TestHybrid : public QObject {
    Q_OBJECT
private slots:
    void corePmusSayWhichCpusAreWhichType() {
        const SysfsPmus pmus = SysfsPmus::scan(adlTree().sysfsRoot);
        const auto cores = pmus.hybridCores();
        QCOMPARE(cores.size(), size_t{2});
        QCOMPARE(cores[0]->name, std::string("cpu_core")); // the kernel's default core PMU first, as perf lists them
        QCOMPARE(cores[0]->type, 4u);
        QCOMPARE(cores[0]->coreCpus, kPCores);
        QCOMPARE(cores[1]->name, std::string("cpu_atom"));
        QCOMPARE(cores[1]->type, 10u);
        QCOMPARE(cores[1]->coreCpus, kECores);
        QCOMPARE(pmus.hybridCoreOf(15)->name, std::string("cpu_core"));
        QCOMPARE(pmus.hybridCoreOf(16)->name, std::string("cpu_atom"));
        QVERIFY(!pmus.hybridCoreOf(24));
        // Not hybrid: no core PMU with a cpus file.
        QVERIFY(SysfsPmus::scan(fixtures() + "/likwid/sysfs-icl").hybridCores().empty());
    }

    // arm64's one core PMU has a `cpus` file too, but one core PMU is no
    // hybrid CPU: perf's events stay plain (older kernels refuse the extended type).
    void oneCorePmuWithACpusFileIsNotHybrid() {
        QTemporaryDir root;
        const QString pmu = root.path() + "/bus/event_source/devices/armv8_pmuv3_0";
        QVERIFY(QDir().mkpath(pmu + "/format"));
        for (const auto& [file, text] : {std::pair{"/type", "8\n"}, {"/cpus", "0-1\n"}, {"/format/event", "config:0-15\n"}}) {
            QFile f(pmu + file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        EventPaths paths;
        paths.sysfsRoot = root.path().toStdString();
        paths.tracefsRoots = {};
        const EventResolver events(paths);
        QCOMPARE(events.pmus().find("armv8_pmuv3_0")->coreCpus, (std::vector<int>{0, 1}));
        QVERIFY(events.pmus().hybridCores().empty());
        const auto cycles = events.resolve("cycles");
        QVERIFY(cycles.ok());
        QCOMPARE(cycles->encoding.type, uint32_t(PERF_TYPE_HARDWARE));
        QCOMPARE(cycles->encoding.config, uint64_t(PERF_COUNT_HW_CPU_CYCLES));
        QVERIFY(cycles->coreCpus.empty());
    }

    // perf_event_open(2): a hybrid PMU's generic event is PERF_TYPE_HARDWARE
    // (or HW_CACHE) with the PMU's type in bits 32-63 (PERF_PMU_TYPE_SHIFT).
    void genericEventsCarryTheCorePmuTypeInTheExtendedField() {
        const EventResolver events(adlTree());
        const auto cycles = onEveryHybridCore(events.resolve("cycles"), events.pmus());
        QCOMPARE(cycles.size(), size_t{2});
        QCOMPARE(cycles[0].corePmu, std::string("cpu_core"));
        QCOMPARE(cycles[0].event->name, std::string("cpu_core/cycles/"));
        QCOMPARE(cycles[0].event->encoding.type, uint32_t{PERF_TYPE_HARDWARE});
        QCOMPARE(cycles[0].event->encoding.config, (uint64_t{4} << 32) | PERF_COUNT_HW_CPU_CYCLES);
        QCOMPARE(cycles[0].event->coreCpus, kPCores);
        QCOMPARE(cycles[1].event->name, std::string("cpu_atom/cycles/"));
        QCOMPARE(cycles[1].event->encoding.config, (uint64_t{10} << 32) | PERF_COUNT_HW_CPU_CYCLES);
        QCOMPARE(cycles[1].event->coreCpus, kECores);

        const auto instructions = onEveryHybridCore(events.resolve("instructions"), events.pmus());
        QCOMPARE(instructions[1].event->encoding.config, (uint64_t{10} << 32) | PERF_COUNT_HW_INSTRUCTIONS);
        const auto dtlb = onEveryHybridCore(events.resolve("dTLB-load-misses"), events.pmus());
        QCOMPARE(dtlb[1].event->encoding.type, uint32_t{PERF_TYPE_HW_CACHE});
        QCOMPARE(dtlb[1].event->encoding.config,
                 (uint64_t{10} << 32) | PERF_COUNT_HW_CACHE_DTLB | (PERF_COUNT_HW_CACHE_OP_READ << 8) |
                     (PERF_COUNT_HW_CACHE_RESULT_MISS << 16));

        // A raw code opens on each core PMU's own type.
        const auto raw = onEveryHybridCore(events.resolve("r3c"), events.pmus());
        QCOMPARE(raw[0].event->encoding.type, 4u);
        QCOMPARE(raw[1].event->encoding.type, 10u);
        QCOMPARE(raw[1].event->encoding.config, uint64_t{0x3c});
        QCOMPARE(raw[1].event->name, std::string("cpu_atom/r3c/"));

        // Written for one core PMU: that one only, on its CPUs.
        const auto atomOnly = onEveryHybridCore(events.resolve("cpu_atom/event=0xc2/"), events.pmus());
        QCOMPARE(atomOnly.size(), size_t{1});
        QCOMPARE(atomOnly[0].corePmu, std::string("cpu_atom"));
        QCOMPARE(atomOnly[0].event->encoding.type, 10u);
        QCOMPARE(atomOnly[0].event->coreCpus, kECores);

        // No core event: one event for every CPU.
        const auto software = onEveryHybridCore(events.resolve("task-clock"), events.pmus());
        QCOMPARE(software.size(), size_t{1});
        QVERIFY(software[0].corePmu.empty());
        QVERIFY(software[0].event->coreCpus.empty());
    }

    // Intel perfmon ADL v1.40: DTLB_LOAD_MISSES.WALK_COMPLETED is 0x12/0x0E on
    // Golden Cove and 0x08/0x0E on Gracemont; FP_ARITH_INST_RETIRED exists on
    // Golden Cove only.
    void aGroupSlotResolvesOncePerCoreTypeWithThatTypesCode() {
        const EventResolver events(adlTree());
        const SlotResolver naming(events, "alderlake");
        const auto walks = naming.resolveCoreTypes(slot("PMC0", "DTLB_LOAD_MISSES_WALK_COMPLETED"));
        QCOMPARE(walks.size(), size_t{2});
        QCOMPARE(walks[0].corePmu, std::string("cpu_core"));
        QCOMPARE(walks[0].event->encoding.type, 4u);
        QCOMPARE(walks[0].event->encoding.config, uint64_t{0x0e12});
        QCOMPARE(walks[0].event->coreCpus, kPCores);
        QCOMPARE(walks[1].corePmu, std::string("cpu_atom"));
        QCOMPARE(walks[1].event->encoding.type, 10u);
        QCOMPARE(walks[1].event->encoding.config, uint64_t{0x0e08});
        QCOMPARE(walks[1].event->coreCpus, kECores);

        const auto flops = naming.resolveCoreTypes(slot("PMC0", "FP_ARITH_INST_RETIRED_SCALAR_DOUBLE"));
        QCOMPARE(flops.size(), size_t{2});
        QCOMPARE(flops[0].event->encoding.config, uint64_t{0x01c7});
        QVERIFY(!flops[1].event); // not dropped: unresolved there, with the reason
        QVERIFY2(flops[1].event.error().message.find("E-cores (cpu_atom)") != std::string::npos,
                 flops[1].event.error().message.c_str());
        QVERIFY(flops[1].event.error().message.find("intel/ADL-atom") != std::string::npos);

        // A unit's counter is one event, on its own PMU.
        const auto energy = naming.resolveCoreTypes(slot("PWR0", "PWR_PKG_ENERGY"));
        QCOMPARE(energy.size(), size_t{1});
        QVERIFY(energy[0].corePmu.empty());
        QCOMPARE(energy[0].event->pmu, std::string("power"));

        // A machine without hybrid PMUs (E-cores off: one `cpu`): one event, the P-core table's.
        EventPaths icl;
        icl.sysfsRoot = fixtures() + "/likwid/sysfs-icl";
        icl.tracefsRoots = {};
        const EventResolver plain(icl);
        const auto one = SlotResolver(plain, "alderlake").resolveCoreTypes(slot("PMC0", "DTLB_LOAD_MISSES_WALK_COMPLETED"));
        QCOMPARE(one.size(), size_t{1});
        QCOMPARE(one[0].event->encoding.config, uint64_t{0x0e12});
        QVERIFY(one[0].event->coreCpus.empty());
    }

    void kernelGroupsNeverMixCorePmus() {
        EventSet set = {standIn("A", "cpu_core", kPCores, PERF_COUNT_SW_CPU_CLOCK),
                        standIn("B", "cpu_atom", kECores, PERF_COUNT_SW_CPU_CLOCK),
                        standIn("C", "cpu_core", kPCores, PERF_COUNT_SW_TASK_CLOCK),
                        standIn("D", "software", {}, PERF_COUNT_SW_PAGE_FAULTS)};
        int next = 100;
        const PerfGroupPlan plan = planPerfGroups(set, [&](size_t, int) { return next++; }, PerfPermissions{});
        const std::vector<std::vector<size_t>> expected = {{0, 2}, {1}, {3}};
        QCOMPARE(plan.groups, expected);
    }

    // System-wide on CPUs 0 and 1, with CPU 0 standing for a P-core and CPU 1
    // for an E-core: each event is opened on its own type's CPU only.
    void systemWideOpensEachEventOnlyOnCpusOfItsType() {
        if (sysconf(_SC_NPROCESSORS_ONLN) < 2) QSKIP("needs two online CPUs to stand for the two core types");
        const EventSet set = {standIn("A", "cpu_core", {0}, PERF_COUNT_SW_CPU_CLOCK),
                              standIn("B", "cpu_atom", {1}, PERF_COUNT_SW_CPU_CLOCK)};
        CountingScope scope;
        scope.kind = CountingScope::Kind::Cpus;
        scope.cpus = {0, 1};
        PerfEventBackend backend;
        auto counters = backend.open(set, scope);
        QVERIFY2(counters.ok(), counters.ok() ? "" : counters.error().message.c_str());
        QVERIFY((*counters)->slotStatus()[0].opened);
        QVERIFY((*counters)->slotStatus()[1].opened);
        QVERIFY((*counters)->slotStatus()[0].group != (*counters)->slotStatus()[1].group);
        QVERIFY((*counters)->enable().ok());
        Snapshot snap;
        QTRY_VERIFY_WITH_TIMEOUT(((*counters)->read(snap).ok() && snap.values[0].enabledNs > 0 && snap.values[3].enabledNs > 0),
                                 10000);
        // values[location * 2 + slot]: A on cpu0, B on cpu1; never the other way round.
        QCOMPARE(snap.values[1].enabledNs, uint64_t{0});
        QCOMPARE(snap.values[1].raw, uint64_t{0});
        QCOMPARE(snap.values[2].enabledNs, uint64_t{0});
        QCOMPARE(snap.values[2].raw, uint64_t{0});
        QVERIFY((*counters)->disable().ok());
    }

    // A task followed on any CPU: every core type's event, one kernel group per core PMU.
    void perTaskCountingOpensOneGroupPerCorePmu() {
        const EventSet set = {standIn("A", "cpu_core", kPCores, PERF_COUNT_SW_TASK_CLOCK),
                              standIn("B", "cpu_atom", kECores, PERF_COUNT_SW_TASK_CLOCK),
                              standIn("C", "cpu_core", kPCores, PERF_COUNT_SW_PAGE_FAULTS)};
        auto counters = openOnThisProcess(set);
        QVERIFY2(counters.ok(), counters.ok() ? "" : counters.error().message.c_str());
        QCOMPARE((*counters)->groupCount(), size_t{2});
        const auto& status = (*counters)->slotStatus();
        QCOMPARE(status[0].group, status[2].group);
        QVERIFY(status[0].group != status[1].group);
    }

    // Each CPU's value comes from its own core type's event; the totals and a
    // metric's aggregate are split by core type; a task's value sums both.
    void resultsArePerCpuOfItsTypeAndSplitByCoreType() {
        const MeasurementPlan plan = hybridCpiPlan();
        std::vector<LocationInfo> cpus = mixedCpus();
        auto builder = ResultBuilder::create(plan, cpus, MetricEnvironment{}, {});
        QVERIFY(builder.ok());
        // counts[location * 5 + slot]; the slot of the other core type reads as never enabled (n/a).
        const CountValue na{};
        auto c = [](double v) { return CountValue{v, 1.0}; };
        const std::vector<CountValue> counts = {c(1000), na, c(500), na, c(2),     // cpu14, a P-core
                                                na, c(300), na, c(600), c(0),      // cpu16, an E-core
                                                na, c(100), na, c(200), c(0)};     // cpu17, an E-core
        const auto groups = builder->build(counts, 1.0);
        const EventResult& instr = groups[0].events[0];
        QVERIFY(instr.counted);
        QCOMPARE(instr.perLocation[0].value, 1000.0);
        QCOMPARE(instr.perLocation[1].value, 300.0);
        QCOMPARE(instr.perLocation[2].value, 100.0);
        QCOMPARE(instr.total.value, 1400.0);
        QCOMPARE(instr.coreTypes.size(), size_t{2});
        QCOMPARE(instr.coreTypes[0].coreType, std::string("cpu_core"));
        QCOMPARE(instr.coreTypes[0].total.value, 1000.0);
        QCOMPARE(instr.coreTypes[1].coreType, std::string("cpu_atom"));
        QCOMPARE(instr.coreTypes[1].total.value, 400.0);
        const MetricResult& cpi = groups[0].metrics[0];
        QCOMPARE(cpi.perLocation[1], 2.0);
        QCOMPARE(cpi.aggregate, 1300.0 / 1400.0);
        QCOMPARE(cpi.perCoreType.size(), size_t{2});
        QCOMPARE(cpi.perCoreType[0].value, 0.5);
        QCOMPARE(cpi.perCoreType[1].value, 2.0);
        // Package energy is not split by core type: n/a per type, never the whole package's.
        QVERIFY(groups[0].events[2].coreTypes.empty());
        QVERIFY(!isAvailable(groups[0].metrics[1].perCoreType[0].value));

        // The report keeps the labels and the split, and its text says them.
        MeasurementResult result;
        result.locations = cpus;
        result.groups = groups;
        auto read = readReportJson(formatReportJson(result), "hybrid.json");
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(read->locations[1].coreType, std::string("cpu_atom"));
        QCOMPARE(read->groups[0].events[0].coreTypes.size(), size_t{2});
        QCOMPARE(read->groups[0].events[0].coreTypes[1].total.value, 400.0);
        QCOMPARE(read->groups[0].metrics[0].perCoreType[1].coreType, std::string("cpu_atom"));
        QCOMPARE(read->groups[0].metrics[0].perCoreType[1].value, 2.0);
        const std::string text = formatTextReport(result);
        QVERIFY2(text.find("HWThread 16 cpu_atom") != std::string::npos, text.c_str());
        QVERIFY2(text.find("Per core type") != std::string::npos, text.c_str());
        // CSV has the same split, one total row per core type after the total.
        const std::string csv = formatReportCsv(result);
        const std::string instrRows = "total,1400,1,\n3,event,,,CPI,FIXC0,FIXC0,,total:cpu_core,1000,1,\n"
                                      "3,event,,,CPI,FIXC0,FIXC0,,total:cpu_atom,400,1,\n";
        QVERIFY2(csv.find(instrRows) != std::string::npos, csv.c_str());
        QVERIFY2(csv.find(",total:cpu_atom,2,,\n") != std::string::npos, csv.c_str()); // CPI on the E-cores

        // A process followed on any CPU: the sum of both core types' events.
        auto task = ResultBuilder::create(plan, {{LocationKind::Process, 42}}, MetricEnvironment{}, {});
        const auto taskGroups = task->build({c(1000), c(400), c(500), c(800), c(2)}, 1.0);
        QCOMPARE(taskGroups[0].events[0].perLocation[0].value, 1400.0);
        QCOMPARE(taskGroups[0].metrics[0].aggregate, 1300.0 / 1400.0);
    }

    // A task's parts are one event (CounterDeltas.h: taskCoreTypeCounts):
    // its value is the raw counts' sum, not each part scaled by its own
    // enabled/running, and its split by core type is each part's raw count.
    void aTasksValueAndSplitAreItsPartsRawCounts() {
        const MeasurementPlan plan = hybridCpiPlan();
        QCOMPARE(plan.coreTypeParts(), (std::vector<std::vector<int>>{{0, 1}, {2, 3}}));
        const std::vector<LocationInfo> process = {{LocationKind::Process, 42}};
        auto builder = ResultBuilder::create(plan, process, MetricEnvironment{}, {});
        QVERIFY(builder.ok());
        const auto groups = builder->build(taskCpiCounts(plan, 1'000'000'000, 990'000'000, 10'000'000), 1.0);
        const EventResult& instr = groups[0].events[0];
        QCOMPARE(instr.perLocation[0].value, 997.0); // 990 + 7, not 990 / 0.99 + 7 / 0.01
        QCOMPARE(instr.perLocation[0].coverage, 1.0);
        QCOMPARE(instr.total.value, 997.0);
        QCOMPARE(instr.coreTypes.size(), size_t{2});
        QCOMPARE(instr.coreTypes[0].total.value, 990.0);
        QCOMPARE(instr.coreTypes[1].total.value, 7.0);
        QCOMPARE(instr.coreTypes[1].total.coverage, 1.0);
        QVERIFY(instr.coreTypes[1].reason.empty());
        const MetricResult& cpi = groups[0].metrics[0];
        QCOMPARE(cpi.aggregate, 1540.0 / 997.0);
        QCOMPARE(cpi.perCoreType[0].value, 1500.0 / 990.0);
        QCOMPARE(cpi.perCoreType[1].value, 40.0 / 7.0);

        // The reports carry the split: CSV's total rows, JSON's core_types, the text's table.
        MeasurementResult result;
        result.locations = process;
        result.groups = groups;
        const std::string csv = formatReportCsv(result);
        QVERIFY2(csv.find(",FIXC0,FIXC0,,total,997,1,\n") != std::string::npos, csv.c_str());
        QVERIFY2(csv.find(",FIXC0,FIXC0,,total:cpu_core,990,1,\n") != std::string::npos, csv.c_str());
        QVERIFY2(csv.find(",FIXC0,FIXC0,,total:cpu_atom,7,1,\n") != std::string::npos, csv.c_str());
        auto read = readReportJson(formatReportJson(result), "task.json");
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(read->groups[0].events[0].coreTypes.size(), size_t{2});
        QCOMPARE(read->groups[0].events[0].coreTypes[1].coreType, std::string("cpu_atom"));
        QCOMPARE(read->groups[0].events[0].coreTypes[1].total.value, 7.0);
        QCOMPARE(read->groups[0].metrics[0].perCoreType[1].value, 40.0 / 7.0);
        const std::string text = formatTextReport(result);
        const size_t table = text.find("Per core type");
        QVERIFY2(table != std::string::npos, text.c_str());
        const size_t row = text.find("FIXC0", table);
        QVERIFY2(row != std::string::npos, text.c_str());
        const std::string line = text.substr(row, text.find('\n', row) - row);
        QVERIFY2(line.find(" 990 ") != std::string::npos && line.find(" 7 ") != std::string::npos, line.c_str());

        // Multiplexed: on a counter half the time (0.45 s + 0.05 s of 1 s),
        // every part scaled by 2; a type the process never ran on is 0.
        const auto mux = builder->build(taskCpiCounts(plan, 1000, 450, 50), 1.0);
        QCOMPARE(mux[0].events[0].perLocation[0].value, 1994.0);
        QCOMPARE(mux[0].events[0].perLocation[0].coverage, 0.5);
        QCOMPARE(mux[0].events[0].coreTypes[1].total.value, 14.0);
        const auto pOnly = builder->build(taskCpiCounts(plan, 1000, 500, 0), 1.0);
        QCOMPARE(pOnly[0].events[0].perLocation[0].value, 1980.0);
        QCOMPARE(pOnly[0].events[0].coreTypes[0].total.value, 1980.0);
        QCOMPARE(pOnly[0].events[0].coreTypes[1].total.value, 0.0); // an exact 0, not n/a
        QCOMPARE(pOnly[0].events[0].coreTypes[1].total.coverage, 0.5);
        // Never on a counter while it ran: n/a with coverage 0, the reports' "never on a counter".
        const auto none = builder->build(taskCpiCounts(plan, 1000, 0, 0), 1.0);
        QVERIFY(!isAvailable(none[0].events[0].perLocation[0].value));
        QCOMPARE(none[0].events[0].perLocation[0].coverage, 0.0);
        QVERIFY(!isAvailable(none[0].events[0].coreTypes[1].total.value));
    }

    // Joined intervals of a task keep each core type's part in its own slot.
    void joinedIntervalsOfATaskKeepItsSplit() {
        const MeasurementPlan plan = hybridCpiPlan();
        auto builder = ResultBuilder::create(plan, {{LocationKind::Thread, 7}}, MetricEnvironment{}, {});
        QVERIFY(builder.ok());
        IntervalCombiner combiner(plan, *builder, 2);
        const auto counts = taskCpiCounts(plan, 1'000'000'000, 990'000'000, 10'000'000);
        QVERIFY(!combiner.add(IntervalResult{1.0, 1.0, builder->build(counts, 1.0)}));
        const auto joined = combiner.add(IntervalResult{2.0, 1.0, builder->build(counts, 1.0)});
        QVERIFY(joined.has_value());
        const EventResult& instr = joined->groups[0].events[0];
        QCOMPARE(instr.perLocation[0].value, 1994.0);
        QCOMPARE(instr.coreTypes[0].total.value, 1980.0);
        QCOMPARE(instr.coreTypes[1].total.value, 14.0);
    }

    // The backend's read path for a task: both parts really opened and read
    // (page-fault counters standing in for the two core PMUs), combined by
    // countsBetween with the plan's parts. Software events run whenever the
    // task runs, so their running times add up to twice the enabled time:
    // full coverage, and the value is exactly the two raw deltas' sum.
    void aTasksPartsReadThroughTheBackendAreItsRawCounts() {
        const EventSet set = {standIn("A", "cpu_core", kPCores, PERF_COUNT_SW_PAGE_FAULTS),
                              standIn("B", "cpu_atom", kECores, PERF_COUNT_SW_PAGE_FAULTS)};
        MeasurementPlan plan;
        PlannedGroup g;
        g.group.name = "FAULTS";
        g.group.events = {slot("PMC0", "page-faults")};
        PlannedEvent e;
        e.counter = e.spec = e.name = "PMC0";
        e.availability.state = Availability::State::Countable;
        e.eventSetSlot = 0;
        e.coreTypes = {{"cpu_core", kPCores, 0, ""}, {"cpu_atom", kECores, 1, ""}};
        g.events = {e};
        plan.eventSet = set;
        plan.groups.push_back(std::move(g));

        auto counters = openOnThisProcess(set);
        QVERIFY2(counters.ok(), counters.ok() ? "" : counters.error().message.c_str());
        ReadingLayout layout{{true}, {(*counters)->slotStatus()[0].opened, (*counters)->slotStatus()[1].opened}};
        layout.coreTypeParts = plan.coreTypeParts();
        QVERIFY((*counters)->enable().ok());
        Snapshot before, after;
        QVERIFY((*counters)->read(before).ok());
        const size_t pages = 64;
        const long pageSize = sysconf(_SC_PAGESIZE);
        void* fresh = mmap(nullptr, pages * static_cast<size_t>(pageSize), PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        QVERIFY(fresh != MAP_FAILED);
        for (size_t p = 0; p < pages; ++p) static_cast<volatile char*>(fresh)[p * static_cast<size_t>(pageSize)] = 1;
        QVERIFY((*counters)->read(after).ok());
        QVERIFY((*counters)->disable().ok());
        munmap(fresh, pages * static_cast<size_t>(pageSize));

        auto builder = ResultBuilder::create(plan, {{LocationKind::Process, getpid()}}, MetricEnvironment{}, {});
        QVERIFY(builder.ok());
        const auto groups = builder->build(countsBetween(before, after, layout, false), 1.0);
        const EventResult& faults = groups[0].events[0];
        const double core = static_cast<double>(after.values[0].raw - before.values[0].raw);
        const double atom = static_cast<double>(after.values[1].raw - before.values[1].raw);
        QVERIFY2(core >= pages && atom >= pages, qPrintable(QString("%1 and %2 faults").arg(core).arg(atom)));
        QCOMPARE(faults.perLocation[0].value, core + atom);
        QCOMPARE(faults.perLocation[0].coverage, 1.0);
        QCOMPARE(faults.coreTypes[0].total.value, core);
        QCOMPARE(faults.coreTypes[1].total.value, atom);
    }

    // Intervals joined (IntervalCombiner) give what the builder gives for the
    // joined counts: each CPU's value goes back to its own core type's slot.
    void joinedIntervalsKeepTheSplitByCoreType() {
        const MeasurementPlan plan = hybridCpiPlan();
        auto builder = ResultBuilder::create(plan, mixedCpus(), MetricEnvironment{}, {});
        QVERIFY(builder.ok());
        const CountValue na{};
        auto c = [](double v) { return CountValue{v, 1.0}; };
        const std::vector<CountValue> first = {c(600), na, c(300), na, c(1), na, c(100), na, c(200), c(0),
                                               na, c(50), na, c(100), c(0)};
        const std::vector<CountValue> second = {c(400), na, c(200), na, c(1), na, c(200), na, c(400), c(0),
                                                na, c(50), na, c(100), c(0)};
        IntervalCombiner combiner(plan, *builder, 2);
        IntervalResult a{1.0, 1.0, builder->build(first, 1.0)};
        IntervalResult b{2.0, 1.0, builder->build(second, 1.0)};
        QVERIFY(!combiner.add(a));
        const auto joined = combiner.add(b);
        QVERIFY(joined.has_value());
        const EventResult& instr = joined->groups[0].events[0];
        QCOMPARE(instr.perLocation[0].value, 1000.0);
        QCOMPARE(instr.perLocation[1].value, 300.0);
        QCOMPARE(instr.coreTypes[0].total.value, 1000.0);
        QCOMPARE(instr.coreTypes[1].total.value, 400.0);
        QCOMPARE(joined->groups[0].metrics[0].perCoreType[1].value, 2.0);
    }

    // A saved hybrid session opened again: an autosave without its final
    // write is rebuilt from its intervals (SessionFiles' openSessionFile,
    // WholeRunMetrics' wholeRunFromIntervals), as a replay and an export of
    // it see it. Its whole-run totals per core type are the live run's,
    // exactly (counts that were not multiplexed): each type's CPUs summed, or
    // a task's parts summed over the intervals; so are the metrics per core
    // type and the CSV's total:cpu_core/total:cpu_atom rows.
    void aReopenedSessionHasTheLiveRunsTotalsPerCoreType_data() {
        QTest::addColumn<std::vector<LocationInfo>>("locations");
        QTest::newRow("P- and E-core CPUs") << mixedCpus();
        QTest::newRow("a process on both") << std::vector<LocationInfo>{{LocationKind::Process, 42}};
        QTest::newRow("two threads") << std::vector<LocationInfo>{{LocationKind::Thread, 42}, {LocationKind::Thread, 43}};
    }
    void aReopenedSessionHasTheLiveRunsTotalsPerCoreType() {
        QFETCH(std::vector<LocationInfo>, locations);
        // Exactly equal, not within QCOMPARE's relative tolerance for doubles.
        auto same = [](double got, double want) {
            return QString("%1 where the live run has %2").arg(got, 0, 'g', 17).arg(want, 0, 'g', 17).toStdString();
        };
        const MeasurementPlan plan = hybridCpiPlan();
        std::vector<Snapshot> snapshots;
        for (uint64_t k = 0; k <= 4; ++k) snapshots.push_back(cpiSnapshot(locations, k));
        const MeasurementResult live = liveRun(plan, locations, snapshots);
        QCOMPARE(live.intervals.size(), size_t{4});
        const EventResult& liveInstr = live.groups[0].events[0];
        QCOMPARE(liveInstr.coreTypes.size(), size_t{2});
        QVERIFY(isAvailable(liveInstr.coreTypes[0].total.value) && isAvailable(liveInstr.coreTypes[1].total.value));
        // Not any one interval's split: what a sum over the intervals must give.
        QVERIFY(live.intervals.front().groups[0].events[0].coreTypes[0].total.value != liveInstr.coreTypes[0].total.value);

        QTemporaryDir dir;
        const std::string path = dir.filePath("hybrid.json").toStdString();
        auto journal = SessionJournal::create(path, live);
        QVERIFY2(journal.ok(), journal.ok() ? "" : journal.error().message.c_str());
        QVERIFY((*journal)->append(live.intervals).ok());
        auto reopened = openSessionFile(path);
        QVERIFY2(reopened.ok(), reopened.ok() ? "" : reopened.error().message.c_str());
        QVERIFY(reopened->incomplete);
        QCOMPARE(reopened->groups.size(), live.groups.size());
        for (size_t e = 0; e < live.groups[0].events.size(); ++e) {
            const EventResult& want = live.groups[0].events[e];
            const EventResult& got = reopened->groups[0].events[e];
            QVERIFY2(got.total.value == want.total.value, same(got.total.value, want.total.value).c_str());
            QCOMPARE(got.coreTypes.size(), want.coreTypes.size());
            for (size_t t = 0; t < want.coreTypes.size(); ++t) {
                QCOMPARE(got.coreTypes[t].coreType, want.coreTypes[t].coreType);
                const CountValue& g = got.coreTypes[t].total;
                const CountValue& w = want.coreTypes[t].total;
                QVERIFY2(g.value == w.value, same(g.value, w.value).c_str());
                QVERIFY2(g.coverage == w.coverage, same(g.coverage, w.coverage).c_str());
                QCOMPARE(got.coreTypes[t].partialTotal.has_value(), want.coreTypes[t].partialTotal.has_value());
                QCOMPARE(got.coreTypes[t].reason, want.coreTypes[t].reason);
            }
        }
        for (size_t m = 0; m < live.groups[0].metrics.size(); ++m) {
            const auto& want = live.groups[0].metrics[m].perCoreType;
            const auto& got = reopened->groups[0].metrics[m].perCoreType;
            QCOMPARE(got.size(), want.size());
            for (size_t t = 0; t < want.size(); ++t) {
                QCOMPARE(got[t].coreType, want[t].coreType);
                if (isAvailable(want[t].value)) QVERIFY2(got[t].value == want[t].value, same(got[t].value, want[t].value).c_str());
                else QVERIFY(!isAvailable(got[t].value));
            }
        }
        // Its export: the same per-core-type rows as the live run's, the whole run's and each interval's.
        auto coreTypeRows = [](const MeasurementResult& r) {
            QStringList rows;
            for (const QString& line : QString::fromStdString(formatReportCsv(r)).split('\n'))
                if (line.contains(",total:cpu_")) rows << line;
            return rows;
        };
        const QStringList liveRows = coreTypeRows(live);
        // FIXC0, FIXC1, CPI and energy per instruction on 2 types, in the whole run and 4 intervals.
        QCOMPARE(liveRows.size(), 4 * 2 * 5);
        QCOMPARE(coreTypeRows(*reopened), liveRows);
    }

    // A core type without the event: its CPUs are n/a with the reason, the
    // total is partial, never the other type's count alone.
    void aCoreTypeWithoutTheEventIsNotAvailableThere() {
        MeasurementPlan plan;
        PlannedGroup g;
        g.group.name = "FLOPS_DP";
        g.group.events = {slot("PMC0", "FP_ARITH_INST_RETIRED_SCALAR_DOUBLE")};
        g.group.metrics = {{"DP [MFLOP/s]", "1.0E-06*PMC0/time", 0}};
        PlannedEvent e;
        e.counter = e.spec = e.name = "PMC0";
        e.availability.state = Availability::State::Countable;
        e.eventSetSlot = 0;
        e.coreTypes = {{"cpu_core", kPCores, 0, ""}, {"cpu_atom", kECores, -1, "no such event on the E-cores"}};
        g.events = {e};
        plan.eventSet.push_back(EventSlot{"PMC0", ResolvedEvent{}, 0});
        plan.groups.push_back(std::move(g));
        std::vector<LocationInfo> cpus = {{LocationKind::Cpu, 14}, {LocationKind::Cpu, 16}};
        cpus[0].coreType = "cpu_core";
        cpus[1].coreType = "cpu_atom";
        auto builder = ResultBuilder::create(plan, cpus, MetricEnvironment{}, {});
        const auto groups = builder->build({CountValue{5e6, 1.0}, CountValue{}}, 1.0);
        const EventResult& flops = groups[0].events[0];
        QCOMPARE(flops.perLocation[0].value, 5e6);
        QVERIFY(!isAvailable(flops.perLocation[1].value));
        QVERIFY(!isAvailable(flops.total.value));
        QVERIFY(flops.partialTotal.has_value());
        QCOMPARE(flops.coreTypes[0].total.value, 5e6);
        QVERIFY(!isAvailable(flops.coreTypes[1].total.value));
        QCOMPARE(flops.coreTypes[1].reason, std::string("no such event on the E-cores"));
        QCOMPARE(groups[0].metrics[0].perCoreType[0].value, 5.0);
        QVERIFY(!isAvailable(groups[0].metrics[0].perCoreType[1].value));
    }
};

QTEST_GUILESS_MAIN(TestHybrid)
#include "test_hybrid.moc"
