#pragma once
// The dashboard's window: the pages (session setup, the overview a run opens
// on, live charts and tables,
// marker regions, event browser, saved sessions and their comparison,
// machine probes, what the machine can count) as tabs, the capability
// banner above them, the log of the measured program in a dock that stays
// closed until the program writes to stderr or exits non-zero (View →
// Program output, or the toolbar, opens it any time),
// Start/Pause/Stop in a toolbar, and the menus with their shortcuts.
//
// It owns the MeasurementController and the RunRecorder (every run is
// autosaved), the ReplayController and the LiveHost; the Overview and Live
// pages follow whichever of the three runs through a ShownRun, which also
// holds the "current session": the last finished run or an opened file,
// what Export writes and Compare compares. An opened file is shown labelled as a replay, never as a measurement:
// all at once, or played again paced by its recorded times (Run → Replay
// from start, 1× or 10×, pause, show all) through a ReplayController that
// feeds the Live page the way the MeasurementController does (both are RunSources). File → Export
// chart saves the current page's charts (Live, or the comparison's overlay).
// Files are read and written off the GUI thread.
// Settings (window layout, current page, the session form, language) are
// read at construction and written on close. The Hosts page lists agents
// (perfdash-cli serve); clicking one shows it live in the Overview and Live
// pages through a LiveHost, a third source beside the two.
// What the machine can count is checked off the GUI thread (it opens perf
// counters): the banner and the Machine page say "Checking…" until
// capabilitiesChecked(), and a --start waits for it.
#include <QFutureWatcher>
#include <QFuture>
#include <QMainWindow>
#include <functional>
#include <optional>
#include <utility>

#include "core/measurement/Capabilities.h"
#include "widgets/run/MeasurementController.h"

class QActionGroup;
class QLabel;
class QSettings;
class QTabWidget;
class QToolBar;

namespace perfdash {

struct AppOptions;
class LiveHost;
class CapabilitiesPage;
class CapabilityBanner;
class EventBrowser;
class HostsPage;
class LiveView;
class OverviewPage;
class ProbesPage;
class ReplayActions;
class ReplayController;
class TimelineChart;
class RegionsView;
class HotspotsPage;
class MeasurementLog;
class RunRecorder;
class SessionsPage;
class ShownRun;
class SetupPage;
class WhereRecorder;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `machine` and `settings` must outlive the window. `procRoot`: a fixture /proc for tests.
    MainWindow(MachineContext& machine, QSettings& settings, QWidget* parent = nullptr,
               const QString& procRoot = QStringLiteral("/proc"));
    ~MainWindow() override;

    // Applies the command line: prefills the form, and starts when asked.
    // A start that fails shows why (a dialog over the form) and returns the
    // error. Before the capability check has returned, a start waits for it
    // (apply returns success; a failure then shows only in the dialog).
    Status apply(const AppOptions& options);

    // Whether the capability check has returned; capabilitiesChecked() says when it does.
    bool capabilitiesKnown() const { return capabilitiesKnown_; }

    // The tab of `page` (a page, or a widget on one, as liveView() is) comes to the front.
    void showPage(QWidget* page);
    bool isCurrentPage(const QWidget* page) const;
    // Loads a saved session off the GUI thread, then shows it as a replay; a perf.data file (perf record's)
    // shows on the Hotspots page. Errors go to a dialog.
    void openSession(const QString& path);
    // Writes the current session; the format follows the suffix. Errors go to a dialog.
    void exportSession(const QString& path);
    // Writes what the Hosts page has watched as a fleet session (JSON, off the GUI thread). Errors go to a dialog.
    void saveFleetSession(const QString& path);
    HostsPage* hostsPage() const { return hosts_; }
    // Saves the current page's charts: PNG or SVG by the suffix, written atomically. Errors go to a dialog.
    void exportCharts(const QString& path);
    // The charts of the current page that File → Export chart saves; empty when none has data.
    std::vector<TimelineChart*> chartsOnCurrentPage() const;
    // Loads both and shows their comparison on the Sessions page.
    void compareSessions(const QString& pathA, const QString& pathB);
    // The last finished run or opened session; null when there is none. A
    // finished run's intervals are in its session file, not here (the
    // recorder keeps them): export and comparison read them back.
    const MeasurementResult* currentSession() const;
    // "Live", "Replay of FILE" or "" before anything: what the Live page shows now.
    QString sourceText() const;
    QWidget* currentPage() const;

    MeasurementController& controller() { return controller_; }
    SetupPage* setupPage() const { return setup_; }
    EventBrowser* eventBrowser() const { return events_; }
    MeasurementLog* measurementLog() const { return log_; }
    CapabilityBanner* capabilityBanner() const { return banner_; }
    CapabilitiesPage* capabilitiesPage() const { return capabilities_; }
    LiveView* liveView() const { return live_; }
    OverviewPage* overview() const { return overview_; }
    RegionsView* regionsView() const { return regions_; }
    HotspotsPage* hotspotsPage() const { return hotspots_; }
    WhereRecorder* whereRecorder() const { return where_; }
    SessionsPage* sessionsPage() const { return sessions_; }
    ProbesPage* probesPage() const { return probes_; }
    RunRecorder* recorder() const { return recorder_; }
    ReplayController* replay() const { return replay_; }
    ReplayActions* replayActions() const { return replayActions_; }
    QAction* exportChartAction() const { return exportChart_; }

