#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>
#include <unistd.h>

#include "SetupTestSupport.h"
#include "widgets/run/MeasurementController.h"
#include "widgets/measure/CpuPicker.h"
#include "widgets/measure/DemoWorkload.h"
#include "widgets/measure/FormEvaluation.h"
#include "widgets/measure/GroupListModel.h"
#include "widgets/measure/MeasureSection.h"
#include "widgets/measure/PlanModel.h"
#include "widgets/measure/PlanPreview.h"
#include "widgets/measure/ProcessPicker.h"
#include "widgets/measure/RecentPrograms.h"
#include "widgets/measure/SetupPage.h"
#include "widgets/measure/SetupSettings.h"
#include "widgets/measure/TargetSection.h"

using namespace perfdash;
using Mode = MeasurementRequest::Mode;

namespace {

QString demo() { return qEnvironmentVariable("PERFDASH_DEMO"); }

SetupFormState launchState() {
    SetupFormState s;
    s.program = demo();
    s.groups = {"SOFTWARE"};
    return s;
}

std::vector<std::string> strings(std::initializer_list<const char*> v) { return {v.begin(), v.end()}; }

} // namespace

class TestSetupForm : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY2(!demo().isEmpty(), "PERFDASH_DEMO is not set (run through ctest)"); }

    void mapsALaunchWithArgumentsDirectoryEnvironmentAndPinning() {
        SetupFormState s = launchState();
        s.arguments = QStringLiteral("--seconds 0.5 \"two words\"");
        s.workingDirectory = QStringLiteral("/tmp");
        s.environment = QStringLiteral("OMP_NUM_THREADS=4\n\n  LANG=C  \n");
        s.pinToCpus = true;
        s.cpuList = QStringLiteral("0");
        s.groups = {"SOFTWARE", "CPI"};
        s.events = QStringLiteral("page-faults, context-switches");
        s.intervalMs = 250;
        s.durationS = 1.5;
        QVERIFY(checkForm(s).empty());
        const MeasurementRequest r = toRequest(s);
        QCOMPARE(r.mode, Mode::Launch);
        QCOMPARE(r.command, strings({demo().toUtf8().constData(), "--seconds", "0.5", "two words"}));
        QCOMPARE(r.workingDirectory, std::string("/tmp"));
        QCOMPARE(r.environment, strings({"OMP_NUM_THREADS=4", "LANG=C"}));
        QCOMPARE(r.cpuList, std::string("0"));
        QCOMPARE(r.pid, -1);
        QCOMPARE(r.groups, strings({"SOFTWARE", "CPI"}));
        QCOMPARE(r.events, strings({"page-faults, context-switches"}));
        QCOMPARE(r.interval, std::chrono::nanoseconds(std::chrono::milliseconds(250)));
        QCOMPARE(r.duration, std::chrono::nanoseconds(std::chrono::milliseconds(1500)));
        QVERIFY(r.captureOutput);
        QVERIFY(r.stdinFromNull);

        s.pinToCpus = false; // the list stays in the form but does not pin
        QVERIFY(toRequest(s).cpuList.empty());
    }

    void mapsAnAttachAndASystemWideCount() {
        SetupFormState s = launchState();
        s.mode = Mode::Attach;
        s.pid = getpid();
        s.cpuList = QStringLiteral("0"); // not for attach
        s.arguments = QStringLiteral("--ignored");
        QVERIFY(checkForm(s).empty());
        MeasurementRequest r = toRequest(s);
        QCOMPARE(r.mode, Mode::Attach);
        QCOMPARE(r.pid, int(getpid()));
        QVERIFY(r.command.empty());
        QVERIFY(r.cpuList.empty());

        s.mode = Mode::SystemWide;
        s.cpuList = QStringLiteral("0-1");
        s.durationS = 2;
        QVERIFY(checkForm(s).empty());
        r = toRequest(s);
        QCOMPARE(r.mode, Mode::SystemWide);
        QCOMPARE(r.cpuList, std::string("0-1"));
        QVERIFY(r.command.empty());
        QCOMPARE(r.pid, -1);
        QCOMPARE(r.duration, std::chrono::nanoseconds(std::chrono::seconds(2)));
    }

    void theFormChecksWhatItCanBeforeAskingTheMachine() {
        auto fields = [](const SetupFormState& s) {
            std::vector<SetupField> out;
            for (const auto& p : checkForm(s)) out.push_back(p.field);
            return out;
        };
        SetupFormState s = launchState();
        s.program.clear();
        QCOMPARE(fields(s), std::vector<SetupField>{SetupField::Program});
        s.program = QStringLiteral("no-such-program-perfdash-test");
        const auto problems = checkForm(s);
        QCOMPARE(problems.size(), size_t(1));
        QVERIFY2(problems[0].message.contains(QStringLiteral("no-such-program-perfdash-test")), qPrintable(problems[0].message));
        s = launchState();
        s.environment = QStringLiteral("GOOD=1\nno equals sign");
        QCOMPARE(fields(s), std::vector<SetupField>{SetupField::Environment});
        s = launchState();
        s.workingDirectory = QStringLiteral("/no/such/directory");
        QCOMPARE(fields(s), std::vector<SetupField>{SetupField::WorkingDirectory});
        s = launchState();
        s.pinToCpus = true;
        QCOMPARE(fields(s), std::vector<SetupField>{SetupField::Cpus});
        s = launchState();
        s.groups.clear();
        QCOMPARE(fields(s), std::vector<SetupField>{SetupField::Groups});
        s.events = QStringLiteral("page-faults,,cycles");
        QCOMPARE(fields(s), std::vector<SetupField>{SetupField::Events});
        s = launchState();
        s.mode = Mode::Attach;
        QCOMPARE(fields(s), std::vector<SetupField>{SetupField::Process});
        s.mode = Mode::SystemWide;
        QCOMPARE(fields(s), std::vector<SetupField>{SetupField::Cpus});
    }

    void prepareErrorsArePlacedAtTheFieldTheyConcern() {
        MachineContext machine;
        MeasurementController controller(machine);
        SetupFormState s = launchState();
        FormEvaluation e = evaluateForm(s, {}, controller);
        QVERIFY(e.plan);
        QVERIFY(e.problems.empty());

        s.groups = {"NOSUCHGROUP"};
        e = evaluateForm(s, {}, controller);
        QVERIFY(!e.plan);
        QVERIFY2(e.problemAt(SetupField::Groups).contains(QStringLiteral("NOSUCHGROUP")), qPrintable(e.problemAt(SetupField::Groups)));

        s.groups = {"SOFTWARE"};
        s.events = QStringLiteral("page-faults,no_such_event_xyz");
        e = evaluateForm(s, {}, controller);
        QVERIFY(!e.plan);
        QVERIFY2(e.problemAt(SetupField::Events).contains(QStringLiteral("no_such_event_xyz")),
                 qPrintable(e.problemAt(SetupField::Events)));
        QVERIFY(e.problemAt(SetupField::Groups).isEmpty());

        // Target and event problems at once: the events are checked against a stand-in program.
        s.program = QStringLiteral("no-such-program-perfdash-test");
        e = evaluateForm(s, {}, controller);
        QVERIFY(!e.problemAt(SetupField::Program).isEmpty());
        QVERIFY(e.problemAt(SetupField::Events).contains(QStringLiteral("no_such_event_xyz")));
        QVERIFY(!e.plan);
        s.events.clear();
        e = evaluateForm(s, {}, controller);
        QVERIFY(e.plan); // what would be counted, while the program is still to be fixed
        QCOMPARE(e.problems.size(), size_t(1));
        s.program = demo();

        s.events = QStringLiteral("page-faults");
        s.mode = Mode::SystemWide;
        s.cpuList = QStringLiteral("x");
        e = evaluateForm(s, QStringLiteral("CPU list 'x': bad"), controller);
        QCOMPARE(e.problemAt(SetupField::Cpus), QStringLiteral("CPU list 'x': bad"));
        QVERIFY(e.plan); // on a stand-in CPU
        s.cpuList = QStringLiteral("0");
        e = evaluateForm(s, {}, controller);
        QVERIFY2(e.plan, qPrintable(e.problems.empty() ? QString() : e.problems[0].message));
    }

    void thePageMapsItsWidgetsToTheRequest() {
        MachineContext machine;
        MeasurementController controller(machine);
        SetupPage page(controller, nullptr, test::procFixture());
        TargetSection* target = page.targetSection();
        MeasureSection* measure = page.measureSection();

        // Launch, typed into the widgets.
        target->programField()->setCurrentText(demo());
        target->argumentsField()->setText(QStringLiteral("--seconds 1"));
        target->environmentField()->setPlainText(QStringLiteral("A=1"));
        measure->groupModel()->setCheckedGroups({"SOFTWARE"});
        measure->eventsField()->setText(QStringLiteral("page-faults"));
        measure->intervalField()->setValue(200);
        measure->durationField()->setValue(0);
        auto r = page.request();
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->mode, Mode::Launch);
        QCOMPARE(r->command, strings({demo().toUtf8().constData(), "--seconds", "1"}));
        QCOMPARE(r->environment, strings({"A=1"}));
        QCOMPARE(r->groups, strings({"SOFTWARE"}));
        QCOMPARE(r->events, strings({"page-faults"}));
        QCOMPARE(r->interval, std::chrono::nanoseconds(std::chrono::milliseconds(200)));
        QVERIFY(r->cpuList.empty()); // not pinned by default

        // Attach to a process of the fixture /proc, chosen in the list.
        target->setMode(Mode::Attach);
        target->processPicker()->refresh();
        QVERIFY(target->processPicker()->selectPid(31337));
        r = page.request();
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->mode, Mode::Attach);
        QCOMPARE(r->pid, 31337);
        QVERIFY(r->command.empty());

        // System-wide on CPUs typed into the picker.
        target->setMode(Mode::SystemWide);
        r = page.request();
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("CPUs") != std::string::npos);
        page.cpuPicker()->setCpuList(QStringLiteral("0"));
        r = page.request();
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->mode, Mode::SystemWide);
        QCOMPARE(r->cpuList, std::string("0"));
        page.cpuPicker()->setCpuList(QStringLiteral("0-999"));
        r = page.request();
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("CPU 999") != std::string::npos || r.error().message.find("does not exist") != std::string::npos,
                 r.error().message.c_str());
    }

    void thePageShowsProblemsInlineAndThePlanWhenThereIsOne() {
        MachineContext machine;
        MeasurementController controller(machine);
        SetupPage page(controller, nullptr, test::procFixture());
        SetupFormState s = launchState();
        s.program = QStringLiteral("no-such-program-perfdash-test");
        page.setState(s);
        QSignalSpy evaluated(&page, &SetupPage::evaluated);
        QVERIFY(evaluated.wait(5000)); // debounced
        QVERIFY(page.targetSection()->problemAt(SetupField::Program).contains(QStringLiteral("no-such-program-perfdash-test")));
        // The groups are previewed meanwhile, for a stand-in program.
        QCOMPARE(page.planPreview()->model()->rowCount(), 1);
        page.measureSection()->groupModel()->setCheckedGroups({});
        page.refreshPlan();
        QCOMPARE(page.planPreview()->model()->rowCount(), 0);
        QVERIFY(!page.measureSection()->problemAt(SetupField::Groups).isEmpty());
        page.measureSection()->groupModel()->setCheckedGroups({"SOFTWARE"});

        page.targetSection()->programField()->setCurrentText(demo());
        page.measureSection()->eventsField()->setText(QStringLiteral("no_such_event_xyz"));
        page.refreshPlan();
        QVERIFY(page.targetSection()->problemAt(SetupField::Program).isEmpty());
        QVERIFY(page.measureSection()->problemAt(SetupField::Events).contains(QStringLiteral("no_such_event_xyz")));

        page.measureSection()->eventsField()->clear();
        page.refreshPlan();
        QVERIFY(page.evaluation().plan);
        QVERIFY(page.measureSection()->problemAt(SetupField::Events).isEmpty());
        QCOMPARE(page.planPreview()->model()->rowCount(), 1);
        QCOMPARE(page.planPreview()->model()->index(0, 0).data().toString(), QStringLiteral("SOFTWARE"));
    }

    void addEventsAppendsWithoutRepeating() {
        MachineContext machine;
        MeasurementController controller(machine);
        SetupPage page(controller);
        page.measureSection()->eventsField()->clear();
        page.addEvents({"page-faults"});
        page.addEvents({"page-faults", "cpu/event=0x3c,umask=0x0/", " context-switches "});
        QCOMPARE(page.measureSection()->eventsField()->text(),
                 QStringLiteral("page-faults,cpu/event=0x3c,umask=0x0/,context-switches"));
        QCOMPARE(page.state().events, page.measureSection()->eventsField()->text());
    }

    void recentProgramsAreMostRecentFirstAndBounded() {
        RecentPrograms recent;
        recent.remember({"a", "-1", ""});
        recent.remember({"b", "", "/tmp"});
        recent.remember({"a", "-2", ""});
        QCOMPARE(recent.entries().size(), 2);
        QCOMPARE(recent.entries()[0], (RecentProgram{"a", "-2", ""}));
        QCOMPARE(recent.find(QStringLiteral("b"))->workingDirectory, QStringLiteral("/tmp"));
        QVERIFY(!recent.find(QStringLiteral("c")));
        for (int i = 0; i < 20; ++i) recent.remember({QString::number(i), {}, {}});
        QCOMPARE(recent.entries().size(), RecentPrograms::kMaxEntries);
        QCOMPARE(recent.entries()[0].program, QStringLiteral("19"));
    }

    void choosingARecentProgramBringsBackItsArguments() {
        MachineContext machine;
        MeasurementController controller(machine);
        SetupPage page(controller);
        RecentPrograms recent;
        recent.remember({demo(), "--seconds 3", "/tmp"});
        recent.remember({"/bin/true", "", ""});
        page.targetSection()->setRecentPrograms(recent);
        QComboBox* program = page.targetSection()->programField();
        QCOMPARE(program->count(), 2);
        program->setCurrentIndex(1);
        emit program->activated(1);
        QCOMPARE(page.targetSection()->argumentsField()->text(), QStringLiteral("--seconds 3"));
        QCOMPARE(page.targetSection()->workingDirectoryField()->text(), QStringLiteral("/tmp"));
    }

    void settingsRoundTrip() {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("perfdash.ini")), QSettings::IniFormat);
        MachineContext machine;
        MeasurementController controller(machine);
        SetupFormState s = launchState();
        s.arguments = QStringLiteral("--seconds 2");
        s.environment = QStringLiteral("A=1\nB=2");
        s.workingDirectory = QStringLiteral("/tmp");
        s.pinToCpus = true;
        s.cpuList = QStringLiteral("0");
        s.groups = {"SOFTWARE", "CPI"};
        s.events = QStringLiteral("page-faults");
        s.intervalMs = 500;
        s.durationS = 3;
        {
            SetupPage page(controller);
            page.setState(s);
            QCOMPARE(page.state(), s);
            page.targetSection()->rememberCurrentProgram();
            page.saveSettings(settings);
        }
        settings.sync();
        QSettings reread(dir.filePath(QStringLiteral("perfdash.ini")), QSettings::IniFormat);
        SetupPage restored(controller);
        QVERIFY(restored.state() != s);
        restored.restoreSettings(reread);
        QCOMPARE(restored.state(), s);
        QCOMPARE(restored.targetSection()->recentPrograms().entries().size(), 1);
        QCOMPARE(restored.targetSection()->recentPrograms().entries()[0].arguments, QStringLiteral("--seconds 2"));

        // The attach mode is restored, the PID is not (it will not be the same process next time).
        s.mode = Mode::Attach;
        s.pid = 31337;
        saveSetupSettings(reread, s, {});
        RecentPrograms none;
        auto state = restoreSetupSettings(reread, none);
        QVERIFY(state);
        QCOMPARE(state->mode, Mode::Attach);
        QCOMPARE(state->pid, -1);
    }

    void theDefaultIsTheDemoWithSoftwareAndOnlyFullyCountableGroups() {
        MachineContext machine;
        MeasurementController controller(machine);
        auto found = findDemoProgram();
        QVERIFY2(found.ok(), found.ok() ? "" : found.error().message.c_str());
        QCOMPARE(QFileInfo(*found).canonicalFilePath(), QFileInfo(demo()).canonicalFilePath());

        const SetupFormState s = defaultSetupState(controller);
        QCOMPARE(s.mode, Mode::Launch);
        QCOMPARE(s.program, *found);
        QVERIFY(!s.groups.isEmpty());
        QCOMPARE(s.groups.first(), QStringLiteral("SOFTWARE"));
        QVERIFY(s.intervalMs > 0);
        for (const auto& group : s.groups) { // every default group counts completely here
            MeasurementRequest r;
            r.command = {"true"};
            r.groups = {group.toStdString()};
            auto plan = controller.prepare(r);
            QVERIFY(plan.ok());
            QVERIFY2(plan->warnings.empty() || plan->userSpaceOnly, qPrintable(group));
        }
        SetupPage page(controller);
        QCOMPARE(page.state().program, *found);
        page.refreshPlan();
        QVERIFY(page.evaluation().plan);
    }

    void aMissingDemoSaysWhereItLooked() {
        const QByteArray saved = qgetenv("PERFDASH_DEMO");
        qputenv("PERFDASH_DEMO", "/no/such/perfdash-demo");
        auto found = findDemoProgram();
        qputenv("PERFDASH_DEMO", saved);
        QVERIFY(!found.ok());
        QVERIFY2(found.error().message.find("/no/such/perfdash-demo") != std::string::npos, found.error().message.c_str());
        QVERIFY(found.error().message.find("libexec/perfdash") != std::string::npos);
    }
};

QTEST_MAIN(TestSetupForm)
#include "test_setup_form.moc"
