#pragma once
// The dashboard's window: the pages (session setup, event browser, what the
// machine can count) as tabs, the capability banner above them, the log of
// the measured program in a dock, Start/Pause/Stop in a toolbar, and the
// menus with their shortcuts. It owns the SessionController; the pages
// follow it. Settings (window layout, current page, the session form,
// language) are read at construction and written on close.
#include <QMainWindow>

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
class SessionLog;
class SetupPage;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    enum class Page { Setup, Events, Machine };

    // `machine` and `settings` must outlive the window. `procRoot`: a fixture /proc for tests.
    MainWindow(MachineContext& machine, QSettings& settings, QWidget* parent = nullptr,
               const QString& procRoot = QStringLiteral("/proc"));
    ~MainWindow() override;

    // Applies the command line: prefills the form, and starts when asked.
    // A start that fails shows why (a dialog over the form) and returns the error.
    Status apply(const AppOptions& options);

    void showPage(Page page);
    Page currentPage() const;

    SessionController& controller() { return controller_; }
    SetupPage* setupPage() const { return setup_; }
    EventBrowser* eventBrowser() const { return events_; }
    SessionLog* sessionLog() const { return log_; }
    CapabilityBanner* capabilityBanner() const { return banner_; }
    CapabilitiesPage* capabilitiesPage() const { return capabilities_; }

    void saveSettings();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createMenus();
    void restoreSettings();
    void chooseLanguage(const QString& code);
    void onStateChanged(SessionController::State state);
    void onFinished(const MeasurementResult& result);
    void about();

    MachineContext& machine_;
    QSettings& settings_;
    SessionController controller_;
    std::vector<Capability> capabilityList_;
    CapabilityBanner* banner_;
    QTabWidget* pages_;
    SetupPage* setup_;
    EventBrowser* events_;
    CapabilitiesPage* capabilities_;
    SessionLog* log_;
    QLabel* stateLabel_;
    QActionGroup* languages_ = nullptr;
};

} // namespace perfdash
