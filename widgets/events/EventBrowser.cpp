#include "widgets/events/EventBrowser.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>
#include <map>
#include <set>

#include "core/events/LibpfmTable.h"
#include "widgets/events/AvailabilityScan.h"
#include "widgets/events/CustomEventSetModel.h"
#include "widgets/events/EventDetailsView.h"
#include "widgets/events/EventFilterProxyModel.h"
#include "widgets/events/EventTableModel.h"
#include "widgets/events/SaveGroupDialog.h"

namespace perfdash {

namespace {

// Coalesces the keystrokes of fast typing into one filter pass.
constexpr int kFilterDelayMs = 80;

// Sizes in characters of the font in use, so that columns follow the user's font.
int textWidth(const QWidget* w, int characters) { return w->fontMetrics().averageCharWidth() * characters; }

// A column just wide enough for `text` and the cell's margins.
int cellWidth(const QWidget* w, const QString& text) {
    return w->fontMetrics().horizontalAdvance(text) + 3 * w->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) +
           textWidth(w, 2);
}

QAction* addShortcutAction(QWidget* owner, const QString& text, const QList<QKeySequence>& keys) {
    auto* action = new QAction(text, owner);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WidgetShortcut);
    owner->addAction(action);
    return action;
}

} // namespace

EventBrowser::EventBrowser(MachineContext& machine, QWidget* parent)
    : QWidget(parent), machine_(machine) {
    EventCatalog& catalog = machine_.catalog();
    model_ = new EventTableModel(catalog, this);
    proxy_ = new EventFilterProxyModel(*model_, this);
    scan_ = new AvailabilityScan(catalog, this);
    customSet_ = new CustomEventSetModel(this);

    view_ = new QTreeView(this);
    view_->setModel(proxy_);
    view_->setRootIsDecorated(false);
    view_->setUniformRowHeights(true); // lets the view lay out 20 000 rows without measuring each
    view_->setAlternatingRowColors(true);
    view_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setDragEnabled(true);
    view_->setDragDropMode(QAbstractItemView::DragOnly);
    view_->setDefaultDropAction(Qt::CopyAction);
    view_->header()->setSortIndicator(-1, Qt::AscendingOrder); // catalog order until a header is clicked
    view_->setSortingEnabled(true);
    view_->header()->setStretchLastSection(true);
    // Wide enough for the common values; long libpfm4 names are elided and shown whole in the details.
    view_->setColumnWidth(EventTableModel::NameColumn, textWidth(this, 36));
    view_->setColumnWidth(EventTableModel::SourceColumn, cellWidth(view_, EventTableModel::sourceName(EventSource::HardwareCache)));
    view_->setColumnWidth(EventTableModel::PmuColumn, textWidth(this, 12));
    view_->setColumnWidth(EventTableModel::AvailabilityColumn, cellWidth(view_, tr("PMU model not present")));
    view_->setContextMenuPolicy(Qt::ActionsContextMenu);

    details_ = new EventDetailsView(catalog, this);

    auto* addToSet = new QPushButton(tr("Add to &custom set"), this);
    auto* addToMeasurement = new QPushButton(tr("&Add to measurement"), this);
    addToMeasurement->setToolTip(tr("Adds the selected events to the measurement (also: double-click, Return, or drag "
                                "them onto the setup page)."));
    count_ = new QLabel(this);
    progress_ = new QProgressBar(this);
    progress_->setFormat(tr("Checking availability… %p%"));
    progress_->setTextVisible(true);
    progress_->setVisible(false);
    auto* listButtons = new QHBoxLayout;
    listButtons->addWidget(count_);
    listButtons->addWidget(progress_);
    listButtons->addStretch(1);
    listButtons->addWidget(addToSet);
    listButtons->addWidget(addToMeasurement);

    auto* listSide = new QWidget(this);
    auto* listLayout = new QVBoxLayout(listSide);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addWidget(view_, 1);
    listLayout->addLayout(listButtons);

    auto* detailsBox = new QGroupBox(tr("Details"), this);
    auto* detailsLayout = new QVBoxLayout(detailsBox);
    detailsLayout->addWidget(details_);

    auto* rightSide = new QSplitter(Qt::Vertical, this);
    rightSide->addWidget(detailsBox);
    rightSide->addWidget(buildCustomSetBox());
    rightSide->setStretchFactor(0, 2);
    rightSide->setStretchFactor(1, 1);
    rightSide->setChildrenCollapsible(false);
    rightSide->setSizes({2000, 1000});

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(listSide);
    split->addWidget(rightSide);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    split->setSizes({3000, 2000}); // proportions: the splitter scales them to its width

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildFilterBar());
    layout->addWidget(split, 1);

    auto* chooseAction = addShortcutAction(view_, tr("Add to measurement"), {Qt::Key_Return, Qt::Key_Enter});
    auto* setAction = addShortcutAction(view_, tr("Add to custom set"), {Qt::Key_Insert});
    auto* copyAction = addShortcutAction(view_, tr("Copy event names"), {QKeySequence::Copy});
    connect(chooseAction, &QAction::triggered, this, &EventBrowser::chooseSelected);
    connect(setAction, &QAction::triggered, this, &EventBrowser::addSelectedToCustomSet);
    connect(copyAction, &QAction::triggered, this,
            [this] { QApplication::clipboard()->setText(selectedEvents().join(QLatin1Char(','))); });
    connect(addToMeasurement, &QPushButton::clicked, this, &EventBrowser::chooseSelected);
    connect(addToSet, &QPushButton::clicked, this, &EventBrowser::addSelectedToCustomSet);
    connect(view_, &QTreeView::doubleClicked, this, [this](const QModelIndex& index) {
        emit eventsChosen({index.data(EventTableModel::EventStringRole).toString()});
    });
    connect(view_->selectionModel(), &QItemSelectionModel::currentChanged, this, &EventBrowser::updateDetails);
    connect(model_, &QAbstractItemModel::dataChanged, this, &EventBrowser::refreshDetailsIfIn);
    connect(scan_, &AvailabilityScan::batchReady, model_, &EventTableModel::applyAvailability);
    connect(scan_, &AvailabilityScan::progressChanged, this, &EventBrowser::onScanProgress);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(proxy_, signal, this, &EventBrowser::updateCount);
    connect(proxy_, &QAbstractItemModel::modelReset, this, &EventBrowser::updateCount);
    connect(proxy_, &QAbstractItemModel::layoutChanged, this, &EventBrowser::updateCount);
    updateCount();
}

