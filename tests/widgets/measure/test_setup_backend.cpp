// The setup form's backend choice and marker mode: what the combo offers on
// this machine (no /dev/cpu/*/msr, not MIPS) and with a fake /dev/cpu tree,
// where the choice goes (form state, request, settings, plan preview), and
// the problems a whole-CPU backend brings to the form.
#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QSpinBox>
#include <QLabel>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QtTest>
#include <sys/utsname.h>

#include "backends/MsrFakeTree.h"
#include "widgets/run/MeasurementController.h"
#include "widgets/measure/BackendListModel.h"
#include "widgets/measure/BackendPicker.h"
#include "widgets/measure/MeasureSection.h"
#include "widgets/measure/PlanPreview.h"
#include "widgets/measure/SetupPage.h"
#include "widgets/measure/SetupSettings.h"

using namespace perfdash;
using namespace perfdash::testing;
using Mode = MeasurementRequest::Mode;

namespace {

QString demo() { return qEnvironmentVariable("PERFDASH_DEMO"); }

bool msrDeviceHere() { return QFileInfo::exists(QStringLiteral("/dev/cpu/0/msr")); }

bool x86() {
    utsname u{};
    return uname(&u) == 0 && QByteArray(u.machine) == "x86_64";
}

// A fake /dev/cpu of one modelled Intel CPU, and PERFDASH_MSR_ROOT pointing at it while this lives.
class FakeMsrDevices {
public:
    FakeMsrDevices() : tree_({0}, 0x700) {
        tree_.writeCpuid(intelFourPlusThree());
        qputenv("PERFDASH_MSR_ROOT", QByteArray::fromStdString(tree_.root()));
    }
    ~FakeMsrDevices() { qunsetenv("PERFDASH_MSR_ROOT"); }
    std::string root() const { return tree_.root(); }

private:
    FakeMsrTree tree_;
};

int rowOf(const BackendPicker& picker, const char* name) { return picker.model()->rowOf(QString::fromLatin1(name)); }

bool enabled(const BackendPicker& picker, const char* name) {
    return picker.model()->flags(picker.model()->index(rowOf(picker, name))).testFlag(Qt::ItemIsEnabled);
}

QString tooltip(const BackendPicker& picker, const char* name) {
    return picker.model()->index(rowOf(picker, name)).data(Qt::ToolTipRole).toString();
}

SetupFormState pinnedLaunch(const QString& backend, const QStringList& groups) {
    SetupFormState s;
    s.program = demo();
    s.arguments = QStringLiteral("--seconds 1");
    s.pinToCpus = true;
    s.cpuList = QStringLiteral("0");
    s.groups = groups;
    s.backend = backend;
    return s;
}

} // namespace

