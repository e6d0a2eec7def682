#pragma once
// A horizontal bar chart of a BenchResultsModel: latency and reciprocal
// throughput of every measured row, in cycles, as measured on this machine.
// A mode without a value draws no bar and says "n/a" in its label (never a
// zero-length bar passed off as a value). It follows the model as rows arrive
// and grows in height with the number of rows (put it in a scroll area).
#include <QChartView>

namespace perfdash {

class BenchResultsModel;

class BenchBarChart : public QChartView {
    Q_OBJECT
public:
    // `model` must outlive the chart.
    explicit BenchBarChart(BenchResultsModel& model, QWidget* parent = nullptr);
    // The category labels drawn, top to bottom (for tests).
    QStringList categories() const { return categories_; }

private:
    void scheduleRebuild();
    void rebuild();

    BenchResultsModel& model_;
    QStringList categories_;
    bool rebuildPending_ = false;
};

} // namespace perfdash
