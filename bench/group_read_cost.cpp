// What one grouped read of a 4-event group costs in perfdash's read path,
// against a bare read() of the same group fd in a plain C loop.
//
//   perfdash_bench_group_read [iterations] [rounds]
//
// Four software events (they count everywhere, also in VMs without a PMU)
// of this process form one kernel group with the backend's read_format
// (GROUP | ID | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING) and inherit, as
// PerfEventBackend opens a launched program's counters. The same fds are
// handed to a PerfEventCounterSet, so both rows below read the SAME group fd:
//
//  - bare read(): read(fd, buf, sizeof buf) in a loop, nothing else: the
//    system call the kernel must serve whatever the tool;
//  - PerfEventCounterSet::read: perfdash's whole read path for one location
//    with one group (the read, the check of the member count, the mapping of
//    kernel event IDs to slots, the Snapshot's timestamp).
//
// Target: the second within 10% of the first. Context rows: the read()
// stopped at the buffer size check (ENOSPC: entering the system call and
// locking the event context, no counter read), one lone counter, and the
// four events read one fd at a time. Many short rounds, every row once per
// round in alternating order; reported are the fastest round of each row
// and the median of its ratio to the bare read within the same round.
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/backends/PerfEventCounterSet.h"
#include "core/sys/PerfEventSys.h"
#include "core/util/Median.h"

using namespace perfdash;

namespace {

constexpr size_t kEvents = 4;
constexpr uint64_t kConfigs[kEvents] = {PERF_COUNT_SW_TASK_CLOCK, PERF_COUNT_SW_PAGE_FAULTS,
                                        PERF_COUNT_SW_CONTEXT_SWITCHES, PERF_COUNT_SW_CPU_MIGRATIONS};
constexpr uint64_t kGroupFormat =
    PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
constexpr uint64_t kSingleFormat = PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;

[[noreturn]] void die(const std::string& message) {
    std::fprintf(stderr, "perfdash_bench_group_read: %s\n", message.c_str());
    std::exit(1);
}

int openEvent(uint64_t config, int groupFd, uint64_t readFormat) {
    PerfEncoding encoding;
    encoding.type = PERF_TYPE_SOFTWARE;
    encoding.config = config;
    perf_event_attr attr = makePerfAttr(encoding);
    attr.read_format = readFormat;
    attr.inherit = 1;
    attr.disabled = groupFd < 0;
    const int fd = perfEventOpen(attr, 0, -1, groupFd, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) die(std::string("cannot open a software event: ") + std::strerror(errno));
    return fd;
}

uint64_t eventId(int fd) {
    uint64_t id = 0;
    if (::ioctl(fd, PERF_EVENT_IOC_ID, &id) != 0) die(std::string("PERF_EVENT_IOC_ID: ") + std::strerror(errno));
    return id;
}

// The group as the backend would hand it over, for one location (this
// process), and the leader's fd number for the C loop (the set owns it).
struct OpenedGroup {
    std::unique_ptr<PerfEventCounterSet> counters;
    int leaderFd = -1;
};

OpenedGroup openGroup() {
    PerfEventGroupFds group;
    for (size_t i = 0; i < kEvents; ++i) {
        const int fd = openEvent(kConfigs[i], i ? group.fds.front().get() : -1, kGroupFormat);
        group.fds.emplace_back(fd);
        group.slotById.emplace_back(eventId(fd), i);
    }
    OpenedGroup opened;
    opened.leaderFd = group.fds.front().get();
    std::vector<SlotStatus> slots(kEvents, SlotStatus{true, "", 0});
    std::vector<PerfEventLocationFds> locations(1);
    locations[0].groups.push_back(std::move(group));
    opened.counters = std::make_unique<PerfEventCounterSet>(
        std::vector<CounterLocation>{{CounterLocation::Kind::Process, static_cast<int>(::getpid())}}, std::move(slots),
        std::move(locations));
    return opened;
}

double nowNs() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

unsigned long parseCount(const char* text, unsigned long fallback) {
    if (!text) return fallback;
    char* end = nullptr;
    const unsigned long v = std::strtoul(text, &end, 10);
    if (*end || v == 0) {
        std::fprintf(stderr, "usage: perfdash_bench_group_read [iterations] [rounds]  (positive numbers)\n");
        std::exit(2);
    }
    return v;
}

// One way of reading, timed in every round: ns per call of each round.
struct Row {
    const char* name;
    std::function<void(unsigned long)> loop; // `iterations` reads
    std::vector<double> nsPerCall = {};
};

} // namespace

