// The Hotspots page during a real run: the Measure page's sampling choice
// (toSampling) given to the MeasurementController, which samples cpu-clock
// beside the counts while tests/profile's workload runs (`shares`: lib_work
// takes 30 % of its CPU time, more than any other function, by
// construction). The page gets the samples so far while the program runs,
// then all of them; the hot function is on top; the session the RunRecorder
// saves holds the same samples, and perfdash-cli report reads them as the
// page shows them; the Disassembly tab opens the hot function on its hottest
// instruction, the instructions of perfdash-cli report --disasm.
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "core/profile/ProfileJson.h"
#include "widgets/Screenshot.h"
#include "widgets/hotspots/DisassemblyModel.h"
#include "widgets/hotspots/DisassemblyPanel.h"
#include "widgets/hotspots/FunctionTableModel.h"
#include "widgets/hotspots/HotspotsPage.h"
#include "widgets/measure/SetupFormState.h"
#include "widgets/run/MeasurementController.h"
#include "widgets/run/RunRecorder.h"

using namespace perfdash;

namespace {

// Iterations per unit: 100 units take about 2 s of CPU time here, long enough for several live copies.
const char* const kUnit = "10000000";

QString topRowName(const HotspotsPage& page) {
    return page.table()->model()->index(0, FunctionTableModel::NameColumn).data().toString();
}

} // namespace

class TestHotspotsLive : public QObject {
    Q_OBJECT
private slots:
    void aSampledRunShowsLiveThenIsSavedWithItsSamples() {
        QTemporaryDir sessions;
        QVERIFY(sessions.isValid());
        MachineContext machine;
        MeasurementController controller(machine);
        RunRecorder recorder(controller);
        recorder.setDirectory(sessions.path());
        HotspotsPage page;
        page.resize(1280, 800);
        page.show();
        // As the main window wires them.
        QStringList headings;
        connect(&controller, &MeasurementController::profileArrived, &page,
                [&](std::shared_ptr<const Profile> profile, bool complete) {
                    const QString file = complete ? QFileInfo(recorder.sessionFile()).fileName() : QString();
                    page.showLiveProfile(std::move(profile), complete, file);
                    headings << page.heading()->text();
                });
        QSignalSpy arrived(&controller, &MeasurementController::profileArrived);
        QSignalSpy finished(&controller, &MeasurementController::finished);
        QSignalSpy ready(&page, &HotspotsPage::tableReady);
        // What a user sees while the program runs, once, where PERFDASH_SCREENSHOT_DIR asks for it.
        bool pictured = false;
        connect(&page, &HotspotsPage::tableReady, &page, [&] {
            if (pictured || !page.heading()->text().startsWith(QStringLiteral("<b>Live</b>")) || page.model()->rowCount() < 3)
                return;
            pictured = true;
            test::saveScreenshot(page, QStringLiteral("hotspots-live-1280x800.png"));
            page.resize(1920, 1080);
            test::saveScreenshot(page, QStringLiteral("hotspots-live-1920x1080.png"));
            page.resize(1280, 800);
        });

        SetupFormState form;
        form.program = QStringLiteral(PROFILE_WORKLOAD);
        form.arguments = QStringLiteral("shares %1").arg(kUnit);
        form.events = QStringLiteral("cpu-clock");
        form.intervalMs = 100;
        form.sample = true;
        form.sampleHz = 2000;
        QVERIFY(checkForm(form).empty());
        const auto sampling = toSampling(form);
        QVERIFY(sampling);
        QCOMPARE(sampling->intervalS, 0.1); // the counts' interval, so that a chosen time range is the same time of both
        auto plan = controller.prepare(toRequest(form));
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());
        const Status started = controller.start(std::move(*plan), sampling);
        QVERIFY2(started.ok(), started.ok() ? "" : started.error().message.c_str());
        QVERIFY(controller.isSampling());
        QVERIFY(finished.wait(120000));
        QVERIFY(!arrived.isEmpty());

