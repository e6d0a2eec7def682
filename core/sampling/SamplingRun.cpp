#include "core/sampling/SamplingRun.h"

#include <cerrno>
#include <poll.h>
#include <sys/eventfd.h>
#include <type_traits>
#include <unistd.h>

#include "core/measurement/AttachTarget.h"
#include "core/sampling/ProcSnapshot.h"
#include "core/sampling/RecordParser.h"
#include "core/util/Clock.h"
#include "core/util/SystemError.h"

namespace perfdash {

namespace {

// How long the reader sleeps at most: a buffer whose owner cannot wake it
// (its task exited, others still write into it) is drained at least this often.
constexpr int kPollMs = 20;
constexpr auto kRateReadInterval = std::chrono::seconds(1);

uint64_t nowNs() { return static_cast<uint64_t>(monotonicNowNs()); }

} // namespace

SamplingRun::SamplingRun(std::unique_ptr<SamplingEvents> events, size_t queueBytes)
    : events_(std::move(events)), queue_(queueBytes) {}

Result<std::unique_ptr<SamplingRun>> SamplingRun::open(const SamplingRequest& request,
                                                                const SamplingSystem& system) {
    auto events = SamplingEvents::open(request, system);
    if (!events) return events.error();
    std::unique_ptr<SamplingRun> sampling(new SamplingRun(std::move(*events), request.queueBytes));
    sampling->sysctlDir_ = system.kernelSysctlDir;
    sampling->wake_.reset(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
    if (!sampling->wake_) return makeError("cannot create the sampling reader's wake-up event: " + systemErrorText(errno));
    for (int cpu : sampling->events_->cpus()) sampling->stats_.cpus.push_back({.cpu = cpu});
    sampling->stats_.maxSampleRateAtStart = sampling->events_->maxSampleRate();
    sampling->stats_.maxSampleRateNow = sampling->stats_.maxSampleRateAtStart;
    return sampling;
}

SamplingRun::~SamplingRun() { stop(); }

Status SamplingRun::start() {
    if (started_) return makeError("the sampling run was already started");
    const SamplingTarget& target = events_->request().target;
    switch (target.kind) {
    case SamplingTarget::Kind::Launched: break; // it has not exec'd yet: the kernel reports what it maps
    case SamplingTarget::Kind::Process: {
        Status error;
        synthesize(target.pid, true, &error);
        if (!error) return error;
        break;
    }
    case SamplingTarget::Kind::Cpus:
        for (int32_t pid : listProcesses()) synthesize(pid, false, nullptr);
        break;
    case SamplingTarget::Kind::Cgroup: {
        auto pids = cgroupProcesses(events_->cgroupFd());
        if (!pids) return pids.error();
        for (int32_t pid : *pids) synthesize(pid, false, nullptr);
        break;
    }
    }
    if (target.kind != SamplingTarget::Kind::Launched)
        if (Status s = events_->enable(); !s) return s;
    // Threads the process started between their listing and the opening of
    // their siblings' events have no events, and no FORK record will come for them.
    if (target.kind == SamplingTarget::Kind::Process && followMode() == FollowMode::ForkRecords) {
        std::lock_guard lock(statsMutex_);
        if (auto tids = threadsOf(target.pid))
            for (int tid : *tids)
                if (!events_->follows(tid)) countFollow(events_->followThread(tid));
    }
    started_ = true;
    reader_ = std::thread([this] { run(); });
    return {};
}

void SamplingRun::stop() {
    if (stopped_) return;
    stopped_ = true;
    if (!started_) {
        (void)events_->disable();
        queue_.close();
        return;
    }
    stopping_ = true;
    const uint64_t one = 1;
    [[maybe_unused]] const ssize_t written = ::write(wake_.get(), &one, sizeof one);
    reader_.join();
}

bool SamplingRun::take(std::vector<PerfRecord>& out, std::chrono::milliseconds timeout) {
    return queue_.take(out, timeout);
}

bool SamplingRun::readsPerThread() const {
    const SamplingTarget::Kind kind = events_->request().target.kind;
    return kind == SamplingTarget::Kind::Launched || kind == SamplingTarget::Kind::Process;
}

SamplingStats SamplingRun::stats() const {
    std::lock_guard lock(statsMutex_);
    return stats_;
}

void SamplingRun::run() {
    const size_t buffers = events_->cpus().size();
    std::vector<pollfd> fds;
    for (size_t i = 0; i < buffers; ++i) fds.push_back({events_->bufferFd(i), POLLIN, 0});
    fds.push_back({wake_.get(), POLLIN, 0});
    auto lastRateRead = std::chrono::steady_clock::now();
    const auto sink = [this](PerfRecord&& r) { release(std::move(r)); };
    for (;;) {
        if (::poll(fds.data(), fds.size(), kPollMs) < 0 && errno != EINTR) {
            // poll itself failed (it should not): keep draining on the timer alone.
            ::usleep(kPollMs * 1000);
        }
        const bool stopping = stopping_.load();
        if (stopping) (void)events_->disable(); // nothing is written after this; what was is drained below
        {
            std::lock_guard lock(statsMutex_);
            const uint64_t roundStart = nowNs();
            drainAll();
            if (stopping) ordering_.releaseAll(sink);
            else ordering_.release(roundStart, sink);
            if (std::chrono::steady_clock::now() - lastRateRead >= kRateReadInterval) {
                lastRateRead = std::chrono::steady_clock::now();
                if (auto rate = readMaxSampleRate(sysctlDir_)) stats_.maxSampleRateNow = rate;
            }
        }
        if (stopping) break;
        // An event whose task exited reports POLLHUP from then on: poll it no
        // more (its buffer is still drained every round).
        for (size_t i = 0; i < buffers; ++i)
            if (fds[i].revents & (POLLHUP | POLLERR)) fds[i].fd = -1;
    }
    queue_.close();
}

void SamplingRun::drainAll() {
    const SampleLayout& layout = events_->layout();
    for (size_t i = 0; i < events_->cpus().size(); ++i) {
        const RingBuffer::Drained drained = events_->buffer(i).drain([&](std::span<const std::byte> bytes) {
            auto record = parseRecord(bytes, layout);
            if (!record) {
                if (stats_.malformed++ == 0) stats_.firstMalformed = record.error().message;
                return;
            }
            handle(std::move(*record), i);
        });
        if (!drained.corruption.empty() && stats_.corruptBuffers++ == 0)
            stats_.firstCorruption = "CPU " + std::to_string(events_->cpus()[i]) + ": " + drained.corruption;
    }
}

void SamplingRun::handle(PerfRecord&& record, size_t cpuIndex) {
    CpuRecordCounts& counts = stats_.cpus[cpuIndex];
    std::visit(
        [&](auto& r) {
            using R = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<R, SampleRecord>) {
                ++counts.samples;
                for (ReadValue& v : r.read.values) v.slot = events_->slotOf(v.id);
            } else if constexpr (std::is_same_v<R, LostRecord>) {
                counts.lost += r.lost;
            } else if constexpr (std::is_same_v<R, ThrottleRecord>) {
                ++(r.throttled ? counts.throttled : counts.unthrottled);
            } else if constexpr (std::is_same_v<R, ForkRecord>) {
                if (followMode() == FollowMode::ForkRecords) follow(r);
            }
        },
        record);
    ordering_.add(std::move(record));
}

void SamplingRun::release(PerfRecord&& record) {
    // Time order puts a thread's EXIT after its FORK, whichever buffers they came through.
    if (const auto* exit = std::get_if<ExitRecord>(&record); exit && followMode() == FollowMode::ForkRecords)
        events_->forgetThread(exit->tid);
    const int cpu = recordCpu(record);
    const bool sample = std::holds_alternative<SampleRecord>(record);
    const bool synthetic = std::visit(
        [](const auto& r) {
            using R = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<R, MmapRecord> || std::is_same_v<R, CommRecord>) return r.synthetic;
            else return false;
        },
        record);
    if (queue_.push(std::move(record))) return;
    if (synthetic) ++stats_.droppedSynthetic;
    else if (const size_t i = cpuIndex(cpu); i < stats_.cpus.size()) ++(sample ? stats_.cpus[i].droppedSamples : stats_.cpus[i].droppedOther);
    else ++stats_.droppedSynthetic; // a kernel record always names its CPU; counted rather than lost from view
}

