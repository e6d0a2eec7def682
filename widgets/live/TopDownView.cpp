#include "widgets/live/TopDownView.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "widgets/common/WrappedLabel.h"
#include "widgets/common/SeriesNames.h"
#include "widgets/live/TopDownCharts.h"
#include "widgets/live/TopDownModel.h"

namespace perfdash {

namespace {
constexpr int kFrameMs = 200;
}

TopDownView::TopDownView(const TimelineData& data, QWidget* parent)
    : QWidget(parent), data_(data), model_(new TopDownModel(this)), pages_(new QStackedWidget(this)),
      placeholder_(wrappedLabel(this)), locationBox_(new QComboBox(this)), spanLabel_(new QLabel(this)),
      wholeRun_(new QPushButton(tr("&Whole run"), this)), where_(new QPushButton(tr("Where?"), this)),
      chart_(new TopDownTimeline(data, this)),
      bars_(new TopDownBars(*model_, this)) {
    auto* layout = new QVBoxLayout(this);
    placeholder_->setAlignment(Qt::AlignCenter);
    placeholder_->setObjectName(QStringLiteral("topDownPlaceholder"));
    pages_->addWidget(placeholder_);

    auto* page = new QWidget(pages_);
    auto* pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    auto* label = new QLabel(tr("&Location:"), page);
    label->setBuddy(locationBox_);
    locationBox_->setToolTip(tr("All CPUs together, or one location's breakdown"));
    spanLabel_->setWordWrap(true);
    locationBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    locationBox_->setMinimumContentsLength(16);
    wholeRun_->setToolTip(tr("Break down the whole run again (drag across the chart to choose a span)"));
    bar->addWidget(label);
    bar->addWidget(locationBox_);
    bar->addSpacing(12);
    bar->addWidget(spanLabel_, 1);
    bar->addWidget(wholeRun_);
    bar->addWidget(where_);
    where_->setAccessibleName(tr("Where do the top-down figures come from?"));
    where_->setToolTip(tr("Run the same target again, sampling the top-down group, and show on the Hotspots page the "
                          "functions its slots come from"));
    pageLayout->addLayout(bar);
    auto* splitter = new QSplitter(Qt::Vertical, page);
    splitter->addWidget(chart_);
    auto* scroll = new QScrollArea(splitter);
    scroll->setWidget(bars_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    splitter->addWidget(scroll);
    // The drill-down gets the room its bars need (a scroll bar only when the window is too low); the chart the rest.
    scroll->setMinimumHeight(std::min(bars_->minimumSizeHint().height(), 340));
    connect(model_, &QAbstractItemModel::modelReset, scroll,
            [this, scroll] { scroll->setMinimumHeight(std::min(bars_->minimumSizeHint().height(), 340)); });
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setChildrenCollapsible(false);
    pageLayout->addWidget(splitter, 1);
    pages_->addWidget(page);
    layout->addWidget(pages_, 1);

    connect(chart_, &TopDownTimeline::spanChosen, this, &TopDownView::selectSpan);
    connect(wholeRun_, &QPushButton::clicked, this, [this] { selectSpan(0, 0); });
    connect(where_, &QPushButton::clicked, this, [this] {
        if (group_) emit whereRequested(QString::fromStdString(data_.groups()[*group_].name));
    });
    connect(locationBox_, &QComboBox::activated, this,
            [this](int index) { selectLocation(locationBox_->itemData(index).toInt()); });
    frameTimer_.setSingleShot(true);
    frameTimer_.setInterval(kFrameMs);
    connect(&frameTimer_, &QTimer::timeout, this, &TopDownView::renderFrame);
    beginRun();
}

void TopDownView::setAdvice(TopDownAdvice advice) {
    advice_ = std::move(advice);
    if (data_.store().size() && !group_) renderFrame();
}

void TopDownView::beginRun() {
    frameTimer_.stop();
    group_.reset();
    result_.reset();
    location_ = kAggregateLocation;
    metricSeries_.clear();
    from_ = to_ = 0;
    sums_.clear();
    weights_.clear();
    summed_ = 0;
    model_->setGroup(nullptr);
    chart_->setSeries({}, {});
    chart_->setSelection(0, 0);
    locationBox_->clear();
    setPlaceholder(tr("Waiting for the first interval…"));
}

void TopDownView::setPlaceholder(const QString& text) {
    placeholder_->setText(text);
    pages_->setCurrentWidget(placeholder_);
}

void TopDownView::timelineGrew() {
    if (!frameTimer_.isActive()) frameTimer_.start();
}

void TopDownView::showResult(const MeasurementResult& result) {
    result_ = result;
    flush();
}

void TopDownView::flush() {
    frameTimer_.stop();
    renderFrame();
}

QString TopDownView::placeholderText() const {
    return pages_->currentWidget() == placeholder_ ? placeholder_->text() : QString();
}

void TopDownView::findSeries() {
    const GroupResult& group = data_.groups()[*group_];
    metricSeries_.assign(group.metrics.size(), -1);
    const auto& series = data_.series();
    for (size_t s = 0; s < series.size(); ++s)
        if (series[s].kind == SeriesKind::Metric && series[s].group == *group_ && series[s].location == location_ &&
            series[s].item < metricSeries_.size())
            metricSeries_[series[s].item] = int(s);
}

void TopDownView::defineRun() {
    group_ = topDownGroup(data_.groups());
    if (!group_) {
        QString text = tr("This session has no top-down group: the view needs a group whose metrics form a top-down "
                          "hierarchy (levels 1 and 2).");
        if (!advice_.known)
            text += QLatin1Char(' ') + tr("Which group this machine offers is known once its capabilities are checked.");
        else if (advice_.group.isEmpty())
            text += QLatin1Char(' ') +
                    (advice_.arch.isEmpty() ? tr("This machine's CPU architecture was not identified, so perfdash has "
                                                 "no top-down group for it (name one with --arch ARCH).")
                                            : tr("perfdash has no top-down group for this CPU's architecture (%1).")
                                                  .arg(advice_.arch));
        else
            text += QLatin1Char(' ') +
                    tr("Add the group %1 on the Measure page (or perfdash-cli stat -g %1).").arg(advice_.group) +
                    QLatin1Char(' ') +
                    (advice_.countable ? tr("This machine can count it.")
                                       : tr("This machine cannot count it: %1").arg(advice_.why));
        placeholder_->setText(text);
        pages_->setCurrentWidget(placeholder_);
        return;
    }
    const GroupResult& group = data_.groups()[*group_];
    model_->setGroup(&group);
    locationBox_->clear();
    locationBox_->addItem(tr("All locations together"), kAggregateLocation);
    for (size_t l = 0; l < data_.locations().size() && data_.locations().size() > 1; ++l)
        locationBox_->addItem(locationName(data_.locations()[l]), int(l));
    selectLocation(kAggregateLocation);
    pages_->setCurrentWidget(pages_->widget(1));
}

void TopDownView::selectLocation(int location) {
    location_ = location;
    const int index = locationBox_->findData(location);
    if (index >= 0) locationBox_->setCurrentIndex(index);
    if (!group_) return;
    findSeries();
    std::vector<size_t> series;
    QStringList names;
    for (const TopDownCategory& category : model_->shape())
        if (const int s = metricSeries_[category.metric]; s >= 0) {
            series.push_back(size_t(s));
            names << model_->name(category.metric);
        }
    chart_->setSeries(std::move(series), names);
    summed_ = 0;
    updateValues();
}

void TopDownView::selectSpan(double from, double to) {
    from_ = from;
    to_ = to;
    chart_->setSelection(from, to);
    updateValues();
}

QString TopDownView::spanText() const {
    const QLocale locale;
    const QString where = location_ == kAggregateLocation
                              ? tr("all locations")
                              : locationName(data_.locations()[size_t(location_)]);
    if (from_ >= to_) return tr("Whole run, %1").arg(where);
    return tr("%1 s to %2 s, %3").arg(locale.toString(from_, 'f', 2), locale.toString(to_, 'f', 2), where);
}

// Adds points [begin, end) of each metric, weighted by their intervals'
// durations: a span's share of the slots is then sum / weight, whether the
// intervals are of equal length or not.
void TopDownView::accumulate(size_t begin, size_t end, std::vector<double>& sums, std::vector<double>& weights) const {
    for (size_t m = 0; m < metricSeries_.size(); ++m) {
        if (metricSeries_[m] < 0) continue;
        const WeightedSum sum = data_.store().weightedSum(size_t(metricSeries_[m]), begin, end);
        sums[m] += sum.sum;
        weights[m] += sum.weight;
    }
}

std::vector<double> TopDownView::means(const std::vector<double>& sums, const std::vector<double>& weights) {
    std::vector<double> values(sums.size(), kNotAvailable);
    for (size_t m = 0; m < sums.size(); ++m)
        if (weights[m] > 0) values[m] = sums[m] / weights[m];
    return values;
}

void TopDownView::updateValues() {
    if (!group_) return;
    spanLabel_->setText(tr("Breakdown: %1").arg(spanText()));
    const TimelineStore& store = data_.store();
    const size_t metrics = metricSeries_.size();
    if (from_ < to_) {
        // An interval belongs to the span when its end is in it.
        const size_t begin = store.upperBound(from_), end = store.upperBound(to_, begin);
        std::vector<double> sums(metrics, 0.0), weights(metrics, 0.0);
        accumulate(begin, end, sums, weights);
        model_->setValues(means(sums, weights));
        return;
    }
    // The whole run of a finished session: the figures of its result, as the reports have them.
    if (result_ && *group_ < result_->groups.size()) {
        std::vector<double> values;
        for (const MetricResult& m : result_->groups[*group_].metrics)
            values.push_back(location_ == kAggregateLocation ? m.aggregate
                             : size_t(location_) < m.perLocation.size() ? m.perLocation[size_t(location_)]
                                                                        : kNotAvailable);
        model_->setValues(values);
        return;
    }
    // While it runs: the intervals so far, only the new ones added each frame.
    if (summed_ == 0) sums_.assign(metrics, 0.0), weights_.assign(metrics, 0.0);
    accumulate(summed_, store.size(), sums_, weights_);
    summed_ = store.size();
    model_->setValues(means(sums_, weights_));
}

void TopDownView::renderFrame() {
    if (data_.store().size() == 0) return;
    if (!group_) {
        defineRun();
        if (!group_) return;
    }
    chart_->refresh();
    updateValues();
}

} // namespace perfdash
