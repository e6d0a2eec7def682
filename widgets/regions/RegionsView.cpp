#include "widgets/regions/RegionsView.h"

#include <algorithm>

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QRadioButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QStackedWidget>
#include <QTableView>
#include <QValueAxis>
#include <QVBoxLayout>

#include "widgets/common/ChartPalette.h"
#include "widgets/common/TableSetup.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/regions/RegionChartModel.h"
#include "widgets/regions/RegionListModel.h"
#include "widgets/regions/RegionTableModel.h"

namespace perfdash {

namespace {

QTableView* tableView(QWidget* parent, const QString& name) {
    auto* view = new QTableView(parent);
    setUpTable(view);
    view->setAccessibleName(name);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->horizontalHeader()->setHighlightSections(false);
    return view;
}

// How to get regions, the end of every empty state.
QString howToGetRegions() {
    return RegionsView::tr(
        "<p>To count regions: in the session setup, launch the program and tick <b>Count marker regions</b>. The "
        "program must use the marker API: <code>PERFDASH_MARKER_START(\"name\")</code> and "
        "<code>PERFDASH_MARKER_STOP(\"name\")</code> around the code to count, <code>PERFDASH_MARKER_INIT</code> "
        "at the start and <code>PERFDASH_MARKER_CLOSE</code> at the end, built with <code>-DPERFDASH_PERFMON</code> "
        "and linked with <code>-lperfdash_marker</code>. Programs written for likwid's "
        "<code>LIKWID_MARKER_*</code> need only a rebuild against perfdash's <code>likwid-marker.h</code>. "
        "See docs/marker.md.</p>");
}

} // namespace

RegionsView::RegionsView(QWidget* parent)
    : QWidget(parent),
      listModel_(new RegionListModel(this)),
      listProxy_(new QSortFilterProxyModel(this)),
      tableModel_(new RegionTableModel(this)),
      chartModel_(new RegionChartModel(this)),
      pages_(new QStackedWidget(this)),
      empty_(wrappedLabel(this)) {
    listProxy_->setSourceModel(listModel_);
    listProxy_->setSortRole(RegionListModel::SortRole);
    empty_->setTextFormat(Qt::RichText);
    empty_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    empty_->setMargin(fontMetrics().height());
    empty_->setAccessibleName(tr("No regions"));

    auto* content = new QSplitter(Qt::Vertical);
    content->addWidget(makeTables());
    content->addWidget(makeChartPanel());
    content->setChildrenCollapsible(false);
    content->setStretchFactor(0, 1);
    content->setStretchFactor(1, 1);
    pages_->addWidget(empty_);
    pages_->addWidget(content);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(pages_);
    clear();
}

QWidget* RegionsView::makeTables() {
    list_ = tableView(this, tr("Regions"));
    list_->setModel(listProxy_);
    list_->setSortingEnabled(true);
    list_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // the order the program named them
    list_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    list_->horizontalHeader()->setStretchLastSection(true);
    connect(list_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &RegionsView::onRegionSelected);
    list_->setToolTip(tr("Double-click a region to see its hot functions on the Hotspots page (a session recorded "
                         "with samples and regions: perfdash-cli record -m)"));
    connect(list_, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        const int region = index.data(RegionListModel::RegionIndexRole).toInt();
        if (region >= 0 && size_t(region) < regions_.size()) emit regionActivated(QString::fromStdString(regions_[size_t(region)].name));
    });

    tableTitle_ = wrappedLabel(this);
    table_ = tableView(this, tr("Region per thread"));
    table_->setModel(tableModel_);
    table_->setSelectionMode(QAbstractItemView::ContiguousSelection);
    table_->setSelectionBehavior(QAbstractItemView::SelectItems);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto* listSide = new QWidget;
    auto* listLayout = new QVBoxLayout(listSide);
    listLayout->setContentsMargins(0, 0, 0, 0);
    auto* listTitle = new QLabel(tr("<b>Regions</b>"));
    listLayout->addWidget(listTitle);
    listLayout->addWidget(list_, 1);
    auto* tableSide = new QWidget;
    auto* tableLayout = new QVBoxLayout(tableSide);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(tableTitle_);
    tableLayout->addWidget(table_, 1);

