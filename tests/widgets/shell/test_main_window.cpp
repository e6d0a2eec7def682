#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QStandardPaths>
#include <QPushButton>
#include <QSettings>
#include <QSvgRenderer>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QXmlStreamReader>
#include <QtTest>
#include <QSemaphore>
#include <QStatusBar>
#include <optional>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/session/FleetSession.h"
#include "core/util/Strings.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportMerge.h"
#include "core/report/ReportJsonReader.h"
#include "core/session/SessionJournal.h"
#include "util/FullFileSystem.h"
#include "widgets/events/EventBrowser.h"
#include "widgets/hosts/HostsPage.h"
#include "widgets/hotspots/FunctionTableModel.h"
#include "widgets/hotspots/HotspotsPage.h"
#include "widgets/live/EventTotalsModel.h"
#include "widgets/live/LiveView.h"
#include "widgets/live/MetricValuesModel.h"
#include "widgets/overview/OverviewPage.h"
#include "widgets/overview/OverviewTileModel.h"
#include "widgets/Screenshot.h"
#include "widgets/TemporaryUserDirs.h"
#include "widgets/RecordedIntervals.h"
#include "widgets/SessionSamples.h"
#include "widgets/common/TimelineChart.h"
#include "widgets/common/TimelineData.h"
#include "widgets/live/TimelineView.h"
#include "widgets/sessions/ComparisonTimelineChart.h"
#include "widgets/run/ReplayActions.h"
#include "widgets/run/ReplayController.h"
#include "widgets/run/SessionLoader.h"
#include "widgets/sessions/SessionComparisonView.h"
#include "widgets/run/RunRecorder.h"
#include "widgets/measure/MeasurementActions.h"
#include "widgets/measure/MeasurementLog.h"
#include "widgets/measure/SetupPage.h"
#include "widgets/shell/AppOptions.h"
#include "widgets/machine/CapabilitiesView.h"
#include "widgets/shell/MainWindow.h"
#include "widgets/regions/RegionsView.h"
#include "widgets/shell/WhereRecorder.h"
#include "widgets/sessions/SessionsPage.h"

using namespace perfdash;
using perfdash::testing::FullFileSystem;
using perfdash::testing::intervalsDiffer;
using perfdash::testing::intervalsOf;

class TestMainWindow : public QObject {
    Q_OBJECT

    test::TemporaryUserDirs userDirs_; // first: the window's sessions, journals and tokens go there
    QTemporaryDir dir_;
    MachineContext machine_;

    QString settingsFile(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }

    // A saved session with a timeline of `intervals` half seconds.
    QString savedSession(const char* name, int intervals, const std::string& startedAt) {
        const QString path = dir_.filePath(QString::fromLatin1(name));
        return test::writeSession(path, test::sessionWithTimeline(intervals, 0.5, startedAt)) ? path : QString();
    }

