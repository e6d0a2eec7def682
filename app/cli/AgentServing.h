#pragma once
// The agent's serving side apart from counting (PrometheusCommands.cpp):
// the interval stream of /api/v1/stream, and the bounded queue of
// connections that keeps memory flat however many clients connect.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <httplib.h>

#include "core/measurement/MeasurementPlan.h"
#include "core/measurement/ResultBuilder.h"
#include "core/result/MeasurementResult.h"

namespace perfdash::cli {

// httplib's ThreadPool queues every accepted connection without a limit. This
// one holds at most `maxQueued` waiting connections: beyond that the accepting
// thread waits, and further clients wait in the kernel's listen backlog (or
// are refused by it), so a flood costs no memory of ours.
class BoundedTaskQueue : public httplib::TaskQueue {
public:
    BoundedTaskQueue(size_t threads, size_t maxQueued);
    ~BoundedTaskQueue() override;
    void enqueue(std::function<void()> fn) override;
    void shutdown() override;

private:
    void work();

    const size_t maxQueued_;
    std::mutex mutex_;
    std::condition_variable jobReady_;
    std::condition_variable roomFree_;
    std::deque<std::function<void()>> jobs_;
    bool shutdown_ = false;
    std::vector<std::thread> threads_;
};

// The intervals the agent counted, for the clients of /api/v1/stream. Each
// client reads them in order from where it joined; the last `kKept` are kept,
// so a client that falls further behind (it stopped reading) has its stream
// ended rather than a gap hidden in it, and memory stays bounded. A client
// that hangs up is noticed when its next line is written (httplib tells no
// sooner), so its stream counts against kMaxStreams until then.
class IntervalFeed {
public:
    static constexpr size_t kKept = 64;
    static constexpr size_t kMaxStreams = 4; // each holds a server thread: the agent has this many more

    IntervalFeed(const MeasurementPlan& plan, ResultBuilder builder) : plan_(plan), builder_(std::move(builder)) {}

    void add(const std::vector<IntervalResult>& intervals);
    // Ends every stream (the agent stops): their handlers return.
    void close();

    // Answers a stream request: one JSON line per `every` intervals (the
    // schema of `stat --json -t`), from the next interval counted on; 503
    // when kMaxStreams streams are running.
    void answer(httplib::Response& res, size_t every);

private:
    // The interval numbered `next`, once counted; nullopt when the feed
    // closed or the interval is no longer kept.
    std::optional<IntervalResult> waitFor(uint64_t next);

    const MeasurementPlan& plan_;
    // One for every stream's combiner, used under buildMutex_: its metric evaluators are not thread-safe.
    ResultBuilder builder_;
    std::mutex buildMutex_;
    std::mutex mutex_;
    std::condition_variable added_;
    std::deque<IntervalResult> kept_;
    uint64_t firstKept_ = 0; // the number of kept_.front()
    bool closed_ = false;
    size_t streams_ = 0;
};

} // namespace perfdash::cli
