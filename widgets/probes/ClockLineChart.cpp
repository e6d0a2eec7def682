#include "widgets/probes/ClockLineChart.h"

#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "widgets/probes/ClockHistoryModel.h"
#include "widgets/common/ChartPalette.h"

namespace perfdash {

ClockLineChart::ClockLineChart(ClockHistoryModel& model, QWidget* parent) : QChartView(parent), model_(model) {
    setRenderHint(QPainter::Antialiasing);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    connect(&model_, &QAbstractItemModel::modelReset, this, &ClockLineChart::rebuild);
    connect(&model_, &QAbstractItemModel::rowsInserted, this, &ClockLineChart::rebuild);
    followPalette(*this, [this] { rebuild(); });
    rebuild();
}

void ClockLineChart::rebuild() {
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
    auto* time = new QValueAxis;
    time->setTitleText(tr("time (s)"));
    time->setLabelFormat(QStringLiteral("%g"));
    auto* ghz = new QValueAxis;
    ghz->setTitleText(tr("GHz"));
    ghz->setLabelFormat(QStringLiteral("%.2f"));
    c->addAxis(time, Qt::AlignBottom);
    c->addAxis(ghz, Qt::AlignLeft);

    double lo = INFINITY, hi = -INFINITY, last = 0;
    const int rows = model_.rowCount();
    for (int column = ClockHistoryModel::MeasuredColumn; column < model_.columnCount(); ++column) {
        QList<QPointF> points;
        for (int row = 0; row < rows; ++row) {
            const double hz = model_.hz(row, column);
            if (!std::isfinite(hz)) continue; // a gap, not a zero
            points.append({model_.seconds(row), hz / 1e9});
            lo = std::min(lo, hz / 1e9);
            hi = std::max(hi, hz / 1e9);
        }
        if (points.isEmpty()) continue;
        auto* series = new QLineSeries;
        const bool measured = column == ClockHistoryModel::MeasuredColumn;
        series->setName(measured ? tr("measured (dependent adds)")
                                 : tr("%1 (reported)").arg(model_.headerData(column, Qt::Horizontal).toString()));
        series->replace(points);
        series->setPointsVisible(points.size() < 60);
        c->addSeries(series); // takes its colour from the chart's theme
        if (!measured) {
            QPen pen = series->pen();
            pen.setStyle(Qt::DashLine);
            series->setPen(pen);
        }
        series->attachAxis(time);
        series->attachAxis(ghz);
    }
    if (rows > 0) last = model_.seconds(rows - 1);
    time->setRange(0, std::max(1.0, last));
    time->applyNiceNumbers(); // whole or half seconds, never two ticks with the same label
    if (std::isfinite(lo)) {
        const double pad = std::max(0.05, (hi - lo) * 0.1);
        ghz->setRange(std::max(0.0, lo - pad), hi + pad);
        ghz->applyNiceNumbers();
    } else {
        ghz->setRange(0, 1);
    }
    c->setTitle(rows == 0 ? tr("No clock samples yet") : tr("Core clock of CPU %1").arg(model_.sample(rows - 1).cpu));
}

} // namespace perfdash
