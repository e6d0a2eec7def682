#pragma once
// The working-set sweep: application bytes per second against the working
// set (log scale), one line per sweep, and each plateau as a flat segment
// named by the level it is taken for. Follows a CeilingsModel.
#include <QChartView>

namespace perfdash {

class CeilingsModel;

class CeilingsSweepChart : public QChartView {
    Q_OBJECT
public:
    // `model` must outlive the chart.
    explicit CeilingsSweepChart(CeilingsModel& model, QWidget* parent = nullptr);
    // About as tall as the table above it wants to be, so that the splitter starts them even.
    QSize sizeHint() const override { return {640, 320}; }

private:
    void rebuild();
    CeilingsModel& model_;
};

} // namespace perfdash
