#include "app/cli/AgentServing.h"

#include "core/measurement/IntervalCombiner.h"
#include "core/report/ReportJson.h"

namespace perfdash::cli {

BoundedTaskQueue::BoundedTaskQueue(size_t threads, size_t maxQueued) : maxQueued_(maxQueued) {
    for (size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
}

BoundedTaskQueue::~BoundedTaskQueue() { shutdown(); }

void BoundedTaskQueue::enqueue(std::function<void()> fn) {
    std::unique_lock lock(mutex_);
    roomFree_.wait(lock, [&] { return jobs_.size() < maxQueued_ || shutdown_; });
    jobs_.push_back(std::move(fn));
    jobReady_.notify_one();
}

void BoundedTaskQueue::shutdown() {
    {
        std::lock_guard lock(mutex_);
        shutdown_ = true;
    }
    jobReady_.notify_all();
    roomFree_.notify_all();
    for (std::thread& t : threads_)
        if (t.joinable()) t.join();
}

void BoundedTaskQueue::work() {
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock lock(mutex_);
            jobReady_.wait(lock, [&] { return !jobs_.empty() || shutdown_; });
            if (jobs_.empty()) return; // shut down, and every accepted connection was answered
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        roomFree_.notify_one();
        job();
    }
}

void IntervalFeed::add(const std::vector<IntervalResult>& intervals) {
    if (intervals.empty()) return;
    {
        std::lock_guard lock(mutex_);
        for (const IntervalResult& interval : intervals) {
            kept_.push_back(interval);
            if (kept_.size() > kKept) {
                kept_.pop_front();
                ++firstKept_;
            }
        }
    }
    added_.notify_all();
}

void IntervalFeed::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    added_.notify_all();
}

std::optional<IntervalResult> IntervalFeed::waitFor(uint64_t next) {
    std::unique_lock lock(mutex_);
    added_.wait(lock, [&] { return closed_ || next < firstKept_ + kept_.size(); });
    if (closed_ || next < firstKept_) return std::nullopt;
    return kept_[next - firstKept_];
}

void IntervalFeed::answer(httplib::Response& res, size_t every) {
    uint64_t first = 0;
    {
        std::lock_guard lock(mutex_);
        if (streams_ >= kMaxStreams) {
            res.status = 503;
            res.set_header("Retry-After", "10");
            res.set_content("at most " + std::to_string(kMaxStreams) +
                                " streams at once, so that scrapes are still answered; try again later\n",
                            "text/plain; charset=utf-8");
            return;
        }
        ++streams_;
        first = firstKept_ + kept_.size();
    }
    auto combiner = std::make_shared<IntervalCombiner>(plan_, builder_, every);
    auto next = std::make_shared<uint64_t>(first);
    res.set_chunked_content_provider(
        "application/x-ndjson",
        [this, combiner, next](size_t, httplib::DataSink& sink) {
            // Returns after each interval, so httplib sees a client that hung up between lines.
            const auto interval = waitFor((*next)++);
            if (!interval) return false; // the agent stops, or this client fell behind what is kept
            std::optional<IntervalResult> line;
            {
                std::lock_guard lock(buildMutex_);
                line = combiner->add(*interval);
            }
            if (!line) return true;
            const std::string text = formatIntervalJsonLine(*line, builder_.locations()) + "\n";
            return sink.write(text.data(), text.size());
        },
        [this](bool) {
            std::lock_guard lock(mutex_);
            --streams_;
        });
}

} // namespace perfdash::cli
