#include <algorithm>
// MeasurementPlan::prepare: a request checked against this machine before
// anything runs. Errors name the input and the fix; a group keeps what it
// can count and says what it cannot; events named with -e are all or
// nothing; an event of a PMU that counts whole CPUs only is refused for a
// single program.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <linux/perf_event.h>

#include "core/measurement/MeasurementPlan.h"
#include "events/EventFixtures.h"

using namespace perfdash;

namespace {

// "/bin/true" does not need to exist: nothing is launched while planning.
MeasurementRequest launch(std::vector<std::string> groups, std::vector<std::string> events = {}) {
    MeasurementRequest r;
    r.command = {"/bin/true"};
    r.groups = std::move(groups);
    r.events = std::move(events);
    return r;
}

// Whole CPUs `cpus` counted for `groups`.
MeasurementRequest systemWide(std::vector<std::string> groups, std::string cpus) {
    MeasurementRequest r = launch(std::move(groups));
    r.mode = MeasurementRequest::Mode::SystemWide;
    r.command.clear();
    r.cpuList = std::move(cpus);
    return r;
}

std::string errorOf(const Result<MeasurementPlan>& plan) { return plan.ok() ? "(planned)" : plan.error().message; }

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// cycles counts wherever there is a hardware PMU; the tests that need an
// event this machine cannot count use it only where it cannot.
bool cyclesCountableHere(MachineContext& machine) {
    auto cycles = machine.resolver().resolve("cycles");
    return cycles.ok() && machine.availability().check(*cycles).countable();
}

} // namespace

