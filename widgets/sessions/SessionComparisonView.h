#pragma once
// Compares two sessions: who A and B are, a filter, the threshold above
// which a difference is highlighted (and, if asked, the only rows shown),
// and the table of SessionComparisonModel beside the chart of the current
// row's timelines in both sessions, overlaid (ComparisonTimelineChart).
#include <QWidget>

#include "widgets/sessions/SessionComparisonModel.h"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace perfdash {

class ComparisonFilter;
class ComparisonTimelineChart;

class SessionComparisonView : public QWidget {
    Q_OBJECT
public:
    explicit SessionComparisonView(QWidget* parent = nullptr);

    void setSessions(MeasurementResult a, MeasurementResult b);
    SessionComparisonModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    ComparisonTimelineChart* timelineChart() const { return timelines_; }

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
};

} // namespace perfdash

Q_DECLARE_METATYPE(perfdash::AlignedTimelines)