    void saveSettings();
    // Tests: runs on the export's worker thread, the run in hand, before the report is written (to hold an
    // export while the window goes on).
    void setExportHook(std::function<void()> hook) { exportHook_ = std::move(hook); }

signals:
    // A session was opened (shown) or failed to open (message); for tests and the status bar.
    void sessionOpened(const QString& path);
    void sessionExported(const QString& path);
    void fleetSessionSaved(const QString& path);
    void chartsExported(const QString& path);
    void fileOperationFailed(const QString& message);
    void capabilitiesChecked();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // The constructor's parts, in its order.
    void addPages();
    void followRuns();
    void wireHosts();
    void wireSavedSessions();
    void wireEvents();
    void wireHotspots();
    void layOut();
    void createMenus();
    // The tab holding `widget` (a page or a widget on one); -1 when none does.
    int tabOf(const QWidget* widget) const;
    // One source has the Overview and Live pages now: a replay or a host no longer competes for them.
    void letOtherSourcesGo();
    void checkCapabilitiesInBackground();
    void onCapabilitiesChecked(std::vector<Capability> capabilities);
    void restoreSettings();
    void chooseLanguage(const QString& code);
    void onStateChanged(MeasurementController::State state);
    void onFinished(const MeasurementResult& result);
    void about();
    // A result with marker regions (or a marker run's) on the Regions page.
    void showRegionsOf(const MeasurementResult& result);
    // Why the live host is not shown, and what to do: one sentence after its address.
    QString hostProblemText() const;
    // Two sessions' counts and samples (a session of counts only, a host's run: null samples).
    struct SessionPair {
        Result<MeasurementResult> a, b;
        Result<std::shared_ptr<const Profile>> samplesA = std::shared_ptr<const Profile>{};
        Result<std::shared_ptr<const Profile>> samplesB = std::shared_ptr<const Profile>{};
    };
    // Runs `load` on a worker, then shows the comparison of the two sessions or a dialog.
    void compareInBackground(std::function<SessionPair()> load);
    void chooseAndOpen();
    void chooseAndExport();
    void chooseAndSaveFleetSession();
    // Shows a session (an opened file, or one host of a fleet session) as a replay named `name`.
    void showSession(const MeasurementResult& session, const QString& name);
    // A perf.data file: read off the GUI thread, its samples on the Hotspots page; it holds no counts.
    void openPerfData(const QString& path);
    void chooseAndCompare();
    void chooseAndExportCharts();
    void wireReplay();
    void updateReplaySource();
    // A dialog: `message` (what failed, naming the file and the reason), then `advice`, what to do now.
    void fail(const QString& title, const QString& message, const QString& advice = {});
    // The recorder could not write the run's session file: what became of the run and how to keep it.
    void sessionNotSaved(const QString& message);
    // The Live page's line about a finished run: saved, or only in memory.
    QString finishedRunText() const;
    QString liveHotspotsText() const;
    void updateFileActions();

    MachineContext& machine_;
    QSettings& settings_;
    MeasurementController controller_;
    QFutureWatcher<std::vector<Capability>>* check_;
    bool capabilitiesKnown_ = false;
    bool startWhenChecked_ = false; // a --start came before the check's result
    CapabilityBanner* banner_;
    QTabWidget* pages_;
    SetupPage* setup_;
    EventBrowser* events_;
    CapabilitiesPage* capabilities_;
    LiveView* live_;
    OverviewPage* overview_; // draws from live_'s timeline
    QLabel* liveSource_;
    RegionsView* regions_;
    HotspotsPage* hotspots_;
    WhereRecorder* where_ = nullptr; // "Where?" of a group shown: a sampling run of the same target
    SessionsPage* sessions_;
    ProbesPage* probes_;
    RunRecorder* recorder_;
    ShownRun* shown_; // which run the Overview and Live pages show, and what File exports
    ReplayController* replay_;
    ReplayActions* replayActions_;
    HostsPage* hosts_;
    LiveHost* liveHost_; // the host the Overview and Live pages show, while one is open
    QToolBar* replayBar_ = nullptr;
    MeasurementLog* log_;
    std::function<void()> exportHook_;
    QString replayFile_; // the open session's file name, while replay controls are offered
    QString fleetFile_;  // the fleet session the Hosts page shows, for the names of its hosts' replays
    QAction* export_ = nullptr;
    QAction* compare_ = nullptr;
    QAction* exportChart_ = nullptr;
    QLabel* stateLabel_;
    QActionGroup* languages_ = nullptr;
};

} // namespace perfdash
