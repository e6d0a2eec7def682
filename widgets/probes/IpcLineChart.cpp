#include "widgets/probes/IpcLineChart.h"

#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "widgets/probes/IpcCurveModel.h"
#include "widgets/common/ChartPalette.h"

namespace perfdash {

IpcLineChart::IpcLineChart(IpcCurveModel& model, QWidget* parent) : QChartView(parent), model_(model) {
    setRenderHint(QPainter::Antialiasing);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    connect(&model_, &QAbstractItemModel::modelReset, this, &IpcLineChart::rebuild);
    followPalette(*this, [this] { rebuild(); });
    rebuild();
}

void IpcLineChart::rebuild() {
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
    auto* chains = new QValueAxis;
    chains->setTitleText(tr("independent chains"));
    chains->setLabelFormat(QStringLiteral("%d"));
    auto* ipc = new QValueAxis;
    ipc->setTitleText(tr("instructions per cycle"));
    c->addAxis(chains, Qt::AlignBottom);
    c->addAxis(ipc, Qt::AlignLeft);
    double top = 1;
    int maxChains = std::max(1, model_.rowCount());
    for (const IpcCurve& curve : model_.curves()) {
        if (curve.points.empty()) continue;
        auto* series = new QLineSeries;
        series->setName(QStringLiteral("%1 (%2)").arg(QString::fromLatin1(toString(curve.cls)),
                                                       QString::fromStdString(curve.instruction)));
        for (const IpcPoint& p : curve.points) {
            if (!std::isfinite(p.ipc())) continue;
            series->append(p.chains, p.ipc());
            top = std::max(top, p.ipc());
        }
        series->setPointsVisible(true);
        c->addSeries(series);
        series->attachAxis(chains);
        series->attachAxis(ipc);
    }
    chains->setRange(1, maxChains);
    chains->setTickCount(std::min(maxChains, 16));
    ipc->setRange(0, std::ceil(top * 1.1));
    c->setTitle(model_.curves().empty() ? tr("No IPC curves yet") : tr("Max IPC, measured on this machine"));
}

} // namespace perfdash