EventBrowser::~EventBrowser() = default;

QWidget* EventBrowser::buildFilterBar() {
    auto* bar = new QWidget(this);
    filter_ = new QLineEdit(bar);
    filter_->setPlaceholderText(tr("Filter by name or description (Ctrl+F); several words must all match"));
    filter_->setClearButtonEnabled(true);
    filterDelay_ = new QTimer(this);
    filterDelay_->setSingleShot(true);
    filterDelay_->setInterval(kFilterDelayMs);
    connect(filter_, &QLineEdit::textChanged, filterDelay_, qOverload<>(&QTimer::start));
    connect(filterDelay_, &QTimer::timeout, this, [this] { proxy_->setText(filter_->text()); });
    connect(filter_, &QLineEdit::returnPressed, this, [this] {
        filterDelay_->stop();
        proxy_->setText(filter_->text());
        view_->setFocus();
        if (!view_->currentIndex().isValid() && proxy_->rowCount() > 0) view_->setCurrentIndex(proxy_->index(0, 0));
    });
    auto* find = new QShortcut(QKeySequence::Find, this);
    connect(find, &QShortcut::activated, this, [this] {
        filter_->setFocus();
        filter_->selectAll();
    });

    // Sources present in the catalog, with how many events each has.
    std::map<EventSource, int> perSource;
    for (const auto& e : machine_.catalog().entries()) ++perSource[e.source];
    source_ = new QComboBox(bar);
    source_->setObjectName(QStringLiteral("sourceFilter"));
    source_->addItem(tr("All sources"), -1);
    for (const auto& [source, n] : perSource)
        source_->addItem(tr("%1 (%L2)").arg(EventTableModel::sourceName(source)).arg(n), static_cast<int>(source));
    pmu_ = new QComboBox(bar);
    pmu_->setObjectName(QStringLiteral("pmuFilter"));
    pmu_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    pmu_->setMinimumContentsLength(18);
    fillPmuCombo();
    countableOnly_ = new QCheckBox(tr("Countable &here only"), bar);
    countableOnly_->setToolTip(tr("Shows only the events this machine can count; events appear as they are "
                                  "checked."));

    auto* sourceLabel = new QLabel(tr("&Source:"), bar);
    sourceLabel->setBuddy(source_);
    auto* pmuLabel = new QLabel(tr("&PMU:"), bar);
    pmuLabel->setBuddy(pmu_);
    auto* layout = new QHBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(filter_, 1);
    layout->addWidget(sourceLabel);
    layout->addWidget(source_);
    layout->addWidget(pmuLabel);
    layout->addWidget(pmu_);
    layout->addWidget(countableOnly_);

    connect(source_, &QComboBox::currentIndexChanged, this, [this] {
        fillPmuCombo();
        applySourceFilter();
    });
    connect(pmu_, &QComboBox::currentIndexChanged, this,
            [this] { proxy_->setPmu(pmu_->currentData().toString()); });
    connect(countableOnly_, &QCheckBox::toggled, this, [this](bool on) {
        if (on) startAvailabilityScan();
        proxy_->setCountableOnly(on);
    });
    return bar;
}

