#pragma once
// Compares two sessions: who A and B are, a filter, the threshold above
// which a difference is highlighted (and, if asked, the only rows shown),
// and the table of SessionComparisonModel beside the chart of the current
// row's timelines in both sessions, overlaid (ComparisonTimelineChart); on a
// second tab, the two sessions' samples function by function
// (FunctionComparisonView).
#include <QWidget>
#include <memory>

#include "core/profile/Profile.h"

#include "widgets/sessions/SessionComparisonModel.h"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QTabWidget;
class QTableView;

namespace perfdash {

class ComparisonFilter;
class ComparisonTimelineChart;
class FunctionComparisonView;

class SessionComparisonView : public QWidget {
    Q_OBJECT
public:
    explicit SessionComparisonView(QWidget* parent = nullptr);

    // The samples of each, where it holds them (null: counts only); `samplesProblem`: why they could not be read.
    void setSessions(MeasurementResult a, MeasurementResult b, std::shared_ptr<const Profile> samplesA = nullptr,
                     std::shared_ptr<const Profile> samplesB = nullptr, const QString& samplesProblem = {});
    SessionComparisonModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    ComparisonTimelineChart* timelineChart() const { return timelines_; }
    QTabWidget* views() const { return views_; }
    FunctionComparisonView* functions() const { return functions_; }

    // The model row of the current table row, -1 when none.
    int currentRow() const;

signals:
    // The current row changed: its timelines in A and B (drawn beside the table).
    void timelinesSelected(const QString& title, const perfdash::AlignedTimelines& timelines);

private:
    void updateLabels();
    void onCurrentChanged();

    SessionComparisonModel* model_;
    ComparisonFilter* filter_;
    QLabel* labelA_;
    QLabel* labelB_;
    QLineEdit* search_;
    QDoubleSpinBox* threshold_;
    QCheckBox* onlyHighlighted_;
    QTableView* table_;
    ComparisonTimelineChart* timelines_;
    QTabWidget* views_;
    FunctionComparisonView* functions_;
};

} // namespace perfdash

Q_DECLARE_METATYPE(perfdash::AlignedTimelines)
