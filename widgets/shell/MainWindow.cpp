#include "widgets/shell/MainWindow.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <utility>

#include "widgets/probes/ProbesPage.h"
#include "widgets/common/QtStrings.h"
#include "widgets/events/EventBrowser.h"
#include "widgets/run/LiveHost.h"
#include "widgets/hosts/HostsPage.h"
#include "widgets/shell/ChartExport.h"
#include "widgets/live/LiveView.h"
#include "widgets/live/TopDownView.h"
#include "widgets/overview/OverviewPage.h"
#include "widgets/common/TimelineChart.h"
#include "widgets/live/TimelineView.h"
#include "widgets/regions/RegionsView.h"
#include "widgets/hotspots/HotspotsPage.h"
#include "widgets/sessions/ComparisonTimelineChart.h"
#include "widgets/sessions/RecentSessionsModel.h"
#include "widgets/run/ReplayActions.h"
#include "widgets/run/ReplayController.h"
#include "widgets/run/ReportExport.h"
#include "widgets/run/SessionLoader.h"
#include "widgets/run/ShownRun.h"
#include "core/session/SessionFiles.h"
#include "core/util/Clock.h"
#include "widgets/sessions/SessionComparisonView.h"
#include "widgets/run/RunRecorder.h"
#include "widgets/measure/DemoWorkload.h"
#include "widgets/measure/MeasurementActions.h"
#include "widgets/measure/MeasurementLog.h"
#include "widgets/measure/SetupFormState.h"
#include "widgets/measure/SetupPage.h"
#include "widgets/shell/AppOptions.h"
#include "widgets/machine/CapabilitiesView.h"
#include "widgets/shell/Language.h"
#include "widgets/shell/WhereRecorder.h"
#include "widgets/sessions/SessionsPage.h"

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
      check_(new QFutureWatcher<std::vector<Capability>>(this)),
      banner_(new CapabilityBanner(this)),
      pages_(new QTabWidget(this)),
      setup_(new SetupPage(controller_, this, procRoot)),
      events_(new EventBrowser(machine, this)),
      capabilities_(new CapabilitiesPage(this)),
      live_(new LiveView(this)),
      overview_(new OverviewPage(live_->timeline()->data(), this)),
      liveSource_(new QLabel(this)),
      regions_(new RegionsView(this)),
      hotspots_(new HotspotsPage(this)),
      sessions_(new SessionsPage(this)),
      probes_(new ProbesPage(this)),
      recorder_(new RunRecorder(controller_, this)),
      shown_(new ShownRun(*recorder_, this)),
      replay_(new ReplayController(this)),
      replayActions_(new ReplayActions(*replay_, this)),
      hosts_(new HostsPage(settings, HostTokens::forThisSession(), this)),
      liveHost_(new LiveHost(this)),
      log_(new MeasurementLog(this)),
      stateLabel_(new QLabel(this)) {
    setWindowTitle(tr("perfdash"));
    setWindowIcon(QIcon::fromTheme(QStringLiteral("io.github.perfdash.perfdash"), QIcon(QStringLiteral(":/icons/perfdash.svg"))));
    setAcceptDrops(true);
    addPages();
    checkCapabilitiesInBackground();
    followRuns(); // first: the views hear of a run before the window's own handlers
    wireHosts();
    wireReplay();
    wireSavedSessions();
    wireEvents();
    wireHotspots();
    layOut();
    createMenus();
    resize(1280, 800);
    restoreSettings();
    replayBar_->hide(); // whatever the saved layout says: there is no replay yet
}

void MainWindow::addPages() {
    connect(banner_, &CapabilityBanner::detailsRequested, this, [this] { showPage(capabilities_); });
    overview_->setGroupDescriptions([this](const QString& group) {
        const Result<PerformanceGroup> loaded = machine_.groups().load(group.toStdString());
        if (!loaded) return QString::fromStdString(loaded.error().message);
        return QString::fromStdString(loaded->shortDescription + "\n\n" + loaded->longDescription);
    });
    // The Live page says whose data it shows: a measurement now, or a replay of a file.
    auto* livePage = new QWidget(this);
    auto* liveLayout = new QVBoxLayout(livePage);
    liveSource_->setObjectName(QStringLiteral("liveSource"));
    liveSource_->setWordWrap(true); // a synthetic session's line says how it was made: it wraps, never widens the window
    connect(shown_, &ShownRun::contextLineChanged, liveSource_, &QLabel::setText);
    shown_->setContextLine(tr("Start a measurement to see its counters here, or open a saved session (File → Open)."));
    liveLayout->addWidget(liveSource_);
    liveLayout->addWidget(live_, 1);

    pages_->setDocumentMode(true);
    pages_->addTab(setup_, tr("Mea&sure"));
    pages_->addTab(overview_, tr("O&verview"));
    pages_->addTab(livePage, tr("&Live"));
    pages_->addTab(regions_, tr("Re&gions"));
    pages_->addTab(hotspots_, tr("Hotspots"));
    hotspots_->showNone(liveHotspotsText());
    pages_->addTab(events_, tr("&Events"));
    pages_->addTab(sessions_, tr("Saved sess&ions"));
    pages_->addTab(probes_, tr("&Probes"));
    pages_->addTab(capabilities_, tr("&Machine"));
    pages_->addTab(hosts_, tr("H&osts"));
}

