#include "widgets/live/RunSummaryChart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedBarSeries>
#include <QStackedWidget>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>

#include "core/presentation/NumberFormat.h"
#include "widgets/common/ChartPalette.h"
#include "widgets/common/StatusColors.h"
#include "widgets/common/ValueText.h"
#include "widgets/common/SeriesColours.h"
#include "widgets/common/SeriesNames.h"

namespace perfdash {

std::vector<SummaryItem> summaryItems(const MeasurementResult& result) {
    std::vector<SummaryItem> items;
    const bool severalGroups = result.groups.size() > 1;
    auto label = [&](const GroupResult& group, const QString& name) {
        return severalGroups ? QStringLiteral("%1: %2").arg(QString::fromStdString(group.name), name) : name;
    };
    for (size_t g = 0; g < result.groups.size(); ++g)
        for (size_t m = 0; m < result.groups[g].metrics.size(); ++m)
            items.push_back({SeriesKind::Metric, g, m,
                             label(result.groups[g], QString::fromStdString(result.groups[g].metrics[m].name))});
    for (size_t g = 0; g < result.groups.size(); ++g)
        for (size_t e = 0; e < result.groups[g].events.size(); ++e) {
            const EventResult& event = result.groups[g].events[e];
            const QString name = label(result.groups[g], QString::fromStdString(event.event));
            items.push_back(event.gauge
                                ? SummaryItem{SeriesKind::EventReading, g, e,
                                              RunSummaryChart::tr("%1 (reading at the end)").arg(name)}
                                : SummaryItem{SeriesKind::EventRate, g, e,
                                              RunSummaryChart::tr("%1 (total count)").arg(name)});
        }
    return items;
}

SummaryBars summaryBars(const MeasurementResult& result, const SummaryItem& item) {
    SummaryBars bars;
    const GroupResult& group = result.groups[item.group];
    std::vector<double> perLocation;
    const HeldElsewhere* held = nullptr;
    double aggregate = kNotAvailable;
    if (item.kind == SeriesKind::Metric) {
        const MetricResult& metric = group.metrics[item.item];
        const NameAndUnit split = splitMetricName(metric.name);
        bars.title = item.label;
        bars.unit = split.unit;
        perLocation = metric.perLocation;
        held = &metric.heldElsewhere;
        aggregate = metric.aggregate;
    } else {
        const EventResult& event = group.events[item.item];
        bars.title = item.label;
        bars.unit = QString::fromStdString(event.unit);
        for (const CountValue& v : event.perLocation) perLocation.push_back(v.value);
        held = &event.heldElsewhere;
        aggregate = event.total.value;
        if (!event.counted) bars.notAvailableReason = QString::fromStdString(event.reason);
        if (event.partialTotal)
            bars.partialTotal = QString::fromStdString(formatPartial(*event.partialTotal, "locations"));
    }
    const size_t count = std::max(perLocation.size(), result.locations.size());
    for (size_t l = 0; l < count; ++l) {
        bars.categories << (l < result.locations.size() ? locationName(result.locations[l])
                                                        : locationName(unnamedLocation(l)));
        bars.values.push_back(l < perLocation.size() ? perLocation[l] : kNotAvailable);
        bars.heldAt.push_back(held->at(l));
    }
    bars.categories << (item.kind == SeriesKind::Metric         ? metricAggregateName()
                        : item.kind == SeriesKind::EventReading ? gaugeAverageName()
                                                                : eventTotalName());
    bars.values.push_back(aggregate);
    bars.heldAt.push_back(std::nullopt);
    const bool anyValue = std::any_of(bars.values.begin(), bars.values.end(), isAvailable);
    if (anyValue)
        bars.notAvailableReason.clear();
    else if (bars.notAvailableReason.isEmpty())
        bars.notAvailableReason =
            RunSummaryChart::tr("an input of the formula was not counted here, or the formula divided by zero");
    return bars;
}

RunSummaryChart::RunSummaryChart(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    pages_ = new QStackedWidget(this);
    placeholder_ = new QLabel(pages_);
    placeholder_->setAlignment(Qt::AlignCenter);
    placeholder_->setWordWrap(true);
    pages_->addWidget(placeholder_);

    auto* page = new QWidget(pages_);
    auto* pageLayout = new QVBoxLayout(page);
    auto* chooser = new QHBoxLayout;
    auto* chooserLabel = new QLabel(tr("&Show:"), page);
    itemBox_ = new QComboBox(page);
    itemBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    chooserLabel->setBuddy(itemBox_);
    chooser->addWidget(chooserLabel);
    chooser->addWidget(itemBox_);
    chooser->addStretch(1);
    pageLayout->addLayout(chooser);
    view_ = new QChartView(new QChart, page);
    view_->setRenderHint(QPainter::Antialiasing);
    followPalette(*view_, [this] {
        if (!items_.empty()) showItem(itemBox_->currentIndex());
    });
    pageLayout->addWidget(view_, 1);
    note_ = new QLabel(page);
    note_->setWordWrap(true);
    pageLayout->addWidget(note_);
    pages_->addWidget(page);
    layout->addWidget(pages_);

    connect(itemBox_, &QComboBox::activated, this, &RunSummaryChart::showItem);
    clear();
}

QChart* RunSummaryChart::chart() const { return view_->chart(); }

QString RunSummaryChart::notAvailableNote() const { return note_->text(); }

void RunSummaryChart::setPlaceholder(const QString& text) {
    placeholder_->setText(text);
    pages_->setCurrentWidget(placeholder_);
}

void RunSummaryChart::clear() {
    result_ = {};
    items_.clear();
    bars_ = {};
    itemBox_->clear();
    chart()->removeAllSeries();
    setPlaceholder(tr("The run summary appears here when the run is over."));
}

void RunSummaryChart::showResult(const MeasurementResult& result) {
    result_ = result;
    result_.intervals.clear(); // the summary needs the totals only
    items_ = summaryItems(result_);
    itemBox_->clear();
    for (const SummaryItem& item : items_) itemBox_->addItem(item.label);
    if (items_.empty()) {
        setPlaceholder(tr("Nothing was measured in this run: no group had events or metrics."));
        return;
    }
    pages_->setCurrentIndex(1);
    // Start with the first metric that has a value somewhere.
    int first = 0;
    for (size_t i = 0; i < items_.size(); ++i) {
        const SummaryBars bars = summaryBars(result_, items_[i]);
        if (bars.notAvailableReason.isEmpty()) {
            first = static_cast<int>(i);
            break;
        }
    }
    showItem(first);
}

void RunSummaryChart::showItem(int index) {
    if (index < 0 || static_cast<size_t>(index) >= items_.size()) return;
    itemBox_->setCurrentIndex(index);
    bars_ = summaryBars(result_, items_[static_cast<size_t>(index)]);

    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
    c->setTitle(bars_.title);
    c->legend()->setVisible(true);
    c->legend()->setAlignment(Qt::AlignBottom);

    // Two stacked sets so the aggregate bar gets its own colour and legend
    // entry while keeping its place in the row of categories.
    auto* perLocation = new QBarSet(tr("per location"));
    auto* aggregate = new QBarSet(bars_.categories.back());
    const bool dark = isDarkPalette(palette());
    perLocation->setColor(seriesColour(0, 2, dark));
    aggregate->setColor(seriesColour(1, 2, dark));
    QStringList categories;
    double lowest = 0, highest = 0;
    const size_t last = bars_.values.size() - 1;
    for (size_t i = 0; i < bars_.values.size(); ++i) {
        const double v = bars_.values[i];
        const bool available = isAvailable(v);
        const QString& category = bars_.categories[static_cast<qsizetype>(i)];
        if (i < bars_.heldAt.size() && bars_.heldAt[i])
            categories << QStringLiteral("%1 (%2)").arg(category, heldElsewhereText(*bars_.heldAt[i]));
        else
            categories << (available ? category : tr("%1 (n/a)").arg(category));
        // An n/a value gets no bar; the category's label says n/a.
        *perLocation << (i != last && available ? v : 0.0);
        *aggregate << (i == last && available ? v : 0.0);
        if (available) {
            lowest = std::min(lowest, v);
            highest = std::max(highest, v);
        }
    }
    auto* series = new QStackedBarSeries;
    series->append(perLocation);
    series->append(aggregate);
    c->addSeries(series);

    QAbstractAxis* x = makeCategoryAxis(categories);
    auto* y = new QValueAxis;
    y->setRange(lowest, highest > lowest ? highest : lowest + 1);
    y->applyNiceNumbers();
    y->setTitleText(bars_.unit);
    y->setLabelFormat(QStringLiteral("%.4g"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);

    connect(series, &QStackedBarSeries::hovered, this, [this](bool inside, int i, QBarSet*) {
        if (!inside || i < 0 || static_cast<size_t>(i) >= bars_.values.size()) return QToolTip::hideText();
        QString text = bars_.categories[i] + QStringLiteral(": ") +
                       QString::fromStdString(formatNumber(bars_.values[static_cast<size_t>(i)]));
        if (isAvailable(bars_.values[static_cast<size_t>(i)]) && !bars_.unit.isEmpty())
            text += QLatin1Char(' ') + bars_.unit;
        QToolTip::showText(QCursor::pos(), text, view_);
    });

    fitCategoryLabels();

    QStringList missing;
    for (size_t i = 0; i < bars_.values.size(); ++i)
        if (!isAvailable(bars_.values[i]) && !(i < bars_.heldAt.size() && bars_.heldAt[i]))
            missing << bars_.categories[static_cast<qsizetype>(i)];
    if (!bars_.notAvailableReason.isEmpty())
        note_->setText(tr("n/a everywhere: %1").arg(bars_.notAvailableReason));
    else
        note_->setText(missing.isEmpty() ? QString()
                                         : tr("No value (n/a) for: %1").arg(missing.join(QStringLiteral(", "))));
    if (!bars_.partialTotal.isEmpty())
        note_->setText(note_->text() + QLatin1Char(' ') +
                       tr("The %1 is partial, not the total: %2").arg(bars_.categories.back(), bars_.partialTotal));
    note_->setVisible(!note_->text().isEmpty());
}

QAbstractAxis* RunSummaryChart::makeCategoryAxis(const QStringList& categories) {
    if (categories.size() <= kMaxNamedBars) {
        auto* axis = new QBarCategoryAxis;
        axis->append(categories);
        return axis;
    }
    // Too many bars to name each one legibly: name every k-th and the aggregate.
    auto* axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    const auto last = static_cast<int>(categories.size()) - 1;
    const int step = (last + kMaxNamedBars - 2) / (kMaxNamedBars - 1);
    for (int i = 0; i + step / 2 < last; i += step) axis->append(categories[i], i);
    axis->append(categories[last], last);
    axis->setRange(-0.5, last + 0.5);
    return axis;
}

void RunSummaryChart::fitCategoryLabels() {
    const QList<QAbstractAxis*> axes = chart()->axes(Qt::Horizontal);
    if (axes.isEmpty()) return;
    QAbstractAxis* axis = axes.first();
    QStringList labels;
    if (auto* named = qobject_cast<QBarCategoryAxis*>(axis))
        labels = named->categories();
    else if (auto* sparse = qobject_cast<QCategoryAxis*>(axis))
        labels = sparse->categoriesLabels();
    // Labels that would not fit side by side are turned upright: Qt Charts
    // elides labels that do not fit, even slanted ones.
    const QFontMetrics metrics(axis->labelsFont());
    int widest = 0;
    for (const QString& label : labels) widest = std::max(widest, metrics.horizontalAdvance(label));
    const int perLabel = width() * 3 / 4 / std::max(1, static_cast<int>(labels.size()));
    axis->setLabelsAngle(widest + 2 * metrics.averageCharWidth() > perLabel ? -90 : 0);
}

void RunSummaryChart::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitCategoryLabels();
}

} // namespace perfdash
