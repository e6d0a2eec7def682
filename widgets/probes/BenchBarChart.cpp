#include "widgets/probes/BenchBarChart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QGraphicsLayout>
#include <QHorizontalBarSeries>
#include <QTimer>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "widgets/probes/BenchResultsModel.h"
#include "widgets/common/ChartPalette.h"

namespace perfdash {

BenchBarChart::BenchBarChart(BenchResultsModel& model, QWidget* parent) : QChartView(parent), model_(model) {
    setRenderHint(QPainter::Antialiasing);
    chart()->legend()->setAlignment(Qt::AlignTop);
    // Qt Charts' default frame and margins take a fifth of a short page's height.
    chart()->layout()->setContentsMargins(0, 0, 0, 0);
    chart()->setMargins(QMargins(4, 2, 8, 2));
    chart()->setBackgroundRoundness(0);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(&model_, signal, this, &BenchBarChart::scheduleRebuild);
    connect(&model_, &QAbstractItemModel::modelReset, this, &BenchBarChart::scheduleRebuild);
    connect(&model_, &QAbstractItemModel::dataChanged, this, &BenchBarChart::scheduleRebuild);
    followPalette(*this, [this] { rebuild(); });
    rebuild();
}

void BenchBarChart::scheduleRebuild() {
    // Results of a run arrive one by one: draw once per burst.
    if (rebuildPending_) return;
    rebuildPending_ = true;
    QTimer::singleShot(0, this, &BenchBarChart::rebuild);
}

void BenchBarChart::rebuild() {
    rebuildPending_ = false;
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
    auto* latency = new QBarSet(tr("Latency (cycles)"));
    auto* throughput = new QBarSet(tr("Reciprocal throughput (cycles per instruction)"));
    categories_.clear();
    double maxValue = 0;
    // A horizontal bar chart draws its first category at the bottom: go backwards so the table's order reads down.
    for (int row = model_.rowCount() - 1; row >= 0; --row) {
        const double lat = model_.index(row, BenchResultsModel::LatencyColumn).data(BenchResultsModel::ValueRole).toDouble();
        const double tp = model_.index(row, BenchResultsModel::ThroughputColumn).data(BenchResultsModel::ValueRole).toDouble();
        if (!std::isfinite(lat) && !std::isfinite(tp)) continue;
        QString label = model_.index(row, BenchResultsModel::NameColumn).data().toString();
        if (!std::isfinite(lat)) label += tr(" (latency n/a)");
        if (!std::isfinite(tp)) label += tr(" (throughput n/a)");
        categories_.prepend(label);
        latency->append(std::isfinite(lat) ? lat : 0);
        throughput->append(std::isfinite(tp) ? tp : 0);
        maxValue = std::max({maxValue, std::isfinite(lat) ? lat : 0, std::isfinite(tp) ? tp : 0});
    }
    auto* series = new QHorizontalBarSeries;
    series->append(latency);
    series->append(throughput);
    c->addSeries(series);

    QStringList bottomUp = categories_;
    std::reverse(bottomUp.begin(), bottomUp.end());
    auto* names = new QBarCategoryAxis;
    names->append(bottomUp);
    c->addAxis(names, Qt::AlignLeft);
    series->attachAxis(names);
    auto* cycles = new QValueAxis;
    cycles->setTitleText(tr("cycles, measured on this machine (fastest runs)"));
    cycles->setRange(0, maxValue > 0 ? maxValue * 1.1 : 1);
    cycles->applyNiceNumbers();
    c->addAxis(cycles, Qt::AlignBottom);
    series->attachAxis(cycles);

    // Room for two bars per row, so labels never overlap however many rows there are.
    const int perRow = fontMetrics().height() * 2;
    // The rest: the legend above, the axis and its title below (no chart title: the axis title says it).
    setMinimumHeight(std::max(fontMetrics().height() * 12, perRow * static_cast<int>(categories_.size()) +
                                                           fontMetrics().height() * 8));
}

} // namespace perfdash