// A measurement, a replay and a host reach the views by the same path: what the Live page shows never
// depends on where the data came from.
void MainWindow::followRuns() {
    shown_->add(&controller_);
    shown_->add(replay_);
    shown_->add(liveHost_);
    live_->attach(shown_); // first: it feeds the timeline the overview draws from
    overview_->attach(shown_);
    connect(shown_, &ShownRun::intervalsArrived, this, &MainWindow::updateFileActions);
    connect(shown_, &ShownRun::resultChanged, this, &MainWindow::updateFileActions);
    connect(&controller_, &MeasurementController::started, this, [this] {
        letOtherSourcesGo();
        setWindowTitle(tr("perfdash"));
        // Until it finishes: the last run's line must not come back with this run's saves.
        shown_->showNoResult(tr("Live"));
        shown_->setContextLine(tr("<b>Live</b>: measuring now"));
        regions_->clear();
        if (controller_.isSampling())
            hotspots_->showNone(tr("<b>Live</b>: sampling; the first samples show here within a second."));
        showPage(overview_);
    });
    connect(&controller_, &MeasurementController::profileArrived, this,
            [this](std::shared_ptr<const Profile> profile, bool complete) {
                // The session's file is named from the run's start; its samples are written after this.
                const QString file = complete && !recorder_->sessionFile().isEmpty()
                                         ? QFileInfo(recorder_->sessionFile()).fileName()
                                         : QString();
                hotspots_->showLiveProfile(std::move(profile), complete, file);
            });
}

void MainWindow::letOtherSourcesGo() {
    hotspots_->showNone(liveHotspotsText());
    replay_->stop();
    liveHost_->drop();
    replayFile_.clear();
    replayActions_->setAvailable(false);
    if (replayBar_) replayBar_->hide();
}

// A phase of the Overview, the range the Live timeline shows and a region of the Regions page lead to
// their hot functions.
void MainWindow::wireHotspots() {
    auto showRange = [this](double fromS, double toS) {
        if (!hotspots_->selectRange(fromS, toS))
            return statusBar()->showMessage(tr("This run has no samples to show the hot functions of a time range: "
                                               "tick Sample by function too on the Measure page"), 8000);
        showPage(hotspots_);
    };
    connect(overview_, &OverviewPage::phaseActivated, this, showRange);
    where_ = new WhereRecorder(
        controller_, *shown_,
        [this](std::chrono::nanoseconds interval) {
            // The rate and call stacks of the Measure page's choice; the interval of the run repeated.
            SetupFormState form = setup_->state();
            form.sample = true;
            form.intervalMs = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(interval).count());
            return *toSampling(form);
        },
        this);
    connect(overview_, &OverviewPage::whereRequested, where_, &WhereRecorder::ask);
    connect(live_, &LiveView::whereRequested, where_, &WhereRecorder::ask);
    connect(where_, &WhereRecorder::started, this, [this] { showPage(hotspots_); });
    connect(live_->timeline(), &TimelineView::rangeChosen, this, showRange);
    connect(regions_, &RegionsView::regionActivated, this, [this](const QString& region) {
        if (!hotspots_->selectRegion(region))
            return statusBar()->showMessage(tr("This run has no samples of region %1 to show its hot functions: tick "
                                               "Sample by function too on the Measure page").arg(region), 8000);
        showPage(hotspots_);
    });
}

