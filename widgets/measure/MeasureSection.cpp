#include "widgets/measure/MeasureSection.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <QWhatsThis>

#include "core/events/EventList.h"
#include "core/groups/GroupLibrary.h"
#include "widgets/measure/BackendPicker.h"
#include "widgets/measure/FieldMessage.h"
#include "widgets/measure/GroupDetails.h"
#include "widgets/measure/GroupListModel.h"

namespace perfdash {

namespace {

// docs/marker.md in a paragraph, for the marker choice's tooltip and "?" button.
QString markerExplanation() {
    return MeasureSection::tr(
        "<p>For a program instrumented with the marker API: besides the whole program, every code region between "
        "<code>PERFDASH_MARKER_START(\"name\")</code> and <code>PERFDASH_MARKER_STOP(\"name\")</code> is counted "
        "per thread with the chosen groups, like likwid-perfctr -m. The results appear in the Regions view.</p>"
        "<p>Build the program with <code>-DPERFDASH_PERFMON</code> and link it with <code>-lperfdash_marker</code>; "
        "call <code>PERFDASH_MARKER_INIT</code> once at the start and <code>PERFDASH_MARKER_CLOSE</code> at the end. "
        "A program written for likwid (<code>LIKWID_MARKER_*</code>) needs only a rebuild against perfdash's "
        "<code>likwid-marker.h</code>. Without the markers the run still counts the whole program and says that "
        "no regions were reported.</p><p>The whole guide: docs/marker.md.</p>");
}

} // namespace

MeasureSection::MeasureSection(const GroupLibrary& groups, const SlotResolver& naming, std::vector<BackendInfo> backends,
                               QWidget* parent)
    : QGroupBox(tr("Measure"), parent),
      groups_(groups),
      naming_(naming),
      groupModel_(new GroupListModel(naming, this)),
      groupView_(new QTreeView(this)),
      details_(new GroupDetails(this)),
      events_(new QLineEdit(this)),
      interval_(new QSpinBox(this)),
      duration_(new QDoubleSpinBox(this)),
      backend_(new BackendPicker(this)),
      marker_(new QCheckBox(tr("Count &marker regions (the program uses the perfdash/likwid marker API)"), this)),
      sample_(new QCheckBox(tr("Sample b&y function too (Hotspots page)"), this)),
      sampleHz_(new QSpinBox(this)),
      callGraph_(new QComboBox(this)),
      groupsMessage_(new FieldMessage(this)),
      eventsMessage_(new FieldMessage(this)),
      restoreMessage_(new FieldMessage(this)) {
    groupModel_->setGroups(groups.list());
    groupView_->setModel(groupModel_);
    groupView_->setRootIsDecorated(false);
    groupView_->setUniformRowHeights(true);
    groupView_->setAllColumnsShowFocus(true);
    groupView_->setAccessibleName(tr("Performance groups"));
    groupView_->setToolTip(tr("Tick the groups to measure; select one to see its events and formulas"));
    groupView_->header()->setSectionResizeMode(GroupListModel::NameColumn, QHeaderView::ResizeToContents);
    groupView_->header()->setSectionResizeMode(GroupListModel::ResolvesColumn, QHeaderView::ResizeToContents);
    groupView_->header()->setStretchLastSection(true);
    // Eight groups in view even on an 800-px screen: choosing them is this section's main job.
    groupView_->setMinimumHeight(groupView_->header()->sizeHint().height() + 8 * groupView_->fontMetrics().height() +
                                 2 * groupView_->frameWidth() + 6);
    connect(groupView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MeasureSection::showDetailsOf);
    connect(groupModel_, &GroupListModel::checkedGroupsChanged, this, &MeasureSection::changed);
    connect(groupModel_, &GroupListModel::checkedGroupsChanged, restoreMessage_, &FieldMessage::clear);

    events_->setPlaceholderText(tr("e.g. page-faults,sched:sched_switch,cpu/event=0x3c/"));
    events_->setToolTip(tr("Events measured together as one set, besides the groups: perf names, pmu/…/ terms, "
                           "tracepoints and libpfm4 names, separated by commas"));
    events_->setClearButtonEnabled(true);
    connect(events_, &QLineEdit::textChanged, this, &MeasureSection::changed);

    interval_->setRange(0, 60000);
    interval_->setSingleStep(50);
    interval_->setSuffix(tr(" ms"));
    interval_->setSpecialValueText(tr("totals only"));
    interval_->setToolTip(tr("How often the counters are read for the timeline; \"totals only\" reads them at the end"));
    connect(interval_, &QSpinBox::valueChanged, this, &MeasureSection::changed);

    duration_->setRange(0, 7 * 24 * 3600);
    duration_->setDecimals(1);
    duration_->setSuffix(tr(" s"));
    duration_->setSpecialValueText(tr("until it ends or Stop"));
    duration_->setToolTip(tr("Stop after this long (a launched program is then terminated)"));
    connect(duration_, &QDoubleSpinBox::valueChanged, this, &MeasureSection::changed);

    backend_->setBackends(std::move(backends));
    connect(backend_, &BackendPicker::changed, this, &MeasureSection::changed);

    marker_->setToolTip(markerExplanation());
    marker_->setWhatsThis(markerExplanation());
    connect(marker_, &QCheckBox::toggled, this, &MeasureSection::changed);
    auto* markerHelp = new QToolButton(this);
    markerHelp->setIcon(style()->standardIcon(QStyle::SP_MessageBoxQuestion, nullptr, this));
    markerHelp->setAutoRaise(true);
    markerHelp->setToolTip(tr("How to instrument a program"));
    markerHelp->setAccessibleName(tr("How to instrument a program"));
    connect(markerHelp, &QToolButton::clicked, this, [this, markerHelp] {
        QWhatsThis::showText(markerHelp->mapToGlobal(markerHelp->rect().bottomLeft()), markerExplanation(), markerHelp);
    });

    sample_->setToolTip(tr("Samples the first group's leader (a software clock where this machine cannot sample it) and "
                           "reads the group's other events with each sample, as perfdash-cli record does: the Hotspots "
                           "page shows the functions, lines and call stacks live, and the session keeps the samples"));
    connect(sample_, &QCheckBox::toggled, this, &MeasureSection::changed);
    sampleHz_->setRange(1, kMaxSampleHz);
    sampleHz_->setSingleStep(100);
    sampleHz_->setSuffix(tr(" Hz"));
    sampleHz_->setAccessibleName(tr("Samples per second"));
    sampleHz_->setToolTip(tr("About this many samples a second per thread or CPU (perf record -F)"));
    connect(sampleHz_, &QSpinBox::valueChanged, this, &MeasureSection::changed);
    callGraph_->addItem(tr("frame pointers"), QStringLiteral("fp"));
    callGraph_->addItem(tr("DWARF unwinding"), QStringLiteral("dwarf"));
    callGraph_->addItem(tr("no call stacks"), QStringLiteral("none"));
    callGraph_->setAccessibleName(tr("Call stacks"));
    callGraph_->setToolTip(tr("How call stacks are taken: frame pointers (cheap; needs programs built with them), DWARF "
                              "unwinding (any program with debug information; a copy of the stack per sample), or none"));
    connect(callGraph_, &QComboBox::currentIndexChanged, this, &MeasureSection::changed);
    // Rate and stacks mean something only while sampling.
    connect(sample_, &QCheckBox::toggled, sampleHz_, &QWidget::setEnabled);
    connect(sample_, &QCheckBox::toggled, callGraph_, &QWidget::setEnabled);
    sampleHz_->setEnabled(false);
    callGraph_->setEnabled(false);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    auto* listSide = new QWidget(splitter);
    auto* listLayout = new QVBoxLayout(listSide);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addWidget(groupView_, 1);
    listLayout->addWidget(groupsMessage_);
    listLayout->addWidget(restoreMessage_);
    splitter->addWidget(listSide);
    splitter->addWidget(details_);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);

