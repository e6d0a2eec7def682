#pragma once
// Which run the Overview and Live pages show, and what File offers for it.
//
// The sources (a measurement, a replay, a host) are added once; whichever
// starts is shown from then on, until another starts: ShownRun is itself a
// RunSource that passes on the shown source's signals and answers for it, so
// a view follows one object and never asks which kind of run it shows.
//
// Beside it, the run File → Export writes and Compare compares (the last
// finished measurement or an opened session), its name ("Live", "Replay of
// FILE"), and the Live page's context line, which says whose data it shows.
// A finished measurement's intervals are with its RunRecorder, not here:
// withIntervals() reads them back off the GUI thread.
#include <QFuture>
#include <QString>
#include <optional>
#include <vector>

#include "core/util/Outcome.h"
#include "widgets/run/RunSource.h"

namespace perfdash {

class RunRecorder;

class ShownRun : public RunSource {
    Q_OBJECT
public:
    // The recorder keeps the measurement's runs; it must outlive this.
    explicit ShownRun(RunRecorder& recorder, QObject* parent = nullptr);

    // A source whose runs are shown from its started() on. The order of adding is no order of precedence:
    // the shell stops the others when one starts.
    void add(RunSource* source);
    // The source shown now; null before any started.
    RunSource* source() const { return source_; }
    bool isShown(const RunSource* source) const { return source_ == source; }

    // The shown source's, as RunSource (empty, null or false before any).
    const std::vector<LocationInfo>& locations() const override;
    std::map<int, CpuPlace> cpuPlaces() const override;
    const MeasurementResult* knownContext() const override;
    bool isRunning() const override;

    // The run File → Export writes and Compare compares; null when there is none (something started that
    // has no result yet).
    const MeasurementResult* result() const { return result_ ? &*result_ : nullptr; }
    bool canExport() const { return result_.has_value(); }
    // "Live", "Replay of FILE", a host's address; empty before anything.
    const QString& name() const { return name_; }
    // Something without a result is shown now, named `name`: a measurement starting, a host.
    void showNoResult(const QString& name);
    // An opened session (its intervals in it) is the result now.
    void showResult(MeasurementResult result, const QString& name);
    // The measurement's run that just finished is the result now: its intervals are with the recorder.
    void showFinishedRun(MeasurementResult result, const QString& name);
    // Whether the result is the recorder's last run (its intervals left out of result()).
    bool isLiveRun() const { return liveRun_; }
    // The result with every interval, read off the GUI thread (a finished run's from its recorder).
    QFuture<Result<MeasurementResult>> withIntervals() const;

    // Which run started last: an export keeps the run it wrote, not a later one.
    quint64 runNumber() const { return runNumber_; }
    // Where the last run was exported as a JSON session (it is kept there when its own file failed), if it was.
    const QString& exportedTo() const { return exportedTo_; }
    // `path` holds run `run` now: remembered if that run is still the result.
    void noteExported(quint64 run, const QString& path);

    // The Live page's line (rich text): whose data it shows and in what state.
    const QString& contextLine() const { return line_; }
    void setContextLine(const QString& line);

signals:
    void contextLineChanged(const QString& line);
    // The result came or went: what File offers follows.
    void resultChanged();

private:
    RunSource* source_ = nullptr;
    std::optional<MeasurementResult> result_;
    QString name_;
    bool liveRun_ = false;
    quint64 runNumber_ = 0;
    QString exportedTo_;
    QString line_;
    RunRecorder& recorder_;
};

} // namespace perfdash
