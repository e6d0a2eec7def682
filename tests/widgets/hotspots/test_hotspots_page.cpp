// The Hotspots page on a session recorded for real (tests/fixtures/profile:
// perfdash-cli record of tests/profile's workload, whose hot function is
// main_work): the table agrees row by row with `perfdash-cli report
// --functions --json` on the same file, and the flame graph box by box with
// `report --flame samples --json`, the bottom-up tree's top level with each
// function's self samples, the callers of a function with `report
// --callers`; a box clicked chooses its function's row and its callers; the
// source of a program built elsewhere says where it looked, and is found
// under a chosen folder, its lines the same as `report --lines`;
// the table regroups by module and thread,
// filters as the user types; a live run's newer samples keep the user's
// sort, row and zoom; a session without samples, or whose samples
// cannot be read, says so. Screenshots at 1280×800 and 1920×1080 where
// PERFDASH_SCREENSHOT_DIR names a folder.
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QTableView>
#include <QTreeView>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

#include <nlohmann/json.hpp>

#include "widgets/Screenshot.h"
#include "widgets/hotspots/BottomUpPanel.h"
#include "widgets/hotspots/CallTreeModel.h"
#include "widgets/hotspots/CallersCalleesPanel.h"
#include "widgets/hotspots/FlameGraphPanel.h"
#include "widgets/common/FlameGraphView.h"
#include "widgets/hotspots/FunctionTableModel.h"
#include "widgets/hotspots/SourceLinesModel.h"
#include "widgets/hotspots/SourcePanel.h"
#include "widgets/hotspots/HotspotsPage.h"
#include "widgets/run/SessionLoader.h"

using namespace perfdash;

namespace {

QString fixture() { return qEnvironmentVariable("PERFDASH_FIXTURES") + QStringLiteral("/profile/regions.json"); }

// What perfdash-cli reports of the same session.
nlohmann::json cliReport(const QString& session, const QStringList& view, const QStringList& selection) {
    QProcess cli;
    cli.start(qEnvironmentVariable("PERFDASH_CLI"),
              QStringList{QStringLiteral("report"), session, QStringLiteral("--json")} + view + selection);
    if (!cli.waitForFinished(60000) || cli.exitCode() != 0) {
        qWarning() << cli.readAllStandardError();
        return {};
    }
    return nlohmann::json::parse(cli.readAllStandardOutput().toStdString(), nullptr, false);
}

nlohmann::json cliFunctions(const QString& session, const QStringList& selection = {}) {
    return cliReport(session, {QStringLiteral("--functions"), QStringLiteral("--limit"), QStringLiteral("0")}, selection);
}

// The flame graph's box `node` and those under it are the command line's, in its order.
void compareFlame(const FlameTree& tree, uint32_t node, const nlohmann::json& cli, int& boxes) {
    ++boxes;
    if (node != 0) QCOMPARE(tree.nameOf(node), cli["name"].get<std::string>()); // the top: "all" there, the selection here
    QCOMPARE(tree.samples(node), cli["value"].get<double>());
    const auto children = tree.children(node);
    QCOMPARE(children.size(), cli["children"].size());
    for (size_t c = 0; c < children.size(); ++c) compareFlame(tree, children[c], cli["children"][c], boxes);
}

// The page's rows as the user sees them (through the sorting and filtering proxy), by name.
QStringList shownNames(const HotspotsPage& page) {
    QStringList names;
    const QAbstractItemModel* shown = page.table()->model();
    for (int r = 0; r < shown->rowCount(); ++r) names << shown->index(r, FunctionTableModel::NameColumn).data().toString();
    return names;
}

void selectRowNamed(HotspotsPage& page, const QString& name) {
    const QAbstractItemModel* shown = page.table()->model();
    for (int r = 0; r < shown->rowCount(); ++r)
        if (shown->index(r, FunctionTableModel::NameColumn).data(FunctionTableModel::SortRole).toString() == name)
            return page.table()->setCurrentIndex(shown->index(r, FunctionTableModel::NameColumn));
    QFAIL(qPrintable(name));
}

} // namespace

class TestHotspotsPage : public QObject {
    Q_OBJECT

    static std::shared_ptr<const Profile> load(const QString& path) {
        auto loaded = loadSessionProfile(path);
        if (!loaded) qWarning() << QString::fromStdString(loaded.error().message);
        return loaded ? *loaded : nullptr;
    }

