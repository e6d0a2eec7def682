#include "widgets/live/TimelineView.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>

#include "widgets/common/TimelineChart.h"

namespace perfdash {

namespace {
constexpr int kFrameMs = 16;
constexpr double kZoomStep = 2.0;
} // namespace

TimelineView::TimelineView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    buildToolBar(layout);

    pages_ = new QStackedWidget(this);
    placeholder_ = new QLabel(pages_);
    placeholder_->setAlignment(Qt::AlignCenter);
    placeholder_->setWordWrap(true);
    placeholder_->setMargin(fontMetrics().height());
    pages_->addWidget(placeholder_);

    auto* scroll = new QScrollArea(pages_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    chartColumn_ = new QWidget(scroll);
    chartLayout_ = new QVBoxLayout(chartColumn_);
    chartLayout_->setContentsMargins(0, 0, 0, 0);
    scroll->setWidget(chartColumn_);
    pages_->addWidget(scroll);
    layout->addWidget(pages_, 1);

    frameTimer_.setSingleShot(true);
    frameTimer_.setInterval(kFrameMs);
    connect(&frameTimer_, &QTimer::timeout, this, &TimelineView::renderFrame);
    setPlaceholder(tr("No measurement yet: start one, or open a saved session."));
}

void TimelineView::buildToolBar(QVBoxLayout* layout) {
    auto* bar = new QToolBar(this);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);

    followAction_ = bar->addAction(tr("Follow live"));
    followAction_->setCheckable(true);
    followAction_->setChecked(true);
    followAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    followAction_->setToolTip(tr("Keep the newest intervals in view (Ctrl+L). Zooming or panning turns it off."));
    connect(followAction_, &QAction::triggered, this, &TimelineView::setFollowLive);

    zoomInAction_ = bar->addAction(tr("Zoom in"));
    zoomInAction_->setShortcut(QKeySequence::ZoomIn);
    connect(zoomInAction_, &QAction::triggered, this, [this] { zoom(1.0 / kZoomStep); });
    zoomOutAction_ = bar->addAction(tr("Zoom out"));
    zoomOutAction_->setShortcut(QKeySequence::ZoomOut);
    connect(zoomOutAction_, &QAction::triggered, this, [this] { zoom(kZoomStep); });
    hotspotsAction_ = bar->addAction(tr("Hot functions"));
    hotspotsAction_->setToolTip(tr("The functions of the time range shown, on the Hotspots page (a session recorded "
                                   "with samples: perfdash-cli record). Zoom or pan to choose the range."));
    connect(hotspotsAction_, &QAction::triggered, this, [this] { emit rangeChosen(from_, to_); });
    bar->addSeparator();

    auto addCombo = [&](const QString& label, const QString& toolTip) {
        auto* title = new QLabel(label, bar);
        title->setIndent(fontMetrics().averageCharWidth() * 2); // keeps each combo's label off the one before
        auto* box = new QComboBox(bar);
        title->setBuddy(box);
        box->setToolTip(toolTip);
        bar->addWidget(title);
        bar->addWidget(box);
        return box;
    };
    modeBox_ = addCombo(tr("&Lines:"), tr("One line per CPU, thread or process, or one aggregate line"));
    modeBox_->addItem(tr("Aggregate"), int(LocationMode::Aggregate));
    modeBox_->addItem(tr("Per location"), int(LocationMode::PerLocation));
    connect(modeBox_, &QComboBox::activated, this,
            [this](int index) { setLocationMode(LocationMode(modeBox_->itemData(index).toInt())); });

    groupingBox_ = addCombo(tr("&Charts:"), tr("One chart per unit, or one chart per metric and event"));
    groupingBox_->addItem(tr("One per unit"), int(ChartGrouping::ByUnit));
    groupingBox_->addItem(tr("One per metric"), int(ChartGrouping::PerMetric));
    connect(groupingBox_, &QComboBox::activated, this,
            [this](int index) { setGrouping(ChartGrouping(groupingBox_->itemData(index).toInt())); });

    windowBox_ = addCombo(tr("&Window:"), tr("How much of the newest data Follow live shows"));
    windowBox_->addItem(tr("Whole run"), 0.0);
    windowBox_->addItem(tr("Last 10 s"), 10.0);
    windowBox_->addItem(tr("Last minute"), 60.0);
    windowBox_->addItem(tr("Last 10 minutes"), 600.0);
    connect(windowBox_, &QComboBox::activated, this,
            [this](int index) { setLiveWindow(windowBox_->itemData(index).toDouble()); });

    layout->addWidget(bar);
}

void TimelineView::beginRun(std::vector<LocationInfo> locations) {
    data_.reset(std::move(locations));
    hiddenSeries_.clear();
    rebuildCharts();
    setPlaceholder(tr("Waiting for the first interval…"));
    setFollowLive(true);
    hotspotsAction_->setEnabled(false); // no range to ask for until an interval is drawn
}

