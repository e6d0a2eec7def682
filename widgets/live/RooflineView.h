#pragma once
// The Live page's roofline tab: the run's points under the ceilings this
// machine measured (the Probes page's Ceilings tab saves them where
// ceilingsFilePath() says; "Ceilings file..." takes another). During a
// run each interval adds to the trail (the latest 1000); at the end the whole run and each
// marker region get their point, so a saved session opened shows them too.
// Below the chart: every roof's full label (where its number comes from),
// what the points are (FLOPs counted, or SP and DP combined; DRAM bytes
// socket-wide; cache bytes an estimate), and why any are missing.
#include <QWidget>
#include <optional>
#include <vector>

#include "core/presentation/RooflineCeilings.h"
#include "core/presentation/RooflinePoints.h"
#include "core/result/MeasurementResult.h"

class QLabel;
class QPushButton;

namespace perfdash {

class RooflineChart;

class RooflineView : public QWidget {
    Q_OBJECT
public:
    explicit RooflineView(QWidget* parent = nullptr);

    void beginRun();
    void appendIntervals(const std::vector<IntervalResult>& intervals);
    // The whole run's and the regions' points; the trail stays as the intervals drew it.
    void showResult(const MeasurementResult& result);
    // A source without counts: `text` in place of the points.
    void setPlaceholder(const QString& text);

    // Reads the ceilings from `path`; false, and a dialog naming the file and the fix, when they cannot be read.
    bool openCeilingsFile(const QString& path);
    // Reads the ceilings the dashboard saved (ceilingsFilePath()); says in the view when there are none.
    void loadSavedCeilings();

    RooflineChart* chart() const { return chart_; }
    QLabel* ceilingsLabel() const { return ceilingsLabel_; }
    QLabel* notesLabel() const { return notes_; }
    QPushButton* ceilingsButton() const { return chooseCeilings_; }

private:
    void setCeilings(const Result<RooflineCeilings>& ceilings);
    void refresh();
    void chooseCeilings();

    QString chosenPath_; // a file chosen with "Ceilings file...": it wins over the saved one from then on
    std::optional<RooflineCeilings> ceilings_;
    RooflineSources sources_;
    bool sourcesKnown_ = false;
    std::vector<RooflinePoint> trail_;
    std::vector<RooflinePoint> fixed_; // the whole run and the regions, once the run is over
    std::vector<std::string> missing_;
    QString synthetic_;
    QString placeholder_;
    bool running_ = false;

    QLabel* ceilingsLabel_;
    QPushButton* chooseCeilings_;
    RooflineChart* chart_;
    QLabel* notes_;
};

} // namespace perfdash
