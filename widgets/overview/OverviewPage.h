#pragma once
// The page a running or finished session opens on: "how did this run do?"
// in one look. One line of context (what ran, where, how long, exit status,
// machine, backend) and each limitation with its reason; per measured group
// its key figures as tiles (OverviewTileModel, MetricTile) with the group's
// LONG text one click away, and "Where?" (sample the group by function) another; the run's phases (core/result/ChangePoints.h),
// marked on the sparklines and listed with each phase's figures.
// It draws from the Live page's timeline (the TimelineData given), which keeps
// one copy of hours of intervals for both pages; that timeline's owner feeds it.
// The page follows the same run source as the Live page, attached after it:
//
//   live.attach(&shownRun);
//   page.attach(&shownRun);   // started / intervalsArrived / finished
//
// Tiles and phases are redrawn at most a few times a second, however many
// batches came.
#include <QTimer>
#include <QWidget>
#include <functional>
#include <vector>

#include "core/presentation/RunContext.h"
#include "core/result/ChangePoints.h"
#include "widgets/common/TimelineData.h"

class QGridLayout;
class QLabel;
class QTableWidget;
class QVBoxLayout;

namespace perfdash {

class MetricTile;
class OverviewTileModel;
class RunSource;

class OverviewPage : public QWidget {
    Q_OBJECT
public:
    explicit OverviewPage(const TimelineData& timeline, QWidget* parent = nullptr);

    // Shows every run the source emits from now on (ShownRun: whichever run the window shows); a run
    // whose context is known from its start (a replay) shows it at once.
    void attach(RunSource* source);

    // A new run: the timeline was reset for it.
    void beginRun();
    // The timeline has new intervals.
    void timelineGrew();
    void finishRun(const MeasurementResult& result);
    void showContext(const MeasurementResult& result);
    // The same, led by `status` (plain text) in place of Finished, Recorded, ...: a run that goes on
    // elsewhere (a host's, as its agent describes it) says so itself.
    void showContext(const MeasurementResult& result, const QString& status);
    // In place of the context: why the run's source cannot say it (plain text), led by `source` (a host
    // whose agent failed to answer), in the error colour; the tiles stay as they are.
    void showProblem(const QString& source, const QString& problem);
    // A source that has sent nothing yet (a host being connected to): as beginRun(), no tiles, and the
    // context says whom it waits for.
    void showConnecting(const QString& source);
    // A source with no counts at all (a perf.data file: samples only): no tiles, and `why` (rich text) as the
    // context, saying where its data is.
    void showNoCounts(const QString& why);

    // Where a group's LONG text comes from (the group library): name → text, or why there is none.
    void setGroupDescriptions(std::function<QString(const QString& group)> describe);

    OverviewTileModel* tiles() const { return tiles_; }
    const std::vector<Phase>& phases() const { return phases_; }
    const TimelineData& data() const { return data_; }
    QString contextText() const;
    // Draws pending changes now instead of at the next frame.
    void flush();
    // The LONG text of a group, as "About GROUP" shows it.
    QString groupDescription(const QString& group) const;

signals:
    // A phase of the table was activated (double-click, Return): its span, seconds since the start of counting.
    void phaseActivated(double fromS, double toS);
    // A group's "Where?" was clicked: the user asks which functions its metrics come from.
    void whereRequested(const QString& group);

private:
    void scheduleFrame();
    void renderFrame();
    void rebuildTiles();
    void updateTiles();
    void updatePhases();
    std::vector<size_t> phaseSeries() const;
    void relayoutTiles();
    void showDescription(const QString& group);
    void resizeEvent(QResizeEvent* event) override;

    const TimelineData& data_;
    OverviewTileModel* tiles_;
    std::function<QString(const QString&)> describe_;
    std::vector<Phase> phases_;
    // The store's bucket size and its number of complete buckets when the
    // phases were found: they are found (at that resolution) only anew when a
    // bucket more is complete; in between the last phase just grows.
    std::pair<size_t, size_t> phasesFoundAt_{0, 0};
    QTimer frameTimer_;
    int tileColumns_ = 0;

    QLabel* context_;
    QLabel* limitations_;
    QLabel* scope_;
    QWidget* groupsBox_;
    QVBoxLayout* groupsLayout_;
    std::vector<MetricTile*> tileWidgets_;
    std::vector<QGridLayout*> grids_;   // one per group
    std::vector<size_t> tileGroup_;     // the grid of each tile
    QLabel* phaseNote_;
    QTableWidget* phaseTable_;
};

} // namespace perfdash