    static void waitForTable(HotspotsPage& page, QSignalSpy& ready, int count) {
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), count, 20000);
        QVERIFY(page.model()->rowCount() > 0);
    }

    // The page's rows are the command line's, in its order, figure by figure.
    static void compareWithCli(const HotspotsPage& page, const nlohmann::json& cli) {
        QVERIFY(cli.is_object());
        const nlohmann::json& functions = cli["functions"];
        const std::vector<FunctionRow>& rows = page.model()->rows();
        QCOMPARE(rows.size(), functions.size());
        for (size_t i = 0; i < functions.size(); ++i) {
            const nlohmann::json& f = functions[i];
            QCOMPARE(rows[i].name, f["name"].get<std::string>());
            QCOMPARE(rows[i].module, f["module"].get<std::string>());
            QCOMPARE(rows[i].self[ProfileColumns::kSamples], f["self"]["samples"].get<double>());
            QCOMPARE(rows[i].total[ProfileColumns::kSamples], f["total"]["samples"].get<double>());
            QCOMPARE(rows[i].selfShare.value, f["self"]["share"].get<double>());
        }
        const std::string description = cli["selection"]["description"];
        QVERIFY2(page.selection()->text().contains(QString::fromStdString(description)), qPrintable(page.selection()->text()));
    }

