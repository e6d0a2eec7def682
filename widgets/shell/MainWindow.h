#pragma once
// The dashboard's window: the pages (session setup, live charts and tables,
// marker regions, event browser, saved sessions and their comparison,
// machine probes, what the machine can count) as tabs, the capability
// banner above them, the log of the measured program in a dock,
// Start/Pause/Stop in a toolbar, and the menus with their shortcuts.
//
// It owns the SessionController and the SessionRecorder (every run is
// autosaved); the pages follow the controller. The "current session" is the
// last finished run or an opened file: Export writes it, Compare compares
// it. An opened file is shown labelled as a replay, never as a measurement.
// Files are read and written off the GUI thread.
// Settings (window layout, current page, the session form, language) are
// read at construction and written on close.
#include <QMainWindow>
#include <optional>

#include "core/session/Capabilities.h"
#include "widgets/session/SessionController.h"

class QActionGroup;
class QLabel;
class QSettings;
class QTabWidget;

namespace perfdash {

struct AppOptions;
class CapabilitiesPage;
class CapabilityBanner;
class EventBrowser;
class LiveView;
class ProbesPage;
class RegionsView;
class SessionLog;
class SessionRecorder;
class SessionsPage;
class SetupPage;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    enum class Page { Setup, Live, Regions, Events, Sessions, Probes, Machine };

    // `machine` and `settings` must outlive the window. `procRoot`: a fixture /proc for tests.
    MainWindow(MachineContext& machine, QSettings& settings, QWidget* parent = nullptr,
               const QString& procRoot = QStringLiteral("/proc"));
    ~MainWindow() override;

    // Applies the command line: prefills the form, and starts when asked.
    // A start that fails shows why (a dialog over the form) and returns the error.
    Status apply(const AppOptions& options);

    void showPage(Page page);
    // Loads a saved session off the GUI thread, then shows it as a replay; errors go to a dialog.
    void openSession(const QString& path);
    // Writes the current session; the format follows the suffix. Errors go to a dialog.
    void exportSession(const QString& path);
    // Loads both and shows their comparison on the Sessions page.
    void compareSessions(const QString& pathA, const QString& pathB);
    // The last finished run or opened session; null when there is none.
    const MeasurementResult* currentSession() const { return current_ ? &*current_ : nullptr; }
    // "Live", "Replay of FILE" or "" before anything: what the Live page shows now.
    QString sourceText() const;
    Page currentPage() const;

    SessionController& controller() { return controller_; }
    SetupPage* setupPage() const { return setup_; }
    EventBrowser* eventBrowser() const { return events_; }
    SessionLog* sessionLog() const { return log_; }
    CapabilityBanner* capabilityBanner() const { return banner_; }
    CapabilitiesPage* capabilitiesPage() const { return capabilities_; }
    LiveView* liveView() const { return live_; }
    RegionsView* regionsView() const { return regions_; }
    SessionsPage* sessionsPage() const { return sessions_; }
    SessionRecorder* recorder() const { return recorder_; }

    void saveSettings();

signals:
    // A session was opened (shown) or failed to open (message); for tests and the status bar.
    void sessionOpened(const QString& path);
    void sessionExported(const QString& path);
    void fileOperationFailed(const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void restoreSettings();
    void chooseLanguage(const QString& code);
    void onStateChanged(SessionController::State state);
    void onFinished(const MeasurementResult& result);
    void about();
    void showResult(const MeasurementResult& result, const QString& source);
    void chooseAndOpen();
    void chooseAndExport();
    void chooseAndCompare();
    void fail(const QString& title, const QString& message);
    void updateFileActions();

    MachineContext& machine_;
    QSettings& settings_;
    SessionController controller_;
    std::vector<Capability> capabilityList_;
    CapabilityBanner* banner_;
    QTabWidget* pages_;
    SetupPage* setup_;
    EventBrowser* events_;
    CapabilitiesPage* capabilities_;
    LiveView* live_;
    QLabel* liveSource_;
    RegionsView* regions_;
    SessionsPage* sessions_;
    ProbesPage* probes_;
    SessionRecorder* recorder_;
    SessionLog* log_;
    std::optional<MeasurementResult> current_;
    QString currentSource_;
    QAction* export_ = nullptr;
    QAction* compare_ = nullptr;
    QLabel* stateLabel_;
    QActionGroup* languages_ = nullptr;
};

} // namespace perfdash
