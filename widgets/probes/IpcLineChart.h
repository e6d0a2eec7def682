#pragma once
// The max-IPC curves (independent chains on x, instructions per cycle on y),
// one line per instruction class. Follows an IpcCurveModel; classes without
// a curve are left out (the page lists plateaus, and why a curve is missing).
#include <QChartView>

namespace perfdash {

class IpcCurveModel;

class IpcLineChart : public QChartView {
    Q_OBJECT
public:
    // `model` must outlive the chart.
    explicit IpcLineChart(IpcCurveModel& model, QWidget* parent = nullptr);

private:
    void rebuild();
    IpcCurveModel& model_;
};

} // namespace perfdash