QWidget* EventBrowser::buildCustomSetBox() {
    auto* box = new QGroupBox(tr("Custom event set"), this);
    auto* hint = new QLabel(tr("Drop events here or use \"Add to custom set\". Double-click a slot name to rename "
                               "it; METRICS formulas use these names."),
                            box);
    hint->setWordWrap(true);
    customView_ = new QTableView(box);
    customView_->setModel(customSet_);
    customView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    customView_->setDragDropMode(QAbstractItemView::DropOnly);
    customView_->setDefaultDropAction(Qt::CopyAction);
    customView_->setAcceptDrops(true);
    customView_->verticalHeader()->hide();
    customView_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    customView_->horizontalHeader()->setStretchLastSection(true);
    customView_->setColumnWidth(CustomEventSetModel::SlotColumn, textWidth(this, 24));
    customView_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);

    auto* remove = new QPushButton(tr("&Remove"), box);
    auto* clear = new QPushButton(tr("C&lear"), box);
    chooseSet_ = new QPushButton(tr("Add set to sess&ion"), box);
    saveSet_ = new QPushButton(tr("Sa&ve as group…"), box);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(remove);
    buttons->addWidget(clear);
    buttons->addStretch(1);
    buttons->addWidget(chooseSet_);
    buttons->addWidget(saveSet_);

    auto* layout = new QVBoxLayout(box);
    layout->addWidget(hint);
    layout->addWidget(customView_, 1);
    layout->addLayout(buttons);

    auto* removeAction = addShortcutAction(customView_, tr("Remove"), {QKeySequence::Delete});
    connect(removeAction, &QAction::triggered, this, &EventBrowser::removeFromCustomSet);
    connect(remove, &QPushButton::clicked, this, &EventBrowser::removeFromCustomSet);
    connect(clear, &QPushButton::clicked, customSet_, &CustomEventSetModel::clear);
    connect(chooseSet_, &QPushButton::clicked, this, [this] { emit eventsChosen(customSet_->events()); });
    connect(saveSet_, &QPushButton::clicked, this, &EventBrowser::saveCustomSet);
    auto updateButtons = [this, remove, clear] {
        const bool any = customSet_->rowCount() > 0;
        for (QPushButton* b : {remove, clear, chooseSet_, saveSet_}) b->setEnabled(any);
    };
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(customSet_, signal, this, updateButtons);
    connect(customSet_, &QAbstractItemModel::modelReset, this, updateButtons);
    updateButtons();
    return box;
}

