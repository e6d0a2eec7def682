#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

#include "core/groups/GroupFileParser.h"
#include "core/util/DataPaths.h"
#include "core/util/IdentityOverride.h"
#include "widgets/run/MeasurementController.h"
#include "widgets/measure/GroupDetails.h"
#include "widgets/measure/GroupListModel.h"
#include "widgets/measure/PlanModel.h"
#include "widgets/measure/PlanPreview.h"
#include "widgets/Screenshot.h"

using namespace perfdash;

namespace {

// The built-in generic groups plus a user directory holding one broken group file.
GroupLibrary libraryWithABrokenGroup(const QTemporaryDir& dir) {
    QDir(dir.path()).mkpath(QStringLiteral("generic"));
    QFile broken(dir.path() + QStringLiteral("/generic/BROKEN.txt"));
    if (!broken.open(QIODevice::WriteOnly)) qFatal("cannot write the broken group");
    broken.write("SHORT broken\n\nEVENTSET\nPMC0\n");
    // A group with an event no architecture has: it parses, and one of its two slots does not resolve.
    QFile half(dir.path() + QStringLiteral("/generic/HALF.txt"));
    if (!half.open(QIODevice::WriteOnly)) qFatal("cannot write the half-resolving group");
    half.write("SHORT half\n\nEVENTSET\nPMC0 page-faults\nPMC1 NO_SUCH_EVENT_ANYWHERE\n\nMETRICS\nFaults PMC0\n\nLONG\nx\n");
    broken.close();
    return GroupLibrary({{dir.path().toStdString(), GroupOrigin::User}, {dataDir() + "/groups", GroupOrigin::BuiltIn}},
                        {"generic"});
}

// A user group directory `arch` in `dir` holding NAME.txt with `text`.
void writeUserGroup(const QTemporaryDir& dir, const QString& arch, const QString& name, const char* text) {
    QDir(dir.path()).mkpath(arch);
    QFile file(dir.path() + QLatin1Char('/') + arch + QLatin1Char('/') + name + QStringLiteral(".txt"));
    if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write the group file");
    file.write(text);
}

// A fixture sysfs tree of tests/fixtures/likwid, without tracefs.
EventPaths likwidTree(const char* name) {
    EventPaths paths;
    paths.sysfsRoot = qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/likwid/" + name;
    paths.tracefsRoots = {};
    return paths;
}

MeasurementRequest demoWith(std::vector<std::string> groups) {
    MeasurementRequest r;
    r.command = {"true"};
    r.groups = std::move(groups);
    return r;
}

} // namespace

