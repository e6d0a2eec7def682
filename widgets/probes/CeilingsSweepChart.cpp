#include "widgets/probes/CeilingsSweepChart.h"

#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "widgets/common/ChartPalette.h"
#include "widgets/probes/CeilingsModel.h"

namespace perfdash {

CeilingsSweepChart::CeilingsSweepChart(CeilingsModel& model, QWidget* parent) : QChartView(parent), model_(model) {
    setRenderHint(QPainter::Antialiasing);
    // Below this the axes' labels are elided to "..." and the plateaus cannot be told apart.
    setMinimumHeight(280);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    connect(&model_, &QAbstractItemModel::modelReset, this, &CeilingsSweepChart::rebuild);
    followPalette(*this, [this] { rebuild(); });
    rebuild();
}

void CeilingsSweepChart::rebuild() {
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
    // KiB on a base-2 log axis: cache sizes are powers of two, and bytes would need 10 decades.
    auto* size = new QLogValueAxis;
    size->setBase(2);
    size->setTitleText(tr("working set (KiB)"));
    size->setLabelFormat(QStringLiteral("%g"));
    auto* bandwidth = new QValueAxis;
    bandwidth->setTitleText(tr("GB/s"));
    bandwidth->setLabelFormat(QStringLiteral("%.0f"));
    c->addAxis(size, Qt::AlignBottom);
    c->addAxis(bandwidth, Qt::AlignLeft);
    double top = 1, smallest = 4, largest = 8;
    bool any = false, unnamedShown = false;
    for (const Sweep& s : model_.ceilings().sweep) {
        auto* line = new QLineSeries;
        line->setName(tr("%1 %2, %n thread(s)", nullptr, s.threads)
                          .arg(QString::fromStdString(s.kernel), QString::fromStdString(s.isa)));
        for (const SweepPoint& p : s.points) {
            const double kib = double(p.bytes) / 1024;
            line->append(kib, p.appBytesPerSecond / 1e9);
            top = std::max(top, p.appBytesPerSecond / 1e9);
            smallest = any ? std::min(smallest, kib) : kib;
            largest = any ? std::max(largest, kib) : kib;
            any = true;
        }
        line->setPointsVisible(true);
        c->addSeries(line);
        line->attachAxis(size);
        line->attachAxis(bandwidth);
        for (const Plateau& p : s.plateaus) {
            auto* flat = new QLineSeries;
            flat->setName(p.level.empty() ? tr("plateau") : QString::fromStdString(p.level));
            flat->append(double(p.fromBytes) / 1024, p.appBytesPerSecond / 1e9);
            flat->append(double(p.toBytes) / 1024, p.appBytesPerSecond / 1e9);
            QPen pen = flat->pen();
            pen.setWidth(3);
            pen.setStyle(Qt::DashLine);
            flat->setPen(pen);
            c->addSeries(flat);
            flat->attachAxis(size);
            flat->attachAxis(bandwidth);
            // Plateaus without a level share one legend entry, not one "plateau" each.
            if (p.level.empty()) {
                for (QLegendMarker* marker : c->legend()->markers(flat)) marker->setVisible(!unnamedShown);
                unnamedShown = true;
            }
        }
    }
    size->setRange(smallest, std::max(largest, smallest * 2));
    bandwidth->setRange(0, std::ceil(top * 1.1));
    bandwidth->applyNiceNumbers();
    c->setTitle(any ? tr("Bandwidth (application bytes) against working set, measured on this machine")
                    : tr("No sweep measured yet"));
}

} // namespace perfdash