void MainWindow::wireHosts() {
    auto showHostContext = [this] {
        if (!liveHost_->problem().isEmpty()) {
            // A host that never sent an interval has no figures: those shown are the source's before, on
            // the Live page as on this one.
            if (!liveHost_->hasSent()) {
                live_->beginRun({});
                overview_->beginRun();
            }
            return overview_->showProblem(liveHost_->address(), hostProblemText());
        }
        const MeasurementResult& run = liveHost_->agentRun();
        if (!liveHost_->isRunning() || !run.machine.is_object() || run.machine.empty()) return;
        const auto name = run.machine.find("hostname");
        const QString host = name != run.machine.end() && name->is_string() && !name->get<std::string>().empty()
                                 ? tr("%1 (host %2)").arg(liveHost_->address(), toQString(name->get<std::string>()))
                                 : liveHost_->address();
        overview_->showContext(run, tr("Live from %1, counting since %2").arg(host, toQString(run.startedAt)));
    };
    connect(liveHost_, &LiveHost::started, this, showHostContext);
    connect(liveHost_, &LiveHost::described, this, showHostContext);
    connect(liveHost_, &LiveHost::failed, this, showHostContext);
    // A host's CPU profile: its samples on the Hotspots page, whatever the other pages show.
    connect(hosts_, &HostsPage::profileArrived, this, [this](std::shared_ptr<const Profile> profile, const QString& name) {
        hotspots_->showProfile(std::move(profile), name);
        showPage(hotspots_);
    });
    connect(hosts_, &HostsPage::hostOpened, this, [this](const QString& address, const QString& token) {
        if (controller_.isRunning()) {
            statusBar()->showMessage(tr("Stop the measurement first: the Live page shows one run at a time"), 8000);
            return;
        }
        letOtherSourcesGo();
        shown_->showNoResult(address);
        shown_->setContextLine(tr("<b>%1</b>: live from its agent, from the next interval on").arg(address.toHtmlEscaped()));
        // Until its first interval or a failure the host shows nothing, never the figures of the source before
        // (an agent behind a firewall that drops packets may not answer for long).
        live_->beginRun({});
        overview_->showConnecting(address);
        stateLabel_->setText(tr("Watching %1").arg(address)); // not a replay's state any more
        statusBar()->clearMessage(); // an earlier "Opened FILE" is not what is shown now
        liveHost_->open(address, token);
        showPage(overview_);
    });
    connect(hosts_, &HostsPage::savedHostOpened, this, [this](const MeasurementResult& run, const QString& host) {
        showSession(run, tr("%1, host %2").arg(fleetFile_, host));
    });
    // A live host's run is read from its journal: off the GUI thread, as a finished run's is for a comparison.
    connect(hosts_, &HostsPage::compareRequested, this, [this](const QString& a, const QString& b) {
        compareInBackground(
            [runA = hosts_->runOf(a), runB = hosts_->runOf(b)] { return SessionPair{runA.result(), runB.result()}; });
    });
    connect(hosts_, &HostsPage::saveRequested, this, &MainWindow::chooseAndSaveFleetSession);
    connect(liveHost_, &LiveHost::described, this, [this](const QString& text) {
        shown_->setContextLine(tr("<b>%1</b>: live from its agent. %2")
                                 .arg(liveHost_->address().toHtmlEscaped(), text.toHtmlEscaped()));
    });
    connect(liveHost_, &LiveHost::failed, this, [this] {
        shown_->setContextLine(
            tr("<b>%1</b>: %2").arg(liveHost_->address().toHtmlEscaped(), hostProblemText().toHtmlEscaped()));
    });
}

void MainWindow::wireSavedSessions() {
    connect(recorder_, &RunRecorder::sessionSaved, sessions_->recent(), &RecentSessionsModel::refresh);
    // A save that succeeds after failing (room was made) keeps the run again.
    connect(recorder_, &RunRecorder::sessionSaved, this, [this] {
        if (shown_->isLiveRun()) shown_->setContextLine(finishedRunText());
    });
    connect(recorder_, &RunRecorder::saveFailed, this, &MainWindow::sessionNotSaved);
    connect(sessions_, &SessionsPage::openRequested, this, &MainWindow::openSession);
    connect(sessions_, &SessionsPage::compareRequested, this, &MainWindow::compareSessions);
    // Export chart follows what the current page draws.
    connect(pages_, &QTabWidget::currentChanged, this, &MainWindow::updateFileActions);
    connect(sessions_->comparison(), &SessionComparisonView::timelinesSelected, this, &MainWindow::updateFileActions);
    connect(sessions_->comparison()->model(), &QAbstractItemModel::modelReset, this, &MainWindow::updateFileActions);
}

void MainWindow::wireEvents() {
    connect(events_, &EventBrowser::eventsChosen, this, [this](const QStringList& events) {
        setup_->addEvents(events);
        statusBar()->showMessage(tr("Added to the measurement: %1").arg(events.join(QLatin1String(", "))), 5000);
    });
    connect(events_, &EventBrowser::groupSaved, this, [this](const QString& path, const QString& name) {
        setup_->reloadGroups();
        statusBar()->showMessage(tr("Saved group %1 to %2: it is now in the measurement's group list").arg(name, path),
                                 8000);
    });
}

// The capability banner above the tabs, the program's output in a dock below, the state in the status bar.
void MainWindow::layOut() {
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
    // The pages get the room; the log opens itself when there is something to read.
    logDock->hide();
    connect(&controller_, &MeasurementController::outputArrived, logDock, [logDock](const QString&, bool isStderr) {
        if (isStderr) logDock->show();
    });
    connect(&controller_, &MeasurementController::finished, logDock, [logDock](const MeasurementResult& result) {
        if (result.exitStatus.value_or(0) != 0) logDock->show();
    });

    statusBar()->addPermanentWidget(stateLabel_);
    connect(&controller_, &MeasurementController::stateChanged, this, &MainWindow::onStateChanged);
    connect(&controller_, &MeasurementController::finished, this, &MainWindow::onFinished);
    onStateChanged(controller_.state());
}

void MainWindow::wireReplay() {
    connect(replay_, &ReplayController::started, liveHost_, &LiveHost::drop);
    connect(replay_, &ReplayController::started, this, [this] {
        // Replaying from the start is about the timeline; showing all of it answers "how did it do".
        if (!isCurrentPage(live_) && !isCurrentPage(overview_)) showPage(overview_);
    });
    connect(replay_, &ReplayController::intervalsArrived, this, &MainWindow::updateReplaySource);
    connect(replay_, &ReplayController::stateChanged, this, &MainWindow::updateReplaySource);
}