void TimelineView::appendIntervals(const std::vector<IntervalResult>& intervals) {
    if (intervals.empty()) return;
    const bool hadSeries = !data_.series().empty();
    data_.append(intervals);
    if (!hadSeries) rebuildCharts();
    hotspotsAction_->setEnabled(true);
    scheduleFrame();
}

void TimelineView::endRun() {
    if (data_.store().size() == 0)
        setPlaceholder(tr("This run recorded no intervals, so there is no timeline: the totals are in the tables "
                          "and the run summary. Choose an interval to record a timeline."));
    flush();
}

QString TimelineView::placeholderText() const {
    return pages_->currentWidget() == placeholder_ ? placeholder_->text() : QString();
}

void TimelineView::setPlaceholder(const QString& text) {
    placeholder_->setText(text);
    pages_->setCurrentWidget(charts_.empty() ? static_cast<QWidget*>(placeholder_) : pages_->widget(1));
}

void TimelineView::setGrouping(ChartGrouping grouping) {
    groupingBox_->setCurrentIndex(groupingBox_->findData(int(grouping)));
    if (grouping == grouping_) return;
    grouping_ = grouping;
    rebuildCharts();
}

void TimelineView::setLocationMode(LocationMode mode) {
    modeBox_->setCurrentIndex(modeBox_->findData(int(mode)));
    if (mode == mode_) return;
    mode_ = mode;
    rebuildCharts();
}

void TimelineView::focusLocation(int location) {
    hiddenSeries_.clear();
    for (size_t s = 0; s < data_.series().size(); ++s)
        if (const int l = data_.series()[s].location; l != kAggregateLocation && l != location) hiddenSeries_.insert(s);
    modeBox_->setCurrentIndex(modeBox_->findData(int(LocationMode::PerLocation)));
    mode_ = LocationMode::PerLocation;
    rebuildCharts();
    flush();
}

void TimelineView::setLiveWindow(double seconds) {
    windowBox_->setCurrentIndex(std::max(0, windowBox_->findData(seconds)));
    liveWindowS_ = seconds;
    setFollowLive(true);
}

void TimelineView::setFollowLive(bool on) {
    followAction_->setChecked(on);
    if (on) scheduleFrame();
    if (on == followLive_) return;
    followLive_ = on;
    emit followLiveChanged(on);
}

void TimelineView::rebuildCharts() {
    for (TimelineChart* chart : charts_) delete chart;
    charts_.clear();
    for (ChartSpec& spec : planCharts(data_.series(), grouping_, mode_)) {
        auto* chart = new TimelineChart(data_, std::move(spec), chartColumn_);
        for (size_t series : hiddenSeries_) chart->setSeriesVisible(series, false);
        connect(chart, &TimelineChart::userChangedTimeRange, this,
                [this, chart](double from, double to) { onUserRange(from, to, chart); });
        connect(chart, &TimelineChart::seriesVisibilityToggled, this, [this](size_t series, bool visible) {
            if (visible)
                hiddenSeries_.erase(series);
            else
                hiddenSeries_.insert(series);
        });
        chartLayout_->addWidget(chart, 1);
        charts_.push_back(chart);
    }
    if (!charts_.empty()) {
        pages_->setCurrentIndex(1);
    } else if (!data_.groups().empty()) {
        setPlaceholder(tr("The measured groups have no events or metrics to chart."));
    } else {
        pages_->setCurrentWidget(placeholder_);
    }
    applyRange(nullptr);
    scheduleFrame();
}

void TimelineView::scheduleFrame() {
    if (!frameTimer_.isActive()) frameTimer_.start();
}

void TimelineView::flush() {
    frameTimer_.stop();
    renderFrame();
}

void TimelineView::renderFrame() {
    const TimelineStore& store = data_.store();
    if (followLive_ && store.size() > 0) {
        const double start = store.time(0) - store.duration(0);
        to_ = store.time(store.size() - 1);
        from_ = liveWindowS_ > 0 ? std::max(start, to_ - liveWindowS_) : start;
        if (!(to_ > from_)) to_ = from_ + std::max(store.duration(0), 1e-3);
    }
    applyRange(nullptr);
}

void TimelineView::applyRange(const TimelineChart* except) {
    for (TimelineChart* chart : charts_) {
        if (chart == except) continue;
        chart->setTimeRange(from_, to_);
        chart->refresh();
    }
}

void TimelineView::onUserRange(double from, double to, const TimelineChart* origin) {
    from_ = from;
    to_ = to;
    setFollowLive(false);
    applyRange(origin);
}

void TimelineView::zoom(double factor) {
    const double centre = (from_ + to_) / 2, half = (to_ - from_) / 2 * factor;
    onUserRange(centre - half, centre + half, nullptr);
}

} // namespace perfdash
