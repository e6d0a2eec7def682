// The main window on a real X server (Xvfb, see CMakeLists.txt), after a
// real run of the demo workload (its Overview, Live and Measure pages), and
// its Probes page after a real run of two catalog entries: saved as PNG at
// the sizes users have (1280×800 and 1920×1080) into the build tree for
// people to look at, checked not to be blank, for labels that do not fit,
// and the overview for its figures as a screen reader reads them.
// PERFDASH_SCREENSHOT_DIR: where the PNGs go; PERFDASH_EXPECT_LOOK: light,
// dark or 2x, the look the environment was set up for.
#include <QComboBox>
#include <QGuiApplication>
#include <QLabel>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QTableView>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QTextBrowser>
#include <QtTest>
#include <algorithm>

#include "cli/ServeAgent.h"
#include "widgets/probes/BenchResultsModel.h"
#include "widgets/probes/ProbesPage.h"
#include "widgets/common/StatusColors.h"
#include "widgets/hosts/FleetModel.h"
#include "widgets/hosts/HostsPage.h"
#include "widgets/hotspots/FlameGraphPanel.h"
#include "widgets/common/FlameGraphView.h"
#include "widgets/hotspots/HotspotsPage.h"
#include "widgets/live/EventTotalsModel.h"
#include "widgets/live/HeatMapCanvas.h"
#include "widgets/live/HeatMapView.h"
#include "widgets/live/LiveView.h"
#include "widgets/overview/MetricTile.h"
#include "widgets/overview/OverviewPage.h"
#include "widgets/live/TimelineView.h"
#include "widgets/live/TopDownCharts.h"
#include "widgets/live/TopDownModel.h"
#include "widgets/live/TopDownView.h"
#include "widgets/measure/SetupPage.h"
#include "widgets/shell/AppOptions.h"
#include "widgets/shell/MainWindow.h"
#include "widgets/TemporaryUserDirs.h"

using namespace perfdash;

namespace {

// Distinct colours in a sparse grid of the image: a blank or single-colour
// window has one or two, a drawn one has many.
int distinctColours(const QImage& image) {
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4) colours.insert(image.pixel(x, y));
    return colours.size();
}

bool showAt(QWidget& window, const QSize& size) {
    window.resize(size);
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

// Saves the window as perfdash-NAME-WxH.png and checks it is not blank.
void saveWindow(QWidget& window, const QString& name, const QSize& size, const QString& fallbackDir) {
    const QImage image = window.grab().toImage();
    QCOMPARE(image.size() / image.devicePixelRatio(), size);
    const QString dir = qEnvironmentVariable("PERFDASH_SCREENSHOT_DIR", fallbackDir);
    const QString file = dir + QStringLiteral("/%1-%2x%3.png").arg(name).arg(size.width()).arg(size.height());
    QVERIFY2(image.save(file), qPrintable(file));
    qInfo("screenshot: %s", qPrintable(file));
    const int colours = distinctColours(image);
    QVERIFY2(colours > 20, qPrintable(QString::number(colours)));
}

// Labels of the current page whose text does not fit: a one-line label
// narrower than its text, a wrapping one lower than its wrapped text.
QStringList clippedLabels(QWidget& page) {
    QStringList clipped;
    for (QLabel* label : page.findChildren<QLabel*>()) {
        if (!label->isVisibleTo(&page) || label->text().isEmpty() || !label->pixmap().isNull()) continue;
        const bool fits = label->wordWrap() ? label->heightForWidth(label->contentsRect().width()) <= label->contentsRect().height() + 1
                                            : label->minimumSizeHint().width() <= label->width();
        if (!fits) clipped << label->text().left(60);
    }
    return clipped;
}

// Opens a session of tests/fixtures/report in the window and waits until it is shown.
void openFixture(MainWindow& window, const QString& name) {
    QSignalSpy opened(&window, &MainWindow::sessionOpened);
    QSignalSpy failed(&window, &MainWindow::fileOperationFailed);
    window.openSession(qEnvironmentVariable("PERFDASH_FIXTURES") + QStringLiteral("/report/") + name);
    QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty() || !failed.isEmpty(), 20000);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
}

} // namespace