    static QString liveSourceText(const MainWindow& window) {
        return window.findChild<QLabel*>(QStringLiteral("liveSource"))->text();
    }

private slots:
    // A session recorded with samples (tests/fixtures/profile) opens its counts on the Overview and its
    // samples on the Hotspots page; a session of counts only, and a live run, say there are none.
    void aSampledSessionShowsItsHotspots() {
        QSettings settings(settingsFile("hotspots.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        HotspotsPage* hotspots = window.hotspotsPage();
        QVERIFY(!hotspots->profile());
        QVERIFY(hotspots->heading()->text().contains(QStringLiteral("tick <i>Sample by function too</i>")));

        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        QSignalSpy ready(hotspots, &HotspotsPage::tableReady);
        window.openSession(qEnvironmentVariable("PERFDASH_FIXTURES") + QStringLiteral("/profile/regions.json"));
        QVERIFY(opened.wait(20000));
        QVERIFY(window.isCurrentPage(window.overview()));
        QVERIFY(hotspots->profile());
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 20000);
        QCOMPARE(hotspots->table()->model()->index(0, FunctionTableModel::NameColumn).data().toString(),
                 QStringLiteral("main_work"));

        // A region activated on the Regions page (Return, or a double-click) shows its hot functions; so does a
        // phase of the Overview.
        window.showPage(window.regionsView());
        QTableView* regions = window.regionsView()->regionList();
        int solve = -1;
        for (int r = 0; r < regions->model()->rowCount(); ++r)
            if (regions->model()->index(r, 0).data().toString() == QStringLiteral("solve")) solve = r;
        QVERIFY(solve >= 0);
        regions->setCurrentIndex(regions->model()->index(solve, 0));
        QTest::keyClick(regions, Qt::Key_Return);
        QVERIFY(window.isCurrentPage(hotspots));
        QCOMPARE(hotspots->region()->currentData().toString(), QStringLiteral("solve"));
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 2, 20000);
        QVERIFY2(hotspots->selection()->text().contains(QStringLiteral("region solve")), qPrintable(hotspots->selection()->text()));
        window.showPage(window.overview());
        emit window.overview()->phaseActivated(0.2, 0.6);
        QVERIFY(window.isCurrentPage(hotspots));
        QCOMPARE(hotspots->timeRange()->text(), QStringLiteral("0.200-0.600"));
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 3, 20000);
        window.showPage(window.liveView());
        emit window.liveView()->timeline()->rangeChosen(0.1, 0.5); // its "Hot functions" action
        QVERIFY(window.isCurrentPage(hotspots));
        QCOMPARE(hotspots->timeRange()->text(), QStringLiteral("0.100-0.500"));
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 4, 20000);

        window.openSession(savedSession("counts-only.json", 4, "2024-05-01T10:00:00+02:00"));
        QVERIFY(opened.wait(20000));
        QVERIFY(!hotspots->profile());
        QCOMPARE(hotspots->model()->rowCount(), 0);
        QVERIFY2(hotspots->heading()->text().contains(QStringLiteral("holds counts only")),
                 qPrintable(hotspots->heading()->text()));
        // Without samples, a phase says why it leads nowhere.
        window.showPage(window.overview());
        emit window.overview()->phaseActivated(0.0, 1.0);
        QVERIFY(window.isCurrentPage(window.overview()));
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("no samples")),
                 qPrintable(window.statusBar()->currentMessage()));
    }

    // A file of perf record (Debian's perf, here, on the workload with known hot functions) opens on the
    // Hotspots page from File → Open and from a drop; the counting pages say it has no counts. A damaged one
    // says so in a dialog and leaves the window as it was.
    void aPerfDataFileOpensOnTheHotspotsPage() {
        const QString perf = QStandardPaths::findExecutable(QStringLiteral("perf"));
        QVERIFY2(!perf.isEmpty(), "perf is not installed: apt-get install linux-perf (packaging/debian-packages.txt)");
        const QString data = dir_.filePath(QStringLiteral("perf.data"));
        QProcess record;
        record.start(perf, {"record", "-e", "cpu-clock", "-g", "-o", data, "--", PROFILE_WORKLOAD, "shares", "3000000"});
        QVERIFY(record.waitForFinished(120000));
        QVERIFY2(record.exitStatus() == QProcess::NormalExit && record.exitCode() == 0,
                 record.readAllStandardError().constData());

        QSettings settings(settingsFile("perfdata.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        HotspotsPage* hotspots = window.hotspotsPage();
        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        QSignalSpy ready(hotspots, &HotspotsPage::tableReady);
        window.openSession(savedSession("before.json", 4, "2024-05-01T10:00:00+02:00"));
        QVERIFY(opened.wait(20000));

        window.openSession(data);
        QVERIFY(opened.wait(60000));
        QVERIFY(window.isCurrentPage(hotspots));
        QVERIFY(hotspots->profile());
        QTRY_VERIFY_WITH_TIMEOUT(ready.size() >= 1, 20000);
        QStringList top;
        for (int r = 0; r < std::min(4, hotspots->table()->model()->rowCount()); ++r)
            top << hotspots->table()->model()->index(r, FunctionTableModel::NameColumn).data().toString();
        // The workload's shares: main_work 40 % (half of it in inlined_work), lib_work 30 %, thread_work 20 %,
        // child_work 10 %: these four lead, in an order the noise of sampling may change.
        top.sort();
        QCOMPARE(top, (QStringList{"inlined_work [inlined into main_work]", "lib_work", "main_work", "thread_work"}));
        const QString heading = hotspots->heading()->text();
        QVERIFY2(heading.contains(QStringLiteral("perf.data")) && heading.contains(QStringLiteral("read from the perf.data file")),
                 qPrintable(heading));
        QVERIFY2(window.windowTitle().contains(QStringLiteral("perf.data (perf record)")), qPrintable(window.windowTitle()));
        window.resize(1280, 800);
        test::saveScreenshot(window, QStringLiteral("window-perfdata-hotspots.png"));
        window.showPage(window.overview());
        test::saveScreenshot(window, QStringLiteral("window-perfdata-overview.png"));
        window.showPage(window.liveView());
        test::saveScreenshot(window, QStringLiteral("window-perfdata-live.png"));
        // The session opened before is gone from the counting pages: nothing of it stays to be taken for the file's.
        QVERIFY(!window.currentSession());
        QCOMPARE(window.overview()->tiles()->rowCount(), 0);
        QVERIFY2(window.overview()->contextText().contains(QStringLiteral("samples only")),
                 qPrintable(window.overview()->contextText()));
        QCOMPARE(window.liveView()->timeline()->placeholderText(),
                 QStringLiteral("perf.data holds samples, no counts: see the Hotspots page."));
        QVERIFY2(window.findChild<QLabel*>(QStringLiteral("liveSource"))->text().contains(QStringLiteral("samples only")),
                 qPrintable(window.findChild<QLabel*>(QStringLiteral("liveSource"))->text()));

        // Dropped on the window, alone or with a session: it opens (perf.data files have no counts to compare).
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(data), QUrl::fromLocalFile(dir_.filePath(QStringLiteral("before.json")))});
        QCOMPARE(openableFilesInDrop(&mime).size(), 2);
        // Qt delivers a drop only to the widget that accepted the drag's entry.
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QVERIFY(opened.wait(60000));
        QCOMPARE(opened.back().front().toString(), data);

        // A damaged file: a dialog that names it, and the window keeps what it showed.
        QFile whole(data);
        QVERIFY(whole.open(QIODevice::ReadOnly));
        const QByteArray bytes = whole.readAll();
        const QString damaged = dir_.filePath(QStringLiteral("damaged.data"));
        QFile cut(damaged);
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(bytes.left(300)); // the header and part of the attrs: the sections it points to are missing
        cut.close();
        QSignalSpy failed(&window, &MainWindow::fileOperationFailed);
        window.openSession(damaged);
        QVERIFY(failed.wait(20000));
        QVERIFY2(failed.front().front().toString().contains(QStringLiteral("damaged.data")),
                 qPrintable(failed.front().front().toString()));
        QTRY_VERIFY(dialogShown(window, QStringLiteral("Cannot open the perf.data file"), QStringLiteral("damaged.data")));
        QVERIFY2(window.windowTitle().contains(QStringLiteral("perf.data (perf record)")), qPrintable(window.windowTitle()));
    }

    void bannerSaysWhatIsMissingHere() {
        QSettings settings(settingsFile("banner.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        QSignalSpy checked(&window, &MainWindow::capabilitiesChecked);
        QVERIFY(checked.wait(20000));
        const QString summary = capabilitySummary(checkCapabilities(machine_));
        QCOMPARE(window.capabilityBanner()->isVisible(), !summary.isEmpty());
        QCOMPARE(window.capabilityBanner()->text(), summary);
    }

    // The check runs off the GUI thread: the window is up and usable before its
    // result arrives (which can only happen through the event loop), a --start
    // waits for it, and the banner and the Machine page update when it comes.
    void capabilitiesAreCheckedOffTheGuiThread() {
        QSettings settings(settingsFile("check.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        QSignalSpy checked(&window, &MainWindow::capabilitiesChecked);
        window.show();
        QVERIFY(!window.capabilitiesKnown());
        QVERIFY(window.capabilityBanner()->isVisible());
        QVERIFY2(window.capabilityBanner()->text().contains("Checking"), qPrintable(window.capabilityBanner()->text()));
        QCOMPARE(window.capabilitiesPage()->list()->topLevelItemCount(), 1);
        QVERIFY(window.capabilitiesPage()->list()->topLevelItem(0)->text(0).contains("Checking"));

        // Usable meanwhile: pages switch, the form takes the command line, a start waits.
        window.showPage(window.eventBrowser());
        QVERIFY(window.isCurrentPage(window.eventBrowser()));
        auto options = parseAppOptions({"-g", "SOFTWARE", "-t", "50", "--start", "--",
                                        qEnvironmentVariable("PERFDASH_DEMO"), "--seconds", "0.2"});
        QVERIFY(options.ok());
        QSignalSpy finished(&window.controller(), &MeasurementController::finished);
        QVERIFY(window.apply(*options).ok());
        QCOMPARE(window.setupPage()->state().groups, QStringList{"SOFTWARE"});
        QCOMPARE(window.controller().state(), MeasurementController::State::Idle);
        QCOMPARE(checked.size(), 0);

        QVERIFY(checked.wait(20000));
        QVERIFY(window.capabilitiesKnown());
        const std::vector<Capability> capabilities = checkCapabilities(machine_);
        QCOMPARE(window.capabilityBanner()->text(), capabilitySummary(capabilities));
        QCOMPARE(window.capabilitiesPage()->list()->topLevelItemCount(), int(capabilities.size()));
        // The start that waited runs now.
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.front().front().value<MeasurementResult>().exitStatus.value_or(-1), 0);
    }

    // File → Export chart: the Live page's timeline charts, or the comparison's overlay, as PNG or SVG.
    void exportChartWritesPngAndSvg() {
        QSettings settings(settingsFile("chart.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.resize(1280, 800);
        window.show();
        window.showPage(window.setupPage());
        QVERIFY(!window.exportChartAction()->isEnabled());

        const QString a = savedSession("chart-a.json", 6, "2024-05-01T10:00:00+02:00");
        const QString b = savedSession("chart-b.json", 9, "2024-05-02T10:00:00+02:00");
        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        window.openSession(a);
        QVERIFY(opened.wait(20000));
        QVERIFY(window.isCurrentPage(window.overview())); // a session opens on its overview
        QVERIFY(!window.exportChartAction()->isEnabled());          // which has no timeline chart
        window.showPage(window.liveView());
        QVERIFY(window.exportChartAction()->isEnabled());

        QSignalSpy exported(&window, &MainWindow::chartsExported);
        const QString png = dir_.filePath(QStringLiteral("timeline.png"));
        window.exportCharts(png);
        QCOMPARE(exported.size(), 1);
        const std::vector<TimelineChart*> charts = window.liveView()->timeline()->charts();
        QVERIFY(!charts.empty());
        int height = 0;
        for (const TimelineChart* chart : charts) height += std::max(chart->height(), chart->minimumHeight());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), QSize(1200, height));
        // Written through a temporary beside it, renamed over it: nothing else is left in the folder.
        QVERIFY(QDir(dir_.path()).entryList({QStringLiteral("timeline.png.tmp*")}, QDir::Files | QDir::Hidden).isEmpty());

        const QString svg = dir_.filePath(QStringLiteral("timeline.svg"));
        window.exportCharts(svg);
        QCOMPARE(exported.size(), 2);
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svgFile);
        int lines = 0; // the chart's lines: QSvgGenerator writes polylines or paths
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement &&
                (xml.name() == QLatin1String("path") || xml.name() == QLatin1String("polyline")))
                ++lines;
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(lines > 0);
        QVERIFY(QSvgRenderer(svg).isValid());

        QSignalSpy failed(&window, &MainWindow::fileOperationFailed);
        window.exportCharts(dir_.filePath(QStringLiteral("timeline.jpg")));
        QCOMPARE(failed.size(), 1);
        QVERIFY2(failed.front().front().toString().contains(".png"), qPrintable(failed.front().front().toString()));

        // The comparison's overlay, once a row is chosen.
        window.compareSessions(a, b);
        QTRY_VERIFY_WITH_TIMEOUT(window.isCurrentPage(window.sessionsPage()), 20000);
        SessionComparisonView* comparison = window.sessionsPage()->comparison();
        QTRY_VERIFY(comparison->model()->rowCount() > 0);
        QVERIFY(!window.exportChartAction()->isEnabled());
        comparison->table()->setCurrentIndex(comparison->table()->model()->index(0, SessionComparisonModel::NameColumn));
        QVERIFY(window.exportChartAction()->isEnabled());
        test::saveScreenshot(window, QStringLiteral("window-comparison.png"));
        const QString overlay = dir_.filePath(QStringLiteral("overlay.png"));
        window.exportCharts(overlay);
        QCOMPARE(exported.size(), 3);
        const TimelineChart* chart = comparison->timelineChart()->chart();
        QCOMPARE(QImage(overlay).size(), QSize(1200, std::max(chart->height(), chart->minimumHeight())));
    }

    // An opened session shows whole; Run → Replay from start plays it again
    // through the Live page, paced, labelled "Replay" all along.
    void replayIsPacedAndLabelled() {
        QSettings settings(settingsFile("replay.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        auto* replayBar = window.findChild<QToolBar*>(QStringLiteral("replayToolBar"));
        QVERIFY(replayBar && replayBar->isHidden());
        QVERIFY(!window.replayActions()->replayAction()->isEnabled());

        const QString path = savedSession("replay.json", 20, "2024-05-01T10:00:00+02:00");
        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        window.openSession(path);
        QVERIFY(opened.wait(20000));
        const TimelineData& shown = window.liveView()->timeline()->data();
        QCOMPARE(shown.store().size(), size_t(20)); // all of it, at once
        QVERIFY(!replayBar->isHidden());
        QVERIFY(window.windowTitle().contains("replay"));
        QVERIFY2(liveSourceText(window).contains("Replay"), qPrintable(liveSourceText(window)));

        qint64 now = 0;
        window.replay()->setClock([&now] { return now; });
        window.replayActions()->fastSpeedAction()->trigger();
        window.showPage(window.sessionsPage());
        window.replayActions()->replayAction()->trigger();
        QVERIFY(window.isCurrentPage(window.overview()));
        QCOMPARE(shown.store().size(), size_t(0)); // from the start
        now += 100;                                // 1 s of the recording at 10×
        window.replay()->advance();
        QCOMPARE(shown.store().size(), size_t(2));
        QCOMPARE(shown.store().time(1), 1.0);
        QVERIFY2(liveSourceText(window).contains("Replay 10×"), qPrintable(liveSourceText(window)));

        window.replayActions()->pauseAction()->trigger();
        now += 10000;
        window.replay()->advance();
        QCOMPARE(shown.store().size(), size_t(2));
        QVERIFY2(liveSourceText(window).contains("Replay paused"), qPrintable(liveSourceText(window)));
        test::saveScreenshot(window, QStringLiteral("window-replay-paused.png"));

        window.replayActions()->showAllAction()->trigger();
        QCOMPARE(shown.store().size(), size_t(20));
        QVERIFY2(liveSourceText(window).contains("Replay finished"), qPrintable(liveSourceText(window)));
        QVERIFY(window.liveView()->eventTotals()->rowCount() > 0); // finished: the totals are the session's
    }

    // A fleet session (what the Hosts page watched of two agents, here recorded from a saved timeline) opens
    // on the Hosts page as the live hosts showed; a host replays in the Overview and Live pages like any
    // session; two hosts compare on the Saved sessions page; the whole fleet exports in every format.
    void aFleetSessionReplaysLikeAnyOther() {
        QSettings settings(settingsFile("fleet.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        const MeasurementResult timeline = test::sessionWithTimeline(12, 0.5, "2024-05-01T10:00:00+02:00");
        FleetRecording recording(dir_.filePath("fleet-journals").toStdString());
        for (const IntervalResult& i : timeline.intervals) {
            recording.add("node1:9464", timeline.locations, i, "2024-05-01T10:00:00+02:00");
            IntervalResult other = i;
            other.groups[0].metrics[0].aggregate *= 3; // node2 stands out
            recording.add("node2:9464", timeline.locations, other, "2024-05-01T10:00:01+02:00");
        }
        const Result<MeasurementResult> fleet = fleetSession(recording.hosts());
        QVERIFY2(fleet, fleet ? "" : fleet.error().message.c_str());
        const QString path = dir_.filePath("fleet.json");
        QVERIFY(test::writeSession(path, *fleet));

        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        window.openSession(path);
        QVERIFY(opened.wait(20000));
        QVERIFY(window.isCurrentPage(window.hostsPage()));
        HostsPage* hosts = window.hostsPage();
        QVERIFY(hosts->showsSaved());
        QCOMPARE(hosts->model()->rowCount(), 2);
        QVERIFY(window.currentSession() && window.currentSession()->hosts.size() == 2);
        test::saveScreenshot(window, QStringLiteral("window-fleet-session.png"));

        // The whole fleet exports like any session: every format names both hosts.
        for (const char* suffix : {"txt", "csv", "json", "html"}) {
            const QString out = dir_.filePath(QString("fleet-export.%1").arg(suffix));
            QSignalSpy exported(&window, &MainWindow::sessionExported);
            window.exportSession(out);
            QVERIFY2(exported.wait(20000), suffix);
            QFile file(out);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray text = file.readAll();
            QVERIFY2(text.contains("node1:9464") && text.contains("node2:9464"), suffix);
        }

        // A click on a host replays it in the Overview and Live pages, as a session of its own.
        QAbstractItemModel* shown = hosts->table()->model();
        int node2 = -1;
        for (int r = 0; r < shown->rowCount(); ++r)
            if (shown->index(r, FleetModel::HostColumn).data().toString() == "node2:9464") node2 = r;
        QVERIFY(node2 >= 0);
        emit hosts->table()->clicked(shown->index(node2, FleetModel::HostColumn));
        QVERIFY(window.isCurrentPage(window.overview()));
        const TimelineData& replayed = window.liveView()->timeline()->data();
        QCOMPARE(replayed.store().size(), size_t(12));
        QVERIFY2(liveSourceText(window).contains("node2:9464"), qPrintable(liveSourceText(window)));
        QCOMPARE(window.currentSession()->locations.size(), timeline.locations.size());
        QCOMPARE(formatReportJson(*window.currentSession()), formatReportJson(hostRun(*fleet, 1)));

        // Two hosts compared.
        window.showPage(window.hostsPage());
        hosts->table()->selectAll();
        QVERIFY(hosts->compareSelected());
        QTRY_VERIFY_WITH_TIMEOUT(window.isCurrentPage(window.sessionsPage()), 20000); // read off the GUI thread
        QVERIFY(window.sessionsPage()->comparison()->model()->rowCount() > 0);

        // Another session puts the Hosts page back on the live hosts.
        window.openSession(savedSession("plain.json", 3, "2024-05-01T11:00:00+02:00"));
        QVERIFY(opened.wait(20000));
        QVERIFY(!hosts->showsSaved());
    }

    void menusCarryTheShortcuts() {
        QSettings settings(settingsFile("menus.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        MeasurementActions* actions = window.setupPage()->actions();
        QCOMPARE(actions->startAction()->shortcut(), QKeySequence(Qt::Key_F5));
        QCOMPARE(actions->stopAction()->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F5));
        QStringList menus;
        for (QAction* a : window.menuBar()->actions()) menus << a->text();
        QCOMPARE(menus, (QStringList{"&File", "&Run", "&View", "Se&ttings", "&Help"}));
    }

    void pageAndFormAreRestored() {
        const QString file = settingsFile("restore.ini");
        {
            QSettings settings(file, QSettings::IniFormat);
            MainWindow window(machine_, settings);
            window.showPage(window.eventBrowser());
            SetupFormState form = window.setupPage()->state();
            form.intervalMs = 321;
            window.setupPage()->setState(form);
            window.saveSettings();
        }
        QSettings settings(file, QSettings::IniFormat);
        MainWindow window(machine_, settings);
        QVERIFY(window.isCurrentPage(window.eventBrowser()));
        QCOMPARE(window.setupPage()->state().intervalMs, 321);
    }

    void commandLinePrefillsTheForm() {
        QSettings settings(settingsFile("prefill.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        auto options = parseAppOptions({"-g", "SOFTWARE", "-t", "50", "--", "/bin/echo", "a b"});
        QVERIFY(options.ok());
        QVERIFY(window.apply(*options).ok());
        const SetupFormState form = window.setupPage()->state();
        QCOMPARE(form.groups, QStringList{"SOFTWARE"});
        QCOMPARE(form.program, QStringLiteral("/bin/echo"));
        QCOMPARE(form.intervalMs, 50);
        QCOMPARE(window.controller().state(), MeasurementController::State::Idle); // no --start
    }

    void eventBrowserAddsToTheSession() {
        QSettings settings(settingsFile("events.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        emit window.eventBrowser()->eventsChosen({QStringLiteral("page-faults")});
        QVERIFY(window.setupPage()->state().events.contains(QStringLiteral("page-faults")));
    }

    void initTestCase() { QVERIFY2(userDirs_.isValid(), "no temporary directory for the user's data"); }

    // "Where?" on a group of the Overview runs the same program again, sampling that group, and shows the
    // Hotspots page live; what cannot run says why.
    void whereSamplesTheGroupOfTheRunShown() {
        QSettings settings(settingsFile("where.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        WhereRecorder* where = window.whereRecorder();
        auto none = where->prepare(QStringLiteral("SOFTWARE"));
        QVERIFY(!none.ok());
        QVERIFY2(none.error().message.find("no run is shown") != std::string::npos, none.error().message.c_str());

        auto options = parseAppOptions({"-g", "SOFTWARE", "-t", "50", "--start", "--",
                                        qEnvironmentVariable("PERFDASH_DEMO"), "--seconds", "1"});
        QVERIFY(options.ok());
        QSignalSpy finished(&window.controller(), &MeasurementController::finished);
        QSignalSpy started(&window.controller(), &MeasurementController::started);
        QVERIFY(window.apply(*options).ok());
        QTRY_COMPARE_WITH_TIMEOUT(started.size(), 1, 20000); // once the capability check has returned
        QVERIFY(!window.controller().isSampling());
        auto running = where->prepare(QStringLiteral("SOFTWARE"));
        QVERIFY(!running.ok());
        QVERIFY(running.error().message.find("a measurement is running") != std::string::npos);
        QVERIFY(finished.wait(20000));
        QVERIFY(!window.hotspotsPage()->profile());

        auto unknown = where->prepare(QStringLiteral("NO_SUCH_GROUP"));
        QVERIFY(!unknown.ok());
        QVERIFY2(unknown.error().message.find("NO_SUCH_GROUP cannot be measured here") != std::string::npos,
                 unknown.error().message.c_str());
        auto prepared = where->prepare(QStringLiteral("SOFTWARE"));
        QVERIFY2(prepared.ok(), prepared.ok() ? "" : prepared.error().message.c_str());
        // Sampled as asked here, so the click asks nothing.
        QVERIFY2(prepared->notSampledAsAsked.empty(), join(prepared->notSampledAsAsked, "; ").c_str());

        window.showPage(window.overview());
        window.overview()->flush();
        QPushButton* button = nullptr;
        for (QPushButton* b : window.overview()->findChildren<QPushButton*>())
            if (b->accessibleName() == QStringLiteral("Where do SOFTWARE's figures come from?")) button = b;
        QVERIFY(button);
        QSignalSpy arrived(&window.controller(), &MeasurementController::profileArrived);
        button->click();
        QVERIFY(window.controller().isSampling());
        QVERIFY(window.isCurrentPage(window.hotspotsPage()));
        QCOMPARE(window.controller().plan()->request.groups, std::vector<std::string>{"SOFTWARE"});
        QCOMPARE(window.controller().plan()->request.command.front(), qEnvironmentVariable("PERFDASH_DEMO").toStdString());
        QVERIFY(finished.wait(20000));
        QVERIFY(!arrived.isEmpty());
        QVERIFY(arrived.last()[1].toBool()); // the whole profile, last
        QTRY_VERIFY_WITH_TIMEOUT(window.hotspotsPage()->profile() && window.hotspotsPage()->model()->rowCount() > 0, 20000);
        QVERIFY(window.hotspotsPage()->profile()->samples() > 0);
        QVERIFY2(window.hotspotsPage()->heading()->text().contains(QStringLiteral("the run has ended")),
                 qPrintable(window.hotspotsPage()->heading()->text()));
    }

    // The user's path: fill the form, Start, watch, end; then export and open again.
    void startRunsTheProgramToItsEnd() {
        QSettings settings(settingsFile("run.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        auto options = parseAppOptions({"-g", "SOFTWARE", "-t", "50", "--start", "--",
                                        qEnvironmentVariable("PERFDASH_DEMO"), "--seconds", "0.3"});
        QVERIFY(options.ok());
        QSignalSpy finished(&window.controller(), &MeasurementController::finished);
        QSignalSpy arrived(&window.controller(), &MeasurementController::intervalsArrived);
        const Status started = window.apply(*options);
        QVERIFY2(started.ok(), started.ok() ? "" : started.error().message.c_str());
        QVERIFY(finished.wait(20000));
        const auto result = finished.front().front().value<MeasurementResult>();
        QCOMPARE(result.exitStatus.value_or(-1), 0);
        QTRY_VERIFY(window.measurementLog()->text().contains(QStringLiteral("touched")));

        // The run opened on its overview: a tile per SOFTWARE metric but Runtime, the run's context.
        QVERIFY(window.isCurrentPage(window.overview()));
        QCOMPARE(window.overview()->tiles()->rowCount(), 6);
        // One copy of the timeline for both pages, and the run's intervals in it.
        QCOMPARE(&window.overview()->data(), &window.liveView()->timeline()->data());
        QVERIFY(window.overview()->data().store().size() > 0);
        QVERIFY2(window.overview()->contextText().contains(QStringLiteral("perfdash-demo --seconds 0.3")),
                 qPrintable(window.overview()->contextText()));
        // It wrote to stdout only and exited 0: the program's log stays closed.
        QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("logDock"))->isHidden());

        // The live page followed the run: a timeline with points, tables with values.
        QVERIFY(window.liveView()->timeline()->data().store().size() >= 2);
        QVERIFY(window.liveView()->eventTotals()->rowCount() > 0);
        QVERIFY(window.liveView()->metricValues()->rowCount() > 0);
        QVERIFY(window.currentSession());

        // The run was saved as a session that reads back.
        window.recorder()->waitForWrites();
        const QString saved = window.recorder()->sessionFile();
        QVERIFY2(QFileInfo::exists(saved), qPrintable(saved));
        QVERIFY(readReportFile(saved.toStdString()).ok());

        // Export writes each format; the JSON is the engine's report.
        QSignalSpy exported(&window, &MainWindow::sessionExported);
        for (const char* suffix : {"json", "csv", "html", "txt"}) {
            const QString path = dir_.filePath(QStringLiteral("export.") + QLatin1String(suffix));
            window.exportSession(path);
            QTRY_VERIFY_WITH_TIMEOUT(exported.size() > 0, 20000);
            QCOMPARE(exported.takeFirst().front().toString(), path);
            QVERIFY(QFileInfo(path).size() > 0);
        }
        auto report = readReportFile(dir_.filePath(QStringLiteral("export.json")).toStdString());
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->groups.size(), result.groups.size());
        // Every interval measured, read back from the session file: the window kept none of them.
        QVERIFY(window.currentSession()->intervals.empty());
        QVERIFY(!report->intervals.empty());
        const std::string differ = intervalsDiffer(intervalsOf(arrived), report->intervals);
        QVERIFY2(differ.empty(), differ.c_str());

        // Opening the saved session shows it as a replay, never as a measurement.
        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        window.openSession(saved);
        QVERIFY(opened.wait(20000));
        QVERIFY2(window.sourceText().contains(QStringLiteral("Replay")), qPrintable(window.sourceText()));
        QVERIFY(window.windowTitle().contains(QStringLiteral("replay")));
        QVERIFY(window.liveView()->timeline()->data().store().size() >= 2);
        QVERIFY(window.isCurrentPage(window.overview()));
        QVERIFY2(window.overview()->contextText().startsWith(QStringLiteral("<b>Recorded</b>")),
                 qPrintable(window.overview()->contextText()));
        QCOMPARE(window.overview()->tiles()->rowCount(), 6);
    }

    // The program's log opens by itself when there is something to read: output on stderr, a failed exit.
    void theLogOpensOnStderrOrAFailedExit() {
        QSettings settings(settingsFile("log.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("logDock"));
        QVERIFY(dock->isHidden());
        auto options = parseAppOptions({"-g", "SOFTWARE", "--start", "--", "/bin/sh", "-c", "echo broken >&2; exit 3"});
        QVERIFY(options.ok());
        QSignalSpy finished(&window.controller(), &MeasurementController::finished);
        const Status started = window.apply(*options);
        QVERIFY2(started.ok(), started.ok() ? "" : started.error().message.c_str());
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.front().front().value<MeasurementResult>().exitStatus.value_or(-1), 3);
        QVERIFY(!dock->isHidden());
        QTRY_VERIFY(window.measurementLog()->text().contains(QStringLiteral("broken")));
    }

    // An autosave that never got its final write opens marked incomplete, with
    // its whole-run metrics computed from the intervals it saved.
    void anIncompleteSessionOpensWithRebuiltWholeRunMetrics() {
        QSettings settings(settingsFile("incomplete.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        const QString path = dir_.filePath(QStringLiteral("incomplete.json"));
        const MeasurementResult run = test::sessionWithTimeline(4, 0.5, "2024-05-04T10:00:00+02:00");
        auto journal = SessionJournal::create(path.toStdString(), run);
        QVERIFY(journal.ok());
        QVERIFY((*journal)->append({run.intervals.begin(), run.intervals.begin() + 3}).ok());
        journal->reset(); // killed: no final write

        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        window.openSession(path);
        QVERIFY(opened.wait(20000));
        const QString shown = liveSourceText(window);
        QVERIFY2(shown.contains(QStringLiteral("Incomplete")) && shown.contains(QStringLiteral("3 interval")),
                 qPrintable(shown));
        QVERIFY(window.currentSession() && window.currentSession()->incomplete);
        QCOMPARE(window.currentSession()->intervals.size(), size_t(3));
        // MEM's "MBOX0C0*64" over three intervals of 100 each (not n/a).
        QCOMPARE(window.currentSession()->groups[1].metrics[0].aggregate, 3 * 100.0 * 64);
    }

    // A file that cannot be opened says which fault it has, in a dialog, and
    // the window keeps showing what it showed: nothing opens half-way.
    void badSessionFileSaysWhichFaultItHas_data() {
        QTest::addColumn<QByteArray>("contents");
        QTest::addColumn<QString>("saying");
        const std::string good = formatReportJson(test::sessionWithTimeline(4, 0.5, "2024-05-03T10:00:00+02:00"));
        QByteArray corrupted = QByteArray::fromStdString(good);
        corrupted[corrupted.size() / 2] = '\x01';
        nlohmann::json newer = nlohmann::json::parse(good);
        newer["schema"] = kReportSchemaVersion + 1;
        QTest::newRow("truncated") << QByteArray::fromStdString(good.substr(0, good.size() / 2)) << "truncated";
        QTest::newRow("corrupted") << corrupted << "corrupted";
        QTest::newRow("newer schema") << QByteArray::fromStdString(newer.dump()) << "newer than this perfdash";
        QTest::newRow("not a report") << QByteArray("{\"schema\": ") << "not valid JSON";
    }
    void badSessionFileSaysWhichFaultItHas() {
        QFETCH(QByteArray, contents);
        QFETCH(QString, saying);
        QSettings settings(settingsFile("bad.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        const QString good = savedSession("shown-before.json", 3, "2024-05-02T10:00:00+02:00");
        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        window.openSession(good);
        QVERIFY(opened.wait(20000));
        const QString title = window.windowTitle();

        const QString bad = dir_.filePath(QStringLiteral("bad-session.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(contents);
        f.close();
        QSignalSpy failed(&window, &MainWindow::fileOperationFailed);
        window.openSession(bad);
        QVERIFY(failed.wait(10000));
        const QString message = failed.front().front().toString();
        QVERIFY2(message.contains(QStringLiteral("bad-session.json")), qPrintable(message));
        QVERIFY2(message.contains(saying), qPrintable(message));
        QTRY_VERIFY(dialogShown(window, QStringLiteral("Cannot open the session"), saying));
        QCOMPARE(window.windowTitle(), title);
        QVERIFY(window.currentSession());
        QCOMPARE(window.currentSession()->startedAt, std::string("2024-05-02T10:00:00+02:00"));
        QCOMPARE(opened.size(), 1);
    }

    // A full disk under the autosave and under File → Export: a dialog names
    // the file and the reason, the run stays in the window (to be exported
    // elsewhere), and an existing file of that name keeps its contents.
    void aFullDiskIsShownAndLosesNothing() {
        FullFileSystem fs;
        if (!fs.whyNot().empty()) QSKIP(fs.whyNot().c_str());
        QSettings settings(settingsFile("full.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        const QString sessions = fs.filePath(QStringLiteral("sessions"));
        QVERIFY(QDir().mkpath(sessions));
        window.recorder()->setDirectory(sessions);
        const QByteArray previous = "previous export\n";
        QVERIFY(fs.put(QStringLiteral("export.json"), previous));
        QVERIFY(fs.fill());

        QSignalSpy failed(&window, &MainWindow::fileOperationFailed);
        QSignalSpy finished(&window.controller(), &MeasurementController::finished);
        QSignalSpy arrived(&window.controller(), &MeasurementController::intervalsArrived);
        auto options = parseAppOptions({"-g", "SOFTWARE", "-t", "50", "--start", "--",
                                        qEnvironmentVariable("PERFDASH_DEMO"), "--seconds", "0.3"});
        QVERIFY(options.ok());
        QVERIFY(window.apply(*options).ok());
        QVERIFY(finished.wait(20000));
        window.recorder()->waitForWrites();
        QVERIFY(!failed.isEmpty());
        QString message = failed.front().front().toString();
        QVERIFY2(message.contains(sessions) && message.contains(QStringLiteral("No space left on device")),
                 qPrintable(message));
        checkNotSavedDialogs(window, sessions, QStringLiteral("No space left on device"));
        if (QTest::currentTestFailed()) return;
        QVERIFY(window.currentSession());

        failed.clear();
        const QString target = fs.filePath(QStringLiteral("export.json"));
        window.exportSession(target);
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 20000);
        message = failed.front().front().toString();
        QVERIFY2(message.contains(target) && message.contains(QStringLiteral("No space left on device")),
                 qPrintable(message));
        QTRY_VERIFY(dialogShown(window, QStringLiteral("Cannot export the report"), QStringLiteral("No space left")));
        QFile kept(target);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), previous);
        QCOMPARE(fs.entries(), QStringList{QStringLiteral("export.json")}); // no temporary files

        // Nothing lost: exported where there is room, the run is all there.
        QSignalSpy exported(&window, &MainWindow::sessionExported);
        const QString rescued = dir_.filePath(QStringLiteral("rescued.json"));
        window.exportSession(rescued);
        QVERIFY(exported.wait(20000));
        auto report = readReportFile(rescued.toStdString());
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        // No file could be made for the session: its intervals were kept in memory, every one.
        QVERIFY(!report->intervals.empty());
        const std::string differ = intervalsDiffer(intervalsOf(arrived), report->intervals);
        QVERIFY2(differ.empty(), differ.c_str());
    }

    // The session file cannot be written, the disk filling mid-run or no
    // sessions directory at all: the dialog names the file and the reason,
    // says the run goes on in memory and how to keep it; quitting asks first;
    // the export then holds every interval measured.
    void aRunThatCannotBeSavedIsKeptInMemoryAndExportedWhole_data() {
        QTest::addColumn<bool>("fillMidRun");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("reason");
        QTest::newRow("disk full mid-run") << true << QString() << QStringLiteral("No space left on device");
        QTest::newRow("no sessions directory")
            << false << QStringLiteral("/proc/perfdash-cannot-be-here/sessions") << QStringLiteral("No such file");
    }
    void aRunThatCannotBeSavedIsKeptInMemoryAndExportedWhole() {
        QFETCH(bool, fillMidRun);
        QFETCH(QString, where);
        QFETCH(QString, reason);
        std::optional<FullFileSystem> fs;
        if (fillMidRun) {
            fs.emplace();
            if (!fs->whyNot().empty()) QSKIP(fs->whyNot().c_str());
            where = fs->filePath(QStringLiteral("sessions"));
        }
        QSettings settings(settingsFile("unsaved.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.resize(1280, 800);
        window.show();
        window.recorder()->setDirectory(where);
        window.recorder()->setAutosaveInterval(std::chrono::milliseconds(100));
        QSignalSpy saved(window.recorder(), &RunRecorder::sessionSaved);
        QSignalSpy finished(&window.controller(), &MeasurementController::finished);
        QSignalSpy arrived(&window.controller(), &MeasurementController::intervalsArrived);
        // The dialog's text follows the run's state when the failure came: kept with it.
        std::vector<MeasurementController::State> stateAtFailure;
        connect(&window, &MainWindow::fileOperationFailed, this,
                [&] { stateAtFailure.push_back(window.controller().state()); });
        // Long enough to be stopped by the test once the failure was shown, rather than to end on its own.
        auto options = parseAppOptions({"-g", "SOFTWARE", "-t", "50", "--start", "--",
                                        qEnvironmentVariable("PERFDASH_DEMO"), "--seconds", "30"});
        QVERIFY(options.ok());
        QVERIFY(window.apply(*options).ok());
        if (fillMidRun) {
            // The file was made and an autosave put intervals in it (a save after the creation has some).
            QTRY_VERIFY_WITH_TIMEOUT(saved.size() >= 2, 20000);
            QVERIFY(fs->fill());
        }
        QTRY_VERIFY_WITH_TIMEOUT(!stateAtFailure.empty(), 20000);
        window.controller().stop();
        QVERIFY(finished.wait(20000));
        window.recorder()->waitForWrites();
        if (fillMidRun) {
            where = window.recorder()->sessionFile(); // the dialog names the file itself
            QVERIFY(where.startsWith(fs->filePath(QStringLiteral("sessions"))));
        }
        checkNotSavedDialogs(window, where, reason, stateAtFailure);
        if (QTest::currentTestFailed()) return;
        test::saveScreenshot(window, QStringLiteral("window-session-not-saved.png"));
        QVERIFY(window.recorder()->saveFailing());
        QVERIFY2(liveSourceText(window).contains(QStringLiteral("kept in memory only")),
                 qPrintable(liveSourceText(window)));

        // Quitting now would lose the run: it asks, and Cancel keeps the window.
        QString asked;
        QTimer::singleShot(0, this, [&] { asked = answerQuestion(window, QStringLiteral("Run not saved"), QMessageBox::Cancel); });
        QVERIFY(!window.close());
        QVERIFY2(asked.contains(QStringLiteral("lose")), qPrintable(asked));
        QVERIFY(window.isVisible());

        QSignalSpy exported(&window, &MainWindow::sessionExported);
        const QString rescued = dir_.filePath(QStringLiteral("rescued-%1.json").arg(fillMidRun));
        window.exportSession(rescued);
        QVERIFY(exported.wait(20000));
        auto report = readReportFile(rescued.toStdString());
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QVERIFY(report->intervals.size() >= 2);
        const std::string differ = intervalsDiffer(intervalsOf(arrived), report->intervals);
        QVERIFY2(differ.empty(), differ.c_str());
        QVERIFY2(liveSourceText(window).contains(rescued), qPrintable(liveSourceText(window)));
        // Kept now: quitting asks nothing.
        QVERIFY(window.close());
    }

    // The Live page's line about a finished run belongs to that run: the next
    // run's saves (its file made, its autosaves) leave "measuring now" alone.
    void aSecondRunReadsAsMeasuringWhileItsSessionIsSaved() {
        QSettings settings(settingsFile("second-run.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        QSignalSpy finished(&window.controller(), &MeasurementController::finished);
        QSignalSpy saved(window.recorder(), &RunRecorder::sessionSaved);
        runDemoToItsEnd(window);
        if (QTest::currentTestFailed()) return;
        QVERIFY2(liveSourceText(window).contains(QStringLiteral("Finished")), qPrintable(liveSourceText(window)));

        saved.clear();
        auto second = parseAppOptions({"-g", "SOFTWARE", "-t", "50", "--start", "--",
                                       qEnvironmentVariable("PERFDASH_DEMO"), "--seconds", "30"});
        QVERIFY(second.ok());
        QVERIFY(window.apply(*second).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!saved.isEmpty(), 20000); // the second run's file was made
        const QString shown = liveSourceText(window);
        window.controller().stop();
        QVERIFY(finished.wait(20000));
        window.recorder()->waitForWrites();
        QVERIFY2(shown.contains(QStringLiteral("measuring now")), qPrintable(shown));
    }

    // Once another session is open, the run whose file failed cannot be
    // exported any more (File → Export writes the open session): quitting
    // asks nothing about it, as the not-saved dialog said beforehand.
    void quittingAfterAnotherSessionWasOpenedAsksNothing() {
        QString asked; // outlives the window, whose timer writes it
        QSettings settings(settingsFile("unsaved-then-open.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        runDemoThatCannotBeSaved(window);
        if (QTest::currentTestFailed()) return;

        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        window.openSession(savedSession("opened-after-unsaved.json", 3, "2024-05-01T12:00:00+02:00"));
        QVERIFY(opened.wait(20000));
        // Should it ask, the question is answered Cancel, so that the test goes on and fails.
        QTimer::singleShot(0, &window, [&] { asked = answerQuestion(window, QStringLiteral("Run not saved"), QMessageBox::Cancel); });
        const bool closed = window.close();
        QCoreApplication::processEvents();
        QVERIFY2(asked.isEmpty(), qPrintable(asked));
        QVERIFY(closed);
    }

    // A host opened after a session: from the click on, until its first interval or a failure, the Overview
    // says it is being connected to and shows none of the session's figures, and the status bar no longer
    // says the session was opened. The host here never answers (a port that listens but never accepts, as a
    // host behind a firewall that drops packets): whatever shows at once is what would stay.
    void aHostBeingConnectedToShowsNoOtherSourcesFigures() {
        QSettings settings(settingsFile("connecting.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        window.openSession(savedSession("shown-before-host.json", 3, "2024-05-01T12:00:00+02:00"));
        QVERIFY(opened.wait(20000));
        QVERIFY(window.overview()->tiles()->rowCount() > 0);
        QVERIFY2(window.statusBar()->currentMessage().startsWith("Opened "), qPrintable(window.statusBar()->currentMessage()));

        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        auto closeSocket = qScopeGuard([fd] { ::close(fd); });
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof a;
        QVERIFY(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 && ::listen(fd, 4) == 0 &&
                ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &length) == 0);
        const QString silent = QStringLiteral("127.0.0.1:%1").arg(ntohs(a.sin_port));
        emit window.hostsPage()->hostOpened(silent, QString());
        QVERIFY(window.isCurrentPage(window.overview()));
        const QString context = window.overview()->contextText();
        QVERIFY2(context.contains("Connecting to " + silent + "…"), qPrintable(context));
        QCOMPARE(window.overview()->tiles()->rowCount(), 0);
        QVERIFY2(window.statusBar()->currentMessage().isEmpty(), qPrintable(window.statusBar()->currentMessage()));
        // The event loop runs (its requests go out, nothing comes back): nothing of the session comes back either.
        QCoreApplication::processEvents();
        QCOMPARE(window.overview()->tiles()->rowCount(), 0);
        QCOMPARE(window.overview()->contextText(), context);
    }

    // An export ties its end to the run it wrote: run 1's export that finishes after run 2 ended (whose save
    // failed too) does not mark run 2 exported, and quitting still asks about run 2. The export is held on
    // its worker, the run in hand, while run 2 runs to its end: no timing decides the order.
    void anExportThatEndsAfterTheNextRunKeepsOnlyItsOwnRun() {
        QString asked; // outlives the window, whose timer writes it
        QSettings settings(settingsFile("export-late.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        runDemoThatCannotBeSaved(window);
        if (QTest::currentTestFailed()) return;

        QSemaphore writing, release;
        window.setExportHook([&] {
            writing.release();
            release.acquire();
        });
        auto releaseOnFailure = qScopeGuard([&] { release.release(); }); // never leaves a worker waiting
        QSignalSpy exported(&window, &MainWindow::sessionExported);
        const QString first = dir_.filePath(QStringLiteral("first-run.json"));
        window.exportSession(first);
        QVERIFY(QTest::qWaitFor([&] { return writing.tryAcquire(); }, 20000)); // run 1 is in the export's hands

        runDemoThatCannotBeSaved(window);
        if (QTest::currentTestFailed()) return;
        releaseOnFailure.dismiss();
        release.release();
        QVERIFY(exported.wait(20000));
        QCOMPARE(exported.front().front().toString(), first);
        QVERIFY(readReportFile(first.toStdString()).ok()); // run 1 was written
        QVERIFY2(liveSourceText(window).contains(QStringLiteral("kept in memory only")), qPrintable(liveSourceText(window)));
        QTimer::singleShot(0, &window, [&] { asked = answerQuestion(window, QStringLiteral("Run not saved"), QMessageBox::Cancel); });
        QVERIFY(!window.close());
        QVERIFY2(asked.contains(QStringLiteral("lose")), qPrintable(asked));
    }

private:
    // A short run of perfdash-demo under SOFTWARE, to its end and the recorder's last write. QTest's checks
    // return from here; callers look at currentTestFailed().
    static void runDemoToItsEnd(MainWindow& window) {
        QSignalSpy finished(&window.controller(), &MeasurementController::finished);
        auto options = parseAppOptions({"-g", "SOFTWARE", "-t", "50", "--start", "--",
                                        qEnvironmentVariable("PERFDASH_DEMO"), "--seconds", "0.2"});
        QVERIFY(options.ok());
        QVERIFY(window.apply(*options).ok());
        QVERIFY(finished.wait(20000));
        window.recorder()->waitForWrites();
    }

    // The same where no session file can be made: the run is kept in memory only.
    static void runDemoThatCannotBeSaved(MainWindow& window) {
        window.recorder()->setDirectory(QStringLiteral("/proc/perfdash-cannot-be-here/sessions"));
        runDemoToItsEnd(window);
        if (QTest::currentTestFailed()) return;
        QVERIFY(window.recorder()->saveFailing());
    }

    // The recorder's failures shown, one dialog each: its title, the place and the system's reason, then what
    // became of the run (going on or ended, as the run was when that failure came) and how to keep it.
    static void checkNotSavedDialogs(const QWidget& window, const QString& where, const QString& reason,
                                     const std::vector<MeasurementController::State>& stateAtFailure = {}) {
        const QString title = QStringLiteral("The session cannot be saved");
        QTRY_VERIFY(!visibleBoxes(window, title).isEmpty());
        const QList<QMessageBox*> boxes = visibleBoxes(window, title); // in the order they were opened
        if (!stateAtFailure.empty()) QCOMPARE(size_t(boxes.size()), stateAtFailure.size());
        for (qsizetype i = 0; i < boxes.size(); ++i) {
            const QMessageBox* box = boxes[i];
            QVERIFY2(box->text().contains(where) && box->text().contains(reason), qPrintable(box->text()));
            const QString advice = box->informativeText();
            QVERIFY2(advice.contains(QStringLiteral("kept in memory")) &&
                         advice.contains(QStringLiteral("File → Export report…")),
                     qPrintable(advice));
            if (stateAtFailure.empty()) continue;
            const bool running = stateAtFailure[size_t(i)] == MeasurementController::State::Running ||
                                 stateAtFailure[size_t(i)] == MeasurementController::State::Paused;
            QVERIFY2(advice.startsWith(running ? QStringLiteral("The measurement goes on")
                                               : QStringLiteral("The run has ended")),
                     qPrintable(advice));
        }
        test::saveScreenshot(*boxes.front(), QStringLiteral("dialog-session-not-saved.png"));
    }

    static QList<QMessageBox*> visibleBoxes(const QWidget& window, const QString& title) {
        QList<QMessageBox*> shown;
        for (QMessageBox* box : window.findChildren<QMessageBox*>(Qt::FindDirectChildrenOnly))
            if (box->isVisible() && box->windowTitle() == title) shown.append(box);
        return shown;
    }

    // Answers the question the window shows now, titled `title`; returns its text (empty when none shows).
    static QString answerQuestion(const QWidget& window, const QString& title, QMessageBox::StandardButton answer) {
        const QList<QMessageBox*> boxes = visibleBoxes(window, title);
        if (boxes.isEmpty()) return {};
        const QString text = boxes.front()->text();
        boxes.front()->button(answer)->click();
        return text;
    }

    // A message box the window opened, still showing, with that title and text.
    static bool dialogShown(const QWidget& window, const QString& title, const QString& text) {
        const auto boxes = window.findChildren<QMessageBox*>();
        return std::any_of(boxes.begin(), boxes.end(), [&](const QMessageBox* box) {
            return box->isVisible() && box->windowTitle() == title && box->text().contains(text);
        });
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
