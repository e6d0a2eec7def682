#pragma once
// Checks whether every entry of an EventCatalog can be counted here, on a
// worker thread (QtConcurrent on a private one-thread pool), and hands the
// results to the GUI thread in batches, in catalog order, as they come.
// Results wait in a buffer until the GUI thread takes them, all at once: a
// busy GUI gets fewer, larger batches instead of a queue of small ones.
// The GUI thread never waits for a check: a perf_event_open per event is
// cheap for most events, but not for all of them (the first tracepoint
// registers a kernel probe, a libpfm4 encoding takes libpfm's lock), and
// ~20 000 of them add up to seconds.
#include <QObject>
#include <QFuture>
#include <QThreadPool>
#include <atomic>
#include <mutex>
#include <vector>

#include "core/events/EventCatalog.h"

namespace perfdash {

// Availability of catalog entries firstRow, firstRow+1, ...
struct AvailabilityBatch {
    int firstRow = 0;
    std::vector<Availability> values;
};

class AvailabilityScan : public QObject {
    Q_OBJECT
public:
    // `catalog` must outlive the scan.
    explicit AvailabilityScan(const EventCatalog& catalog, QObject* parent = nullptr);
    // Stops the worker after the check it is in and waits for it.
    ~AvailabilityScan() override;

    // Starts the scan; does nothing if it is running or has finished.
    void start();
    bool isRunning() const { return running_; }
    bool isFinished() const { return finished_; }
    int done() const { return done_; }
    int total() const;

signals:
    void batchReady(const perfdash::AvailabilityBatch& batch);
    void progressChanged(int done, int total);
    void finished();

private:
    void scan();  // on the worker thread
    void drain(); // on the GUI thread: takes what the worker has buffered

    const EventCatalog& catalog_;
    QThreadPool pool_;
    QFuture<void> future_;
    std::atomic<bool> cancelled_{false};
    std::mutex bufferMutex_;
    AvailabilityBatch buffer_;          // checked, not yet taken by the GUI thread
    std::atomic<bool> drainPosted_{false};
    bool running_ = false;
    bool finished_ = false;
    int done_ = 0;
};

} // namespace perfdash

Q_DECLARE_METATYPE(perfdash::AvailabilityBatch)