        // Copies of the samples so far while it ran (twice a second), never fewer than the one before, then all.
        double before = 0;
        int live = 0;
        for (int i = 0; i < arrived.size(); ++i) {
            const auto profile = arrived[i][0].value<std::shared_ptr<const Profile>>();
            const bool complete = arrived[i][1].toBool();
            QCOMPARE(complete, i == arrived.size() - 1);
            QVERIFY(profile);
            QVERIFY2(profile->samples() >= before, qPrintable(QStringLiteral("%1 < %2").arg(profile->samples()).arg(before)));
            before = profile->samples();
            if (!complete && profile->samples() > 0) ++live;
        }
        QVERIFY2(live >= 1, qPrintable(QStringLiteral("%1 live copies had samples").arg(live)));
        QVERIFY(headings.front().startsWith(QStringLiteral("<b>Live</b>, so far: ")));
        const auto whole = controller.profile();
        QVERIFY(whole);
        QVERIFY2(whole->samples() > 1000, qPrintable(QString::number(whole->samples())));
        QCOMPARE(whole->sampling.leader, std::string("cpu-clock"));

        // The page shows all of them, the hot function on top, and the session's file by name.
        QTRY_VERIFY_WITH_TIMEOUT(page.profile() == whole && ready.size() > 0 && page.model()->rowCount() > 0, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(topRowName(page), QStringLiteral("lib_work"), 20000);
        const QString file = recorder.sessionFile();
        QVERIFY(!file.isEmpty());
        QVERIFY2(page.heading()->text().startsWith(QStringLiteral("<b>%1</b>: ").arg(QFileInfo(file).fileName())),
                 qPrintable(page.heading()->text()));

        // The saved session holds the same samples, and the command line reads them as the page shows them.
        recorder.waitForWrites();
        QVERIFY(!recorder.saveFailing());
        auto session = readSessionFile(file.toStdString());
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        QVERIFY(session->profile);
        QCOMPARE(session->profile->samples(), whole->samples());
        QCOMPARE(session->profile->rows(), whole->rows());
        QVERIFY(!session->result.intervals.empty());
        QProcess cli;
        cli.start(qEnvironmentVariable("PERFDASH_CLI"), {QStringLiteral("report"), file, QStringLiteral("--functions"),
                                                         QStringLiteral("--json"), QStringLiteral("--limit"), QStringLiteral("0")});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        const auto report = nlohmann::json::parse(cli.readAllStandardOutput().toStdString(), nullptr, false);
        QVERIFY(report.is_object());
        const auto& functions = report["functions"];
        QCOMPARE(int(functions.size()), page.model()->rowCount());
        for (int r = 0; r < page.model()->rowCount(); ++r) {
            const QModelIndex name = page.table()->model()->index(r, FunctionTableModel::NameColumn);
            QCOMPARE(name.data(FunctionTableModel::SortRole).toString(), QString::fromStdString(functions[r]["name"].get<std::string>()));
            QCOMPARE(page.table()->model()->index(r, FunctionTableModel::SamplesColumn).data(FunctionTableModel::SortRole).toDouble(),
                     functions[r]["self"]["samples"].get<double>());
        }

        // From the function to its hottest instruction: its row, then the Disassembly tab, which opens on it.
        int libRow = -1;
        for (int r = 0; r < page.table()->model()->rowCount(); ++r)
            if (page.table()->model()->index(r, FunctionTableModel::NameColumn).data(FunctionTableModel::SortRole).toString() ==
                QStringLiteral("lib_work"))
                libRow = r;
        QVERIFY(libRow >= 0);
        page.table()->setCurrentIndex(page.table()->model()->index(libRow, FunctionTableModel::NameColumn));
        QSignalSpy code(page.disassembly(), &DisassemblyPanel::instructionsReady);
        page.views()->setCurrentWidget(page.disassembly());
        QTRY_VERIFY_WITH_TIMEOUT(!code.isEmpty(), 30000);
        const DisassemblyModel* instructions = page.disassembly()->model();
        QVERIFY2(page.disassembly()->heading()->text().contains(QStringLiteral("objdump of")),
                 qPrintable(page.disassembly()->heading()->text()));
        const int hottest = instructions->hottestRow();
        QVERIFY(hottest >= 0);
        QCOMPARE(page.disassembly()->table()->currentIndex().row(), hottest);
        QVERIFY(instructions->index(hottest, DisassemblyModel::AddressColumn).data(Qt::AccessibleTextRole).toString().endsWith(
            QStringLiteral("the hottest instruction")));
        test::saveScreenshot(page, QStringLiteral("hotspots-disasm-1280x800.png"));
        // The command line's --disasm of the same session, instruction by instruction; their samples are the
        // function's own.
        QProcess disasm;
        disasm.start(qEnvironmentVariable("PERFDASH_CLI"), {QStringLiteral("report"), file, QStringLiteral("--disasm"),
                                                            QStringLiteral("lib_work"), QStringLiteral("--json")});
        QVERIFY(disasm.waitForFinished(60000));
        QCOMPARE(disasm.exitCode(), 0);
        const auto cliCode = nlohmann::json::parse(disasm.readAllStandardOutput().toStdString(), nullptr, false);
        QVERIFY(cliCode.is_object());
        QCOMPARE(instructions->rowCount(), int(cliCode["instructions"].size()));
        double samples = 0;
        for (int r = 0; r < instructions->rowCount(); ++r) {
            const auto& e = cliCode["instructions"][static_cast<size_t>(r)];
            QCOMPARE(instructions->index(r, DisassemblyModel::AddressColumn).data().toString().toStdString(),
                     e["address"].get<std::string>());
            QCOMPARE(instructions->index(r, DisassemblyModel::AddressColumn).data(DisassemblyModel::SamplesRole).toDouble(),
                     e["sums"]["samples"].get<double>());
            QCOMPARE(instructions->index(r, instructions->instructionColumn()).data().toString().toStdString(),
                     e["text"].get<std::string>());
            samples += e["sums"]["samples"].get<double>();
        }
        QCOMPARE(samples, functions[libRow]["self"]["samples"].get<double>());

        // Newer samples of the same function (as a live run brings twice a second) keep the row the user chose.
        const int chosen = hottest == 0 ? 1 : 0;
        page.disassembly()->table()->setCurrentIndex(instructions->index(chosen, DisassemblyModel::AddressColumn));
        const int codeShown = int(code.size());
        page.showLiveProfile(whole, true, QFileInfo(file).fileName());
        QTRY_VERIFY_WITH_TIMEOUT(int(code.size()) > codeShown, 30000);
        QCOMPARE(page.disassembly()->table()->currentIndex().row(), chosen);
    }

