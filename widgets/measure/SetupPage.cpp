#include "widgets/measure/SetupPage.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QScrollArea>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include "core/measurement/CountingBackends.h"
#include "widgets/run/MeasurementController.h"
#include "widgets/measure/CpuPicker.h"
#include "widgets/measure/DemoWorkload.h"
#include "widgets/measure/MeasureSection.h"
#include "widgets/measure/PlanPreview.h"
#include "widgets/measure/MeasurementActions.h"
#include "widgets/measure/SetupSettings.h"
#include "widgets/measure/TargetSection.h"

namespace perfdash {

namespace {
// Long enough to let a word be typed, short enough to feel immediate.
constexpr int kRefreshDelayMs = 300;
} // namespace

SetupPage::SetupPage(MeasurementController& controller, QWidget* parent, const QString& procRoot)
    : QWidget(parent),
      controller_(controller),
      target_(new TargetSection(nullptr, procRoot)),
      cpuBox_(new QGroupBox),
      cpus_(new CpuPicker),
      measure_(new MeasureSection(controller.machine().groups(), controller.machine().slotResolver(),
                                  describeBackends(controller.machine()))),
      preview_(new PlanPreview),
      actions_(new MeasurementActions(
          controller, [this] { return request(); }, [this] { return toSampling(state()); }, this)) {
    const auto& topology = controller.machine().topology();
    if (topology) cpus_->setTopology(*topology);
    else cpus_->setTopologyError(QString::fromStdString(topology.error().message));
    auto* cpuLayout = new QVBoxLayout(cpuBox_);
    cpuLayout->addWidget(cpus_);
    connect(cpuBox_, &QGroupBox::toggled, this, &SetupPage::scheduleRefresh);

    auto* buttons = new QHBoxLayout;
    for (QAction* action : {actions_->startAction(), actions_->pauseAction(), actions_->stopAction()}) {
        auto* button = new QToolButton;
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        buttons->addWidget(button);
    }
    buttons->addStretch(1);
    auto* planSide = new QWidget;
    auto* planLayout = new QVBoxLayout(planSide);
    planLayout->setContentsMargins(0, 0, 0, 0);
    planLayout->addWidget(preview_, 1);
    planLayout->addLayout(buttons);

    auto* left = new QSplitter(Qt::Vertical);
    left->addWidget(target_);
    left->addWidget(cpuBox_);
    left->setChildrenCollapsible(false);
    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(measure_);
    right->addWidget(planSide);
    right->setChildrenCollapsible(false);
    // On a short screen (800 px) the choice of groups and the notes under the
    // backend need the height more than the preview, which scrolls.
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    auto* columns = new QSplitter(Qt::Horizontal, this);
    columns->addWidget(left);
    columns->addWidget(right);
    columns->setChildrenCollapsible(false);
    columns->setStretchFactor(0, 2);
    columns->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(columns);

    refreshTimer_.setSingleShot(true);
    refreshTimer_.setInterval(kRefreshDelayMs);
    connect(&refreshTimer_, &QTimer::timeout, this, &SetupPage::refreshPlan);
    connect(target_, &TargetSection::changed, this, &SetupPage::scheduleRefresh);
    connect(target_, &TargetSection::modeChanged, this, &SetupPage::onModeChanged);
    connect(cpus_, &CpuPicker::cpuListChanged, this, &SetupPage::scheduleRefresh);
    connect(measure_, &MeasureSection::changed, this, &SetupPage::scheduleRefresh);
    connect(actions_, &MeasurementActions::startFailed, this, &SetupPage::showStartFailure);
    connect(&controller_, &MeasurementController::started, this, [this] {
        if (target_->mode() == MeasurementRequest::Mode::Launch) target_->rememberCurrentProgram();
    });

    setState(defaultSetupState(controller));
}

SetupFormState SetupPage::state() const {
    SetupFormState s;
    target_->writeTo(s);
    measure_->writeTo(s);
    s.cpuList = cpus_->cpuList();
    s.pinToCpus = cpuBox_->isCheckable() && cpuBox_->isChecked();
    return s;
}

void SetupPage::setState(const SetupFormState& s) {
    target_->readFrom(s);
    measure_->readFrom(s);
    cpus_->setCpuList(s.cpuList);
    onModeChanged(s.mode);
    if (s.mode == MeasurementRequest::Mode::Launch) cpuBox_->setChecked(s.pinToCpus);
    scheduleRefresh();
}

void SetupPage::onModeChanged(MeasurementRequest::Mode mode) {
    using Mode = MeasurementRequest::Mode;
    // Launch: pinning is optional; system-wide: the CPUs are the target; attach: threads run anywhere.
    cpuBox_->setVisible(mode != Mode::Attach);
    const bool pinnable = mode == Mode::Launch;
    if (pinnable != cpuBox_->isCheckable()) {
        cpuBox_->setCheckable(pinnable);
        if (pinnable) cpuBox_->setChecked(false);
    }
    cpuBox_->setTitle(pinnable ? tr("P&in the program to CPUs") : tr("CPUs to co&unt"));
    measure_->setMode(mode);
}

Result<MeasurementRequest> SetupPage::request() const {
    const SetupFormState s = state();
    std::vector<FieldProblem> problems = checkForm(s);
    const bool usesCpus = s.mode == MeasurementRequest::Mode::SystemWide || s.pinToCpus;
    if (usesCpus && !cpus_->cpus()) problems.push_back({SetupField::Cpus, cpus_->problem()});
    if (problems.empty()) return toRequest(s);
    QStringList lines;
    for (const auto& p : problems) lines << p.message;
    return makeError(lines.join(QLatin1Char('\n')).toStdString());
}

void SetupPage::addEvents(const QStringList& events) { measure_->addEvents(events); }

void SetupPage::saveSettings(QSettings& settings) const {
    saveSetupSettings(settings, state(), target_->recentPrograms());
}

void SetupPage::reloadGroups() { measure_->reloadGroups(); }

void SetupPage::restoreSettings(QSettings& settings) {
    RecentPrograms recent;
    auto saved = restoreSetupSettings(settings, recent);
    target_->setRecentPrograms(recent);
    if (saved) setState(*saved);
}

void SetupPage::scheduleRefresh() { refreshTimer_.start(); }

void SetupPage::refreshPlan() {
    refreshTimer_.stop();
    const SetupFormState s = state();
    // The picker flags its own syntax problems; only a list that is needed and empty/invalid counts here.
    evaluation_ = evaluateForm(s, cpus_->cpus() ? QString() : cpus_->problem(), controller_);
    target_->showProblems(evaluation_.problems);
    measure_->showProblems(evaluation_.problems);
    const QString cpuProblem = evaluation_.problemAt(SetupField::Cpus);
    if (cpus_->cpus()) cpus_->setProblem(cpuProblem); // an invalid list keeps the parser's message
    if (evaluation_.plan) preview_->showPlan(*evaluation_.plan, !evaluation_.problems.empty());
    else preview_->showNoPlan(evaluation_.problemAt(SetupField::General));
    emit evaluated();
}

void SetupPage::showStartFailure(const QString& message) {
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot start the measurement"), message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace perfdash