int main(int argc, char** argv) {
    const unsigned long iterations = parseCount(argc > 1 ? argv[1] : nullptr, 1000);
    const unsigned long rounds = parseCount(argc > 2 ? argv[2] : nullptr, 1001);

    OpenedGroup group = openGroup();
    int single[kEvents];
    for (size_t i = 0; i < kEvents; ++i) single[i] = openEvent(kConfigs[i], -1, kSingleFormat);
    if (Status s = group.counters->enable(); !s) die(s.error().message);
    for (int fd : single) ::ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);

    uint64_t buffer[3 + 2 * kEvents];
    constexpr ssize_t kGroupBytes = sizeof buffer;
    constexpr ssize_t kSingleBytes = 4 * sizeof(uint64_t); // value, enabled, running, id
    Snapshot snapshot;
    if (::read(group.leaderFd, buffer, kGroupBytes) != kGroupBytes || buffer[0] != kEvents)
        die("the group read did not return " + std::to_string(kEvents) + " events");
    if (::read(group.leaderFd, buffer, 1) != -1 || errno != ENOSPC)
        die("the short read did not stop at the size check (ENOSPC)");
    if (Status s = group.counters->read(snapshot); !s) die(s.error().message);
    if (snapshot.values.size() != kEvents || snapshot.values[0].raw == 0)
        die("PerfEventCounterSet::read did not map the four events (task-clock should have counted)");

    std::vector<Row> rows = {
        {"bare read() of the group fd, C loop",
         [&](unsigned long n) {
             for (unsigned long i = 0; i < n; ++i)
                 if (::read(group.leaderFd, buffer, kGroupBytes) != kGroupBytes) std::abort();
         }},
        {"PerfEventCounterSet::read, same fd",
         [&](unsigned long n) {
             for (unsigned long i = 0; i < n; ++i)
                 if (!group.counters->read(snapshot)) std::abort();
         }},
        {"read() stopped at the size check (ENOSPC)",
         [&](unsigned long n) {
             for (unsigned long i = 0; i < n; ++i)
                 if (::read(group.leaderFd, buffer, 1) != -1) std::abort();
         }},
        {"read() of one lone counter",
         [&](unsigned long n) {
             for (unsigned long i = 0; i < n; ++i)
                 if (::read(single[0], buffer, kSingleBytes) != kSingleBytes) std::abort();
         }},
        {"4 separate read()s, one per event",
         [&](unsigned long n) {
             for (unsigned long i = 0; i < n; ++i)
                 for (int fd : single)
                     if (::read(fd, buffer, kSingleBytes) != kSingleBytes) std::abort();
         }},
    };
    // Short rounds, many of them, in alternating order: on a busy machine
    // some rounds run undisturbed, and no row always runs first.
    for (unsigned long r = 0; r < rounds; ++r) {
        for (size_t k = 0; k < rows.size(); ++k) {
            Row& row = rows[r % 2 ? rows.size() - 1 - k : k];
            const double start = nowNs();
            row.loop(iterations);
            row.nsPerCall.push_back((nowNs() - start) / static_cast<double>(iterations));
        }
    }

    // Ratios two ways: of the fastest rounds, and the median of the ratios
    // within each round (both loops ran under the same load).
    const Row& bare = rows[0];
    const double reference = *std::min_element(bare.nsPerCall.begin(), bare.nsPerCall.end());
    std::printf("%-44s %9s %9s %13s\n", "one read of 4 software events", "ns/call", "vs bare", "median ratio");
    double perfdashFastest = 0, perfdashPaired = 0;
    for (const Row& row : rows) {
        const double fastest = *std::min_element(row.nsPerCall.begin(), row.nsPerCall.end());
        std::vector<double> paired;
        for (size_t r = 0; r < row.nsPerCall.size(); ++r) paired.push_back(row.nsPerCall[r] / bare.nsPerCall[r]);
        std::printf("%-44s %9.1f %8.3fx %12.3fx\n", row.name, fastest, fastest / reference, median(paired));
        if (&row == &rows[1]) {
            perfdashFastest = fastest / reference;
            perfdashPaired = median(paired);
        }
    }
    std::printf("perfdash's grouped read vs the bare read() of the same fd: %+.1f%% (fastest rounds), %+.1f%% "
                "(median within rounds); target within 10%%: %s\n",
                100.0 * (perfdashFastest - 1.0), 100.0 * (perfdashPaired - 1.0),
                perfdashFastest <= 1.10 && perfdashPaired <= 1.10 ? "met" : "missed");
    std::printf("(%lu rounds of %lu calls per row, order alternating; ns/call of the fastest round)\n", rounds,
                iterations);
    for (int fd : single) ::close(fd);
    return 0;
}