    // A run that only counts says so on the controller, and hands over no samples.
    void aRunThatOnlyCountsHasNoSamples() {
        MachineContext machine;
        MeasurementController controller(machine);
        SetupFormState form;
        form.program = QStringLiteral(PROFILE_WORKLOAD);
        form.arguments = QStringLiteral("shares 100000");
        form.events = QStringLiteral("cpu-clock");
        QVERIFY(!toSampling(form));
        QSignalSpy arrived(&controller, &MeasurementController::profileArrived);
        QSignalSpy finished(&controller, &MeasurementController::finished);
        auto plan = controller.prepare(toRequest(form));
        QVERIFY(plan.ok());
        QVERIFY(controller.start(std::move(*plan), toSampling(form)).ok());
        QVERIFY(!controller.isSampling());
        QVERIFY(finished.wait(60000));
        QVERIFY(arrived.isEmpty());
        QVERIFY(!controller.profile());
    }

    // Sampling asked of a backend that does not sample is refused before anything runs, with the fix.
    void sampleWithADirectBackendIsAFormProblem() {
        SetupFormState form;
        form.mode = MeasurementRequest::Mode::SystemWide;
        form.cpuList = QStringLiteral("0");
        form.events = QStringLiteral("tsc");
        form.backend = QStringLiteral("msr");
        form.sample = true;
        const auto problems = checkForm(form);
        QVERIFY(std::any_of(problems.begin(), problems.end(), [](const FieldProblem& p) {
            return p.field == SetupField::Backend && p.message.contains(QStringLiteral("choose perf, or turn sampling off"));
        }));
    }
};

QTEST_MAIN(TestHotspotsLive)
#include "test_hotspots_live.moc"