void MainWindow::updateReplaySource() {
    if (replayFile_.isEmpty()) return;
    const MeasurementResult& shown = replay_->result();
    const QString recorded = QString::fromStdString(shown.startedAt).toHtmlEscaped();
    // Made-up data (a test fixture) is never taken for a recording.
    QString text = shown.synthetic.empty()
                       ? tr("<b>Replay</b> of %1, recorded %2: saved data, not measured now. %3")
                             .arg(replayFile_.toHtmlEscaped(), recorded, replay_->statusText().toHtmlEscaped())
                       : tr("<b>Replay</b> of %1: <b>synthetic data</b>, not measured on any machine (%2). %3")
                             .arg(replayFile_.toHtmlEscaped(), QString::fromStdString(shown.synthetic).toHtmlEscaped(),
                                  replay_->statusText().toHtmlEscaped());
    // Whole-run figures of a session that never got its final save are rebuilt, not measured: say so.
    if (shown.incomplete)
        text += tr(" <b>Incomplete</b>: the run never finished saving; its whole-run totals and metrics were "
                   "computed from the %n interval(s) saved.", "", int(shown.intervals.size()));
    shown_->setContextLine(text);
    stateLabel_->setText(replay_->statusText());
}

// The check opens and closes perf counters (tens of milliseconds, longer on a
// loaded machine): the window is up and usable meanwhile.
void MainWindow::checkCapabilitiesInBackground() {
    banner_->showChecking();
    capabilities_->showChecking();
    connect(check_, &QFutureWatcherBase::finished, this, [this] { onCapabilitiesChecked(check_->result()); });
    // The architecture is identified on the same worker: it reads sysfs and libpfm4's detection.
    check_->setFuture(QtConcurrent::run([&machine = machine_] {
        machine.cpuArch();
        return checkCapabilities(machine);
    }));
}

void MainWindow::onCapabilitiesChecked(std::vector<Capability> capabilities) {
    // What the top-down view advises a session without a top-down group: this architecture's TMA group,
    // and whether the hardware PMU it needs is here.
    TopDownAdvice advice;
    advice.known = true;
    advice.arch = QString::fromStdString(machine_.cpuArch().arch);
    if (const auto tma = machine_.groups().find("TMA"); tma && tma->problem.empty()) advice.group = QStringLiteral("TMA");
    for (const Capability& c : capabilities)
        if (c.id == "hardware_pmu") {
            advice.countable = c.available;
            advice.why = QString::fromStdString(c.detail);
        }
    live_->topDown()->setAdvice(std::move(advice));
    banner_->setCapabilities(capabilities);
    capabilities_->setCapabilities(capabilities);
    const auto& topology = machine_.topology();
    capabilities_->setProcessor(topology ? &topology->cpu : nullptr, machine_.cpuArch());
    capabilitiesKnown_ = true;
    emit capabilitiesChecked();
    if (std::exchange(startWhenChecked_, false)) {
        showPage(setup_);
        (void)setup_->actions()->startMeasurement(); // a failure shows its dialog
    }
}

// The check uses `machine_`, which may go right after the window: it must be done first.
MainWindow::~MainWindow() { check_->waitForFinished(); }

void MainWindow::createMenus() {
    MeasurementActions* session = setup_->actions();
    session->startAction()->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)});
    session->pauseAction()->setShortcut(QKeySequence(Qt::Key_F6));
    session->stopAction()->setShortcuts({QKeySequence(Qt::SHIFT | Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_Period)});

    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open session or perf.data…"), this, &MainWindow::chooseAndOpen);
    open->setShortcut(QKeySequence::Open);
    export_ = file->addAction(tr("&Export report…"), this, &MainWindow::chooseAndExport);
    export_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportChart_ = file->addAction(tr("Export c&hart…"), this, &MainWindow::chooseAndExportCharts);
    exportChart_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportChart_->setToolTip(tr("Save the charts of this page as a PNG or SVG image"));
    compare_ = file->addAction(tr("&Compare with…"), this, &MainWindow::chooseAndCompare);
    connect(file, &QMenu::aboutToShow, this, &MainWindow::updateFileActions);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(session->startAction());
    run->addAction(session->pauseAction());
    run->addAction(session->stopAction());
    run->addSeparator();
    replayActions_->replayAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    replayActions_->pauseAction()->setShortcut(QKeySequence(Qt::Key_F8));
    replayActions_->showAllAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_End));
    replayActions_->normalSpeedAction()->setIconText(tr("1×"));
    replayActions_->fastSpeedAction()->setIconText(tr("10×"));
    run->addActions(replayActions_->actions());

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

    QMenu* settingsMenu = menuBar()->addMenu(tr("Se&ttings"));
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
    help->addAction(tr("What can be counted &here"), this, [this] { showPage(capabilities_); });
    help->addSeparator();
    help->addAction(tr("&About perfdash"), this, &MainWindow::about);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);

    QToolBar* tools = addToolBar(tr("Measurement"));
    tools->setObjectName(QStringLiteral("sessionToolBar"));
    tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tools->addAction(session->startAction());
    tools->addAction(session->pauseAction());
    tools->addAction(session->stopAction());
    tools->addSeparator();
    tools->addAction(open);
    tools->addAction(export_);
    tools->addSeparator();
    tools->addAction(showLog);

    // Only while a saved session is open: says "Replay" so it is never taken for a measurement.
    replayBar_ = addToolBar(tr("Replay"));
    replayBar_->setObjectName(QStringLiteral("replayToolBar"));
    replayBar_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    auto* replayTitle = new QLabel(tr("<b>Replay</b>"), replayBar_);
    replayTitle->setContentsMargins(6, 0, 6, 0);
    replayBar_->addWidget(replayTitle);
    replayBar_->addAction(replayActions_->replayAction());
    replayBar_->addAction(replayActions_->pauseAction());
    replayBar_->addSeparator();
    replayBar_->addAction(replayActions_->normalSpeedAction());
    replayBar_->addAction(replayActions_->fastSpeedAction());
    replayBar_->addSeparator();
    replayBar_->addAction(replayActions_->showAllAction());
    updateFileActions();
}