    auto* tables = new QSplitter(Qt::Horizontal);
    tables->addWidget(listSide);
    tables->addWidget(tableSide);
    tables->setChildrenCollapsible(false);
    tables->setStretchFactor(0, 2);
    tables->setStretchFactor(1, 3);
    return tables;
}

QWidget* RegionsView::makeChartPanel() {
    quantity_ = new QComboBox(this);
    quantity_->setAccessibleName(tr("Quantity to chart"));
    quantity_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(quantity_, &QComboBox::currentIndexChanged, this, &RegionsView::onQuantityChosen);
    grouped_ = new QRadioButton(tr("&Side by side"), this);
    stacked_ = new QRadioButton(tr("Stac&ked"), this);
    grouped_->setToolTip(tr("One bar per thread in each region"));
    stacked_->setToolTip(tr("The threads' bars on top of each other: the height is their sum"));
    grouped_->setChecked(true);
    connect(stacked_, &QRadioButton::toggled, this, &RegionsView::rebuildChart);
    // Whoever changes the chart data (the combo, a new result), the combo and the chart follow it.
    connect(chartModel_, &QAbstractItemModel::modelReset, this, &RegionsView::showChartData);

    chart_ = new QChart;
    chart_->legend()->setAlignment(Qt::AlignBottom);
    chartView_ = new QChartView(chart_, this); // owns the chart
    chartView_->setRenderHint(QPainter::Antialiasing);
    followPalette(*chartView_, [this] { rebuildChart(); });
    chartView_->setAccessibleName(tr("Regions chart"));
    chartView_->setMinimumHeight(fontMetrics().height() * 14);
    chartNote_ = wrappedLabel(this);
    chartNote_->setForegroundRole(QPalette::PlaceholderText);

    auto* chartLabel = new QLabel(tr("&Chart:"), this);
    chartLabel->setBuddy(quantity_);
    auto* controls = new QHBoxLayout;
    controls->addWidget(chartLabel);
    controls->addWidget(quantity_);
    controls->addSpacing(fontMetrics().averageCharWidth() * 2);
    controls->addWidget(grouped_);
    controls->addWidget(stacked_);
    controls->addStretch(1);

    auto* panel = new QWidget;
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(chartView_, 1);
    layout->addWidget(chartNote_);
    return panel;
}