void SamplingRun::follow(const ForkRecord& fork) {
    if (events_->follows(fork.tid)) return;
    const auto outcome = events_->followThread(fork.tid);
    countFollow(outcome);
    const bool newProcess = fork.pid == fork.tid && fork.pid != fork.ppid;
    if (newProcess && outcome && *outcome == SamplingEvents::Followed::Opened) {
        // It may have exec'd, started threads or forked before its events
        // existed: what it maps now, and its threads and children, come from /proc.
        synthesize(fork.pid, false, nullptr);
        followDescendants(fork.pid);
    }
}

void SamplingRun::followDescendants(int32_t pid) {
    std::vector<int32_t> todo{pid};
    while (!todo.empty()) {
        const int32_t process = todo.back();
        todo.pop_back();
        if (auto tids = threadsOf(process))
            for (int tid : *tids)
                if (!events_->follows(tid)) countFollow(events_->followThread(tid));
        for (int32_t child : childrenOf(process)) {
            if (events_->follows(child)) continue;
            const auto outcome = events_->followThread(child);
            countFollow(outcome);
            if (outcome && *outcome == SamplingEvents::Followed::Opened) {
                synthesize(child, false, nullptr);
                todo.push_back(child);
            }
        }
    }
}

void SamplingRun::synthesize(int32_t pid, bool required, Status* error) {
    auto records = synthesizeProcess(pid, nowNs());
    if (!records) {
        if (required && error) *error = records.error();
        return;
    }
    for (PerfRecord& r : *records) ordering_.add(std::move(r));
}

void SamplingRun::countFollow(const Result<SamplingEvents::Followed>& outcome) {
    if (!outcome) {
        if (stats_.followFailures++ == 0) stats_.firstFollowFailure = outcome.error().message;
        return;
    }
    if (*outcome == SamplingEvents::Followed::Opened) ++stats_.threadsFollowed;
    else if (*outcome == SamplingEvents::Followed::Exited) ++stats_.threadsMissed;
}

size_t SamplingRun::cpuIndex(int cpu) const {
    const auto& cpus = events_->cpus();
    for (size_t i = 0; i < cpus.size(); ++i)
        if (cpus[i] == cpu) return i;
    return cpus.size();
}

} // namespace perfdash