Status MainWindow::apply(const AppOptions& options) {
    if (!options.sessionFile.isEmpty()) {
        openSession(options.sessionFile);
        return {};
    }
    // --demo is the session that works anywhere, whatever the last one was.
    if (options.demo) setup_->setState(defaultSetupState(controller_));
    else if (options.prefillsForm()) setup_->setState(options.applyTo(setup_->state()));
    if (!options.start) return {};
    if (!capabilitiesKnown_) {
        startWhenChecked_ = true;
        return {};
    }
    showPage(setup_);
    return setup_->actions()->startMeasurement();
}

int MainWindow::tabOf(const QWidget* widget) const {
    for (int i = 0; i < pages_->count(); ++i)
        if (pages_->widget(i) == widget || pages_->widget(i)->isAncestorOf(widget)) return i;
    return -1;
}

void MainWindow::showPage(QWidget* page) { pages_->setCurrentIndex(tabOf(page)); }

bool MainWindow::isCurrentPage(const QWidget* page) const { return tabOf(page) == pages_->currentIndex(); }

QWidget* MainWindow::currentPage() const { return pages_->currentWidget(); }

QString MainWindow::sourceText() const { return shown_->name(); }

const MeasurementResult* MainWindow::currentSession() const { return shown_->result(); }

void MainWindow::showRegionsOf(const MeasurementResult& result) {
    if (!result.regions.empty() || result.config.marker) regions_->setResult(result);
}

void MainWindow::updateFileActions() {
    if (export_) export_->setEnabled(shown_->canExport());
    if (compare_) compare_->setEnabled(shown_->canExport());
    if (exportChart_) {
        // The live timeline builds its charts at the next frame: its data says whether there will be one.
        const TimelineData& live = live_->timeline()->data();
        const bool liveHasData = !live.series().empty() && live.store().size() > 0;
        const bool comparisonHasChart = sessions_->comparison()->timelineChart()->chart() != nullptr;
        exportChart_->setEnabled(isCurrentPage(live_) ? liveHasData
                                 : isCurrentPage(sessions_) ? comparisonHasChart
                                                                   : false);
    }
}

std::vector<TimelineChart*> MainWindow::chartsOnCurrentPage() const {
    if (isCurrentPage(live_)) {
        TimelineView* timeline = live_->timeline();
        timeline->flush(); // charts for data that arrived since the last frame
        if (timeline->data().store().size() > 0) return timeline->charts();
    }
    if (isCurrentPage(sessions_))
        if (TimelineChart* overlay = sessions_->comparison()->timelineChart()->chart()) return {overlay};
    return {};
}

void MainWindow::exportCharts(const QString& path) {
    const std::vector<TimelineChart*> charts = chartsOnCurrentPage();
    if (charts.empty())
        return fail(tr("No chart to export"),
                    tr("Show a timeline on the Live page, or select a row of a comparison, then export its chart."));
    const QString suffix = QFileInfo(path).suffix().toLower();
    Status written = suffix == QLatin1String("png")   ? saveChartsAsPng(charts, path)
                     : suffix == QLatin1String("svg") ? saveChartsAsSvg(charts, path)
                                                      : makeError(tr("%1: the chart is saved as PNG or SVG; choose a "
                                                                     "file name ending in .png or .svg.")
                                                                      .arg(path)
                                                                      .toStdString());
    if (!written) return fail(tr("Cannot export the chart"), QString::fromStdString(written.error().message));
    statusBar()->showMessage(tr("Chart written to %1").arg(path), 8000);
    emit chartsExported(path);
}

