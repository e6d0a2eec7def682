#include "widgets/sessions/ComparisonTimelineChart.h"

#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "widgets/common/ChartPlan.h"
#include "widgets/common/SeriesNames.h"
#include "widgets/common/TimelineChart.h"
#include "widgets/sessions/SessionComparisonModel.h"

namespace perfdash {

namespace {

// The overlay in the live view's input shape: one interval per time of the
// aligned axis, one metric whose two "locations" are session A and session B.
std::vector<IntervalResult> overlayIntervals(const AlignedTimelines& lines, const std::string& metricName) {
    std::vector<IntervalResult> out;
    out.reserve(lines.t.size());
    double previous = 0;
    for (size_t i = 0; i < lines.t.size(); ++i) {
        IntervalResult interval;
        interval.t = lines.t[i];
        interval.dt = lines.t[i] - previous;
        previous = lines.t[i];
        GroupResult group;
        group.metrics.push_back({metricName, {}, {lines.a[i], lines.b[i]}, kNotAvailable});
        interval.groups.push_back(std::move(group));
        out.push_back(std::move(interval));
    }
    return out;
}

bool anyAvailable(const std::vector<double>& values) { return std::any_of(values.begin(), values.end(), isAvailable); }

} // namespace

ComparisonTimelineChart::ComparisonTimelineChart(QWidget* parent)
    : QWidget(parent), pages_(new QStackedWidget(this)), placeholder_(new QLabel(this)),
      scroll_(new QScrollArea(this)) {
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    pages_->addWidget(scroll_);
    placeholder_->setAlignment(Qt::AlignCenter);
    placeholder_->setWordWrap(true);
    placeholder_->setEnabled(false); // greyed: a hint, not data
    pages_->addWidget(placeholder_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(pages_);
    setPlaceholder(tr("Select a row of the table to overlay its timeline in both sessions."));
}

QString ComparisonTimelineChart::placeholderText() const { return chart_ ? QString() : placeholder_->text(); }

void ComparisonTimelineChart::setPlaceholder(const QString& text) {
    delete chart_;
    chart_ = nullptr;
    placeholder_->setText(text);
    pages_->setCurrentWidget(placeholder_);
}

void ComparisonTimelineChart::showRow(const SessionComparisonModel& model, int row) {
    if (row < 0 || row >= model.rowCount())
        return setPlaceholder(tr("Select a row of the table to overlay its timeline in both sessions."));
    const ComparisonRow& r = model.comparisonRow(row);
    const AlignedTimelines lines = model.alignedTimelines(row);
    const QString name = QString::fromStdString(r.group + ": " + r.name);
    if (lines.t.empty())
        return setPlaceholder(tr("Neither session recorded a timeline: they were measured without an interval."));
    if (!anyAvailable(lines.a) && !anyAvailable(lines.b))
        return setPlaceholder(tr("%1 has no value in any interval of either session (n/a).").arg(name));

    // The chart reads data_ while it lives: it goes before the data changes.
    setPlaceholder({});
    // The chart splits "name [unit]"; an event's values are counts per interval.
    const QString unit = r.unit.empty() ? tr("events per interval")
                                         : tr("%1 per interval").arg(QString::fromStdString(r.unit));
    const QString metricName =
        r.kind == ComparisonRow::Kind::Event ? QStringLiteral("%1 [%2]").arg(name, unit) : name;
    data_.reset({unnamedLocation(0), unnamedLocation(1)}); // named by the labels below
    data_.setLocationLabels({model.sessionLabel(0), model.sessionLabel(1)});
    data_.append(overlayIntervals(lines, metricName.toStdString()));
    const std::vector<ChartSpec> specs = planCharts(data_.series(), ChartGrouping::PerMetric, LocationMode::PerLocation);
    chart_ = new TimelineChart(data_, specs.front());
    scroll_->setWidget(chart_);
    pages_->setCurrentWidget(scroll_);
    chart_->refresh();
}

} // namespace perfdash
