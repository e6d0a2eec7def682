#include "widgets/shell/MainWindow.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

#include "widgets/events/EventBrowser.h"
#include "widgets/setup/DemoWorkload.h"
#include "widgets/setup/SessionActions.h"
#include "widgets/setup/SessionLog.h"
#include "widgets/setup/SetupPage.h"
#include "widgets/shell/AppOptions.h"
#include "widgets/shell/CapabilitiesView.h"
#include "widgets/shell/Language.h"

namespace perfdash {

namespace {

constexpr auto kGeometryKey = "window/geometry";
constexpr auto kStateKey = "window/state";
constexpr auto kPageKey = "window/page";

} // namespace

MainWindow::MainWindow(MachineContext& machine, QSettings& settings, QWidget* parent, const QString& procRoot)
    : QMainWindow(parent),
      machine_(machine),
      settings_(settings),
      controller_(machine),
      capabilityList_(probeCapabilities(machine)),
      banner_(new CapabilityBanner(this)),
      pages_(new QTabWidget(this)),
      setup_(new SetupPage(controller_, this, procRoot)),
      events_(new EventBrowser(machine, this)),
      capabilities_(new CapabilitiesPage(this)),
      log_(new SessionLog(this)),
      stateLabel_(new QLabel(this)) {
    setWindowTitle(tr("perfdash"));
    setWindowIcon(QIcon::fromTheme(QStringLiteral("io.github.perfdash.perfdash"), QIcon(QStringLiteral(":/icons/perfdash.svg"))));
    setAcceptDrops(true);

    banner_->setCapabilities(capabilityList_);
    capabilities_->setCapabilities(capabilityList_);
    connect(banner_, &CapabilityBanner::detailsRequested, this, [this] { showPage(Page::Machine); });

    pages_->setDocumentMode(true);
    pages_->addTab(setup_, tr("&Session"));
    pages_->addTab(events_, tr("&Events"));
    pages_->addTab(capabilities_, tr("&Machine"));
    connect(events_, &EventBrowser::eventsChosen, this, [this](const QStringList& events) {
        setup_->addEvents(events);
        statusBar()->showMessage(tr("Added to the session: %1").arg(events.join(QLatin1String(", "))), 5000);
    });
    connect(events_, &EventBrowser::groupSaved, this, [this](const QString& path, const QString& name) {
        setup_->reloadGroups();
        statusBar()->showMessage(tr("Saved group %1 to %2: it is now in the session's group list").arg(name, path),
                                 8000);
    });

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(banner_);
    layout->addWidget(pages_, 1);
    setCentralWidget(central);

    log_->follow(controller_);
    auto* logDock = new QDockWidget(tr("Program output"), this);
    logDock->setObjectName(QStringLiteral("logDock"));
    logDock->setWidget(log_);
    addDockWidget(Qt::BottomDockWidgetArea, logDock);

    statusBar()->addPermanentWidget(stateLabel_);
    connect(&controller_, &SessionController::stateChanged, this, &MainWindow::onStateChanged);
    connect(&controller_, &SessionController::finished, this, &MainWindow::onFinished);
    onStateChanged(controller_.state());

    createMenus();
    resize(1280, 800);
    restoreSettings();
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus() {
    SessionActions* session = setup_->actions();
    session->startAction()->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)});
    session->pauseAction()->setShortcut(QKeySequence(Qt::Key_F6));
    session->stopAction()->setShortcuts({QKeySequence(Qt::SHIFT | Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_Period)});

    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(session->startAction());
    run->addAction(session->pauseAction());
    run->addAction(session->stopAction());

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < pages_->count(); ++i) {
        QAction* page = view->addAction(pages_->tabText(i).remove(QLatin1Char('&')), this,
                                        [this, i] { pages_->setCurrentIndex(i); });
        page->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + i)));
    }
    view->addSeparator();
    auto* logDock = findChild<QDockWidget*>(QStringLiteral("logDock"));
    QAction* showLog = logDock->toggleViewAction();
    showLog->setText(tr("Program &output"));
    showLog->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    view->addAction(showLog);
    view->addAction(log_->clearAction());

    QMenu* settingsMenu = menuBar()->addMenu(tr("&Settings"));
    QMenu* language = settingsMenu->addMenu(tr("&Language"));
    languages_ = new QActionGroup(this);
    const QString current = savedLanguage(settings_);
    for (const LanguageChoice& choice : languageChoices()) {
        QAction* a = language->addAction(choice.label);
        a->setCheckable(true);
        a->setChecked(choice.code == current);
        a->setData(choice.code);
        languages_->addAction(a);
        connect(a, &QAction::triggered, this, [this, code = choice.code] { chooseLanguage(code); });
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("What can be counted &here"), this, [this] { showPage(Page::Machine); });
    help->addSeparator();
    help->addAction(tr("&About perfdash"), this, &MainWindow::about);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);

    QToolBar* tools = addToolBar(tr("Session"));
    tools->setObjectName(QStringLiteral("sessionToolBar"));
    tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tools->addAction(session->startAction());
    tools->addAction(session->pauseAction());
    tools->addAction(session->stopAction());
}