    auto* eventsLabel = new QLabel(tr("&Events:"), this);
    eventsLabel->setBuddy(events_);
    auto* intervalLabel = new QLabel(tr("Inter&val:"), this);
    intervalLabel->setBuddy(interval_);
    auto* durationLabel = new QLabel(tr("Dura&tion:"), this);
    durationLabel->setBuddy(duration_);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(eventsLabel, events_);
    form->addRow(QString(), eventsMessage_);
    auto* timing = new QHBoxLayout;
    timing->addWidget(interval_);
    timing->addSpacing(fontMetrics().averageCharWidth() * 2);
    timing->addWidget(durationLabel);
    timing->addWidget(duration_);
    timing->addStretch(1);
    form->addRow(intervalLabel, timing);
    auto* backendLabel = new QLabel(tr("Count wit&h:"), this);
    backendLabel->setBuddy(backend_->combo());
    form->addRow(backendLabel, backend_);
    auto* markerRow = new QHBoxLayout;
    markerRow->addWidget(marker_);
    markerRow->addWidget(markerHelp);
    markerRow->addStretch(1);
    form->addRow(tr("Regions:"), markerRow);
    auto* sampleRow = new QHBoxLayout;
    sampleRow->addWidget(sample_);
    sampleRow->addWidget(sampleHz_);
    sampleRow->addWidget(callGraph_);
    sampleRow->addStretch(1);
    form->addRow(tr("Samples:"), sampleRow);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addLayout(form);
}

