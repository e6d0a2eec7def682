#pragma once
// The clock over time as lines (seconds on x, GHz on y): the clock measured
// on this machine and, dashed, each clock the system reports. Follows a
// ClockHistoryModel.
#include <QChartView>

namespace perfdash {

class ClockHistoryModel;

class ClockLineChart : public QChartView {
    Q_OBJECT
public:
    // `model` must outlive the chart.
    explicit ClockLineChart(ClockHistoryModel& model, QWidget* parent = nullptr);

private:
    void rebuild();
    ClockHistoryModel& model_;
};

} // namespace perfdash
