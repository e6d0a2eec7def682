#include "widgets/setup/MeasureSection.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include "core/events/EventList.h"
#include "core/groups/GroupLibrary.h"
#include "widgets/setup/FieldMessage.h"
#include "widgets/setup/GroupDetails.h"
#include "widgets/setup/GroupListModel.h"

namespace perfdash {

MeasureSection::MeasureSection(const GroupLibrary& groups, QWidget* parent)
    : QGroupBox(tr("Measure"), parent),
      groups_(groups),
      groupModel_(new GroupListModel(this)),
      groupView_(new QTreeView(this)),
      details_(new GroupDetails(this)),
      events_(new QLineEdit(this)),
      interval_(new QSpinBox(this)),
      duration_(new QDoubleSpinBox(this)),
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
    groupView_->header()->setStretchLastSection(true);
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

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addLayout(form);
}

void MeasureSection::writeTo(SetupFormState& s) const {
    s.groups = groupModel_->checkedGroups();
    s.events = events_->text().trimmed();
    s.intervalMs = interval_->value();
    s.durationS = duration_->value();
}

void MeasureSection::readFrom(const SetupFormState& s) {
    const QStringList missing = groupModel_->setCheckedGroups(s.groups);
    events_->setText(s.events);
    interval_->setValue(s.intervalMs);
    duration_->setValue(s.durationS);
    if (!s.groups.isEmpty()) {
        const int row = groupModel_->rowOfGroup(groupModel_->checkedGroups().value(0));
        if (row >= 0) groupView_->setCurrentIndex(groupModel_->index(row, GroupListModel::NameColumn));
    }
    restoreMessage_->setMessage(missing.isEmpty() ? QString()
                                                  : tr("Saved groups no longer available here, left out: %1")
                                                        .arg(missing.join(QStringLiteral(", "))));
}

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
    if (group) details_->showGroup(*group);
    else details_->showProblem(name, QString::fromStdString(group.error().message));
}

void MeasureSection::showProblems(const std::vector<FieldProblem>& problems) {
    auto first = [&](SetupField f) {
        for (const auto& p : problems)
            if (p.field == f) return p.message;
        return QString();
    };
    groupsMessage_->setMessage(first(SetupField::Groups));
    eventsMessage_->setMessage(first(SetupField::Events));
}

QString MeasureSection::problemAt(SetupField field) const {
    if (field == SetupField::Groups) return groupsMessage_->message();
    if (field == SetupField::Events) return eventsMessage_->message();
    return {};
}

} // namespace perfdash
