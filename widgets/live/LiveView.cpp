#include "widgets/live/LiveView.h"

#include <QAction>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include "widgets/common/WrappedLabel.h"
#include "widgets/live/CopyableTableView.h"
#include "widgets/live/EventTotalsModel.h"
#include "widgets/live/HeatMapView.h"
#include "widgets/live/MetricValuesModel.h"
#include "widgets/live/RooflineView.h"
#include "widgets/live/RunSummaryChart.h"
#include "widgets/live/TimelineView.h"
#include "widgets/live/TopDownView.h"
#include "widgets/run/RunSource.h"

namespace perfdash {

LiveView::LiveView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(splitter);

    chartTabs_ = new QTabWidget(splitter);
    timeline_ = new TimelineView(chartTabs_);
    summary_ = new RunSummaryChart(chartTabs_);
    chartTabs_->addTab(timeline_, tr("&Timeline"));
    heatMap_ = new HeatMapView(timeline_->data(), chartTabs_);
    chartTabs_->addTab(heatMap_, tr("&Heat map"));
    topDown_ = new TopDownView(timeline_->data(), chartTabs_);
    chartTabs_->addTab(topDown_, tr("To&p-down"));
    roofline_ = new RooflineView(chartTabs_);
    chartTabs_->addTab(roofline_, tr("Roofli&ne"));
    chartTabs_->addTab(summary_, tr("Run &summary"));
    connect(heatMap_, &HeatMapView::cpuActivated, this, &LiveView::showCpu);

    auto* tableTabs = new QTabWidget(splitter);
    eventTotals_ = new EventTotalsModel(this);
    metricValues_ = new MetricValuesModel(this);
    eventView_ = new CopyableTableView(tableTabs);
    eventView_->setModel(eventTotals_);
    metricView_ = new CopyableTableView(tableTabs);
    metricView_->setModel(metricValues_);
    // A metric's row leads to the functions behind it: its group, sampled ("Where?").
    auto* where = new QAction(tr("&Where? Sample this metric's group by function"), metricView_);
    connect(where, &QAction::triggered, this, [this] {
        const QModelIndex current = metricView_->currentIndex();
        if (current.isValid())
            emit whereRequested(current.siblingAtColumn(MetricValuesModel::GroupColumn).data().toString());
    });
    metricView_->addAction(where);
    connect(topDown_, &TopDownView::whereRequested, this, &LiveView::whereRequested);
    eventCaption_ = wrappedLabel(tableTabs);
    metricCaption_ = wrappedLabel(tableTabs);
    tableTabs->addTab(tablePage(metricView_, metricCaption_), tr("&Metrics"));
    tableTabs->addTab(tablePage(eventView_, eventCaption_), tr("&Counts"));

    splitter->addWidget(chartTabs_);
    splitter->addWidget(tableTabs);
    splitter->setStretchFactor(0, 7);
    splitter->setStretchFactor(1, 3);
    // Proportions (the splitter scales them to its width): the charts get 70 %, the tables 30 %.
    splitter->setSizes({7000, 3000});

    for (QAbstractItemModel* model :
         {static_cast<QAbstractItemModel*>(eventTotals_), static_cast<QAbstractItemModel*>(metricValues_)}) {
        connect(model, &QAbstractItemModel::modelReset, this, &LiveView::updateCaptions);
        connect(model, &QAbstractItemModel::dataChanged, this, &LiveView::updateCaptions);
    }
    updateCaptions();
}

QWidget* LiveView::tablePage(CopyableTableView* view, QLabel* caption) {
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    caption->setParent(page);
    caption->setBuddy(view);
    layout->addWidget(caption);
    view->setParent(page);
    layout->addWidget(view, 1);
    return page;
}

void LiveView::updateCaptions() {
    // One group: its name in every row takes the room the figures need.
    // Without multiplexing every coverage reads 100 %: the caption says so, and the
    // column's room goes to the figures (at 1280x800 it would need a scroll bar).
    const bool fullyCovered = metricValues_->rowCount() && metricValues_->fullyCovered();
    for (int c = 0; c < metricValues_->columnCount(); ++c)
        metricView_->setColumnHidden(c, (c == MetricValuesModel::GroupColumn && metricValues_->groupCount() <= 1) ||
                                            (c == metricValues_->coverageColumn() && fullyCovered));
    // So do the counts' group and unit columns when they say nothing: the Sum stays in view at 1280x800.
    eventView_->setColumnHidden(EventTotalsModel::GroupColumn, eventTotals_->groupCount() <= 1);
    eventView_->setColumnHidden(EventTotalsModel::UnitColumn, !eventTotals_->hasUnits());
    eventCaption_->setText(eventTotals_->rowCount() ? eventTotals_->scopeText() : tr("No counts yet."));
    metricCaption_->setText(!metricValues_->rowCount() ? tr("No metric values yet.")
                            : fullyCovered ? tr("%1: every event counted all the time (coverage 100 %)").arg(metricValues_->scopeText())
                                           : metricValues_->scopeText());
}

void LiveView::attach(RunSource* source) {
    connect(source, &RunSource::started, this,
            [this, source] { beginRun(source->locations(), source->cpuPlaces()); });
    connect(source, &RunSource::intervalsArrived, this, &LiveView::appendIntervals);
    connect(source, &RunSource::finished, this, &LiveView::finishRun);
}

void LiveView::showCpu(int location) {
    chartTabs_->setCurrentWidget(timeline_);
    timeline_->focusLocation(location);
}

void LiveView::beginRun(const std::vector<LocationInfo>& locations, std::map<int, CpuPlace> places) {
    timeline_->beginRun(locations);
    heatMap_->beginRun(std::move(places));
    topDown_->beginRun();
    roofline_->beginRun();
    eventTotals_->beginRun(locations);
    metricValues_->beginRun(locations);
    summary_->clear();
    chartTabs_->setCurrentWidget(timeline_);
}

void LiveView::showNoCounts(const QString& why) {
    beginRun({});
    timeline_->setPlaceholder(why);
    heatMap_->setPlaceholder(why);
    topDown_->setPlaceholder(why);
    roofline_->setPlaceholder(why);
    summary_->setPlaceholder(why);
}

void LiveView::appendIntervals(const std::vector<IntervalResult>& intervals) {
    timeline_->appendIntervals(intervals);
    heatMap_->timelineGrew();
    topDown_->timelineGrew();
    roofline_->appendIntervals(intervals);
    eventTotals_->appendIntervals(intervals);
    metricValues_->appendIntervals(intervals);
}

void LiveView::finishRun(const MeasurementResult& result) {
    timeline_->endRun();
    heatMap_->flush();
    topDown_->showResult(result);
    roofline_->showResult(result);
    eventTotals_->showResult(result);
    metricValues_->showResult(result);
    summary_->showResult(result);
}

} // namespace perfdash