void EventBrowser::fillPmuCombo() {
    const int sourceData = source_->currentData().toInt();
    const QString previous = pmu_->currentData().toString();
    std::set<std::string> pmus;
    for (const auto& e : machine_.catalog().entries())
        if (sourceData < 0 || static_cast<int>(e.source) == sourceData) pmus.insert(e.pmu);
    const QSignalBlocker block(pmu_);
    pmu_->clear();
    pmu_->addItem(tr("All PMUs"), QString());
    const LibpfmTable& pfm = LibpfmTable::instance();
    for (const auto& name : pmus) {
        QString label = QString::fromStdString(name);
        if (const LibpfmPmu* model = pfm.findPmu(name))
            label = model->present ? tr("%1 (%2, present)").arg(label, QString::fromStdString(model->description))
                                   : tr("%1 (%2)").arg(label, QString::fromStdString(model->description));
        pmu_->addItem(label, QString::fromStdString(name));
    }
    const int keep = pmu_->findData(previous);
    pmu_->setCurrentIndex(keep < 0 ? 0 : keep);
    proxy_->setPmu(pmu_->currentData().toString());
}

void EventBrowser::applySourceFilter() {
    const int data = source_->currentData().toInt();
    proxy_->setSource(data < 0 ? std::nullopt : std::optional<EventSource>(static_cast<EventSource>(data)));
}

void EventBrowser::startAvailabilityScan() {
    if (scan_->isRunning() || scan_->isFinished()) return;
    progress_->setRange(0, scan_->total());
    progress_->setValue(0);
    progress_->setVisible(true);
    scan_->start();
}

void EventBrowser::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    startAvailabilityScan();
}

void EventBrowser::onScanProgress(int done, int total) {
    progress_->setValue(done);
    progress_->setVisible(done < total);
}

void EventBrowser::updateCount() {
    count_->setText(tr("%L1 of %L2 events").arg(proxy_->rowCount()).arg(model_->rowCount()));
}

void EventBrowser::updateDetails() {
    const QModelIndex current = proxy_->mapToSource(view_->currentIndex());
    if (!current.isValid()) {
        details_->showNothing();
        return;
    }
    details_->showEntry(static_cast<size_t>(current.row()), model_->availability(current.row()));
}

void EventBrowser::refreshDetailsIfIn(const QModelIndex& topLeft, const QModelIndex& bottomRight) {
    const auto shown = details_->shownEntry();
    if (!shown) return;
    const int row = static_cast<int>(*shown);
    if (row >= topLeft.row() && row <= bottomRight.row()) details_->showEntry(*shown, model_->availability(row));
}

QStringList EventBrowser::selectedEvents() const {
    QModelIndexList rows = view_->selectionModel()->selectedRows(EventTableModel::NameColumn);
    std::sort(rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    QStringList events;
    for (const QModelIndex& index : rows) events.append(index.data(EventTableModel::EventStringRole).toString());
    return events;
}

bool EventBrowser::selectEvent(const QString& name) {
    for (int row = 0; row < model_->rowCount(); ++row) {
        if (model_->name(row) != name) continue;
        const QModelIndex index = proxy_->mapFromSource(model_->index(row, 0));
        if (!index.isValid()) return false;
        view_->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        view_->scrollTo(index, QAbstractItemView::PositionAtCenter);
        return true;
    }
    return false;
}

void EventBrowser::chooseSelected() {
    const QStringList events = selectedEvents();
    if (!events.isEmpty()) emit eventsChosen(events);
}

void EventBrowser::addSelectedToCustomSet() { customSet_->addEvents(selectedEvents()); }

void EventBrowser::removeFromCustomSet() {
    QModelIndexList rows = customView_->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) { return a.row() > b.row(); });
    for (const QModelIndex& index : rows) customSet_->removeRows(index.row(), 1);
}

void EventBrowser::saveCustomSet() {
    SaveGroupDialog dialog(customSet_->counters(), machine_.groups().archs(), this);
    if (dialog.exec() != QDialog::Accepted) return;
    const QString path = dialog.savedPath();
    emit groupSaved(path, QFileInfo(path).completeBaseName());
}

} // namespace perfdash