void MainWindow::chooseAndExportCharts() {
    if (chartsOnCurrentPage().empty()) return;
    const QString png = tr("PNG image (*.png)"), svg = tr("SVG image, for reports (*.svg)");
    QString filter = png;
    QString path = QFileDialog::getSaveFileName(this, tr("Export chart"), QString(), png + QLatin1String(";;") + svg,
                                                &filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += filter == svg ? QLatin1String(".svg") : QLatin1String(".png");
    exportCharts(path);
}

void MainWindow::fail(const QString& title, const QString& message, const QString& advice) {
    emit fileOperationFailed(message);
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setInformativeText(advice);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

// The recorder keeps what it could not write in memory (RunRecorder::recordedRun), and the export reads the run
// from there: the dialog says so, and what would lose it, since only the user can keep it now.
void MainWindow::sessionNotSaved(const QString& message) {
    const bool running = controller_.isRunning();
    const QString advice =
        running ? tr("The measurement goes on. The intervals that could not be saved are kept in memory, with the "
                     "ones still to come, so none is lost.\n\nTo keep the whole run, choose File → Export report… "
                     "when it has ended (Run → Stop ends it now) and save it as a .json report where there is room: "
                     "it opens again like any session. Quitting perfdash, starting another run or opening another "
                     "session before that loses the intervals kept in memory.")
                : tr("The run has ended. The intervals that could not be saved are kept in memory, so none is lost."
                     "\n\nTo keep the whole run, choose File → Export report… and save it as a .json report where "
                     "there is room: it opens again like any session. Quitting perfdash, starting another run or "
                     "opening another session before that loses the intervals kept in memory.");
    // The recorder's message starts a sentence inside other messages; here it starts the dialog.
    QString what = message;
    if (!what.isEmpty()) what[0] = what[0].toUpper();
    fail(tr("The session cannot be saved"), what, advice);
    if (shown_->isLiveRun()) shown_->setContextLine(finishedRunText());
}

QString MainWindow::finishedRunText() const {
    if (recorder_->saveFailing())
        return shown_->exportedTo().isEmpty()
                   ? tr("<b>Finished</b>: its session could not be saved, so the intervals are kept in memory only: "
                        "File → Export report… keeps them")
                   : tr("<b>Finished</b>: its session could not be saved; the run was exported to %1")
                         .arg(shown_->exportedTo().toHtmlEscaped());
    return tr("<b>Finished</b>: the run's counters, saved as a session (File → Export to write a report)");
}

void MainWindow::openSession(const QString& path) {
    if (controller_.isRunning() || controller_.state() == MeasurementController::State::Finishing)
        return fail(tr("Cannot open the session"),
                    tr("A measurement is running and the Live page is showing it: stop it (Run → Stop), then open %1.")
                        .arg(path));
    if (isPerfDataPath(path)) return openPerfData(path);
    struct Loaded {
        Result<MeasurementResult> counts;
        Result<std::shared_ptr<const Profile>> samples;
    };
    auto* watcher = new QFutureWatcher<Loaded>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        const Loaded both = watcher->result();
        const Result<MeasurementResult>& loaded = both.counts;
        if (!loaded) return fail(tr("Cannot open the session"), QString::fromStdString(loaded.error().message));
        const QString name = QFileInfo(path).fileName();
        showSession(*loaded, name);
        // Its counts open even where its samples cannot be read; the Hotspots page says why.
        if (!both.samples)
            hotspots_->showNone(tr("The samples of <b>%1</b> cannot be read: %2")
                                    .arg(name.toHtmlEscaped(), htmlEscaped(both.samples.error().message)));
        else if (*both.samples)
            hotspots_->showProfile(*both.samples, name);
        // A fleet session's hosts: the Hosts page shows them as it showed them live, each a click from its replay.
        if (!loaded->hosts.empty()) {
            fleetFile_ = name;
            hosts_->showSaved(*loaded, name);
            showPage(hosts_);
        } else if (hosts_->showsSaved()) {
            hosts_->showLive();
        }
        statusBar()->showMessage(tr("Opened %1").arg(path), 5000);
        emit sessionOpened(path);
    });
    watcher->setFuture(QtConcurrent::run([path] { return Loaded{loadSessionFile(path), loadSessionProfile(path)}; }));
}

QString MainWindow::liveHotspotsText() const {
    return tr("No samples: tick <i>Sample by function too</i> on the Measure page and start, to see here where the "
              "group's events happen, by function, source line and call stack, as the program runs. A session of "
              "<code>perfdash-cli record</code> shows here too (File → Open).");
}

void MainWindow::showSession(const MeasurementResult& session, const QString& name) {
    // A session with samples shows them once they are read (openSession); this one has none of its own yet.
    hotspots_->showNone(tr("<b>%1</b> holds counts only, no samples: <code>perfdash-cli record</code> records both, "
                           "and its session shows here where the events happen.")
                            .arg(name.toHtmlEscaped()));
    shown_->showResult(session, tr("Replay of %1").arg(name));
    showRegionsOf(session);
    replayFile_ = name;
    replay_->setResult(session);
    replayActions_->setAvailable(true);
    replayBar_->show();
    // All of it first (people want to see the data); Run → Replay from start paces it.
    replay_->showAll();
    updateReplaySource();
    setWindowTitle(tr("perfdash — replay of %1").arg(name));
    showPage(overview_);
}

