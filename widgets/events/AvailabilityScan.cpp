#include "widgets/events/AvailabilityScan.h"

#include <QtConcurrent/QtConcurrentRun>
#include <chrono>
#include <utility>

namespace perfdash {

namespace {
// The worker hands over what it has checked when it is this much or this old,
// whichever comes first: each batch may cost the GUI a full re-filter
// (countable-only), so not too many of them; soon enough that a slow check
// (the tracepoint class) still shows progress.
constexpr size_t kMaxBatchSize = 4096;
constexpr auto kMaxBatchAge = std::chrono::milliseconds(100);
} // namespace

AvailabilityScan::AvailabilityScan(const EventCatalog& catalog, QObject* parent)
    : QObject(parent), catalog_(catalog) {
    qRegisterMetaType<AvailabilityBatch>();
    pool_.setMaxThreadCount(1);
}

AvailabilityScan::~AvailabilityScan() {
    cancelled_ = true;
    future_.waitForFinished();
}

int AvailabilityScan::total() const { return static_cast<int>(catalog_.entries().size()); }

void AvailabilityScan::start() {
    if (running_ || finished_) return;
    running_ = true;
    future_ = QtConcurrent::run(&pool_, [this] { scan(); });
}

void AvailabilityScan::scan() {
    using Clock = std::chrono::steady_clock;
    const size_t count = catalog_.entries().size();
    std::vector<Availability> checked;
    auto checkedSince = Clock::now();
    for (size_t i = 0; i < count; ++i) {
        if (cancelled_) return;
        checked.push_back(catalog_.availability(i));
        const bool last = i + 1 == count;
        if (!last && checked.size() < kMaxBatchSize && Clock::now() - checkedSince < kMaxBatchAge) continue;
        {
            std::lock_guard lock(bufferMutex_);
            buffer_.values.insert(buffer_.values.end(), checked.begin(), checked.end());
        }
        checked.clear();
        checkedSince = Clock::now();
        // One drain in flight at a time; queued to this object, so Qt drops it if the scan is destroyed first.
        if (!drainPosted_.exchange(true)) QMetaObject::invokeMethod(this, &AvailabilityScan::drain, Qt::QueuedConnection);
    }
    if (count == 0) QMetaObject::invokeMethod(this, &AvailabilityScan::drain, Qt::QueuedConnection);
}

void AvailabilityScan::drain() {
    AvailabilityBatch batch;
    {
        std::lock_guard lock(bufferMutex_);
        drainPosted_ = false;
        batch = std::exchange(buffer_, AvailabilityBatch{buffer_.firstRow + static_cast<int>(buffer_.values.size()), {}});
    }
    if (finished_ || (batch.values.empty() && total() > 0)) return;
    done_ += static_cast<int>(batch.values.size());
    if (!batch.values.empty()) emit batchReady(batch);
    emit progressChanged(done_, total());
    if (done_ == total()) {
        running_ = false;
        finished_ = true;
        emit finished();
    }
}

} // namespace perfdash