void RegionsView::setResult(const MeasurementResult& result) {
    regions_ = result.regions;
    listModel_->setRegions(regions_);
    chartModel_->setRegions(regions_);
    if (!regions_.empty()) {
        pages_->setCurrentIndex(1);
        list_->setCurrentIndex(listProxy_->index(0, RegionListModel::RegionColumn));
        return;
    }
    tableModel_->clear();
    shown_ = -1;
    if (!result.config.marker) {
        showEmpty(tr("<h3>This run did not count marker regions</h3>") + howToGetRegions());
        return;
    }
    QString html = tr("<h3>The program reported no regions</h3><p>The run counted in marker mode, but no region "
                      "results came back from the program.</p>");
    if (!result.warnings.empty()) {
        html += tr("<p>The run's warnings:</p><ul>");
        for (const auto& w : result.warnings) html += QStringLiteral("<li>%1</li>").arg(QString::fromStdString(w).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    showEmpty(html + howToGetRegions());
}

void RegionsView::clear() {
    regions_.clear();
    shown_ = -1;
    listModel_->clear();
    tableModel_->clear();
    chartModel_->clear();
    showEmpty(tr("<h3>No regions yet</h3><p>Marker regions are parts of a program (a loop, a function) counted on "
                 "their own, per thread: calls, time, events and the group's metrics. They appear here when a "
                 "measurement in marker mode finishes.</p>") +
              howToGetRegions());
}

QString RegionsView::emptyMessage() const { return hasRegions() ? QString() : empty_->text(); }

void RegionsView::showEmpty(const QString& html) {
    empty_->setText(html);
    pages_->setCurrentIndex(0);
}

void RegionsView::showRegion(int index) {
    for (int row = 0; row < listProxy_->rowCount(); ++row) {
        const QModelIndex i = listProxy_->index(row, RegionListModel::RegionColumn);
        if (i.data(RegionListModel::RegionIndexRole).toInt() == index) {
            list_->setCurrentIndex(i);
            return;
        }
    }
}

void RegionsView::onRegionSelected() {
    const QModelIndex current = list_->currentIndex();
    shown_ = current.isValid() ? current.data(RegionListModel::RegionIndexRole).toInt() : -1;
    if (shown_ < 0) {
        tableModel_->clear();
        tableTitle_->clear();
        return;
    }
    const RegionResult& r = regions_[static_cast<size_t>(shown_)];
    tableModel_->setRegion(r);
    const QString threads = r.threads.size() == 1 ? tr("1 thread") : tr("%1 threads").arg(r.threads.size());
    tableTitle_->setText(tr("<b>Region %1</b>, group %2, %3; the last row is the region as a whole")
                             .arg(QString::fromStdString(r.name).toHtmlEscaped(),
                                  QString::fromStdString(r.group.name).toHtmlEscaped(), threads));
}

void RegionsView::onQuantityChosen(int index) { chartModel_->setQuantity(index); }

void RegionsView::showChartData() {
    {
        const QSignalBlocker quiet(quantity_);
        quantity_->clear();
        for (const auto& q : chartModel_->quantities()) quantity_->addItem(q.label);
        quantity_->setCurrentIndex(chartModel_->quantity());
    }
    rebuildChart();
}

void RegionsView::setStacked(bool stacked) { (stacked ? stacked_ : grouped_)->setChecked(true); }

bool RegionsView::isStacked() const { return stacked_->isChecked(); }

QString RegionsView::chartNote() const { return chartNote_->isHidden() ? QString() : chartNote_->text(); }

void RegionsView::rebuildChart() {
    chart_->removeAllSeries();
    for (QAbstractAxis* axis : chart_->axes()) {
        chart_->removeAxis(axis);
        delete axis;
    }
    const RegionChartModel& m = *chartModel_;
    QStringList notes;
    if (m.rowCount() == 0 || m.columnCount() == 0) {
        chart_->setTitle(QString());
        chartNote_->hide();
        return;
    }
    QAbstractBarSeries* series = isStacked() ? static_cast<QAbstractBarSeries*>(new QStackedBarSeries)
                                             : static_cast<QAbstractBarSeries*>(new QBarSeries);
    QStringList regions;
    double top = 0;
    std::vector<double> stackedTop(static_cast<size_t>(m.rowCount()), 0.0);
    for (int row = 0; row < m.rowCount(); ++row) regions << m.headerData(row, Qt::Vertical).toString();
    for (int column = 0; column < m.columnCount(); ++column) {
        auto* set = new QBarSet(m.headerData(column, Qt::Horizontal).toString());
        for (int row = 0; row < m.rowCount(); ++row) {
            const double v = m.index(row, column).data(RegionChartModel::ValueRole).toDouble();
            // No bar where there is no value (a thread that did not run the region, an n/a value).
            const double drawn = isAvailable(v) ? v : 0.0;
            set->append(drawn);
            stackedTop[static_cast<size_t>(row)] += drawn;
            top = std::max(top, isStacked() ? stackedTop[static_cast<size_t>(row)] : drawn);
        }
        series->append(set);
    }
    chart_->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(regions);
    x->setTitleText(tr("Region"));
    auto* y = new QValueAxis;
    y->setRange(0, top > 0 ? top : 1);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%g"));
    y->setTitleText(m.quantityLabel());
    chart_->addAxis(x, Qt::AlignBottom);
    chart_->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    chart_->setTitle(tr("%1 per region and thread").arg(m.quantityLabel()));

    if (m.hasUnavailableValues())
        notes << (isStacked() ? tr("Some threads have no value here (n/a: not counted, or not computable): they have "
                                   "no bar, so a stack without them is partial, not the region's total; the table "
                                   "shows why.")
                              : tr("Some threads have no value here (n/a: not counted, or not computable): they have "
                                   "no bar; the table shows why."));
    if (isStacked() && !m.quantityAdds())
        notes << tr("Stacked bars add the threads' values; for a rate or a ratio the sum is not the region's value "
                    "(the table's last row has that).");
    chartNote_->setText(notes.join(QLatin1Char(' ')));
    chartNote_->setVisible(!notes.isEmpty());
}

} // namespace perfdash