void MainWindow::openPerfData(const QString& path) {
    auto* watcher = new QFutureWatcher<Result<std::shared_ptr<const Profile>>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        const Result<std::shared_ptr<const Profile>> loaded = watcher->result();
        if (!loaded)
            return fail(tr("Cannot open the perf.data file"), QString::fromStdString(loaded.error().message));
        const QString name = QFileInfo(path).fileName();
        // Whatever was shown before goes: a perf.data file has samples only, so the counting pages stay empty
        // and their context line says where its samples are.
        letOtherSourcesGo();
        if (hosts_->showsSaved()) hosts_->showLive();
        regions_->clear();
        const QString context = tr("<b>%1</b>, a file of <code>perf record</code>: samples only, no counts; its "
                                   "functions, call stacks and flame graph are on the Hotspots page")
                                    .arg(name.toHtmlEscaped());
        shown_->showNoResult(name);
        shown_->setContextLine(context);
        overview_->showNoCounts(context);
        live_->showNoCounts(tr("%1 holds samples, no counts: see the Hotspots page.").arg(name));
        hotspots_->showProfile(*loaded, name);
        setWindowTitle(tr("perfdash — %1 (perf record)").arg(name));
        stateLabel_->setText(tr("perf.data"));
        showPage(hotspots_);
        statusBar()->showMessage(tr("Opened %1").arg(path), 5000);
        emit sessionOpened(path);
    });
    watcher->setFuture(QtConcurrent::run([path] { return loadPerfDataProfile(path); }));
}

void MainWindow::saveFleetSession(const QString& path) {
    auto* watcher = new QFutureWatcher<Status>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        if (const Status written = watcher->result(); !written)
            return fail(tr("Cannot save the fleet session"), QString::fromStdString(written.error().message));
        sessions_->recent()->refresh();
        statusBar()->showMessage(tr("Fleet session saved to %1").arg(path), 8000);
        emit fleetSessionSaved(path);
    });
    // Read from the hosts' journals and written on a worker thread: a long watch of many hosts is large.
    watcher->setFuture(QtConcurrent::run([hosts = hosts_->recorded(), path]() -> Status {
        Result<MeasurementResult> session = fleetSession(hosts.result());
        if (!session) return session.error();
        return exportReport(*session, path, ExportFormat::Json);
    }));
}

void MainWindow::chooseAndSaveFleetSession() {
    const QString suggested = QString::fromStdString(
        uniqueSessionPath(sessions_->recent()->directory().toStdString(), sessionFileName(isoLocalNow(), "fleet")));
    QString path = QFileDialog::getSaveFileName(this, tr("Save fleet session"), suggested, sessionFileFilter());
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1String(".json");
    saveFleetSession(path);
}

void MainWindow::exportSession(const QString& path) {
    if (!shown_->canExport()) return fail(tr("Nothing to export"), tr("Run a measurement or open a saved session first."));
    auto* watcher = new QFutureWatcher<Status>(this);
    // A JSON report holds every interval and opens as a session: a live run whose own file failed is kept then,
    // that run only: another may have ended (and failed to save) while this one was written.
    const bool keepsLiveRun = shown_->isLiveRun() && exportFormatForPath(path) == ExportFormat::Json;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path, keepsLiveRun, run = shown_->runNumber()] {
        watcher->deleteLater();
        if (const Status written = watcher->result(); !written)
            return fail(tr("Cannot export the report"), QString::fromStdString(written.error().message));
        if (keepsLiveRun && shown_->isLiveRun() && run == shown_->runNumber()) {
            shown_->noteExported(run, path);
            shown_->setContextLine(finishedRunText());
        }
        statusBar()->showMessage(tr("Report written to %1").arg(path), 8000);
        emit sessionExported(path);
    });
    // Async: the continuation never runs on the GUI thread, even when the session is at hand already.
    // A recorded session's samples go with it (the Hotspots page shows those of the run shown).
    const ExportSamples samples{hotspots_->profile(), hotspots_->profileName().toStdString()};
    watcher->setFuture(shown_->withIntervals().then(QtFuture::Launch::Async, [path, samples, hook = exportHook_](Result<MeasurementResult> run) -> Status {
        if (!run) return run.error();
        if (hook) hook();
        return exportReport(*run, path, samples);
    }));
}

QString MainWindow::hostProblemText() const {
    return tr("%1; %2, then click the host again.").arg(liveHost_->problem(), liveHost_->advice());
}

void MainWindow::compareInBackground(std::function<SessionPair()> load) {
    auto* watcher = new QFutureWatcher<SessionPair>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        SessionPair loaded = watcher->result();
        for (const auto* r : {&loaded.a, &loaded.b})
            if (!*r) return fail(tr("Cannot compare the sessions"), QString::fromStdString(r->error().message));
        // The counts compare even where the samples cannot be read; the functions' tab says why not.
        QString problem;
        for (const auto* s : {&loaded.samplesA, &loaded.samplesB})
            if (!*s) problem = tr("The samples cannot be compared: %1").arg(QString::fromStdString(s->error().message));
        sessions_->showComparison(std::move(*loaded.a), std::move(*loaded.b), loaded.samplesA ? *loaded.samplesA : nullptr,
                                  loaded.samplesB ? *loaded.samplesB : nullptr, problem);
        showPage(sessions_);
    });
    watcher->setFuture(QtConcurrent::run(std::move(load)));
}

