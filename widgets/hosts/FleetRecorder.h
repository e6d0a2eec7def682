#pragma once
// The Hosts page's recording of what it watches (core's FleetRecording),
// kept off the GUI thread: the GUI collects each host's intervals as they
// arrive and, every few seconds, hands them to one writer thread, which
// records them and appends them to the hosts' journals (write + fdatasync
// per host). Everything the recording does happens there, in order; the GUI
// holds only the intervals of the last few seconds.
#include <QFuture>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QTimer>

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/session/FleetSession.h"

namespace perfdash {

class FleetRecorder : public QObject {
    Q_OBJECT
public:
    // Journals go to `directory` (created when needed).
    explicit FleetRecorder(const QString& directory, QObject* parent = nullptr);
    // Waits for the writer; the recording (its journals with it) ends with the recorder.
    ~FleetRecorder() override;

    void add(const QString& address, const std::vector<LocationInfo>& locations, const IntervalResult& interval,
             const std::string& now);
    void setMachine(const QString& address, nlohmann::json machine);
    void remove(const QString& address);
    // Default 2 s.
    void setFlushInterval(std::chrono::milliseconds interval);

    // Every host's state once what arrived so far is recorded (FleetRecording::hosts):
    // what fleetSession() reads, on any thread.
    QFuture<std::map<std::string, WatchedHost>> hosts();
    // One host's watched run as a session of its own, read from its journal on the writer thread after what
    // arrived so far is recorded (as the session recorder gives a finished run back): never on the GUI
    // thread. An error when the host sent no interval yet, or why its journal cannot be read.
    QFuture<Result<MeasurementResult>> recordedRun(const QString& address);
    // Intervals the GUI holds for the next flush: the few seconds since the last.
    size_t pendingIntervals() const { return pending_.size(); }
    // Why intervals are held in memory (FleetRecording::problem), as of the last flush; empty when none are.
    const QString& problem() const { return problem_; }

signals:
    // After a flush changed problem().
    void problemChanged(const QString& problem);

private:
    struct Arrived {
        std::string address;
        std::vector<LocationInfo> locations;
        IntervalResult interval;
        std::string now;
    };
    // What the writer's tasks share. A task that another thread waits on may run on that thread
    // (QFuture::waitForFinished runs a task not yet started), beside the writer's own: every task
    // holds `mutex`, and intervals wait in `arrived` in the order the GUI got them, whichever task adds them.
    struct Shared {
        explicit Shared(const std::string& directory) : recording(directory) {}
        std::mutex mutex; // the recording's
        FleetRecording recording;
        std::mutex arrivedMutex; // held only to move intervals in or out, never over a write
        std::vector<Arrived> arrived;
    };
    void flush();
    // Emits problemChanged() when `problem`, once known, differs from problem().
    void reportProblem(QFuture<std::string> problem);
    // Runs `task` on the writer thread after everything queued before it (the pending intervals first).
    template <typename Task> auto enqueue(Task task);

    std::shared_ptr<Shared> shared_;
    QThreadPool writer_; // one thread: the recording's steps happen in order
    QTimer flushTimer_;
    std::vector<Arrived> pending_;
    QString problem_;
};

} // namespace perfdash
