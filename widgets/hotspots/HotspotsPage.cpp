#include "widgets/hotspots/HotspotsPage.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "core/presentation/NumberFormat.h"
#include "core/profile/FlameTree.h"
#include "core/profile/ProfileMetrics.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/StatusColors.h"
#include "widgets/common/TableSetup.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/hotspots/BottomUpPanel.h"
#include "widgets/hotspots/CallTreeModel.h"
#include "widgets/hotspots/CallersCalleesPanel.h"
#include "widgets/hotspots/DisassemblyPanel.h"
#include "widgets/hotspots/FlameGraphPanel.h"
#include "widgets/common/FlameGraphView.h"
#include "widgets/hotspots/FunctionTableModel.h"
#include "widgets/hotspots/SourcePanel.h"

namespace perfdash {

// One table, summed off the GUI thread.
struct HotspotsPage::Table {
    uint64_t generation = 0;
    ProfileGrouping grouping = ProfileGrouping::Function;
    std::vector<FunctionRow> rows;
    std::vector<std::string> metrics;
    std::shared_ptr<const FlameTree> flame;
    std::shared_ptr<const FlameColourings> flameValues;
    std::shared_ptr<const ProfileSelection> summed; // the rows the table and the trees sum
    std::string selection; // what was summed: "all samples: 532 samples"
    std::string problem;   // why nothing: no samples in the selection, formulas that do not compile
    bool keepPlace = false; // a live run's newer samples of the same choices: the view keeps its place
};

namespace {

QString callGraphText(const std::string& callGraph) {
    if (callGraph == "dwarf") return HotspotsPage::tr("DWARF unwinding");
    if (callGraph == "fp") return HotspotsPage::tr("frame pointers");
    return HotspotsPage::tr("none");
}

QString samplingRateText(const Profile& p) {
    return p.sampling.rate.empty() ? QString() : QStringLiteral(" (%1)").arg(htmlEscaped(p.sampling.rate));
}

} // namespace

HotspotsPage::HotspotsPage(QWidget* parent)
    : QWidget(parent),
      heading_(wrappedLabel(this, Qt::RichText)),
      grouping_(new QComboBox(this)),
      region_(new QComboBox(this)),
      time_(new QLineEdit(this)),
      filter_(new QLineEdit(this)),
      selection_(wrappedLabel(this)),
      views_(new QTabWidget(this)),
      table_(new QTableView(this)),
      flame_(new FlameGraphPanel(this)),
      topDown_(new CallTreeModel(this)),
      bottomUp_(new BottomUpPanel(this)),
      topDownView_(new QTreeView(this)),
      callers_(new CallersCalleesPanel(this)),
      source_(new SourcePanel(this)),
      disassembly_(new DisassemblyPanel(this)),
      model_(new FunctionTableModel(this)),
      proxy_(new QSortFilterProxyModel(this)),
      watcher_(new QFutureWatcher<std::shared_ptr<Table>>(this)) {
    heading_->setObjectName(QStringLiteral("hotspotsHeading"));
    grouping_->addItem(tr("Functions"), static_cast<int>(ProfileGrouping::Function));
    grouping_->addItem(tr("Source files"), static_cast<int>(ProfileGrouping::File));
    grouping_->addItem(tr("Modules"), static_cast<int>(ProfileGrouping::Module));
    grouping_->addItem(tr("Processes"), static_cast<int>(ProfileGrouping::Process));
    grouping_->addItem(tr("Threads"), static_cast<int>(ProfileGrouping::Thread));
    grouping_->setAccessibleName(tr("Rows are"));
    region_->setAccessibleName(tr("Marker region"));
    time_->setPlaceholderText(tr("all; or from-to, e.g. 2-5, 1.5s-, -3s"));
    time_->setAccessibleName(tr("Time range in seconds"));
    time_->setClearButtonEnabled(true);
    // Wide enough for its hint and a clear button; the combo boxes as wide as their longest item.
    time_->setMinimumWidth(time_->fontMetrics().horizontalAdvance(time_->placeholderText()) + 48);
    region_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    grouping_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    selection_->setObjectName(QStringLiteral("hotspotsSelection"));
    filter_->setPlaceholderText(tr("Filter by name"));
    filter_->setClearButtonEnabled(true);
    filter_->setAccessibleName(tr("Filter by name"));

    proxy_->setSourceModel(model_);
    proxy_->setSortRole(FunctionTableModel::SortRole);
    proxy_->setFilterKeyColumn(FunctionTableModel::NameColumn);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    setUpTable(table_);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->setAccessibleName(tr("Hotspots"));
    table_->horizontalHeader()->setStretchLastSection(true);
    // Columns fit the rows in view: measuring Qt's default thousand rows of each column took 40 ms of every
    // new selection of a large profile (bench/hotspots).
    table_->horizontalHeader()->setResizeContentsPrecision(0);

    auto* controls = new QHBoxLayout;
    auto* groupingLabel = new QLabel(tr("Ro&ws:"), this);
    groupingLabel->setBuddy(grouping_);
    auto* filterLabel = new QLabel(tr("&Name contains:"), this);
    filterLabel->setBuddy(filter_);
    auto* regionLabel = new QLabel(tr("M&arker region:"), this);
    regionLabel->setBuddy(region_);
    auto* timeLabel = new QLabel(tr("Se&conds:"), this);
    timeLabel->setBuddy(time_);
    controls->addWidget(groupingLabel);
    controls->addWidget(grouping_);
    controls->addSpacing(12);
    controls->addWidget(regionLabel);
    controls->addWidget(region_);
    controls->addSpacing(12);
    controls->addWidget(timeLabel);
    controls->addWidget(time_);
    controls->addSpacing(12);
    controls->addWidget(filterLabel);
    controls->addWidget(filter_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(heading_);
    layout->addLayout(controls);
    layout->addWidget(selection_);
    topDownView_->setModel(topDown_);
    topDownView_->setAccessibleName(tr("Top-down call tree"));
    topDownView_->setUniformRowHeights(true);
    topDownView_->setAlternatingRowColors(true);
    views_->addTab(table_, tr("Table"));
    views_->addTab(flame_, tr("Flame graph"));
    views_->addTab(topDownView_, tr("Top down"));
    views_->addTab(bottomUp_, tr("Bottom up"));
    views_->addTab(callers_, tr("Callers and callees"));
    views_->addTab(source_, tr("Source"));
    views_->addTab(disassembly_, tr("Disassembly"));
    layout->addWidget(views_, 1);

    connect(filter_, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);
    connect(filter_, &QLineEdit::textChanged, flame_, &FlameGraphPanel::setSearch);
    connect(flame_->view(), &FlameGraphView::nodeChosen, this, &HotspotsPage::selectFunction);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &HotspotsPage::chooseCurrentRow);
    connect(grouping_, &QComboBox::currentIndexChanged, this, &HotspotsPage::recompute);
    connect(region_, &QComboBox::currentIndexChanged, this, &HotspotsPage::recompute);
    connect(time_, &QLineEdit::editingFinished, this, &HotspotsPage::recompute);
    connect(watcher_, &QFutureWatcherBase::finished, this, &HotspotsPage::showTable);
    showNone({});
}

HotspotsPage::~HotspotsPage() { watcher_->waitForFinished(); }

void HotspotsPage::showProfile(std::shared_ptr<const Profile> profile, const QString& name) {
    live_ = false;
    shownTable_ = false;
    name_ = name;
    const Profile& p = *profile;
    setProfile(std::move(profile),
               tr("<b>%1</b>: %2 samples of %3%4, call stacks: %5; recorded, not measured now")
                   .arg(name.toHtmlEscaped(), toQString(formatNumber(p.samples())), htmlEscaped(p.sampling.leader),
                        samplingRateText(p), callGraphText(p.sampling.callGraph)));
    {
        const QSignalBlocker quiet(region_);
        region_->setCurrentIndex(0);
    }
    time_->clear();
    recompute();
}

void HotspotsPage::showLiveProfile(std::shared_ptr<const Profile> profile, bool complete, const QString& name) {
    if (!live_ || !profile_) {
        // A new run: nothing of the last one's choices applies.
        shownTable_ = false;
        time_->clear();
    }
    live_ = true;
    name_ = name;
    const Profile& p = *profile;
    const QString figures = tr("%1 samples of %2%3, call stacks: %4")
                                .arg(toQString(formatNumber(p.samples())), htmlEscaped(p.sampling.leader),
                                     samplingRateText(p), callGraphText(p.sampling.callGraph));
    QString heading;
    if (!complete) heading = tr("<b>Live</b>, so far: %1; updated twice a second").arg(figures);
    else if (name.isEmpty()) heading = tr("<b>This run</b>: %1; it has ended, and its session could not be saved").arg(figures);
    else heading = tr("<b>%1</b>: %2; the run has ended").arg(name.toHtmlEscaped(), figures);
    setProfile(std::move(profile), heading);
    // The first table of a run places the view; the newer ones keep the user's place in it.
    sumTable(shownTable_);
}

void HotspotsPage::setProfile(std::shared_ptr<const Profile> profile, const QString& heading) {
    profile_ = std::move(profile);
    const Profile& p = *profile_;
    QString text = heading;
    for (const ProfileEvent& e : p.events)
        if (!e.inSamples)
            text += QStringLiteral("<br>") + tr("%1 (%2) is not in the samples: %3")
                                                 .arg(htmlEscaped(e.counter), htmlEscaped(e.event), htmlEscaped(e.note));
    for (const std::string& n : p.sampling.notices) text += QStringLiteral("<br>") + tr("Note: %1").arg(htmlEscaped(n));
    for (const std::string& w : p.sampling.warnings) text += QStringLiteral("<br>") + tr("Warning: %1").arg(htmlEscaped(w));
    heading_->setText(text);
    {
        const QSignalBlocker quiet(region_); // one table for the new profile, by the caller
        const QString chosen = region_->currentData().toString();
        region_->clear();
        region_->addItem(tr("All samples"), QString());
        for (const std::string& r : p.regions) region_->addItem(toQString(r), toQString(r));
        region_->setCurrentIndex(std::max(0, region_->findData(chosen)));
    }
    region_->setEnabled(!p.regions.empty());
    region_->setToolTip(p.regions.empty() ? tr("The session has no marker regions (perfdash-cli record -m, with the marker API)")
                                          : QString());
    grouping_->setEnabled(true);
    time_->setEnabled(true);
    filter_->setEnabled(true);
}

void HotspotsPage::showNone(const QString& why) {
    ++generation_;
    live_ = false;
    profile_.reset();
    name_.clear();
    heading_->setText(why);
    selection_->clear();
    selection_->hide();
    model_->clear();
    flame_->clear();
    topDown_->clear();
    bottomUp_->clear();
    callers_->clear();
    source_->clear();
    disassembly_->clear();
    grouping_->setEnabled(false);
    region_->clear();
    region_->setEnabled(false);
    time_->clear();
    time_->setEnabled(false);
    filter_->setEnabled(false);
}

bool HotspotsPage::selectRange(double fromS, double toS) {
    if (!profile_) return false;
    time_->setText(QStringLiteral("%1-%2").arg(fromS, 0, 'f', 3).arg(toS, 0, 'f', 3));
    recompute();
    return true;
}

bool HotspotsPage::selectRegion(const QString& region) {
    const int index = profile_ ? region_->findData(region) : -1;
    if (index < 0) return false;
    if (index == region_->currentIndex()) return true;
    region_->setCurrentIndex(index); // recomputes
    return true;
}

void HotspotsPage::recompute() { sumTable(false); }

void HotspotsPage::sumTable(bool keepPlace) {
    if (!profile_) return;
    const uint64_t generation = ++generation_;
    const auto grouping = static_cast<ProfileGrouping>(grouping_->currentData().toInt());
    ProfileFilter filter;
    filter.region = region_->currentData().toString().toStdString();
    if (const QString range = time_->text().trimmed(); !range.isEmpty()) {
        auto parsed = parseTimeRange(range.toStdString());
        if (!parsed) {
            // The command line's message names its option; here the field is the input.
            QString message = toQString(parsed.error().message);
            if (message.startsWith(QLatin1String("--time: "))) message = tr("Seconds: %1").arg(message.mid(8));
            return showSelectionProblem(message);
        }
        filter.fromS = parsed->first;
        filter.toS = parsed->second;
    }
    // A table already being summed is left to finish; its result is dropped by its generation.
    watcher_->setFuture(QtConcurrent::run([profile = profile_, generation, grouping, filter, keepPlace] {
        auto table = std::make_shared<Table>();
        table->generation = generation;
        table->keepPlace = keepPlace;
        table->grouping = grouping;
        auto selection = selectRows(*profile, filter);
        if (!selection) {
            table->problem = selection.error().message;
            return table;
        }
        table->selection = selection->description + ": " + formatNumber(selection->sums[ProfileColumns::kSamples]) + " samples";
        auto metrics = ProfileMetrics::compile(*profile);
        if (!metrics) {
            table->problem = metrics.error().message;
            return table;
        }
        // The table beside the flame graph, on the pool's other thread (a formula's evaluator is not shared).
        QFuture<std::vector<FunctionRow>> rows = QtConcurrent::run([&] {
            auto own = ProfileMetrics::compile(*profile);
            return groupedTable(*profile, *selection, *own, grouping);
        });
        ColouredTree flame = colouredTree(*profile, *selection, CallTreeView::TopDown, {}, selection->description, &*metrics);
        table->flameValues = std::make_shared<const FlameColourings>(std::move(flame.values));
        table->flame = std::make_shared<const FlameTree>(std::move(flame.tree));
        table->rows = rows.result();
        table->metrics = metrics->names();
        table->summed = std::make_shared<const ProfileSelection>(std::move(*selection));
        return table;
    }));
}

void HotspotsPage::showTable() {
    const std::shared_ptr<Table> table = watcher_->result();
    if (!table || table->generation != generation_ || !profile_) return;
    if (!table->problem.empty()) return showSelectionProblem(toQString(table->problem));
    selection_->setStyleSheet(QString());
    selection_->setText(tr("Selection: %1").arg(toQString(table->selection)));
    selection_->show();
    // A live run's newer table keeps the place: the current row, the scrolling, the sort, the flame graph's zoom.
    const bool keepPlace = table->keepPlace;
    const QString current = table_->currentIndex().siblingAtColumn(FunctionTableModel::NameColumn)
                                .data(FunctionTableModel::SortRole).toString();
    const int scrolled = table_->verticalScrollBar()->value();
    model_->setRows(*profile_, std::move(table->rows), table->grouping, table->metrics);
    topDown_->setTree(table->flame, table->flameValues, table->metrics, table->summed->sums, false);
    topDownView_->expandToDepth(0);
    bottomUp_->setSelection(profile_, table->summed);
    flame_->setFlame(std::move(table->flame), std::move(table->flameValues), table->metrics, keepPlace);
    source_->setSelection(profile_, table->summed);
    disassembly_->setSelection(profile_, table->summed);
    callers_->setSelection(profile_, std::move(table->summed));
    if (keepPlace) {
        if (!current.isEmpty()) selectFunction(current);
        table_->verticalScrollBar()->setValue(scrolled);
    } else {
        topDownView_->header()->resizeSections(QHeaderView::ResizeToContents);
        // In groupedTable's order (self, then total, then name: the command line's), until the user sorts.
        table_->horizontalHeader()->setSortIndicator(-1, Qt::DescendingOrder);
        table_->resizeColumnsToContents();
        // A long name (a C++ signature) must not push the figures out of sight.
        table_->setColumnWidth(FunctionTableModel::NameColumn,
                               std::min(table_->columnWidth(FunctionTableModel::NameColumn), 480));
    }
    shownTable_ = true;
    emit tableReady();
}

// The table is emptied rather than left showing another selection's rows under this one's name.
void HotspotsPage::showSelectionProblem(const QString& problem) {
    model_->clear();
    flame_->clear();
    topDown_->clear();
    bottomUp_->clear();
    callers_->setSelection(profile_, nullptr);
    source_->setSelection(profile_, nullptr);
    disassembly_->setSelection(profile_, nullptr);
    selection_->setStyleSheet(QStringLiteral("color: %1").arg(errorColor(palette()).name()));
    selection_->setText(problem);
    selection_->show();
    emit tableReady();
}

// A row of functions chosen in the table: its callers and callees, its source lines and its instructions.
void HotspotsPage::chooseCurrentRow() {
    if (model_->grouping() != ProfileGrouping::Function) return;
    const QModelIndex current = table_->currentIndex();
    if (!current.isValid()) return;
    const QString function = current.siblingAtColumn(FunctionTableModel::NameColumn).data(FunctionTableModel::SortRole).toString();
    callers_->showFunction(function);
    source_->showFunction(function);
    const FunctionRow& row = model_->rows()[static_cast<size_t>(proxy_->mapToSource(current).row())];
    disassembly_->showFunction(function, toQString(row.inlinedInto));
}

// A box of the flame graph chose a function: its row of the table is the current one, for the views that
// follow a row. A process's box, or a function the filter hides, chooses none.
void HotspotsPage::selectFunction(const QString& name) {
    const QModelIndexList found =
        proxy_->match(proxy_->index(0, FunctionTableModel::NameColumn), FunctionTableModel::SortRole, name, 1, Qt::MatchExactly);
    if (found.isEmpty()) return table_->clearSelection();
    table_->setCurrentIndex(found.front());
    table_->scrollTo(found.front());
}

} // namespace perfdash