class TestScreenshot : public QObject {
    Q_OBJECT

    test::TemporaryUserDirs userDirs_; // first: the window's sessions, journals and tokens go there
    QTemporaryDir dir_;
    MachineContext machine_;

private slots:
    void initTestCase() {
        QVERIFY2(userDirs_.isValid(), "no temporary directory for the user's data");
        if (QGuiApplication::platformName() != QLatin1String("xcb"))
            QSKIP("needs an X server: ctest runs this under xvfb-run with QT_QPA_PLATFORM=xcb");
        // The look this run was started for (tests/widgets/shell/CMakeLists.txt) must have taken.
        const QString look = qEnvironmentVariable("PERFDASH_EXPECT_LOOK", QStringLiteral("light"));
        QCOMPARE(isDarkPalette(QGuiApplication::palette()), look == QLatin1String("dark"));
        QCOMPARE(qGuiApp->devicePixelRatio(), look == QLatin1String("2x") ? 2.0 : 1.0);
    }

    void mainWindowAfterARun_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void mainWindowAfterARun() {
        QFETCH(QSize, size);
        QSettings settings(dir_.filePath(QStringLiteral("screenshot.ini")), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        QVERIFY(showAt(window, size));
        auto options = parseAppOptions({"-g", "SOFTWARE", "-t", "50", "--start", "--",
                                        qEnvironmentVariable("PERFDASH_DEMO"), "--seconds", "1"});
        QVERIFY(options.ok());
        QSignalSpy finished(&window.controller(), &MeasurementController::finished);
        QVERIFY(window.apply(*options).ok());
        QVERIFY(finished.wait(30000));
        QTest::qWait(300); // the last replot and the log's final lines

        // The run opens on its overview: a tile per SOFTWARE metric, read as text as a screen reader does.
        QVERIFY(window.isCurrentPage(window.overview()));
        QStringList tiles;
        for (const MetricTile* tile : window.overview()->findChildren<MetricTile*>())
            if (tile->isVisible()) tiles << tile->accessibleName();
        QCOMPARE(tiles.size(), 6);
        for (const char* metric : {"CPU time: ", "CPUs utilised: ", "Context switches: ", "CPU migrations: ",
                                   "Page faults: ", "Major page faults: "})
            QVERIFY2(std::any_of(tiles.begin(), tiles.end(), [&](const QString& t) { return t.startsWith(metric); }),
                     qPrintable(tiles.join(", ")));
        // The demo touched pages: the page-fault rate is a number, not n/a.
        QVERIFY2(std::none_of(tiles.begin(), tiles.end(), [](const QString& t) { return t.endsWith(" n/a"); }),
                 qPrintable(tiles.join(", ")));
        QVERIFY(window.overview()->contextText().contains(QStringLiteral("exit status 0")));
        saveWindow(window, QStringLiteral("perfdash-overview"), size, dir_.path());
        QVERIFY2(clippedLabels(*window.overview()).isEmpty(), qPrintable(clippedLabels(*window.overview()).join(" | ")));

        window.showPage(window.liveView());
        QTest::qWait(300);
        saveWindow(window, QStringLiteral("perfdash"), size, dir_.path());
        QVERIFY2(clippedLabels(window).isEmpty(), qPrintable(clippedLabels(window).join(" | ")));
        // The charts (with their toolbar) get at least 60 % of the Live page.
        const QWidget* charts = window.liveView()->timeline();
        const QWidget* livePage = window.liveView()->parentWidget();
        const double share = double(charts->width() * charts->height()) / double(livePage->width() * livePage->height());
        QVERIFY2(share >= 0.6, qPrintable(QString::number(share)));

        window.showPage(window.setupPage());
        QTest::qWait(300);
        saveWindow(window, QStringLiteral("perfdash-setup"), size, dir_.path());
        QVERIFY2(clippedLabels(window).isEmpty(), qPrintable(clippedLabels(window).join(" | ")));
        // At least 8 groups in view, and the whole plan without scrolling.
        QTreeView* groups = nullptr;
        QTreeView* plan = nullptr;
        for (QTreeView* view : window.setupPage()->findChildren<QTreeView*>()) {
            if (view->accessibleName() == QLatin1String("Performance groups")) groups = view;
            if (view->accessibleName() == QLatin1String("Planned events")) plan = view;
        }
        QVERIFY(groups && plan);
        QVERIFY(groups->model()->rowCount() >= 8);
        const QRect eighth = groups->visualRect(groups->model()->index(7, 0));
        QVERIFY2(groups->viewport()->rect().contains(eighth), "the 8th group is out of view");
        QVERIFY(plan->model()->rowCount() > 0);
        QVERIFY2(!plan->verticalScrollBar()->isVisible(), "the plan scrolls");
    }

    void heatMapOfARecordedSystemWideSession_data() { mainWindowAfterARun_data(); }

    // tests/fixtures/report/system-wide-2cpu.json: both CPUs of this VM counted
    // system-wide while a busy loop ran on CPU 1, then on CPU 0.
    void heatMapOfARecordedSystemWideSession() {
        QFETCH(QSize, size);
        QSettings settings(dir_.filePath(QStringLiteral("screenshot-heatmap.ini")), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        QVERIFY(showAt(window, size));
        openFixture(window, QStringLiteral("system-wide-2cpu.json"));
        if (QTest::currentTestFailed()) return;
        QVERIFY2(window.sourceText().contains(QStringLiteral("Replay")), qPrintable(window.sourceText()));
        window.showPage(window.liveView());
        HeatMapView* heatMap = window.liveView()->heatMap();
        for (QTabWidget* tabs : window.liveView()->findChildren<QTabWidget*>())
            if (tabs->indexOf(heatMap) >= 0) tabs->setCurrentWidget(heatMap);
        heatMap->flush();
        QTest::qWait(300);
        QVERIFY2(heatMap->placeholderText().isEmpty(), qPrintable(heatMap->placeholderText()));
        const HeatMapCanvas& canvas = *heatMap->canvas();
        QCOMPARE(canvas.grid().rows(), size_t(2));
        QCOMPARE(canvas.rows()[1].label, QStringLiteral("CPU 1"));
        // CPUs utilised is 1 on every CPU counted system-wide: the map opens on a metric that differs.
        QVERIFY2(heatMap->measureBox()->currentText() != QStringLiteral("CPUs utilised"),
                 qPrintable(heatMap->measureBox()->currentText()));
        QVERIFY(canvas.describeCell(1, 0).startsWith(heatMap->measureBox()->currentText().section(QStringLiteral(" ["), 0, 0)));
        saveWindow(window, QStringLiteral("perfdash-heatmap"), size, dir_.path());
        QVERIFY2(clippedLabels(window).isEmpty(), qPrintable(clippedLabels(window).join(" | ")));
    }

    void hotspotsOfARecordedSession_data() { mainWindowAfterARun_data(); }

    // tests/fixtures/profile/regions.json: perfdash-cli record of tests/profile's
    // workload on this VM, whose hot function is main_work.
    void hotspotsOfARecordedSession() {
        QFETCH(QSize, size);
        QSettings settings(dir_.filePath(QStringLiteral("screenshot-hotspots.ini")), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        QVERIFY(showAt(window, size));
        HotspotsPage* hotspots = window.hotspotsPage();
        QSignalSpy ready(hotspots, &HotspotsPage::tableReady);
        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        window.openSession(qEnvironmentVariable("PERFDASH_FIXTURES") + QStringLiteral("/profile/regions.json"));
        QVERIFY(opened.wait(20000));
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 20000);
        window.showPage(hotspots);
        // What a screen reader reads: the table's name, its top row and a greyed row's reason.
        const QAbstractItemModel* shown = hotspots->table()->model();
        QCOMPARE(hotspots->table()->accessibleName(), QStringLiteral("Hotspots"));
        QCOMPARE(shown->index(0, 0).data(Qt::AccessibleTextRole).toString(), QStringLiteral("main_work"));
        QVERIFY(shown->index(shown->rowCount() - 1, 0).data(Qt::AccessibleTextRole).toString().contains(
            QStringLiteral("too few samples")));
        QVERIFY(hotspots->heading()->text().contains(QStringLiteral("532 samples")));
        saveWindow(window, QStringLiteral("perfdash-hotspots"), size, dir_.path());
        QVERIFY2(clippedLabels(window).isEmpty(), qPrintable(clippedLabels(window).join(" | ")));

        // The flame graph: its name says what colours it, its current box's description its figures.
        hotspots->views()->setCurrentWidget(hotspots->flame());
        FlameGraphView* flame = hotspots->flame()->view();
        QCOMPARE(flame->accessibleName(), QStringLiteral("Flame graph coloured by self share"));
        flame->setFocus();
        for (int i = 0; i < 5; ++i) QTest::keyClick(flame, Qt::Key_Down); // the widest path: process, ..., main_work
        QVERIFY2(flame->accessibleDescription().startsWith(QStringLiteral("main_work (")) &&
                     flame->accessibleDescription().contains(QStringLiteral(", self ")),
                 qPrintable(flame->accessibleDescription()));
        saveWindow(window, QStringLiteral("perfdash-hotspots-flame"), size, dir_.path());
        QVERIFY2(clippedLabels(window).isEmpty(), qPrintable(clippedLabels(window).join(" | ")));
    }

    void topDownOfASyntheticTmaSession_data() { mainWindowAfterARun_data(); }

    // tests/fixtures/report/synthetic-tma-4cpu.json: MADE UP by make-synthetic-tma.py (this VM has no PMU to
    // record a TMA session); the window must say so wherever it shows it.
    void topDownOfASyntheticTmaSession() {
        QFETCH(QSize, size);
        QSettings settings(dir_.filePath(QStringLiteral("screenshot-topdown.ini")), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        QVERIFY(showAt(window, size));
        openFixture(window, QStringLiteral("synthetic-tma-4cpu.json"));
        if (QTest::currentTestFailed()) return;
        window.showPage(window.liveView());
        TopDownView* topDown = window.liveView()->topDown();
        window.liveView()->chartTabs()->setCurrentWidget(topDown);
        topDown->flush();
        QTest::qWait(300);
        QVERIFY2(topDown->placeholderText().isEmpty(), qPrintable(topDown->placeholderText()));
        // The source line says synthetic, never "recorded".
        bool labelled = false;
        for (const QLabel* label : window.findChildren<QLabel*>())
            if (label->isVisible() && label->text().contains(QStringLiteral("synthetic data</b>, not measured on any machine")))
                labelled = true;
        QVERIFY2(labelled, "the Live page does not say the session is synthetic");
        // The drill-down as a screen reader reads it: the whole run's Backend bound, marked.
        const QString read = topDown->bars()->accessibleName();
        QVERIFY2(read.contains(QStringLiteral("Backend bound: 34.0 %, past its threshold > 20")), qPrintable(read));
        QCOMPARE(topDown->model()->rowCount(), 4);
        saveWindow(window, QStringLiteral("perfdash-topdown"), size, dir_.path());
        QVERIFY2(clippedLabels(window).isEmpty(), qPrintable(clippedLabels(window).join(" | ")));

        // The overview's tiles take their colours from the group's thresholds, and say the data is synthetic.
        window.showPage(window.overview());
        QTest::qWait(300);
        QVERIFY2(window.overview()->contextText().contains(QStringLiteral("TMA")), qPrintable(window.overview()->contextText()));
        QVERIFY2(!window.overview()->contextText().contains(QStringLiteral("Recorded")), qPrintable(window.overview()->contextText()));
        bool synthetic = false;
        for (const QLabel* label : window.overview()->findChildren<QLabel*>())
            if (label->isVisible() && label->text().contains(QStringLiteral("Synthetic data: not measured on any machine")))
                synthetic = true;
        QVERIFY2(synthetic, "the overview does not say the session is synthetic");
        saveWindow(window, QStringLiteral("perfdash-overview-tma"), size, dir_.path());
        QVERIFY2(clippedLabels(*window.overview()).isEmpty(), qPrintable(clippedLabels(*window.overview()).join(" | ")));
    }

    void countsOfASyntheticHybridSession_data() { mainWindowAfterARun_data(); }

    // tests/fixtures/report/synthetic-hybrid-adl.json: MADE UP by make-synthetic-hybrid.py (this VM has no
    // hybrid CPU): the Live page's counts with each event's sum on each core type in view, and said to be
    // synthetic data.
    void countsOfASyntheticHybridSession() {
        QFETCH(QSize, size);
        QSettings settings(dir_.filePath(QStringLiteral("screenshot-hybrid.ini")), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        QVERIFY(showAt(window, size));
        openFixture(window, QStringLiteral("synthetic-hybrid-adl.json"));
        if (QTest::currentTestFailed()) return;
        window.showPage(window.liveView());
        EventTotalsModel* totals = window.liveView()->eventTotals();
        QTRY_VERIFY_WITH_TIMEOUT(totals->scopeText().startsWith(QStringLiteral("Whole run")), 20000);
        QVERIFY2(totals->scopeText().contains(QStringLiteral("synthetic")), qPrintable(totals->scopeText()));
        QTableView* table = nullptr;
        for (QTableView* view : window.liveView()->findChildren<QTableView*>())
            if (view->model() == totals) table = view;
        QVERIFY(table);
        for (QTabWidget* tabs : window.liveView()->findChildren<QTabWidget*>())
            if (tabs->indexOf(table->parentWidget()) >= 0) tabs->setCurrentWidget(table->parentWidget());
        QTest::qWait(300);
        QVERIFY(table->isVisible());
        saveWindow(window, QStringLiteral("perfdash-counts-hybrid"), size, dir_.path());
        // Each event's rows per core type are in view, their sums in the Sum column beside the event's.
        QCOMPARE(totals->coreTypeOfRow(1), std::string("cpu_core"));
        const int sum = totals->statisticColumn(EventTotalsModel::Statistic::Sum);
        for (int row = 0; row < 3; ++row) {
            const QRect cell = table->visualRect(totals->index(row, sum));
            QVERIFY2(table->viewport()->rect().contains(cell), qPrintable(QString("the Sum of row %1 is out of view").arg(row)));
        }
        QVERIFY2(clippedLabels(window).isEmpty(), qPrintable(clippedLabels(window).join(" | ")));
    }

    void hostsPageWithThreeAgents_data() { mainWindowAfterARun_data(); }

    // Three real agents on loopback (perfdash-cli serve, no token) in the Hosts page's fleet table; a click
    // on one opens its live Overview.
    void hostsPageWithThreeAgents() {
        QFETCH(QSize, size);
        std::vector<std::unique_ptr<testing::ServeAgent>> agents;
        for (int i = 0; i < 3; ++i) {
            agents.push_back(std::make_unique<testing::ServeAgent>());
            const std::string why = agents.back()->start({"-g", "SOFTWARE", "--interval", "1s"});
            QVERIFY2(why.empty(), why.c_str());
        }
        // A settings file of its own per size: the page would watch the hosts of the size before.
        QSettings settings(dir_.filePath(QStringLiteral("screenshot-hosts-%1.ini").arg(size.width())),
                           QSettings::IniFormat);
        MainWindow window(machine_, settings);
        QVERIFY(showAt(window, size));
        window.showPage(window.hostsPage());
        auto* hosts = window.findChild<HostsPage*>();
        QVERIFY(hosts);
        for (const auto& agent : agents) QVERIFY(hosts->addHost(QString("127.0.0.1:%1").arg(agent->port()), QString()));
        FleetModel* fleet = hosts->model();
        auto allLive = [fleet] {
            for (int r = 0; r < fleet->rowCount(); ++r)
                if (fleet->data(fleet->index(r, FleetModel::StateColumn)).toString() != QLatin1String("live"))
                    return false;
            return fleet->rowCount() == 3 && fleet->columnCount() > FleetModel::FirstMetricColumn;
        };
        QTRY_VERIFY2_WITH_TIMEOUT(allLive(), "the three agents' lines did not come within a minute", 60000);
        hosts->table()->selectRow(0); // its agent's account of itself below the table
        QTRY_VERIFY_WITH_TIMEOUT(hosts->details()->toPlainText().contains(QStringLiteral("What it counts")), 60000);
        QTest::qWait(300);
        saveWindow(window, QStringLiteral("perfdash-hosts"), size, dir_.path());
        QVERIFY2(clippedLabels(window).isEmpty(), qPrintable(clippedLabels(window).join(" | ")));

        // Saved as a fleet session and opened again: the same page, from the file.
        const QString fleetFile = dir_.filePath(QStringLiteral("fleet-%1.json").arg(size.width()));
        QSignalSpy saved(&window, &MainWindow::fleetSessionSaved);
        window.saveFleetSession(fleetFile);
        QVERIFY(saved.wait(30000));
        QSignalSpy reopened(&window, &MainWindow::sessionOpened);
        window.openSession(fleetFile);
        QVERIFY(reopened.wait(30000));
        QVERIFY(window.isCurrentPage(window.hostsPage()));
        hosts->table()->selectRow(0);
        QTest::qWait(300);
        saveWindow(window, QStringLiteral("perfdash-hosts-saved"), size, dir_.path());
        QVERIFY2(clippedLabels(window).isEmpty(), qPrintable(clippedLabels(window).join(" | ")));
        hosts->showLive();

        QTableView* table = hosts->table();
        const QString opened = table->model()->index(0, FleetModel::HostColumn).data().toString();
        const QRect first = table->visualRect(table->model()->index(0, FleetModel::HostColumn));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, first.center());
        QVERIFY(window.isCurrentPage(window.overview()));
        QTRY_VERIFY_WITH_TIMEOUT(!window.overview()->findChildren<MetricTile*>().isEmpty() &&
                                     window.overview()->findChildren<MetricTile*>().front()->isVisible(),
                                 60000);
        QTest::qWait(1500); // a second interval: the sparklines have a line
        QCOMPARE(window.sourceText(), opened);
        // What its agent reports about its run, as a local run's context says its own.
        QTRY_VERIFY2_WITH_TIMEOUT(window.overview()->contextText().contains(QStringLiteral("Live from ") + opened),
                                  qPrintable(window.overview()->contextText()), 60000);
        QVERIFY2(window.overview()->contextText().contains(QStringLiteral("group SOFTWARE")),
                 qPrintable(window.overview()->contextText()));
        saveWindow(window, QStringLiteral("perfdash-host-overview"), size, dir_.path());
        for (const auto& agent : agents) {
            std::string err;
            QCOMPARE(agent->stop(err), 0);
        }
        // A host whose agent is gone, clicked again: the Overview says why and what to check.
        window.showPage(window.hostsPage());
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, first.center());
        QTRY_VERIFY2_WITH_TIMEOUT(window.overview()->contextText().contains(QStringLiteral("Connection refused")),
                                  qPrintable(window.overview()->contextText()), 60000);
        QTest::qWait(300); // laid out anew
        // None of the figures of the watch before are shown as this one's.
        QVERIFY(window.overview()->findChildren<MetricTile*>().isEmpty());
        saveWindow(window, QStringLiteral("perfdash-host-overview-refused"), size, dir_.path());
        QVERIFY2(clippedLabels(window).isEmpty(), qPrintable(clippedLabels(window).join(" | ")));
    }

    void probesPageAfterARun_data() { mainWindowAfterARun_data(); }

    void probesPageAfterARun() {
        QFETCH(QSize, size);
        QSettings settings(dir_.filePath(QStringLiteral("screenshot-probes.ini")), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        QVERIFY(showAt(window, size));
        window.showPage(window.probesPage());
        auto* probes = window.findChild<ProbesPage*>();
        QVERIFY(probes);
        QSignalSpy finished(&probes->runner(), &ProbeRunner::finished);
        QVERIFY(probes->runEntries({QStringLiteral("add_r64"), QStringLiteral("imul_r64")}));
        QVERIFY(finished.wait(120000));
        QVERIFY2(finished.first().at(1).toString().isEmpty(), qPrintable(finished.first().at(1).toString()));
        QCOMPARE(probes->results().rowCount(), 2);
        QTest::qWait(300); // the bar chart's last repaint
        saveWindow(window, QStringLiteral("perfdash-probes"), size, dir_.path());
    }
};

QTEST_MAIN(TestScreenshot)
#include "test_screenshot.moc"