void MainWindow::compareSessions(const QString& pathA, const QString& pathB) {
    compareInBackground([pathA, pathB] {
        return SessionPair{loadSessionFile(pathA), loadSessionFile(pathB), loadSessionProfile(pathA), loadSessionProfile(pathB)};
    });
}

void MainWindow::chooseAndOpen() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open session or perf.data file"),
                                                      sessions_->recent()->directory(), openFileFilter());
    if (!path.isEmpty()) openSession(path);
}

void MainWindow::chooseAndExport() {
    if (!shown_->canExport()) return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export report"), QString(), exportFileFilters());
    if (!path.isEmpty()) exportSession(path);
}

void MainWindow::chooseAndCompare() {
    if (!shown_->canExport()) return;
    const QString other = QFileDialog::getOpenFileName(this, tr("Compare with session"),
                                                       sessions_->recent()->directory(), sessionFileFilter());
    if (other.isEmpty()) return;
    // The current session as A (a finished run read back from its recorder; its samples are the Hotspots
    // page's, which shows the run shown), B from its file.
    compareInBackground([a = shown_->withIntervals(), samplesA = hotspots_->profile(), other]() mutable {
        return SessionPair{a.result(), loadSessionFile(other), Result<std::shared_ptr<const Profile>>(samplesA),
                           loadSessionProfile(other)};
    });
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!openableFilesInDrop(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QStringList files = openableFilesInDrop(event->mimeData());
    if (files.isEmpty()) return;
    event->acceptProposedAction();
    // One file opens; two sessions are compared (perf.data files have no counts to compare: the first opens).
    if (files.size() >= 2 && !isPerfDataPath(files[0]) && !isPerfDataPath(files[1])) compareSessions(files[0], files[1]);
    else openSession(files[0]);
}

void MainWindow::onStateChanged(MeasurementController::State state) {
    switch (state) {
    case MeasurementController::State::Idle: stateLabel_->setText(tr("Ready")); break;
    case MeasurementController::State::Running: stateLabel_->setText(tr("Measuring")); break;
    case MeasurementController::State::Paused: stateLabel_->setText(tr("Paused")); break;
    case MeasurementController::State::Finishing: stateLabel_->setText(tr("Finishing…")); break;
    case MeasurementController::State::Finished: stateLabel_->setText(tr("Finished")); break;
    }
}

void MainWindow::onFinished(const MeasurementResult& result) {
    shown_->showFinishedRun(result, tr("Live"));
    showRegionsOf(result);
    shown_->setContextLine(finishedRunText());
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
    settings_.setValue(QLatin1String(kPageKey), pages_->currentIndex());
    setup_->saveSettings(settings_);
    settings_.sync();
}

void MainWindow::restoreSettings() {
    if (settings_.contains(QLatin1String(kGeometryKey)))
        restoreGeometry(settings_.value(QLatin1String(kGeometryKey)).toByteArray());
    // When the log opens it is a strip below the pages, not half the window.
    auto* logDock = findChild<QDockWidget*>(QStringLiteral("logDock"));
    resizeDocks({logDock}, {height() / 6}, Qt::Vertical);
    restoreState(settings_.value(QLatin1String(kStateKey)).toByteArray());
    const int page = settings_.value(QLatin1String(kPageKey), 0).toInt();
    // A replay or a run is not restored, so the Overview and Live pages would be empty: start on the form instead.
    if (QWidget* saved = pages_->widget(page); saved && saved != overview_ && !saved->isAncestorOf(live_))
        pages_->setCurrentIndex(page);
    setup_->restoreSettings(settings_);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    const bool running = controller_.isRunning();
    // A run whose session file could not be written lives only in this process until it is exported. Only
    // while it runs or is the current session can File → Export still keep it: once another session is
    // open the not-saved dialog already said it was lost, and asking now would point at an export of the other.
    const bool liveRun = running || controller_.state() == MeasurementController::State::Finishing || shown_->isLiveRun();
    const bool onlyInMemory = recorder_->saveFailing() && liveRun && shown_->exportedTo().isEmpty();
    if (running || onlyInMemory) {
        const QString question =
            !onlyInMemory ? tr("A measurement is running. Stop it and quit? A launched program is terminated.")
            : running     ? tr("A measurement is running and its session could not be saved: quitting stops it, "
                               "terminates a launched program and loses the intervals kept in memory (File → "
                               "Export report… keeps them once it has ended). Quit anyway?")
                          : tr("The last run's session could not be saved: quitting loses the intervals kept in "
                               "memory (File → Export report… keeps them). Quit anyway?");
        const auto answer = QMessageBox::question(this, running ? tr("Measurement running") : tr("Run not saved"),
                                                  question, QMessageBox::Yes | QMessageBox::Cancel,
                                                  QMessageBox::Cancel);
        if (answer != QMessageBox::Yes) {
            event->ignore();
            return;
        }
        if (running) controller_.stop();
    }
    if (probes_->isBusy()) probes_->cancel();
    saveSettings();
    event->accept();
}

} // namespace perfdash
