#pragma once
// Records every run of a MeasurementController as a session file: created when
// the run starts (marked incomplete), grown by an autosave every few seconds
// (or every 100 intervals, whichever comes first) while it runs, and replaced
// by the finished report when it ends, with the run's samples where it
// sampled. A crash or kill loses at most the intervals since the last
// autosave, and the samples (they are written once, at the end).
//
// Nothing is written on the GUI thread: the recorder only collects the
// intervals there; serializing and writing happen in order on one writer
// thread (SessionJournal: each autosave costs in proportion to the new
// intervals, not to the length of the session).
//
// The recorder keeps the run's intervals in place of the measurement (it
// turns the controller's keepIntervals off): in the file, and in memory only
// those a write could not save (a full disk, a directory that cannot be
// made), so none is lost and memory stays flat while the disk takes them.
// recordedRun() gives the whole run back for an export or a comparison.
#include <QFuture>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QTimer>
#include <chrono>
#include <functional>
#include <memory>
#include <vector>

#include "core/session/SessionJournal.h"
#include "widgets/run/MeasurementController.h"

namespace perfdash {

class RunRecorder : public QObject {
    Q_OBJECT
public:
    // The controller must outlive the recorder.
    explicit RunRecorder(MeasurementController& controller, QObject* parent = nullptr);
    // Saves what is pending (the file stays incomplete if the run is still going) and waits for the writer.
    ~RunRecorder() override;

    // Where new sessions go (created when needed); default sessionsDirectory().
    void setDirectory(const QString& directory);
    QString directory() const { return directory_; }
    // Default 3 s.
    void setAutosaveInterval(std::chrono::milliseconds interval);

    // The file of the current (or last) run; empty until it was created (never, when it cannot be).
    QString sessionFile() const { return sessionFile_; }
    // Whether the last write of the current (or last) run failed: until a
    // later one succeeds, the intervals it could not save are only in memory
    // (recordedRun() has them) or the file still reads as incomplete.
    bool saveFailing() const { return autosaveFailing_; }

    // Blocks until every write asked for so far is done (tests; quitting).
    void waitForWrites();

    // The last run as a whole, read on the writer thread after every write
    // queued so far: `finished` (the controller's result, whose intervals
    // the recorder kept) with the intervals from the session file, then those
    // no write could save. An error when the file cannot be read back.
    QFuture<Result<MeasurementResult>> recordedRun(MeasurementResult finished);

signals:
    // After the file was created or autosaved (complete = false) and after the final write (complete = true).
    void sessionSaved(const QString& path, bool complete);
    // A write failed; the message names the file and what to do. Recording continues with the next autosave,
    // which saves the intervals that did not fit; autosaves that go on failing are not reported again.
    void saveFailed(const QString& message);

private:
    void onStarted();
    void onIntervals(const std::vector<IntervalResult>& intervals);
    void onFinished(const MeasurementResult& result);
    void autosave();
    // Runs `write` on the writer thread after everything queued before it, and reports its outcome here.
    void enqueue(std::function<Status()> write, bool complete);

    MeasurementController& controller_;
    QString directory_;
    QString sessionFile_;
    QTimer autosaveTimer_;
    QThreadPool writer_; // one thread: writes happen one after another, in order
    // The run's file and the intervals no write has saved yet (after the ones
    // in the file, in order); touched only on the writer thread.
    struct Kept {
        std::unique_ptr<SessionJournal> journal;
        // The only copy of the intervals no write could save: the journal keeps none.
        std::vector<IntervalResult> unsaved;
        // Whether an autosave is still to come, which the failure's message tells.
        enum class RunState { GoesOn, Ended };
        // Appends `unsaved`, then `batch`, to the journal; what it cannot save stays in `unsaved`.
        Status append(std::vector<IntervalResult> batch, RunState run);
    };
    std::shared_ptr<Kept> kept_;
    std::vector<IntervalResult> pending_; // arrived since the last autosave was queued
    size_t received_ = 0;                 // intervals of this run so far
    int writesInFlight_ = 0;
    bool autosaveFailing_ = false; // the last write failed and that was reported
};

} // namespace perfdash
