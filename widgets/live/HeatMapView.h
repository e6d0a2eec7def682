#pragma once
// The per-CPU heat map of a session: CPUs by time, coloured by a metric or
// event rate the user chooses (a metric other than seconds at first). It
// draws from the Live page's timeline, like the charts, and needs a session
// counted per CPU (system-wide or pinned to several CPUs); for any other it
// says why there is none. Rows are ordered and grouped by socket and NUMA
// node where the run's topology says where each CPU sits. Redrawn at most a
// few times a second, however many batches came.
#include <QTimer>
#include <QWidget>
#include <map>
#include <vector>

#include "core/presentation/CpuPlaces.h"
#include "widgets/common/TimelineData.h"

class QComboBox;
class QLabel;
class QStackedWidget;

namespace perfdash {

class HeatMapCanvas;

class HeatMapView : public QWidget {
    Q_OBJECT
public:
    HeatMapView(const TimelineData& data, QWidget* parent = nullptr);

    // A new session (the timeline was reset for it), its CPUs placed as its topology says.
    void beginRun(std::map<int, CpuPlace> places);
    // The timeline has new intervals.
    void timelineGrew();
    // Draws pending changes now instead of at the next frame.
    void flush();

    HeatMapCanvas* canvas() const { return canvas_; }
    QComboBox* measureBox() const { return measureBox_; }
    // What the view says while it has no map; empty when it shows one.
    QString placeholderText() const;
    // `text` where the map is, until the next run's first interval.
    void setPlaceholder(const QString& text);

signals:
    // A cell was clicked: its CPU's series and the time at the cell's middle.
    void cpuActivated(int location, double time);

private:
    void fillMeasures();
    void showMeasure(int index);
    void renderFrame();
    bool countedPerCpu() const;

    const TimelineData& data_;
    std::map<int, CpuPlace> places_;
    QComboBox* measureBox_;
    QStackedWidget* pages_;
    QLabel* placeholder_;
    HeatMapCanvas* canvas_;
    QTimer frameTimer_;
};

} // namespace perfdash