void MeasureSection::writeTo(SetupFormState& s) const {
    s.groups = groupModel_->checkedGroups();
    s.events = events_->text().trimmed();
    s.intervalMs = interval_->value();
    s.durationS = duration_->value();
    s.backend = backend_->backend();
    s.marker = marker_->isChecked();
    s.sample = sample_->isChecked();
    s.sampleHz = sampleHz_->value();
    s.callGraph = callGraph_->currentData().toString();
}

void MeasureSection::readFrom(const SetupFormState& s) {
    const QStringList missing = groupModel_->setCheckedGroups(s.groups);
    events_->setText(s.events);
    interval_->setValue(s.intervalMs);
    duration_->setValue(s.durationS);
    backend_->setBackend(s.backend);
    marker_->setChecked(s.marker);
    sample_->setChecked(s.sample);
    sampleHz_->setValue(s.sampleHz);
    callGraph_->setCurrentIndex(std::max(0, callGraph_->findData(s.callGraph)));
    if (!s.groups.isEmpty()) {
        const int row = groupModel_->rowOfGroup(groupModel_->checkedGroups().value(0));
        if (row >= 0) groupView_->setCurrentIndex(groupModel_->index(row, GroupListModel::NameColumn));
    }
    restoreMessage_->setMessage(missing.isEmpty() ? QString()
                                                  : tr("Saved groups no longer available here, left out: %1")
                                                        .arg(missing.join(QStringLiteral(", "))));
}

void MeasureSection::reloadGroups() { groupModel_->setGroups(groups_.list()); }

void MeasureSection::addEvents(const QStringList& events) {
    QStringList all;
    if (auto current = splitEventList(events_->text().trimmed().toStdString())) {
        for (const auto& e : *current) all << QString::fromStdString(e);
    } else if (!events_->text().trimmed().isEmpty()) {
        all << events_->text().trimmed(); // kept as typed; its problem stays flagged
    }
    for (const auto& e : events) {
        const QString trimmed = e.trimmed();
        if (!trimmed.isEmpty() && !all.contains(trimmed)) all << trimmed;
    }
    events_->setText(all.join(QLatin1Char(',')));
}

void MeasureSection::showDetailsOf(const QModelIndex& index) {
    if (!index.isValid()) return details_->showNothing();
    const QString name = index.siblingAtColumn(GroupListModel::NameColumn).data(GroupListModel::NameRole).toString();
    auto group = groups_.load(name.toStdString());
    if (group) details_->showGroup(*group, naming_);
    else details_->showProblem(name, QString::fromStdString(group.error().message));
}

void MeasureSection::setMode(MeasurementRequest::Mode mode) {
    const bool launch = mode == MeasurementRequest::Mode::Launch;
    marker_->setEnabled(launch);
    marker_->setToolTip(launch ? markerExplanation()
                               : tr("Only a launched program can count its marker regions: they are counted inside "
                                    "the program that perfdash starts."));
}

void MeasureSection::showProblems(const std::vector<FieldProblem>& problems) {
    auto first = [&](SetupField f) {
        for (const auto& p : problems)
            if (p.field == f) return p.message;
        return QString();
    };
    groupsMessage_->setMessage(first(SetupField::Groups));
    eventsMessage_->setMessage(first(SetupField::Events));
    backend_->setProblem(first(SetupField::Backend));
}

QString MeasureSection::problemAt(SetupField field) const {
    if (field == SetupField::Groups) return groupsMessage_->message();
    if (field == SetupField::Events) return eventsMessage_->message();
    if (field == SetupField::Backend) return backend_->problem();
    return {};
}

} // namespace perfdash
