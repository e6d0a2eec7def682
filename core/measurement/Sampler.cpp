#include "core/measurement/Sampler.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "core/util/SystemError.h"

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434 // the same number on every architecture
#endif

namespace perfdash {

namespace {

timespec toTimespec(int64_t ns) {
    return timespec{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
}

Result<UniqueFd> absoluteTimer(int64_t firstNs, int64_t periodNs) {
    UniqueFd fd(timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK));
    if (!fd) return makeError(std::string("cannot create the sampling timer: ") + systemErrorText(errno));
    itimerspec spec{};
    spec.it_value = toTimespec(firstNs);
    spec.it_interval = toTimespec(periodNs);
    if (timerfd_settime(fd.get(), TFD_TIMER_ABSTIME, &spec, nullptr) != 0)
        return makeError(std::string("cannot arm the sampling timer: ") + std::strerror(errno));
    return fd;
}

Result<UniqueFd> openPidfd(int pid) {
    // glibc gained the pidfd_open() wrapper only in 2.36.
    const int fd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
    if (fd >= 0) return UniqueFd(fd);
    if (errno == ESRCH) return makeError("process " + std::to_string(pid) + " does not exist (any more)");
    if (errno == ENOSYS)
        return makeError("this kernel cannot watch process " + std::to_string(pid) +
                         " for its exit (pidfd_open needs Linux 5.3 or later)");
    return makeError("cannot watch process " + std::to_string(pid) + ": " + systemErrorText(errno));
}

// Consumes a readable timerfd; returns how many deadlines passed since the last read.
uint64_t expirations(int timerFd) {
    uint64_t n = 0;
    if (::read(timerFd, &n, sizeof n) != sizeof n) return 0;
    return n;
}

} // namespace

const char* toString(SamplerEnd end) {
    switch (end) {
    case SamplerEnd::Running: return "running";
    case SamplerEnd::TargetExited: return "target exited";
    case SamplerEnd::DurationElapsed: return "duration elapsed";
    case SamplerEnd::StopRequested: return "stop requested";
    case SamplerEnd::ReadFailed: return "read failed";
    }
    return "?";
}

Sampler::Sampler(CounterSet& counters, SampleStore& store)
    : counters_(counters), store_(store), stopEvent_(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {}

Sampler::~Sampler() {
    requestStop();
    if (thread_.joinable()) thread_.join();
}

void Sampler::requestStop() noexcept {
    const uint64_t one = 1;
    const int savedErrno = errno; // a signal handler must leave errno as it found it
    [[maybe_unused]] ssize_t ignored = ::write(stopEvent_.get(), &one, sizeof one);
    errno = savedErrno;
}

Status Sampler::start(const SamplerOptions& options) {
    if (started_) return makeError("the sampler was already started");
    if (!stopEvent_) return makeError(std::string("cannot create the sampler's stop event: ") + systemErrorText(errno));
    if (options.interval.count() < 0 || options.duration.count() < 0)
        return makeError("the sampling interval and duration must not be negative");
    if (options.targetPid > 0) {
        auto pidfd = openPidfd(options.targetPid);
        if (!pidfd) return pidfd.error();
        targetExit_ = std::move(*pidfd);
    }
    Snapshot baseline;
    if (Status s = counters_.read(baseline); !s) return s;
    const int64_t t0 = baseline.monotonicNs;
    if (options.interval.count() > 0) {
        auto timer = absoluteTimer(t0 + options.interval.count(), options.interval.count());
        if (!timer) return timer.error();
        intervalTimer_ = std::move(*timer);
    }
    if (options.duration.count() > 0) {
        auto timer = absoluteTimer(t0 + options.duration.count(), 0);
        if (!timer) return timer.error();
        durationTimer_ = std::move(*timer);
    }
    baseline.seq = store_.push(baseline);
    final_ = baseline;
    started_ = true;
    thread_ = std::thread(&Sampler::run, this);
    return {};
}

bool Sampler::sampleInto(Snapshot& snapshot) {
    Status s = counters_.read(snapshot);
    if (s) return true;
    std::lock_guard lock(errorMutex_);
    error_ = s;
    return false;
}

void Sampler::run() {
    // Signals go to the other threads: a SIGINT handler must find the main
    // (CLI) or GUI thread, not interrupt the reads here.
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, nullptr);

    enum Source { Stop, Target, Duration, Interval };
    pollfd fds[4];
    Source sources[4];
    nfds_t count = 0;
    auto watch = [&](const UniqueFd& fd, Source source) {
        if (!fd) return;
        fds[count] = pollfd{fd.get(), POLLIN, 0};
        sources[count++] = source;
    };
    watch(stopEvent_, Stop);
    watch(targetExit_, Target);
    watch(durationTimer_, Duration);
    watch(intervalTimer_, Interval);

    Snapshot scratch;
    SamplerEnd end = SamplerEnd::Running;
    while (end == SamplerEnd::Running) {
        if (::poll(fds, count, -1) < 0) {
            if (errno == EINTR) continue;
            std::lock_guard lock(errorMutex_);
            error_ = makeError(std::string("the sampler cannot wait for its timer: ") + std::strerror(errno));
            end = SamplerEnd::ReadFailed;
            break;
        }
        bool intervalDue = false;
        for (nfds_t i = 0; i < count; ++i) {
            if (!fds[i].revents) continue;
            switch (sources[i]) {
            case Stop: end = SamplerEnd::StopRequested; break;
            case Target: if (end != SamplerEnd::StopRequested) end = SamplerEnd::TargetExited; break;
            case Duration: if (end == SamplerEnd::Running) end = SamplerEnd::DurationElapsed; break;
            case Interval: intervalDue = true; break;
            }
        }
        // An interval that falls due together with the end is the final snapshot.
        if (!intervalDue || end != SamplerEnd::Running) continue;
        if (const uint64_t passed = expirations(intervalTimer_.get()); passed > 1) missed_ += passed - 1;
        if (!sampleInto(scratch)) {
            end = SamplerEnd::ReadFailed;
            break;
        }
        store_.push(scratch);
    }
    if (end != SamplerEnd::ReadFailed && sampleInto(scratch)) {
        scratch.seq = store_.push(scratch);
        final_ = scratch;
    } else if (auto last = store_.latest()) {
        end = SamplerEnd::ReadFailed;
        final_ = *last;
    }
    store_.close();
    end_.store(end);
}

Snapshot Sampler::wait() {
    if (thread_.joinable()) thread_.join();
    return final_;
}

Snapshot Sampler::stop() {
    requestStop();
    return wait();
}

Status Sampler::error() const {
    std::lock_guard lock(errorMutex_);
    return error_;
}

Status Sampler::pause() {
    if (Status s = counters_.disable(); !s) return s;
    paused_ = true;
    return {};
}

Status Sampler::resume() {
    if (Status s = counters_.enable(); !s) return s;
    paused_ = false;
    return {};
}

} // namespace perfdash
