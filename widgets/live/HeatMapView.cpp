#include "widgets/live/HeatMapView.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <tuple>

#include "core/presentation/KeyFigures.h"
#include "widgets/common/ValueText.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/live/HeatMapCanvas.h"
#include "widgets/common/SeriesNames.h"

namespace perfdash {

namespace {
constexpr int kFrameMs = 200;

bool sameMeasure(const SeriesInfo& a, const SeriesInfo& b) {
    return a.kind == b.kind && a.group == b.group && a.item == b.item;
}
} // namespace

HeatMapView::HeatMapView(const TimelineData& data, QWidget* parent)
    : QWidget(parent), data_(data), measureBox_(new QComboBox(this)), pages_(new QStackedWidget(this)),
      placeholder_(wrappedLabel(this)), canvas_(new HeatMapCanvas(data, this)) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    auto* label = new QLabel(tr("&Colour by:"), this);
    label->setBuddy(measureBox_);
    measureBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    measureBox_->setToolTip(tr("The metric or event rate whose value colours each CPU's cells"));
    bar->addWidget(label);
    bar->addWidget(measureBox_);
    bar->addStretch(1);
    layout->addLayout(bar);
    placeholder_->setAlignment(Qt::AlignCenter);
    placeholder_->setObjectName(QStringLiteral("heatMapPlaceholder"));
    pages_->addWidget(placeholder_);
    pages_->addWidget(canvas_);
    layout->addWidget(pages_, 1);

    auto scale = ColorScale::load(ColorScale::defaultPath());
    canvas_->setScale(scale.ok() ? std::optional(std::move(scale.value())) : std::nullopt,
                      scale.ok() ? QString() : QString::fromStdString(scale.error().message));
    connect(measureBox_, &QComboBox::activated, this, &HeatMapView::showMeasure);
    connect(canvas_, &HeatMapCanvas::cellActivated, this,
            [this](size_t series, double time) { emit cpuActivated(data_.series()[series].location, time); });
    frameTimer_.setSingleShot(true);
    frameTimer_.setInterval(kFrameMs);
    connect(&frameTimer_, &QTimer::timeout, this, &HeatMapView::renderFrame);
    beginRun({});
}

void HeatMapView::beginRun(std::map<int, CpuPlace> places) {
    frameTimer_.stop();
    places_ = std::move(places);
    measureBox_->clear();
    canvas_->setRows({});
    setPlaceholder(tr("Waiting for the first interval…"));
}

void HeatMapView::setPlaceholder(const QString& text) {
    placeholder_->setText(text);
    pages_->setCurrentWidget(placeholder_);
}

void HeatMapView::timelineGrew() {
    if (!frameTimer_.isActive()) frameTimer_.start();
}

void HeatMapView::flush() {
    if (frameTimer_.isActive()) frameTimer_.stop();
    renderFrame();
}

QString HeatMapView::placeholderText() const {
    return pages_->currentWidget() == placeholder_ ? placeholder_->text() : QString();
}

bool HeatMapView::countedPerCpu() const {
    const auto& locations = data_.locations();
    return locations.size() > 1 &&
           std::all_of(locations.begin(), locations.end(), [](const LocationInfo& l) { return l.kind == LocationKind::Cpu; });
}

void HeatMapView::renderFrame() {
    if (data_.store().size() == 0) return;
    if (!countedPerCpu()) {
        placeholder_->setText(tr("The heat map has a row per CPU, so it needs a session counted per CPU: choose Whole "
                                 "CPUs as the target, or pin the program to several CPUs. This session counts %1.")
                                  .arg(data_.locations().size() == 1
                                           ? locationName(data_.locations().front())
                                           : tr("%n thread(s) or process(es)", nullptr, int(data_.locations().size()))));
        pages_->setCurrentWidget(placeholder_);
        return;
    }
    if (measureBox_->count() == 0) fillMeasures();
    pages_->setCurrentWidget(canvas_);
    canvas_->refresh();
}

// Every metric and event rate that has a value per CPU. The first shown is a
// metric that differs between cells: a metric in seconds (the interval's CPU
// time) or one that is the same everywhere (CPUs utilised, counted system-wide)
// tells nothing per cell.
void HeatMapView::fillMeasures() {
    // One pass: each measure's per-location series and the range of their values.
    struct Measure {
        bool perLocation = false;
        ValueRange values;
    };
    const auto& series = data_.series();
    std::map<std::tuple<SeriesKind, size_t, size_t>, Measure> measures;
    for (size_t s = 0; s < series.size(); ++s) {
        if (series[s].location == kAggregateLocation) continue;
        Measure& m = measures[{series[s].kind, series[s].group, series[s].item}];
        m.perLocation = true;
        m.values.include(data_.store().series(s).range(0, data_.store().size()));
    }
    int preferred = -1, fallback = -1;
    for (size_t s = 0; s < series.size(); ++s) {
        if (series[s].location != kAggregateLocation) continue;
        const auto found = measures.find({series[s].kind, series[s].group, series[s].item});
        if (found == measures.end()) continue;
        const QString unit = series[s].unit.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(series[s].unit);
        measureBox_->addItem(series[s].name + unit, qulonglong(s));
        if (series[s].kind != SeriesKind::Metric || series[s].unit == QLatin1String("s")) continue;
        if (fallback < 0) fallback = measureBox_->count() - 1;
        if (preferred < 0 && differsAcrossCells(found->second.values)) preferred = measureBox_->count() - 1;
    }
    if (measureBox_->count() == 0) return;
    const int first = preferred >= 0 ? preferred : std::max(fallback, 0);
    measureBox_->setCurrentIndex(first);
    showMeasure(first);
}

void HeatMapView::showMeasure(int index) {
    if (index < 0) return;
    const auto& series = data_.series();
    const SeriesInfo& measure = series[measureBox_->itemData(index).toULongLong()];
    std::vector<std::tuple<int, int, int, HeatMapRow>> ordered; // socket, node, CPU
    for (size_t s = 0; s < series.size(); ++s) {
        if (series[s].location == kAggregateLocation || !sameMeasure(series[s], measure)) continue;
        const LocationInfo& where = data_.locations()[size_t(series[s].location)];
        const auto place = places_.find(where.id);
        const CpuPlace p = place == places_.end() ? CpuPlace{} : place->second;
        QString band;
        if (p.socket >= 0) band = tr("Socket %1").arg(p.socket);
        if (p.numaNode >= 0) band += (band.isEmpty() ? QString() : QStringLiteral(" · ")) + tr("NUMA %1").arg(p.numaNode);
        const std::optional<int> held = data_.heldElsewhere(series[s]);
        // A row whose value another CPU's row holds says which, where its label shows.
        const QString label = held ? QStringLiteral("%1 (%2)").arg(locationName(where), heldElsewhereText(*held))
                                   : locationName(where);
        ordered.emplace_back(p.socket, p.numaNode, where.id, HeatMapRow{s, label, band, held});
    }
    std::stable_sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) {
        return std::tie(std::get<0>(a), std::get<1>(a), std::get<2>(a)) <
               std::tie(std::get<0>(b), std::get<1>(b), std::get<2>(b));
    });
    std::vector<HeatMapRow> rows;
    for (auto& entry : ordered) rows.push_back(std::move(std::get<3>(entry)));
    canvas_->setRows(std::move(rows));
}

} // namespace perfdash
