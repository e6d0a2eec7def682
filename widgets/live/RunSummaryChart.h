#pragma once
// The run summary (Qt Charts), shown from a MeasurementResult when a run is
// over or a session is opened: one chosen metric (or event total) as a bar
// per location beside a differently coloured bar for the aggregate. A
// location whose value is n/a is labelled so and has no bar (never a 0 bar
// that would read as a measured zero).
#include <QString>
#include <QStringList>
#include <QWidget>
#include <optional>
#include <vector>

#include "core/result/MeasurementResult.h"
#include "widgets/common/TimelineData.h"

class QAbstractAxis;
class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QStackedWidget;

namespace perfdash {

// Something the summary can show.
struct SummaryItem {
    SeriesKind kind = SeriesKind::Metric; // EventRate here means the event's total count, EventReading a gauge's reading
    size_t group = 0;
    size_t item = 0;
    QString label;
};

struct SummaryBars {
    QString title;
    QString unit;
    QStringList categories;     // one per location, then the aggregate (last)
    std::vector<double> values; // parallel to categories; NaN: n/a
    // Parallel to categories: the CPU whose value holds this location's (a package unit), else none.
    std::vector<std::optional<int>> heldAt;
    QString notAvailableReason; // why every value is n/a; empty otherwise
    QString partialTotal;       // an event total that lacks some locations: what the others add up to
};

// Metrics of every group, then event totals.
std::vector<SummaryItem> summaryItems(const MeasurementResult& result);
SummaryBars summaryBars(const MeasurementResult& result, const SummaryItem& item);

class RunSummaryChart : public QWidget {
    Q_OBJECT
public:
    // `text` where the chart is, until a run's result is shown.
    void setPlaceholder(const QString& text);
    explicit RunSummaryChart(QWidget* parent = nullptr);

    void showResult(const MeasurementResult& result);
    // Back to "appears when the run is over" (a new session started).
    void clear();
    // index into items().
    void showItem(int index);

    const std::vector<SummaryItem>& items() const { return items_; }
    const SummaryBars& bars() const { return bars_; }
    // What the chart says below the bars about n/a values; empty when every value is there.
    QString notAvailableNote() const;
    QChart* chart() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // Past this many bars only every few locations are named on the axis.
    static constexpr int kMaxNamedBars = 16;
    QAbstractAxis* makeCategoryAxis(const QStringList& categories);
    void fitCategoryLabels();

    MeasurementResult result_;
    std::vector<SummaryItem> items_;
    SummaryBars bars_;
    QStackedWidget* pages_ = nullptr;
    QLabel* placeholder_ = nullptr;
    QComboBox* itemBox_ = nullptr;
    QChartView* view_ = nullptr;
    QLabel* note_ = nullptr;
};

} // namespace perfdash
