#pragma once
// The marker regions of a finished measurement (docs/marker.md): the list
// of regions; the chosen region's table, a row per thread (calls, time,
// events, metrics) and a row for the region as a whole; and a bar chart of
// one quantity per region, the threads' bars grouped or stacked. Without
// regions it says why there are none and how to get them.
//
// For the main window: setResult() when a measurement finishes (or a report
// is opened), clear() when a new one starts.
#include <QWidget>
#include <vector>

#include "core/result/MeasurementResult.h"

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QRadioButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace perfdash {

class RegionChartModel;
class RegionListModel;
class RegionTableModel;

class RegionsView : public QWidget {
    Q_OBJECT
public:
    explicit RegionsView(QWidget* parent = nullptr);

    void setResult(const MeasurementResult& result);
    void clear();

    // True while regions are shown; otherwise emptyMessage() says why there are none.
    bool hasRegions() const { return !regions_.empty(); }
    QString emptyMessage() const;

    // Shows region `index` (into MeasurementResult::regions) in the table.
    void showRegion(int index);
    int shownRegion() const { return shown_; }
    // Bars of the threads on top of each other (true) or side by side.
    void setStacked(bool stacked);
    bool isStacked() const;
    // What the chart's note says (n/a values not drawn, stacked rates), empty when it says nothing.
    QString chartNote() const;

    RegionListModel* regionListModel() const { return listModel_; }
    RegionTableModel* regionTableModel() const { return tableModel_; }
    RegionChartModel* chartModel() const { return chartModel_; }
    QTableView* regionList() const { return list_; }
    QTableView* regionTable() const { return table_; }
    QComboBox* quantityField() const { return quantity_; }
    QChartView* chartView() const { return chartView_; }

signals:
    // A region of the list was activated (double-click, Return): its name.
    void regionActivated(const QString& name);

private:
    QWidget* makeTables();
    QWidget* makeChartPanel();
    void showEmpty(const QString& html);
    void onRegionSelected();
    void onQuantityChosen(int index);
    void showChartData();
    void rebuildChart();

    std::vector<RegionResult> regions_;
    int shown_ = -1;
    RegionListModel* listModel_;
    QSortFilterProxyModel* listProxy_;
    RegionTableModel* tableModel_;
    RegionChartModel* chartModel_;
    QStackedWidget* pages_;
    QLabel* empty_;
    QTableView* list_ = nullptr;
    QLabel* tableTitle_ = nullptr;
    QTableView* table_ = nullptr;
    QComboBox* quantity_ = nullptr;
    QRadioButton* grouped_ = nullptr;
    QRadioButton* stacked_ = nullptr;
    QChart* chart_ = nullptr;
    QChartView* chartView_ = nullptr;
    QLabel* chartNote_ = nullptr;
};

} // namespace perfdash