Status MainWindow::apply(const AppOptions& options) {
    // --demo is the session that works anywhere, whatever the last one was.
    if (options.demo) setup_->setState(defaultSetupState(controller_));
    else if (options.prefillsForm()) setup_->setState(options.applyTo(setup_->state()));
    if (!options.start) return {};
    showPage(Page::Setup);
    return setup_->actions()->startMeasurement();
}

void MainWindow::showPage(Page page) {
    QWidget* widgets[] = {setup_, events_, capabilities_};
    pages_->setCurrentWidget(widgets[static_cast<int>(page)]);
}

MainWindow::Page MainWindow::currentPage() const {
    QWidget* current = pages_->currentWidget();
    if (current == events_) return Page::Events;
    if (current == capabilities_) return Page::Machine;
    return Page::Setup;
}

void MainWindow::onStateChanged(SessionController::State state) {
    switch (state) {
    case SessionController::State::Idle: stateLabel_->setText(tr("Ready")); break;
    case SessionController::State::Running: stateLabel_->setText(tr("Measuring")); break;
    case SessionController::State::Paused: stateLabel_->setText(tr("Paused")); break;
    case SessionController::State::Finishing: stateLabel_->setText(tr("Finishing…")); break;
    case SessionController::State::Finished: stateLabel_->setText(tr("Finished")); break;
    }
}

void MainWindow::onFinished(const MeasurementResult& result) {
    if (result.exitStatus)
        statusBar()->showMessage(tr("Measurement finished after %1 s; the program's exit status was %2")
                                     .arg(result.durationS, 0, 'f', 1)
                                     .arg(*result.exitStatus));
    else
        statusBar()->showMessage(tr("Measurement finished after %1 s").arg(result.durationS, 0, 'f', 1));
}

void MainWindow::chooseLanguage(const QString& code) {
    if (code == savedLanguage(settings_)) return;
    saveLanguage(settings_, code);
    QMessageBox::information(this, tr("Language"),
                             tr("The new language is used from the next start of perfdash."));
}

void MainWindow::about() {
    QMessageBox::about(this, tr("About perfdash"),
                       tr("<h3>perfdash %1</h3><p>CPU performance counters on Linux: perf_event grouped reads, "
                          "likwid-format performance groups and metrics, live timelines.</p>"
                          "<p>The command-line front end is <tt>perfdash-cli</tt>.</p>")
                           .arg(QCoreApplication::applicationVersion()));
}

void MainWindow::saveSettings() {
    settings_.setValue(QLatin1String(kGeometryKey), saveGeometry());
    settings_.setValue(QLatin1String(kStateKey), saveState());
    settings_.setValue(QLatin1String(kPageKey), static_cast<int>(currentPage()));
    setup_->saveSettings(settings_);
    settings_.sync();
}

void MainWindow::restoreSettings() {
    if (settings_.contains(QLatin1String(kGeometryKey)))
        restoreGeometry(settings_.value(QLatin1String(kGeometryKey)).toByteArray());
    if (!restoreState(settings_.value(QLatin1String(kStateKey)).toByteArray())) {
        // First start: the log is a strip below the pages, not half the window.
        auto* logDock = findChild<QDockWidget*>(QStringLiteral("logDock"));
        resizeDocks({logDock}, {height() / 5}, Qt::Vertical);
    }
    const int page = settings_.value(QLatin1String(kPageKey), 0).toInt();
    if (page >= 0 && page <= static_cast<int>(Page::Machine)) showPage(static_cast<Page>(page));
    setup_->restoreSettings(settings_);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    const auto state = controller_.state();
    if (state == SessionController::State::Running || state == SessionController::State::Paused) {
        const auto answer = QMessageBox::question(
            this, tr("Measurement running"),
            tr("A measurement is running. Stop it and quit? A launched program is terminated."),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Yes) {
            event->ignore();
            return;
        }
        controller_.stop();
    }
    saveSettings();
    event->accept();
}

} // namespace perfdash