class TestMeasurementPlan : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    MachineContext machine_;

    std::string groupFile(const std::string& name, const std::string& text) {
        const std::string path = dir_.path().toStdString() + "/" + name + ".txt";
        std::ofstream(path) << text;
        return path;
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void refusesRequestsThatCannotRun_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<bool>("withCommand");
        QTest::addColumn<int>("pid");
        QTest::addColumn<QString>("cpuList");
        QTest::addColumn<QString>("saying");
        using Mode = MeasurementRequest::Mode;
        QTest::newRow("launch without a program") << int(Mode::Launch) << false << -1 << "" << "no program to launch";
        QTest::newRow("attach without a pid") << int(Mode::Attach) << false << -1 << "" << "PID of a running process";
        QTest::newRow("attach with a CPU list") << int(Mode::Attach) << false << 1 << "0" << "count whole CPUs instead";
        QTest::newRow("attach and launch") << int(Mode::Attach) << true << 1 << "" << "not both";
        QTest::newRow("system-wide without CPUs") << int(Mode::SystemWide) << false << -1 << "" << "-c 0-3";
    }

    void refusesRequestsThatCannotRun() {
        QFETCH(int, mode);
        QFETCH(bool, withCommand);
        QFETCH(int, pid);
        QFETCH(QString, cpuList);
        QFETCH(QString, saying);
        MeasurementRequest r = launch({"SOFTWARE"});
        r.mode = static_cast<MeasurementRequest::Mode>(mode);
        if (!withCommand) r.command.clear();
        r.pid = pid;
        r.cpuList = cpuList.toStdString();
        const std::string error = errorOf(MeasurementPlan::prepare(r, machine_));
        QVERIFY2(contains(error, saying.toStdString()), error.c_str());
    }

    void nothingToMeasureNamesWhereToLook() {
        const std::string error = errorOf(MeasurementPlan::prepare(launch({}), machine_));
        QVERIFY2(contains(error, "nothing to measure") && contains(error, "perfdash-cli groups"), error.c_str());
    }

    void badCpuListNamesTheCpuAndTheOnlineOnes() {
        MeasurementRequest r = launch({"SOFTWARE"});
        r.cpuList = "0,4096";
        const std::string error = errorOf(MeasurementPlan::prepare(r, machine_));
        QVERIFY2(contains(error, "CPU 4096") && contains(error, "online CPUs"), error.c_str());
    }

    void unknownGroupListsTheClosestNames() {
        const std::string error = errorOf(MeasurementPlan::prepare(launch({"SOFTWAER"}), machine_));
        QVERIFY2(contains(error, "'SOFTWAER'") && contains(error, "SOFTWARE"), error.c_str());
    }

    void scopeFollowsTheMode() {
        MeasurementRequest pinned = launch({"SOFTWARE"});
        pinned.cpuList = "0";
        auto plan = MeasurementPlan::prepare(pinned, machine_);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        QCOMPARE(plan->cpus, std::vector<int>{0});
        QCOMPARE(plan->scope.kind, CountingScope::Kind::Task);
        QCOMPARE(plan->scope.cpus, std::vector<int>{0});
        QVERIFY(plan->scope.enableOnExec && plan->scope.inherit);

        MeasurementRequest attach = launch({"SOFTWARE"});
        attach.mode = MeasurementRequest::Mode::Attach;
        attach.command.clear();
        attach.pid = 1;
        plan = MeasurementPlan::prepare(attach, machine_);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        QCOMPARE(plan->scope.kind, CountingScope::Kind::Threads);
        QVERIFY(!plan->scope.enableOnExec);

        MeasurementRequest system = systemWide({"SOFTWARE"}, "0");
        plan = MeasurementPlan::prepare(system, machine_);
        if (!machine_.permissions().mayCountCpuWide()) {
            QVERIFY2(contains(errorOf(plan), "perf_event_paranoid"), errorOf(plan).c_str());
            return;
        }
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        QCOMPARE(plan->scope.kind, CountingScope::Kind::Cpus);
        QCOMPARE(plan->scope.cpus, std::vector<int>{0});
    }

    void groupsAndEventsBecomeOneEventSetWithASetEach() {
        const std::string faults = groupFile("FAULTS", "SHORT faults\n\nEVENTSET\nF0 page-faults\nF1 major-faults\n\n"
                                                      "METRICS\nClock [MHz]  1.E-06*F0/inverseClock\n");
        auto plan = MeasurementPlan::prepare(launch({"SOFTWARE", faults}, {"task-clock,context-switches"}), machine_);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        QCOMPARE(plan->groups.size(), size_t(3));
        QCOMPARE(plan->groups[0].group.name, std::string("SOFTWARE"));
        QCOMPARE(plan->groups[1].group.name, std::string("FAULTS"));
        QCOMPARE(plan->groups[2].group.name, std::string("custom"));
        QCOMPARE(plan->eventSet.size(), plan->groups[0].events.size() + 2 + 2);
        for (size_t g = 0; g < plan->groups.size(); ++g) {
            for (const PlannedEvent& e : plan->groups[g].events) {
                QVERIFY2(e.eventSetSlot >= 0, e.name.c_str());
                const EventSlot& slot = plan->eventSet[static_cast<size_t>(e.eventSetSlot)];
                QCOMPARE(slot.set, int(g));
                QCOMPARE(slot.counter, e.counter);
                QCOMPARE(slot.event.name, e.name);
            }
        }
        // -e events are their own counters, named as written.
        QCOMPARE(plan->groups[2].events[1].counter, std::string("context-switches"));
        QCOMPARE(plan->groups[2].group.events.size(), size_t(2));
        QVERIFY(plan->needsNominalClock); // FAULTS uses inverseClock
        QVERIFY(plan->warnings.empty());
    }

    void groupKeepsWhatItCanCountAndSaysWhatItCannot() {
        const std::string mixed = groupFile("MIXED", "SHORT mixed\n\nEVENTSET\nA page-faults\nB NO_SUCH_EVENT_XYZ\n"
                                                    "C task-clock\n\nMETRICS\nRatio A/B\n");
        auto plan = MeasurementPlan::prepare(launch({mixed}), machine_);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        const PlannedGroup& g = plan->groups[0];
        QCOMPARE(g.events.size(), size_t(3));
        QCOMPARE(g.events[1].eventSetSlot, -1);
        QCOMPARE(g.events[1].availability.state, Availability::State::Unsupported);
        QCOMPARE(plan->eventSet.size(), size_t(2));
        QCOMPARE(g.events[2].eventSetSlot, 1);
        QCOMPARE(plan->warnings.size(), size_t(1));
        const std::string& w = plan->warnings[0];
        QVERIFY2(contains(w, "NO_SUCH_EVENT_XYZ (B) in group MIXED will not be counted") &&
                     contains(w, g.events[1].availability.reason) && !g.events[1].availability.reason.empty(),
                 w.c_str());
    }

    // A slip likwid measures anyway (ivybridgeEP/CACHES.txt: a formula split by
    // spaces after an operator) is read as meant, and the plan says so.
    void splitFormulaIsJoinedWithAWarning() {
        const std::string split = groupFile("SPLIT", "SHORT split\n\nEVENTSET\nA page-faults\nC task-clock\n\n"
                                                     "METRICS\nSum [1/s] (A+   C)/time\n");
        auto plan = MeasurementPlan::prepare(launch({split}), machine_);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        QCOMPARE(plan->groups[0].group.metrics[0].formula, std::string("(A+C)/time"));
        QCOMPARE(plan->warnings.size(), size_t(1));
        QVERIFY2(contains(plan->warnings[0], "SPLIT.txt:8: the formula of 'Sum [1/s]' contains spaces"),
                 plan->warnings[0].c_str());
    }

    void groupWithAnEventThisMachineCannotCountWarnsWithTheReason() {
        if (cyclesCountableHere(machine_)) QSKIP("this machine has a hardware PMU: cycles is countable here");
        const std::string cpi = groupFile("HWMIX", "SHORT hw\n\nEVENTSET\nCYC cycles\nF page-faults\n");
        auto plan = MeasurementPlan::prepare(launch({cpi}), machine_);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        QCOMPARE(plan->eventSet.size(), size_t(1));
        QCOMPARE(plan->warnings.size(), size_t(1));
        QVERIFY2(contains(plan->warnings[0], "cycles (CYC)") && contains(plan->warnings[0], "PMU"),
                 plan->warnings[0].c_str());
    }

    // Group slots are read by likwid's naming (SlotResolver): an uncore box of
    // a likwid group is not counted, with the unit named, on any machine.
    void likwidUncoreSlotSaysWhyItIsNotCounted() {
        const std::string mem =
            groupFile("LIKWIDMEM", "SHORT mem\n\nEVENTSET\nMBOX0C1 DRAM_READS\nF page-faults\n");
        auto plan = MeasurementPlan::prepare(launch({mem}), machine_);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        QCOMPARE(plan->eventSet.size(), size_t(1));
        QCOMPARE(plan->warnings.size(), size_t(1));
        QVERIFY2(contains(plan->warnings[0], "DRAM_READS (MBOX0C1)") &&
                     contains(plan->warnings[0], "memory controller (MBOX)"),
                 plan->warnings[0].c_str());
    }

    void groupWithNothingCountableIsAnErrorListingEachEvent() {
        const std::string none = groupFile("NONE", "SHORT none\n\nEVENTSET\nA NO_SUCH_A\nB NO_SUCH_B\n");
        const std::string error = errorOf(MeasurementPlan::prepare(launch({none}), machine_));
        QVERIFY2(contains(error, "none of the requested events can be counted") && contains(error, "NO_SUCH_A (A)") &&
                     contains(error, "NO_SUCH_B (B)"),
                 error.c_str());
    }

    void explicitEventsAreAllOrNothing() {
        std::string error = errorOf(MeasurementPlan::prepare(launch({}, {"task-clock,page-fault"}), machine_));
        QVERIFY2(contains(error, "'page-fault'") && contains(error, "page-faults"), error.c_str());
        // A good group does not rescue a bad -e event either.
        error = errorOf(MeasurementPlan::prepare(launch({"SOFTWARE"}, {"task-clock", "NO_SUCH_EVENT"}), machine_));
        QVERIFY2(contains(error, "NO_SUCH_EVENT"), error.c_str());
        if (!cyclesCountableHere(machine_)) {
            error = errorOf(MeasurementPlan::prepare(launch({}, {"task-clock,cycles"}), machine_));
            QVERIFY2(contains(error, "'cycles'") && contains(error, "PMU"), error.c_str());
        }
    }

    void explicitEventNamedTwiceGetsItsOwnSlot() {
        // perf counts an event named twice twice; the second gets a unique
        // slot name so the results can tell the two apart.
        auto plan = MeasurementPlan::prepare(launch({}, {"task-clock,page-faults", "task-clock"}), machine_);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        std::vector<std::string> names; // slot names
        for (const auto& g : plan->groups)
            for (const auto& e : g.events) names.push_back(e.counter);
        QVERIFY2(std::find(names.begin(), names.end(), "task-clock") != names.end(), "task-clock missing");
        QVERIFY2(std::find(names.begin(), names.end(), "task-clock#2") != names.end(), "task-clock#2 missing");
        QCOMPARE(plan->eventSet.size(), size_t(3));

        // Named three times, and a name that is its own formula spelling ("faults"
        // is "faults" in a formula, "task-clock" is "task_clock"): still one slot each.
        auto thrice = MeasurementPlan::prepare(launch({}, {"faults,faults,faults"}), machine_);
        QVERIFY2(thrice.ok(), errorOf(thrice).c_str());
        names.clear();
        for (const auto& g : thrice->groups)
            for (const auto& e : g.events) names.push_back(e.counter);
        QCOMPARE(names, (std::vector<std::string>{"faults", "faults#2", "faults#3"}));
    }

    void wholeCpuPmuEventIsRefusedForOneProgram() {
        // The fixture's amd_df PMU has a cpumask: its events count whole CPUs only.
        MachineContext fixture(MachinePaths{MachineSources::host(), test::fixturePaths()});
        const std::string df = "amd_df/dram_channel_data_controller_4/";
        std::string error = errorOf(MeasurementPlan::prepare(launch({}, {df}), fixture));
        QVERIFY2(contains(error, "counts whole CPUs only") && contains(error, "-c CPUS"), error.c_str());
        // ... and names the CPUs the PMU serves, so the fix can be typed as given
        QVERIFY2(contains(error, "cpumask: 0-1,8") && contains(error, "e.g. -c 0-1,8"), error.c_str());

        const std::string group = groupFile("UNCORE", "SHORT uncore\n\nEVENTSET\nDF0 " + df + "\nF page-faults\n");
        auto plan = MeasurementPlan::prepare(launch({group}), fixture);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        const PlannedEvent& e = plan->groups[0].events[0];
        QCOMPARE(e.eventSetSlot, -1);
        QCOMPARE(e.availability.brief, std::string("system-wide only"));
        QCOMPARE(plan->warnings.size(), size_t(1));
        QVERIFY2(contains(plan->warnings[0], "counts whole CPUs only"), plan->warnings[0].c_str());

        // System-wide, the cpumask is no reason to refuse it (whether this
        // machine has the PMU is the availability check's answer).
        if (!fixture.permissions().mayCountCpuWide()) return;
        MeasurementRequest system = systemWide({group}, "0");
        plan = MeasurementPlan::prepare(system, fixture);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        QVERIFY2(!contains(plan->groups[0].events[0].availability.reason, "counts whole CPUs only"),
                 plan->groups[0].events[0].availability.reason.c_str());
    }

    // A package's unit is read on its cpumask CPU wherever it is opened:
    // opened on every CPU of -c, each package would be counted once per CPU.
    // It opens on one counted CPU per package instead (its cpumask CPU when
    // that is counted), and the other CPUs' counts are read there.
    void packageUnitsAreReadOncePerPackage() {
        MachineContext fixture(MachinePaths{MachineSources::host(), test::fixturePaths()});
        if (!fixture.permissions().mayCountCpuWide()) QSKIP("counting whole CPUs is not permitted here");
        // The fixture's RAPL is read on CPU 0, its data fabric on CPUs 0-1,8;
        // this machine's CPUs 0-1 are one package.
        const std::string group = groupFile("ENERGYLIKE", "SHORT package units\n\nEVENTSET\nPWR0 power/energy-pkg/\n"
                                                          "PWR1 power/energy-cores/\nDF0 amd_df/event=0x07/\nF page-faults\n");
        MeasurementRequest system = systemWide({group}, "0-1");
        auto plan = MeasurementPlan::prepare(system, fixture);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        for (size_t e : {0, 1}) {
            const PlannedEvent& pwr = plan->groups[0].events[e];
            QCOMPARE(pwr.readOn(), std::vector<int>{0});
            QCOMPARE(pwr.readerOf, (std::map<int, int>{{0, 0}, {1, 0}}));
            QVERIFY2(!contains(pwr.availability.reason, "once per"), pwr.availability.reason.c_str());
            QCOMPARE(pwr.readElsewhere(LocationInfo{LocationKind::Cpu, 1}), std::optional<int>(0));
            QVERIFY(pwr.slotsAt(LocationInfo{LocationKind::Cpu, 1}).empty());
            QVERIFY(!pwr.readElsewhere(LocationInfo{LocationKind::Cpu, 0}));
            // This machine has no RAPL: where the fixture's PMU opens, only on CPU 0.
            if (pwr.eventSetSlot >= 0)
                QCOMPARE(plan->eventSet[static_cast<size_t>(pwr.eventSetSlot)].event.coreCpus, std::vector<int>{0});
        }
        QVERIFY(plan->groups[0].events[2].readerOf.empty()); // CPUs 0-1 are in DF's cpumask: opened on each
        QVERIFY(plan->groups[0].events[3].eventSetSlot >= 0); // page-faults counts on every CPU
        QVERIFY(plan->groups[0].events[3].readerOf.empty());

        // The cpumask CPU not counted: the package's lowest counted CPU reads it.
        system.cpuList = "1";
        auto one = MeasurementPlan::prepare(system, fixture);
        QVERIFY2(one.ok(), errorOf(one).c_str());
        QCOMPARE(one->groups[0].events[0].readOn(), std::vector<int>{1});
        QVERIFY(!one->groups[0].events[0].readElsewhere(LocationInfo{LocationKind::Cpu, 1}));
    }

    void wholeCpuEventsOfOneGroupAreOneWarning() {
        // A MEM-like group for one program: its whole-CPU slots are named in one warning with
        // the fix, and the slots that can count for a program still count.
        MachineContext fixture(MachinePaths{MachineSources::host(), test::fixturePaths()});
        const std::string group =
            groupFile("MEMLIKE", "SHORT uncore\n\nEVENTSET\nDF0 amd_df/dram_channel_data_controller_4/\n"
                                 "DF1 amd_df/event=0x07/\nPWR0 power/energy-pkg/\nF page-faults\n");
        auto plan = MeasurementPlan::prepare(launch({group}), fixture);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        QCOMPARE(plan->warnings.size(), size_t(1));
        const std::string& w = plan->warnings[0];
        QVERIFY2(contains(w, "3 events of group MEMLIKE (DF0, DF1, PWR0) will not be counted"), w.c_str());
        QVERIFY2(contains(w, "count whole CPUs only") && contains(w, "-c CPUS"), w.c_str());
        QCOMPARE(plan->eventSet.size(), size_t(1)); // page-faults
    }

    void sysfsScaleAndUnitAreKeptForTheResults() {
        MachineContext fixture(MachinePaths{MachineSources::host(), test::fixturePaths()});
        if (!fixture.permissions().mayCountCpuWide()) QSKIP("counting whole CPUs is not permitted here");
        const std::string group =
            groupFile("ENERGY", "SHORT energy\n\nEVENTSET\nPWR0 power/energy-pkg/\nF page-faults\n");
        MeasurementRequest system = systemWide({group}, "0");
        auto plan = MeasurementPlan::prepare(system, fixture);
        QVERIFY2(plan.ok(), errorOf(plan).c_str());
        // Whether this machine has the fixture's power PMU or not, the event
        // carries its sysfs unit and scale for the results.
        const PlannedEvent& e = plan->groups[0].events[0];
        QCOMPARE(e.name, std::string("power/energy-pkg/"));
        QCOMPARE(e.unit, std::string("Joules"));
        QCOMPARE(e.scale, 2.3283064365386962890625e-10);
    }
};

QTEST_GUILESS_MAIN(TestMeasurementPlan)
#include "test_measurement_plan.moc"