class TestSetupBackend : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY2(!demo().isEmpty(), "PERFDASH_DEMO is not set (run through ctest)"); }

    void theComboOffersPerfAndSaysWhyNotTheOthersHere() {
        if (msrDeviceHere()) QSKIP("this machine has /dev/cpu/0/msr: the msr backend may be available");
        if (!x86()) QSKIP("the expected reasons are those of an x86_64 machine");
        MachineContext machine;
        BackendPicker picker;
        QAbstractItemModelTester tester(picker.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        picker.setBackends(describeBackends(machine));
        QCOMPARE(picker.combo()->count(), 3);
        QCOMPARE(picker.combo()->itemData(0, BackendListModel::NameRole).toString(), QStringLiteral("perf"));
        QCOMPARE(picker.combo()->itemData(1, BackendListModel::NameRole).toString(), QStringLiteral("msr"));
        QCOMPARE(picker.combo()->itemData(2, BackendListModel::NameRole).toString(), QStringLiteral("loongson"));
        QCOMPARE(picker.backend(), QStringLiteral("perf"));
        QVERIFY(enabled(picker, "perf"));

        // msr: disabled, the missing device named, and the fix.
        QVERIFY(!enabled(picker, "msr"));
        QVERIFY(picker.combo()->itemText(1).contains(QStringLiteral("not available")));
        const QString msr = tooltip(picker, "msr");
        QVERIFY2(msr.contains(QStringLiteral("/dev/cpu/0/msr")), qPrintable(msr));
        QVERIFY2(msr.contains(QStringLiteral("sudo modprobe msr")), qPrintable(msr));
        // loongson: not a thing on x86.
        QVERIFY(!enabled(picker, "loongson"));
        QVERIFY2(tooltip(picker, "loongson").contains(QStringLiteral("only on MIPS")), qPrintable(tooltip(picker, "loongson")));
        // The same under the combo: one line naming them, the reasons behind "Why?" and in its tooltip.
        const QString summary = picker.unavailableSummary();
        QVERIFY2(summary.contains(QStringLiteral("MSR device")) && summary.contains(QStringLiteral("Loongson")),
                 qPrintable(summary));
        QVERIFY2(!summary.contains(QStringLiteral("/dev/cpu/0/msr")), qPrintable(summary));
        QVERIFY2(picker.unavailableText().contains(QStringLiteral("/dev/cpu/0/msr")), qPrintable(picker.unavailableText()));
        QVERIFY(picker.unavailableText().contains(QStringLiteral("sudo modprobe msr")));
        QLabel* line = nullptr;
        for (QLabel* label : picker.findChildren<QLabel*>())
            if (label->text() == summary) line = label;
        QVERIFY(line);
        QCOMPARE(line->toolTip(), picker.unavailableText());
        emit line->linkActivated(QStringLiteral("why"));
        auto* why = picker.findChild<QMessageBox*>();
        QVERIFY(why);
        QCOMPARE(why->text(), picker.unavailableText());
        why->close();
        QVERIFY(picker.implication().contains(QStringLiteral("multiplexing")));

        // Neither the keyboard nor a saved choice gets to a disabled backend.
        picker.combo()->setFocus();
        QTest::keyClick(picker.combo(), Qt::Key_Down);
        QTest::keyClick(picker.combo(), Qt::Key_End);
        QCOMPARE(picker.backend(), QStringLiteral("perf"));
        QVERIFY(!picker.setBackend(QStringLiteral("msr")));
        QCOMPARE(picker.backend(), QStringLiteral("perf"));
        QVERIFY(picker.note().contains(QStringLiteral("/dev/cpu/0/msr")));
        QVERIFY(!picker.setBackend(QStringLiteral("papi")));
        QCOMPARE(picker.backend(), QStringLiteral("perf"));
        QVERIFY(picker.note().contains(QStringLiteral("no backend named 'papi'")));
        QVERIFY(picker.setBackend(QStringLiteral("perf")));
        QVERIFY(picker.note().isEmpty());
    }

    void aFakeDeviceTreeMakesMsrAvailable() {
        MachineContext machine;
        FakeMsrTree tree({0}, 0x700);
        tree.writeCpuid(intelFourPlusThree());
        QTemporaryDir empty;
        BackendChoice where;
        where.msrRoot = tree.root();
        where.pcounterPath = empty.filePath(QStringLiteral("pcounter")).toStdString();
        BackendPicker picker;
        picker.setBackends(describeBackends(machine, where));
        QVERIFY2(enabled(picker, "msr"), qPrintable(tooltip(picker, "msr")));
        QVERIFY2(tooltip(picker, "msr").contains(QStringLiteral("4 general counters")), qPrintable(tooltip(picker, "msr")));
        QVERIFY(!picker.unavailableText().contains(QStringLiteral("MSR")));
        QSignalSpy changed(&picker, &BackendPicker::changed);
        QVERIFY(picker.setBackend(QStringLiteral("msr")));
        QCOMPARE(picker.backend(), QStringLiteral("msr"));
        QCOMPARE(changed.count(), 1);
        QVERIFY2(picker.implication().contains(QStringLiteral("whole CPUs")), qPrintable(picker.implication()));
        QVERIFY(picker.implication().contains(QStringLiteral("attaching to a process is not possible")));

        // The device goes away: the list is described again and the choice falls back, saying so.
        BackendChoice gone;
        gone.msrRoot = empty.path().toStdString();
        picker.setBackends(describeBackends(machine, gone));
        QCOMPARE(picker.backend(), QStringLiteral("perf"));
        QVERIFY(picker.note().contains(QStringLiteral("The msr backend is not available here")));
    }

    void theChoicesGoIntoTheRequest() {
        SetupFormState s = pinnedLaunch(QStringLiteral("msr"), {QStringLiteral("CLOCK")});
        s.marker = true;
        MeasurementRequest r = toRequest(s);
        QCOMPARE(r.backend.name, std::string("msr"));
        QVERIFY(r.marker);
        QCOMPARE(r.cpuList, std::string("0"));
        // Marker regions exist only in a launched program.
        s.mode = Mode::SystemWide;
        QVERIFY(!toRequest(s).marker);
        QCOMPARE(toRequest(s).backend.name, std::string("msr"));
        QVERIFY(!toRequest(SetupFormState{}).marker);
        QCOMPARE(toRequest(SetupFormState{}).backend.name, std::string("perf"));
    }

    void aWholeCpuBackendNeedsPinningAndCannotAttach() {
        SetupFormState s = pinnedLaunch(QStringLiteral("msr"), {QStringLiteral("CLOCK")});
        QVERIFY(checkForm(s).empty());
        s.pinToCpus = false;
        auto problems = checkForm(s);
        QCOMPARE(problems.size(), size_t(1));
        QCOMPARE(problems[0].field, SetupField::Cpus);
        QVERIFY2(problems[0].message.contains(QStringLiteral("msr backend counts whole CPUs")), qPrintable(problems[0].message));
        s.mode = Mode::Attach;
        s.pid = 1;
        problems = checkForm(s);
        QCOMPARE(problems.size(), size_t(1));
        QCOMPARE(problems[0].field, SetupField::Backend);
        QVERIFY(problems[0].message.contains(QStringLiteral("choose perf to attach")));
        s.backend = QStringLiteral("perf");
        QVERIFY(checkForm(s).empty());
    }

    void markerRegionsNeedThePerfBackend() {
        SetupFormState s = pinnedLaunch(QStringLiteral("msr"), {QStringLiteral("CLOCK")});
        s.marker = true;
        const auto problems = checkForm(s);
        QCOMPARE(problems.size(), size_t(1));
        QCOMPARE(problems[0].field, SetupField::Backend);
        QVERIFY2(problems[0].message.contains(QStringLiteral("choose perf, or turn marker regions off")),
                 qPrintable(problems[0].message));
        s.backend = QStringLiteral("perf");
        QVERIFY(checkForm(s).empty());
    }

    void thePlanPreviewSaysWhatMsrCounts() {
        FakeMsrDevices devices;
        MachineContext machine;
        MeasurementController controller(machine);
        SetupPage page(controller);
        BackendPicker* picker = page.measureSection()->backendPicker();
        QVERIFY2(enabled(*picker, "msr"), qPrintable(tooltip(*picker, "msr")));
        page.setState(pinnedLaunch(QStringLiteral("msr"), {QStringLiteral("CLOCK")}));
        QCOMPARE(page.state().backend, QStringLiteral("msr"));
        page.refreshPlan();
        const FormEvaluation& e = page.evaluation();
        QVERIFY2(e.problems.empty(), qPrintable(e.problems.empty() ? QString() : e.problems[0].message));
        QVERIFY(e.plan);
        QCOMPARE(e.plan->request.backend.name, std::string("msr"));
        QVERIFY2(page.planPreview()->warnings().join(QLatin1Char('\n')).contains(QStringLiteral("counts whole CPUs (0)")),
                 qPrintable(page.planPreview()->warnings().join(QLatin1Char('\n'))));
        auto request = page.request();
        QVERIFY(request.ok());
        QCOMPARE(request->backend.name, std::string("msr"));

        // Unpinned: the problem is at the CPUs, and the preview still shows the groups (on a stand-in, pinned).
        SetupFormState unpinned = pinnedLaunch(QStringLiteral("msr"), {QStringLiteral("CLOCK")});
        unpinned.pinToCpus = false;
        page.setState(unpinned);
        page.refreshPlan();
        QVERIFY(page.evaluation().problemAt(SetupField::Cpus).contains(QStringLiteral("pin the program")));
        QVERIFY(page.evaluation().plan);
        QVERIFY(!page.request().ok());

        // Attach: the problem is at the backend choice, shown there.
        SetupFormState attach = unpinned;
        attach.mode = Mode::Attach;
        attach.pid = static_cast<int>(QCoreApplication::applicationPid());
        page.setState(attach);
        page.refreshPlan();
        QVERIFY(page.evaluation().problemAt(SetupField::Backend).contains(QStringLiteral("choose perf to attach")));
        QCOMPARE(picker->problem(), page.evaluation().problemAt(SetupField::Backend));
    }

    void markerModeIsForALaunchedProgram() {
        MachineContext machine;
        MeasurementController controller(machine);
        SetupPage page(controller);
        QCheckBox* marker = page.measureSection()->markerField();
        QVERIFY(marker->toolTip().contains(QStringLiteral("PERFDASH_MARKER_START")));
        QVERIFY(marker->toolTip().contains(QStringLiteral("docs/marker.md")));
        SetupFormState s = pinnedLaunch(QStringLiteral("perf"), {QStringLiteral("SOFTWARE")});
        s.pinToCpus = false;
        s.marker = true;
        page.setState(s);
        QVERIFY(marker->isEnabled());
        QVERIFY(marker->isChecked());
        QCOMPARE(page.state(), s);
        auto request = page.request();
        QVERIFY(request.ok());
        QVERIFY(request->marker);
        page.refreshPlan();
        QVERIFY(page.evaluation().plan);
        QVERIFY(page.evaluation().plan->request.marker);

        s.mode = Mode::SystemWide;
        s.cpuList = QStringLiteral("0");
        page.setState(s);
        QVERIFY(!marker->isEnabled());
        QVERIFY(marker->toolTip().contains(QStringLiteral("Only a launched program")));
        request = page.request();
        QVERIFY(request.ok());
        QVERIFY(!request->marker);
    }

    void settingsKeepTheBackendAndMarkerMode() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("perfdash.ini"));
        SetupFormState s = pinnedLaunch(QStringLiteral("msr"), {QStringLiteral("CLOCK")});
        s.marker = true;
        {
            FakeMsrDevices devices;
            MachineContext machine;
            MeasurementController controller(machine);
            {
                SetupPage page(controller);
                page.setState(s);
                QCOMPARE(page.state(), s);
                QSettings settings(file, QSettings::IniFormat);
                page.saveSettings(settings);
            }
            SetupPage restored(controller);
            QVERIFY(restored.state() != s);
            QSettings settings(file, QSettings::IniFormat);
            restored.restoreSettings(settings);
            QCOMPARE(restored.state(), s);
        }
        // Restored where msr is not available: perf, and the form says why.
        QTemporaryDir empty;
        qputenv("PERFDASH_MSR_ROOT", empty.path().toUtf8());
        MachineContext machine;
        MeasurementController controller(machine);
        SetupPage elsewhere(controller);
        QSettings settings(file, QSettings::IniFormat);
        elsewhere.restoreSettings(settings);
        qunsetenv("PERFDASH_MSR_ROOT");
        QCOMPARE(elsewhere.state().backend, QStringLiteral("perf"));
        QVERIFY(elsewhere.state().marker);
        const QString note = elsewhere.measureSection()->backendPicker()->note();
        QVERIFY2(note.contains(QStringLiteral("The msr backend is not available here, counting with perf")), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("sudo modprobe msr")), qPrintable(note));
    }

    // Sampling: the form's choice becomes record's options, the profile's interval follows the counts', marker
    // regions are attributed to samples only when both are on; the page shows and keeps the choice.
    void samplingChoicesGoIntoTheRunAndTheSettings() {
        SetupFormState s;
        s.program = QStringLiteral("/bin/true");
        s.events = QStringLiteral("cpu-clock");
        QVERIFY(!toSampling(s));
        s.sample = true;
        s.sampleHz = 1234;
        s.callGraph = QStringLiteral("dwarf");
        s.intervalMs = 250;
        auto o = toSampling(s);
        QVERIFY(o);
        QCOMPARE(o->rate.kind, SamplingRate::Kind::Frequency);
        QCOMPARE(o->rate.value, uint64_t(1234));
        QCOMPARE(o->callGraph, CallGraph::Dwarf);
        QCOMPARE(o->intervalS, 0.25);
        QCOMPARE(o->liveIntervals, UINT32_MAX); // the page shows every sample so far
        s.intervalMs = 20;
        QCOMPARE(toSampling(s)->intervalS, 0.1);
        s.intervalMs = 0;
        QCOMPARE(toSampling(s)->intervalS, 1.0);
        s.callGraph = QStringLiteral("none");
        QCOMPARE(toSampling(s)->callGraph, CallGraph::None);
        s.marker = true;
        QVERIFY(toRequest(s).markerTransitions);
        s.sample = false;
        QVERIFY(!toRequest(s).markerTransitions);
        s.sample = true;

        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("perfdash.ini"));
        MachineContext machine;
        MeasurementController controller(machine);
        {
            SetupPage page(controller);
            QVERIFY(!page.measureSection()->sampleRateField()->isEnabled());
            page.setState(s);
            QCOMPARE(page.state(), s);
            QVERIFY(page.measureSection()->sampleField()->isChecked());
            QVERIFY(page.measureSection()->sampleRateField()->isEnabled());
            QCOMPARE(page.measureSection()->callGraphField()->currentText(), QStringLiteral("no call stacks"));
            QSettings settings(file, QSettings::IniFormat);
            page.saveSettings(settings);
        }
        {
            SetupPage restored(controller);
            QSettings settings(file, QSettings::IniFormat);
            restored.restoreSettings(settings);
            QCOMPARE(restored.state(), s);
        }
        // A settings file edited by hand: the rate is kept in range, an unknown stack mode is left at its default.
        {
            QSettings settings(file, QSettings::IniFormat);
            settings.setValue(QStringLiteral("setup/sampleHz"), 1000000000);
            settings.setValue(QStringLiteral("setup/callGraph"), QStringLiteral("lbr"));
        }
        SetupPage edited(controller);
        QSettings settings(file, QSettings::IniFormat);
        edited.restoreSettings(settings);
        QCOMPARE(edited.state().sampleHz, kMaxSampleHz);
        QCOMPARE(edited.state().callGraph, QStringLiteral("fp"));
    }
};

QTEST_MAIN(TestSetupBackend)
#include "test_setup_backend.moc"