private slots:
    void showsARecordedSessionAsTheCommandLineDoes() {
        const auto profile = load(fixture());
        QVERIFY(profile);
        HotspotsPage page;
        page.resize(1280, 800);
        page.show();
        QSignalSpy ready(&page, &HotspotsPage::tableReady);
        page.showProfile(profile, QStringLiteral("regions.json"));
        waitForTable(page, ready, 1);
        QVERIFY2(page.heading()->text().contains(QStringLiteral("532 samples of task-clock")), qPrintable(page.heading()->text()));
        QVERIFY(page.heading()->text().contains(QStringLiteral("recorded, not measured now")));

        const nlohmann::json cli = cliFunctions(fixture());
        // The top row is the workload's hot function, and every row's figures are the command line's.
        const QAbstractItemModel* shown = page.table()->model();
        QCOMPARE(shown->index(0, FunctionTableModel::NameColumn).data().toString(), QStringLiteral("main_work"));
        compareWithCli(page, cli);
        const size_t all = cli["functions"].size();
        QVERIFY(page.selection()->text().contains(QStringLiteral("all samples: 532 samples")));
        // Its events and the group's metrics are columns; a row of few samples says so in words.
        QCOMPARE(page.model()->headerData(page.model()->column(FunctionTableModel::FirstEventColumn), Qt::Horizontal).toString(),
                 QStringLiteral("TASKCLOCK"));
        int fewRow = -1;
        for (int r = 0; r < shown->rowCount() && fewRow < 0; ++r)
            if (shown->index(r, 0).data(FunctionTableModel::FewSamplesRole).toBool()) fewRow = r;
        QVERIFY(fewRow > 0);
        QVERIFY(shown->index(fewRow, page.model()->firstMetricColumn()).data(Qt::AccessibleTextRole).toString().contains(
            QStringLiteral("too few samples")));
        test::saveScreenshot(page, QStringLiteral("hotspots-1280x800.png"));
        page.resize(1920, 1080);
        test::saveScreenshot(page, QStringLiteral("hotspots-1920x1080.png"));

        // The flame graph of the same samples, coloured by self share (the group has no CPI);
        // clicking main_work's widest box zooms into it and makes its row the table's current one.
        page.views()->setCurrentWidget(page.flame());
        FlameGraphView* flame = page.flame()->view();
        QVERIFY(flame->tree());
        QCOMPARE(flame->tree()->samples(0), 532.0);
        QCOMPARE(page.flame()->colour()->currentText(), QStringLiteral("Self share"));
        uint32_t hot = 0;
        for (uint32_t n = 1; n < flame->tree()->nodes.size(); ++n)
            if (flame->tree()->nameOf(n) == "main_work" && (hot == 0 || flame->tree()->samples(n) > flame->tree()->samples(hot))) hot = n;
        QVERIFY(hot != 0);
        page.resize(1280, 800);
        test::saveScreenshot(page, QStringLiteral("hotspots-flame-1280x800.png"));
        page.resize(1920, 1080);
        test::saveScreenshot(page, QStringLiteral("hotspots-flame-1920x1080.png"));
        QTest::mouseClick(flame, Qt::LeftButton, {}, flame->boxRect(hot).center().toPoint());
        QCOMPARE(flame->zoomed(), hot);
        QVERIFY2(flame->accessibleDescription().startsWith(QStringLiteral("main_work (")), qPrintable(flame->accessibleDescription()));
        QCOMPARE(page.table()->currentIndex().data(FunctionTableModel::SortRole).toString(), QStringLiteral("main_work"));
        page.flame()->resetZoom()->click();

        // The trees: top-down is the flame graph's; bottom-up starts where samples ended, each function with
        // its self samples, heaviest first. Both under QAbstractItemModelTester.
        QAbstractItemModelTester topDownTester(page.topDown(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester bottomUpTester(page.bottomUp()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(page.topDown()->tree(), flame->tree());
        QCOMPARE(page.topDown()->index(0, 0).data().toString(), QStringLiteral("profile_workloa")); // the kernel's 15 characters
        std::map<std::string, double> selfSamples;
        for (const FunctionRow& r : page.model()->rows())
            if (r.self[ProfileColumns::kSamples] > 0) selfSamples[r.name] += r.self[ProfileColumns::kSamples];
        // The bottom-up tree is summed when its tab is shown.
        QCOMPARE(page.bottomUp()->model()->rowCount(), 0);
        QSignalSpy bottomUpReady(page.bottomUp(), &BottomUpPanel::treeReady);
        page.views()->setCurrentWidget(page.bottomUp());
        QVERIFY(bottomUpReady.wait(20000));
        std::map<std::string, double> ended;
        const CallTreeModel* bottomUp = page.bottomUp()->model();
        for (int r = 0; r < bottomUp->rowCount(); ++r) {
            const auto node = bottomUp->index(r, 0).data(CallTreeModel::NodeRole).toUInt();
            ended[bottomUp->tree()->nameOf(node)] += bottomUp->tree()->samples(node);
        }
        QCOMPARE(ended, selfSamples);
        QCOMPARE(bottomUp->index(0, 0).data().toString(), QStringLiteral("main_work"));

        // lib_work's callers, as report --callers gives them; chosen by its table row.
        page.views()->setCurrentWidget(page.callers());
        QSignalSpy trees(page.callers(), &CallersCalleesPanel::treesReady);
        selectRowNamed(page, QStringLiteral("lib_work"));
        QVERIFY(trees.wait(20000));
        const CallTreeModel* callers = page.callers()->callers();
        QCOMPARE(callers->index(0, 0).data().toString(), QStringLiteral("lib_work"));
        const nlohmann::json cliCallers = cliReport(fixture(), {QStringLiteral("--callers"), QStringLiteral("lib_work")}, {});
        const QModelIndex root = callers->index(0, 0);
        QCOMPARE(callers->rowCount(root), int(cliCallers["function"]["callers"].size()));
        for (int r = 0; r < callers->rowCount(root); ++r) {
            const nlohmann::json& expected = cliCallers["function"]["callers"][size_t(r)];
            QCOMPARE(callers->index(r, 0, root).data().toString().toStdString(), expected["name"].get<std::string>());
            QCOMPARE(callers->tree()->samples(callers->index(r, 0, root).data(CallTreeModel::NodeRole).toUInt()),
                     expected["sums"]["samples"].get<double>());
        }
        // Its callees: the same samples, of which those in its own code are its self samples.
        const FlameTree* callees = page.callers()->callees()->tree();
        QCOMPARE(callees->samples(0), callers->tree()->samples(0));
        QCOMPARE(callees->selfOf(0)[ProfileColumns::kSamples], selfSamples["lib_work"]);
        page.resize(1280, 800);
        test::saveScreenshot(page, QStringLiteral("hotspots-callers-1280x800.png"));
        page.views()->setCurrentWidget(page.table());

        // Sorted by any column: fewest samples first.
        const int samplesColumn = page.model()->column(FunctionTableModel::SamplesColumn);
        page.table()->sortByColumn(samplesColumn, Qt::AscendingOrder);
        QCOMPARE(shown->index(0, samplesColumn).data(FunctionTableModel::SortRole).toDouble(), 0.0);
        page.table()->sortByColumn(page.model()->column(FunctionTableModel::SelfColumn), Qt::DescendingOrder);

        // Filtered as the user types, whatever the case.
        QTest::keyClicks(page.filter(), QStringLiteral("LIB_"));
        QCOMPARE(shownNames(page), QStringList{QStringLiteral("lib_work")});
        page.filter()->clear();
        QCOMPARE(shown->rowCount(), int(all));

        // A marker region and a time range select what `report --region --time` selects.
        QCOMPARE(page.region()->count(), 1 + int(profile->regions.size()));
        page.region()->setCurrentIndex(page.region()->findData(QStringLiteral("solve")));
        waitForTable(page, ready, 2);
        compareWithCli(page, cliFunctions(fixture(), {QStringLiteral("--region"), QStringLiteral("solve")}));
        page.timeRange()->setText(QStringLiteral("0.2-0.6"));
        emit page.timeRange()->editingFinished();
        waitForTable(page, ready, 3);
        const QStringList selection{QStringLiteral("--region"), QStringLiteral("solve"), QStringLiteral("--time"),
                                    QStringLiteral("0.2-0.6")};
        compareWithCli(page, cliFunctions(fixture(), selection));
        {
            const FlameTree* tree = page.flame()->view()->tree();
            QVERIFY(tree);
            const nlohmann::json flame = cliReport(fixture(), {QStringLiteral("--flame"), QStringLiteral("samples")}, selection);
            int boxes = 0;
            compareFlame(*tree, 0, flame, boxes);
            QVERIFY2(boxes > 5, qPrintable(QString::number(boxes)));
        }
        // A range without samples, or not a range, empties the table and says why.
        page.timeRange()->setText(QStringLiteral("50-60"));
        emit page.timeRange()->editingFinished();
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 4, 20000);
        QCOMPARE(page.model()->rowCount(), 0);
        QVERIFY2(page.selection()->text().contains(QStringLiteral("no samples between 50 s and 60 s")),
                 qPrintable(page.selection()->text()));
        page.timeRange()->setText(QStringLiteral("5-2"));
        emit page.timeRange()->editingFinished();
        QCOMPARE(ready.size(), 5); // at once: nothing to sum
        QVERIFY2(page.selection()->text().startsWith(QStringLiteral("Seconds: the range 5-2 is empty")),
                 qPrintable(page.selection()->text()));
        page.timeRange()->clear();
        page.region()->setCurrentIndex(0);
        waitForTable(page, ready, 6);
        QCOMPARE(shown->rowCount(), int(all));

        // Regrouped: the workload's own module first, then by thread.
        page.grouping()->setCurrentIndex(page.grouping()->findData(static_cast<int>(ProfileGrouping::Module)));
        waitForTable(page, ready, 7);
        QCOMPARE(page.model()->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Module"));
        QVERIFY(shownNames(page).front().endsWith(QStringLiteral("/profile_workload")));
        page.grouping()->setCurrentIndex(page.grouping()->findData(static_cast<int>(ProfileGrouping::Thread)));
        waitForTable(page, ready, 8);
        double samples = 0;
        for (const FunctionRow& r : page.model()->rows()) samples += r.self[ProfileColumns::kSamples];
        QCOMPARE(samples, 532.0);
    }

    // The session's source path rewritten, so that no machine has the file there: the panel says where it
    // looked; given the folder of a copy, it shows every line of the file, the hottest current, with the
    // samples `report --lines` gives.
    void sourceLinesOfAProgramBuiltElsewhere() {
        QTemporaryDir dir;
        QFile fixtureFile(fixture());
        QVERIFY(fixtureFile.open(QIODevice::ReadOnly));
        nlohmann::json session = nlohmann::json::parse(fixtureFile.readAll().toStdString());
        for (nlohmann::json& s : session["profile"]["strings"])
            if (s.get<std::string>().ends_with("/profile_workload.c")) s = "/nonexistent-build/src/profile_workload.c";
        const QString moved = dir.filePath(QStringLiteral("moved.json"));
        {
            QFile out(moved);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QByteArray::fromStdString(session.dump()));
        }
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("checkout/src")));
        QVERIFY(QFile::copy(QStringLiteral(PROFILE_WORKLOAD_SOURCE), dir.filePath(QStringLiteral("checkout/src/profile_workload.c"))));

        HotspotsPage page;
        page.resize(1280, 800);
        page.show();
        page.source()->setSourceFolders({});
        QSignalSpy ready(&page, &HotspotsPage::tableReady);
        page.showProfile(load(moved), QStringLiteral("moved.json"));
        waitForTable(page, ready, 1);
        page.views()->setCurrentWidget(page.source());
        QSignalSpy lines(page.source(), &SourcePanel::linesReady);
        selectRowNamed(page, QStringLiteral("main_work"));
        QVERIFY(lines.wait(20000));
        QVERIFY2(page.source()->heading()->text().contains(
                     QStringLiteral("Source file not found; looked for /nonexistent-build/src/profile_workload.c.")),
                 qPrintable(page.source()->heading()->text()));

        page.source()->setSourceFolders({dir.filePath(QStringLiteral("checkout"))});
        QVERIFY(lines.wait(20000));
        QVERIFY2(page.source()->heading()->text().contains(QStringLiteral("found as ")), qPrintable(page.source()->heading()->text()));
        QFile source(QStringLiteral(PROFILE_WORKLOAD_SOURCE));
        QVERIFY(source.open(QIODevice::ReadOnly | QIODevice::Text));
        const QStringList text = QString::fromUtf8(source.readAll()).split(QLatin1Char('\n'));
        const SourceLinesModel* model = page.source()->model();
        QCOMPARE(model->rowCount(), int(text.size()) - (text.back().isEmpty() ? 1 : 0));
        const nlohmann::json cli = cliReport(moved, {QStringLiteral("--lines"), QStringLiteral("main_work")}, {});
        int checked = 0;
        for (const nlohmann::json& l : cli["lines"]) {
            if (l["file"] != "/nonexistent-build/src/profile_workload.c") continue;
            const int row = model->rowOfLine(l["line"].get<int>());
            QVERIFY(row >= 0);
            QCOMPARE(model->index(row, SourceLinesModel::SamplesColumn).data(SourceLinesModel::SamplesRole).toDouble(),
                     l["sums"]["samples"].get<double>());
            QCOMPARE(model->index(row, SourceLinesModel::SourceColumn).data().toString().section(QStringLiteral("    ["), 0, 0),
                     text[row]);
            ++checked;
        }
        QVERIFY(checked > 0);
        const int current = page.source()->table()->currentIndex().row();
        QCOMPARE(current, model->hottestRow());
        test::saveScreenshot(page, QStringLiteral("hotspots-source-1280x800.png"));
    }

    // A live run hands the page its samples so far twice a second: each newer table keeps what the user
    // chose (sort, current row, the flame graph's zoom); the run's end names its file; an opened session
    // starts afresh.
    void aLiveRunsNewerSamplesKeepTheUsersPlace() {
        const auto full = load(fixture());
        QVERIFY(full);
        // The first half of its rows: the samples of a moment before (rows are in time order).
        auto earlier = std::make_shared<Profile>(*full);
        const size_t rows = full->rows() / 2;
        earlier->keys.resize(rows);
        earlier->values.resize(rows * full->columns().count());
        QVERIFY(earlier->samples() > 0 && earlier->samples() < full->samples());

        HotspotsPage page;
        page.resize(1280, 800);
        page.show();
        QSignalSpy ready(&page, &HotspotsPage::tableReady);
        page.showLiveProfile(earlier, false);
        waitForTable(page, ready, 1);
        QVERIFY2(page.heading()->text().startsWith(QStringLiteral("<b>Live</b>, so far: %1 samples of task-clock")
                                                       .arg(earlier->samples())),
                 qPrintable(page.heading()->text()));

        // The hottest function of the run's first half (the workload's setup region: lib_work).
        const QString chosen = page.table()->model()->index(0, FunctionTableModel::NameColumn).data(FunctionTableModel::SortRole).toString();
        QVERIFY(!chosen.isEmpty());
        page.table()->sortByColumn(FunctionTableModel::NameColumn, Qt::AscendingOrder);
        selectRowNamed(page, chosen);
        FlameGraphView* flame = page.flame()->view();
        int zoom = -1;
        for (uint32_t n = 1; n < flame->tree()->nodes.size() && zoom < 0; ++n)
            if (flame->tree()->nameOf(n) == chosen.toStdString()) zoom = static_cast<int>(n);
        QVERIFY(zoom > 0);
        flame->zoomTo(static_cast<uint32_t>(zoom));
        std::vector<std::string> zoomPath;
        for (uint32_t at = flame->zoomed(); at != 0; at = flame->tree()->nodes[at].parent)
            zoomPath.insert(zoomPath.begin(), flame->tree()->nameOf(at));

        page.showLiveProfile(full, false);
        waitForTable(page, ready, 2);
        QCOMPARE(page.table()->horizontalHeader()->sortIndicatorSection(), int(FunctionTableModel::NameColumn));
        QStringList sorted = shownNames(page);
        QCOMPARE(sorted.size(), int(cliFunctions(fixture())["functions"].size())); // all of them now
        QStringList byName = sorted;
        byName.sort(Qt::CaseInsensitive);
        QCOMPARE(sorted, byName);
        QCOMPARE(page.table()->currentIndex().siblingAtColumn(FunctionTableModel::NameColumn)
                     .data(FunctionTableModel::SortRole).toString(),
                 chosen);
        QCOMPARE(flame->tree()->samples(0), full->samples());
        QVERIFY(flame->zoomed() != 0);
        std::vector<std::string> stillZoomed;
        for (uint32_t at = flame->zoomed(); at != 0; at = flame->tree()->nodes[at].parent)
            stillZoomed.insert(stillZoomed.begin(), flame->tree()->nameOf(at));
        QCOMPARE(stillZoomed, zoomPath);

        // The run's end: its file in the heading, the place kept.
        page.showLiveProfile(full, true, QStringLiteral("perfdash-run.json"));
        waitForTable(page, ready, 3);
        QVERIFY2(page.heading()->text().startsWith(QStringLiteral("<b>perfdash-run.json</b>: 532 samples")),
                 qPrintable(page.heading()->text()));
        QVERIFY(page.heading()->text().contains(QStringLiteral("the run has ended")));
        QCOMPARE(shownNames(page), sorted);
        QVERIFY(flame->zoomed() != 0);

        // A session opened afterwards is shown whole, in the command line's order.
        page.showProfile(full, QStringLiteral("regions.json"));
        waitForTable(page, ready, 4);
        QCOMPARE(flame->zoomed(), 0u);
        QCOMPARE(page.table()->horizontalHeader()->sortIndicatorSection(), -1);
        compareWithCli(page, cliFunctions(fixture()));
    }

    void saysWhenThereAreNoSamples() {
        HotspotsPage page;
        page.showNone(QStringLiteral("nothing sampled"));
        QCOMPARE(page.heading()->text(), QStringLiteral("nothing sampled"));
        QCOMPARE(page.model()->rowCount(), 0);
        QVERIFY(!page.grouping()->isEnabled());
        QVERIFY(!page.filter()->isEnabled());
        QVERIFY(!page.region()->isEnabled());
        QVERIFY(!page.timeRange()->isEnabled());
        QVERIFY(!page.profile());

        // A session of stat's has no samples: none, and no error.
        QTemporaryDir dir;
        const QString stat = dir.filePath(QStringLiteral("stat.json"));
        QVERIFY(QFile::copy(qEnvironmentVariable("PERFDASH_FIXTURES") + QStringLiteral("/profile/regions.json"), stat));
        {
            // The same session without its profile section.
            QFile file(stat);
            QVERIFY(file.open(QIODevice::ReadOnly));
            nlohmann::json session = nlohmann::json::parse(file.readAll().toStdString());
            file.close();
            session.erase("profile");
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(QByteArray::fromStdString(session.dump()));
        }
        const auto none = loadSessionProfile(stat);
        QVERIFY(none.ok());
        QVERIFY(!*none);
        QVERIFY(loadSessionFile(stat).ok());

        // A damaged profile section is an error that names the file.
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"schema": 1, "profile": {"format": 1, "frames": "not a table"}})");
        file.close();
        const auto broken = loadSessionProfile(bad);
        QVERIFY(!broken.ok());
        QVERIFY2(broken.error().message.find("bad.json") != std::string::npos, broken.error().message.c_str());
    }
};

QTEST_MAIN(TestHotspotsPage)
#include "test_hotspots_page.moc"