class TestSetupModels : public QObject {
    Q_OBJECT
private slots:
    void groupListIsCheckableInCheckOrderAndPassesTheTester() {
        QTemporaryDir dir;
        const GroupLibrary library = libraryWithABrokenGroup(dir);
        const EventResolver events;
        const SlotResolver naming(events, "");
        GroupListModel model(naming);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setGroups(library.list());
        QVERIFY(model.rowCount() >= 6);
        const int software = model.rowOfGroup(QStringLiteral("SOFTWARE"));
        const int cpi = model.rowOfGroup(QStringLiteral("CPI"));
        QVERIFY(software >= 0 && cpi >= 0);
        QCOMPARE(model.index(software, GroupListModel::DescriptionColumn).data().toString(),
                 QString::fromStdString(library.find("SOFTWARE")->shortDescription));

        QSignalSpy checked(&model, &GroupListModel::checkedGroupsChanged);
        QVERIFY(model.setData(model.index(software, 0), Qt::Checked, Qt::CheckStateRole));
        QVERIFY(model.setData(model.index(cpi, 0), Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(model.checkedGroups(), (QStringList{"SOFTWARE", "CPI"})); // the order they were checked
        QCOMPARE(checked.count(), 2);
        QCOMPARE(model.index(cpi, 0).data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Checked);
        QVERIFY(model.setData(model.index(software, 0), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(model.checkedGroups(), QStringList{"CPI"});

        // A group file that does not parse is listed, cannot be checked, and says why.
        const int broken = model.rowOfGroup(QStringLiteral("BROKEN"));
        QVERIFY(broken >= 0);
        QVERIFY(!(model.flags(model.index(broken, 0)) & Qt::ItemIsEnabled));
        QVERIFY(!model.setData(model.index(broken, 0), Qt::Checked, Qt::CheckStateRole));
        QVERIFY(model.index(broken, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("BROKEN.txt")));

        const QStringList unusable = model.setCheckedGroups({"TLB", "NOSUCHGROUP", "BROKEN", "SOFTWARE"});
        QCOMPARE(unusable, (QStringList{"NOSUCHGROUP", "BROKEN"}));
        QCOMPARE(model.checkedGroups(), (QStringList{"TLB", "SOFTWARE"}));
        model.setGroups(library.list()); // reloading keeps the checks of groups still there
        QCOMPARE(model.checkedGroups(), (QStringList{"TLB", "SOFTWARE"}));

        // How many slots resolve here, and why the others do not.
        QCOMPARE(model.index(software, GroupListModel::ResolvesColumn).data().toString(), QStringLiteral("all 5"));
        const int half = model.rowOfGroup(QStringLiteral("HALF"));
        QVERIFY(half >= 0);
        const QModelIndex resolves = model.index(half, GroupListModel::ResolvesColumn);
        QCOMPARE(resolves.data().toString(), QStringLiteral("1 of 2"));
        const QString why = resolves.data(Qt::ToolTipRole).toString();
        QVERIFY2(why.contains(QStringLiteral("PMC1 NO_SUCH_EVENT_ANYWHERE:")), qPrintable(why));
        QVERIFY(resolves.data(Qt::ForegroundRole).isValid()); // marked
        QVERIFY(!model.index(software, GroupListModel::ResolvesColumn).data(Qt::ForegroundRole).isValid());
        QVERIFY(model.index(broken, GroupListModel::ResolvesColumn).data().toString().isEmpty());
    }

    void groupDetailsShowEventsFormulasAndDescription() {
        auto group = GroupLibrary({{dataDir() + "/groups", GroupOrigin::BuiltIn}}, {"generic"}).load("CPI");
        QVERIFY(group.ok());
        const EventResolver events;
        GroupDetails details;
        details.showGroup(*group, SlotResolver(events, std::string()));
        const QString text = details.toPlainText();
        QVERIFY(text.contains(QStringLiteral("PMC1")) && text.contains(QStringLiteral("cycles")));
        QVERIFY(text.contains(QStringLiteral("PMC1/PMC0"))); // the CPI formula
        QVERIFY(text.contains(QStringLiteral("cycles per instruction"))); // from LONG
    }

    // Each slot says what it is on the architecture, or why it does not resolve.
    void groupDetailsShowWhatEachSlotResolvesTo() {
        auto group = parseGroupFile(qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() +
                                    "/groups/cli/LIKWID_NAMES.txt");
        QVERIFY(group.ok());
        const EventResolver events;
        GroupDetails details;
        details.showGroup(*group, SlotResolver(events, "skylake"));
        const QString text = details.toPlainText();
        QVERIFY2(text.contains(QStringLiteral("intel/SKL::L2_LINES_IN.ALL")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("skl::UNHALTED_CORE_CYCLES")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("not resolved: counter MBOX0C1 is likwid's memory controller (MBOX)")),
                 qPrintable(text));
    }

    // On the Alder Lake fixture tree (P-cores cpu_core, E-cores cpu_atom), a
    // core slot is one event per core type: the details show each type's
    // encoding, or why that type lacks it, and the group list counts a slot
    // as resolved only when every core type has it.
    void hybridSlotsShowEachCoreType() {
        QTemporaryDir dir;
        writeUserGroup(dir, QStringLiteral("alderlake"), QStringLiteral("HYBRID"),
                       "SHORT hybrid\n\nEVENTSET\nPMC0 DTLB_LOAD_MISSES_WALK_COMPLETED\n"
                       "PMC1 FP_ARITH_INST_RETIRED_SCALAR_DOUBLE\n\nMETRICS\nWalks PMC0\n\nLONG\nx\n");
        const EventResolver events(likwidTree("sysfs-adl"));
        const SlotResolver naming(events, "alderlake");
        const GroupLibrary library({{dir.path().toStdString(), GroupOrigin::User}}, {"alderlake"});
        auto group = library.load("HYBRID");
        QVERIFY2(group.ok(), group.ok() ? "" : group.error().message.c_str());

        GroupDetails details;
        details.showGroup(*group, naming);
        const QString text = details.toPlainText();
        // Intel's codes for DTLB_LOAD_MISSES.WALK_COMPLETED: event 0x12 on the P-cores, 0x08 on the E-cores,
        // umask 0x0e on both; the fixture's PMU types are 4 and 10.
        QVERIFY2(text.contains(QStringLiteral("cpu_core: intel/ADL-core::")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("(type 4, config 0xe12)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("cpu_atom: intel/ADL-atom::")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("(type 10, config 0xe08)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("cpu_atom: not resolved:")), qPrintable(text)); // no FP_ARITH on E-cores

        GroupListModel model(naming);
        model.setGroups(library.list());
        const int row = model.rowOfGroup(QStringLiteral("HYBRID"));
        QVERIFY(row >= 0);
        const QModelIndex resolves = model.index(row, GroupListModel::ResolvesColumn);
        QCOMPARE(resolves.data().toString(), QStringLiteral("1 of 2"));
        const QString why = resolves.data(Qt::ToolTipRole).toString();
        QVERIFY2(why.contains(QStringLiteral("PMC1 FP_ARITH_INST_RETIRED_SCALAR_DOUBLE (cpu_atom):")), qPrintable(why));
    }

    // A box the machine lacks (MBOX6 on the Skylake-SP tree, which has 6
    // memory channels) is absent, not a failure: the details say so with the
    // reason, the group list counts it apart and keeps the error colour for
    // real failures.
    void absentBoxesAreShownApart() {
        QTemporaryDir dir;
        writeUserGroup(dir, QStringLiteral("skylakeX"), QStringLiteral("MEMX"),
                       "SHORT channels\n\nEVENTSET\nMBOX0C0 CAS_COUNT_RD\nMBOX6C0 CAS_COUNT_RD\n\nMETRICS\n"
                       "Lines MBOX0C0+MBOX6C0\n\nLONG\nx\n");
        const EventResolver events(likwidTree("sysfs-skx"));
        const SlotResolver naming(events, "skylakeX");
        const GroupLibrary library({{dir.path().toStdString(), GroupOrigin::User}}, {"skylakeX"});
        auto group = library.load("MEMX");
        QVERIFY2(group.ok(), group.ok() ? "" : group.error().message.c_str());

        GroupDetails details;
        details.showGroup(*group, naming);
        const QString text = details.toPlainText();
        QVERIFY2(text.contains(QStringLiteral("absent here (n/a): MBOX6 is absent on this machine")), qPrintable(text));

        GroupListModel model(naming);
        model.setGroups(library.list());
        const int row = model.rowOfGroup(QStringLiteral("MEMX"));
        QVERIFY(row >= 0);
        const QModelIndex resolves = model.index(row, GroupListModel::ResolvesColumn);
        QCOMPARE(resolves.data().toString(), QStringLiteral("1 of 2, 1 absent here"));
        QVERIFY(!resolves.data(Qt::ForegroundRole).isValid()); // no failure
        const QString why = resolves.data(Qt::ToolTipRole).toString();
        QVERIFY2(why.startsWith(QStringLiteral("Absent here")) && why.contains(QStringLiteral("MBOX6C0 CAS_COUNT_RD:")),
                 qPrintable(why));
    }

    // A slot of likwid's own code (Skylake's UOPS_RETIRED_USED_CYCLES, which
    // no version of Intel's list has) is marked on the slot: a badge with
    // the note in the details, a count with each note in the group list, the
    // note in the plan's tooltip. A vendor's code has none of it.
    void likwidsOwnCodesAreMarkedOnTheSlot() {
        QTemporaryDir dir;
        writeUserGroup(dir, QStringLiteral("skylake"), QStringLiteral("USED"),
                       "SHORT used cycles\n\nEVENTSET\nFIXC1 CPU_CLK_UNHALTED_CORE\nPMC0 UOPS_RETIRED_USED_CYCLES\n"
                       "PMC1 CPU_CLOCK_UNHALTED_TOTAL_CYCLES\n\nMETRICS\nUsed cycles ratio [%] 100*PMC0/PMC1\n\n"
                       "LONG\nThe share of cycles in which uops retired.\n");
        const EventResolver events(likwidTree("sysfs-skl"));
        const SlotResolver naming(events, "skylake");
        const GroupLibrary library({{dir.path().toStdString(), GroupOrigin::User}}, {"skylake"});
        auto group = library.load("USED");
        QVERIFY2(group.ok(), group.ok() ? "" : group.error().message.c_str());
        const QString note = QStringLiteral("UOPS_RETIRED_USED_CYCLES: likwid's code 0xc2/0x1 cmask=1, not in the "
                                            "vendor's list for this model (Intel's perfmon list for Skylake");

        GroupDetails details;
        details.resize(760, 420);
        details.showGroup(*group, naming);
        const QString text = details.toPlainText();
        // The badge on PMC0, then its note (which names likwid's code too); nothing on the vendor's slots.
        QCOMPARE(text.count(QStringLiteral("likwid's code")), 2);
        const qsizetype badge = text.indexOf(QStringLiteral("likwid's code"));
        QVERIFY2(badge > text.indexOf(QStringLiteral("likwid/skylake::UOPS_RETIRED_USED_CYCLES:c=1")), qPrintable(text));
        QVERIFY2(text.mid(badge + 13).trimmed().startsWith(note), qPrintable(text));
        test::saveScreenshot(details, QStringLiteral("group-details-likwid-code.png"));

        GroupListModel model(naming);
        model.setGroups(library.list());
        const int row = model.rowOfGroup(QStringLiteral("USED"));
        QVERIFY(row >= 0);
        const QModelIndex resolves = model.index(row, GroupListModel::ResolvesColumn);
        QCOMPARE(resolves.data().toString(), QStringLiteral("all 3, 1 likwid's code"));
        QVERIFY(!resolves.data(Qt::ForegroundRole).isValid()); // no failure
        const QString why = resolves.data(Qt::ToolTipRole).toString();
        QVERIFY2(why.startsWith(QStringLiteral("likwid's own codes")) && why.contains(QStringLiteral("\nPMC0 ") + note),
                 qPrintable(why));
        QVERIFY2(!why.contains(QStringLiteral("PMC1")), qPrintable(why));

        MeasurementPlan plan;
        PlannedGroup g;
        g.group.name = "USED";
        PlannedEvent used;
        used.counter = "PMC0";
        used.spec = "UOPS_RETIRED_USED_CYCLES";
        used.name = "likwid/skylake::UOPS_RETIRED_USED_CYCLES:c=1";
        used.codeSource = "likwid";
        used.codeNote = note.toStdString();
        PlannedEvent vendor = used;
        vendor.counter = "PMC1";
        vendor.codeSource.clear();
        vendor.codeNote.clear();
        g.events = {used, vendor};
        plan.groups = {g};
        PlanModel planModel;
        planModel.setPlan(plan);
        const QModelIndex group0 = planModel.index(0, 0);
        const QString tip = planModel.index(0, PlanModel::EventColumn, group0).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.endsWith(QStringLiteral("\nlikwid's code: ") + note), qPrintable(tip));
        QVERIFY(!planModel.index(1, PlanModel::EventColumn, group0).data(Qt::ToolTipRole).toString().contains(
            QStringLiteral("likwid's code")));
    }

    // A hybrid event in the plan: a row per core type under it, each with its own event and encoding or
    // the reason that type does not count it.
    void planModelShowsEachCoreType() {
        MeasurementPlan plan;
        PlannedGroup g;
        g.group.name = "HYBRID";
        PlannedEvent e;
        e.counter = e.spec = e.name = "PMC1";
        e.availability.state = Availability::State::Countable;
        e.eventSetSlot = 0;
        e.coreTypes = {{"cpu_core", {0, 1, 2, 3}, 0, ""},
                       {"cpu_atom", {4, 5}, -1, "FP_ARITH_INST_RETIRED_SCALAR_DOUBLE is no event of the E-cores"}};
        g.events = {e};
        plan.groups = {g};
        ResolvedEvent core;
        core.name = "intel/ADL-core::FP_ARITH_INST_RETIRED.SCALAR_DOUBLE";
        core.encoding.type = 4;
        core.encoding.config = 0x01c7;
        plan.eventSet.push_back(EventSlot{"PMC1", core, 0});
        PlanModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPlan(plan);
        const QModelIndex event = model.index(0, 0, model.index(0, 0));
        QCOMPARE(model.rowCount(event), 2);
        const QModelIndex p = model.index(0, PlanModel::EventColumn, event);
        QCOMPARE(p.data().toString(), QStringLiteral("cpu_core: intel/ADL-core::FP_ARITH_INST_RETIRED.SCALAR_DOUBLE"));
        QCOMPARE(p.data(Qt::ToolTipRole).toString(), QStringLiteral("On the cpu_core CPUs (4 of them): type 4, config 0x1c7"));
        QCOMPARE(model.parent(p), event);
        QCOMPARE(model.index(0, PlanModel::StatusColumn, event).data().toString(), QStringLiteral("✓"));
        QCOMPARE(model.index(1, PlanModel::EventColumn, event).data().toString(), QStringLiteral("cpu_atom"));
        QCOMPARE(model.index(1, PlanModel::StatusColumn, event).data().toString(), QStringLiteral("✗"));
        QCOMPARE(model.index(1, PlanModel::ReasonColumn, event).data().toString(),
                 QStringLiteral("FP_ARITH_INST_RETIRED_SCALAR_DOUBLE is no event of the E-cores"));
        QVERIFY(!model.index(1, 0, event).data(PlanModel::CountedRole).toBool());
        QCOMPARE(model.rowCount(p), 0);
    }

    void planModelPassesTheTester() {
        MachineContext machine;
        MeasurementController controller(machine);
        auto plan = controller.prepare(demoWith({"SOFTWARE", "CPI"}));
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());
        PlanModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPlan(*plan);
        QCOMPARE(model.rowCount(), 2);
        const QModelIndex software = model.index(0, 0);
        QCOMPARE(software.data().toString(), QStringLiteral("SOFTWARE"));
        QCOMPARE(model.rowCount(software), 5);
        const QModelIndex taskClock = model.index(0, PlanModel::EventColumn, software);
        QCOMPARE(taskClock.data().toString(), QStringLiteral("task-clock"));
        QCOMPARE(taskClock.siblingAtColumn(PlanModel::CounterColumn).data().toString(), QStringLiteral("TASKCLOCK"));
        QVERIFY(taskClock.data(PlanModel::CountedRole).toBool());
        QVERIFY(taskClock.siblingAtColumn(PlanModel::StatusColumn).data().toString().startsWith(QStringLiteral("✓")));
        QCOMPARE(model.parent(taskClock), software);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
        model.setPlan(*plan);
        QCOMPARE(model.rowCount(), 2);
    }

    void previewMarksAnUncountableEventWithTheVirtualMachineReason() {
        MachineContext machine;
        MeasurementController controller(machine);
        // The portable CPI group by its file: by name, a host with native
        // groups (a Zen 4 by libpfm4's reading) gets its own CPI, without task-clock.
        const std::string genericCpi = qEnvironmentVariable("PERFDASH_DATA_DIR").toStdString() + "/groups/generic/CPI.txt";
        auto plan = controller.prepare(demoWith({genericCpi}));
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str()); // task-clock still counts
        const auto& events = plan->groups[0].events;
        auto cycles = std::find_if(events.begin(), events.end(), [](const PlannedEvent& e) { return e.counter == "PMC1"; });
        QVERIFY(cycles != events.end());
        if (cycles->eventSetSlot >= 0) QSKIP("this machine has a hardware PMU: 'cycles' is countable here");

        PlanPreview preview;
        preview.showPlan(*plan);
        PlanModel* model = preview.model();
        const QModelIndex group = model->index(0, 0);
        QCOMPARE(group.data().toString(), QStringLiteral("CPI"));
        QCOMPARE(group.siblingAtColumn(PlanModel::StatusColumn).data().toString(), QStringLiteral("1 of 3"));
        QModelIndex cyclesRow;
        for (int row = 0; row < model->rowCount(group); ++row)
            if (model->index(row, PlanModel::CounterColumn, group).data().toString() == QLatin1String("PMC1"))
                cyclesRow = model->index(row, 0, group);
        QVERIFY(cyclesRow.isValid());
        QCOMPARE(cyclesRow.siblingAtColumn(PlanModel::StatusColumn).data().toString(), QStringLiteral("✗"));
        QVERIFY(!cyclesRow.data(PlanModel::CountedRole).toBool());
        const QString reason = cyclesRow.siblingAtColumn(PlanModel::ReasonColumn).data().toString();
        // This guest's own diagnosis, or under an identity the simulated CPU's.
        const QString why = identityOverride() ? QStringLiteral("simulated CPU identity") : QStringLiteral("virtual machine");
        QVERIFY2(reason.contains(why), qPrintable(reason));
        QVERIFY(preview.view()->isExpanded(group));
        // The plan's warnings are shown too: one per event left out.
        const QStringList warnings = preview.warnings();
        QVERIFY(std::any_of(warnings.begin(), warnings.end(),
                            [&](const QString& w) { return w.contains(QStringLiteral("PMC1")) && w.contains(why); }));
        preview.showNoPlan(QStringLiteral("counting whole CPUs is not permitted"));
        QCOMPARE(model->rowCount(), 0);
        QCOMPARE(preview.problem(), QStringLiteral("counting whole CPUs is not permitted"));
    }
};

QTEST_MAIN(TestSetupModels)
#include "test_setup_models.moc"
