// The sampler under a fast schedule: does it keep the ideal schedule, and
// does memory stay within the store's bound however long it runs?
//
//   perfdash_bench_sampler [seconds=60] [interval_ms=1] [store_capacity=1024]
//
// Counts four software events system-wide on every CPU (falls back to this
// process when not permitted), samples them every interval into a bounded
// SampleStore, and pulls from the store the way the GUI does: every 16 ms.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

#include "core/backends/PerfEventBackend.h"
#include "core/measurement/Sampler.h"
#include "core/util/Strings.h"

using namespace perfdash;
using namespace std::chrono;

namespace {

long maxRssKiB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

EventSet softwareEvents() {
    const std::pair<const char*, uint64_t> events[] = {{"cpu-clock", PERF_COUNT_SW_CPU_CLOCK},
                                                       {"context-switches", PERF_COUNT_SW_CONTEXT_SWITCHES},
                                                       {"page-faults", PERF_COUNT_SW_PAGE_FAULTS},
                                                       {"cpu-migrations", PERF_COUNT_SW_CPU_MIGRATIONS}};
    EventSet set;
    for (const auto& [name, config] : events) {
        ResolvedEvent e;
        e.spec = e.name = name;
        e.source = EventSource::Software;
        e.encoding.type = PERF_TYPE_SOFTWARE;
        e.encoding.config = config;
        set.push_back({name, e, 0});
    }
    return set;
}

uint64_t argument(int argc, char** argv, int index, uint64_t fallback) {
    if (argc <= index) return fallback;
    auto v = parseUnsigned(argv[index]);
    if (!v || *v == 0) {
        std::fprintf(stderr, "usage: perfdash_bench_sampler [seconds=60] [interval_ms=1] [store_capacity=1024]\n");
        std::exit(2);
    }
    return *v;
}

} // namespace

int main(int argc, char** argv) {
    const uint64_t seconds = argument(argc, argv, 1, 60);
    const uint64_t intervalMs = argument(argc, argv, 2, 1);
    const uint64_t capacity = argument(argc, argv, 3, 1024);

    PerfEventBackend backend;
    CountingScope scope;
    scope.kind = CountingScope::Kind::Cpus;
    for (long c = 0; c < sysconf(_SC_NPROCESSORS_ONLN); ++c) scope.cpus.push_back(static_cast<int>(c));
    auto counters = backend.open(softwareEvents(), scope);
    if (!counters) {
        std::fprintf(stderr, "system-wide counting not possible (%s); counting this process instead\n",
                     counters.error().message.c_str());
        scope = CountingScope{};
        scope.pid = getpid();
        counters = backend.open(softwareEvents(), scope);
    }
    if (!counters) {
        std::fprintf(stderr, "perfdash_bench_sampler: %s\n", counters.error().message.c_str());
        return 1;
    }
    if (Status s = (*counters)->enable(); !s) {
        std::fprintf(stderr, "perfdash_bench_sampler: %s\n", s.error().message.c_str());
        return 1;
    }
    const size_t valuesPerSnapshot = (*counters)->locations().size() * (*counters)->slotStatus().size();
    const size_t boundBytes = capacity * (sizeof(Snapshot) + valuesPerSnapshot * sizeof(CounterValue));

    SampleStore store(capacity);
    Sampler sampler(**counters, store);
    const long rssStart = maxRssKiB();
    const auto interval = milliseconds(intervalMs);
    if (Status s = sampler.start({.interval = interval, .duration = seconds * 1s}); !s) {
        std::fprintf(stderr, "perfdash_bench_sampler: %s\n", s.error().message.c_str());
        return 1;
    }

    // The consumer: a GUI frame timer's pace.
    uint64_t next = 0, dropped = 0, pulls = 0;
    long rssStoreFull = 0; // once every ring slot holds a snapshot: from here on nothing may grow
    int64_t baselineNs = 0;
    Snapshot previous, last;
    for (bool closed = false; !closed;) {
        std::this_thread::sleep_for(16ms);
        auto batch = store.since(next);
        next = batch.nextSeq;
        dropped += batch.dropped;
        closed = batch.closed;
        ++pulls;
        if (rssStoreFull == 0 && next > 2 * capacity) rssStoreFull = maxRssKiB();
        for (Snapshot& s : batch.snapshots) {
            if (s.seq == 0) baselineNs = s.monotonicNs;
            previous = std::move(last);
            last = std::move(s);
        }
    }
    sampler.wait();
    const long rssEnd = maxRssKiB();

    // The final snapshot ends the run; the one before it is the last periodic
    // one, taken for deadline number (periodic samples + missed deadlines).
    const uint64_t periodic = store.pushedCount() - 2;
    const uint64_t missed = sampler.missedDeadlines();
    const double intervalNs = static_cast<double>(duration_cast<nanoseconds>(interval).count());
    const double lastNs = static_cast<double>(previous.monotonicNs - baselineNs);
    const double idealNs = static_cast<double>(periodic + missed) * intervalNs;
    const double meanIntervalNs = lastNs / static_cast<double>(periodic);
    const double driftNs = lastNs - idealNs;
    const double driftPercent = 100.0 * std::fabs(driftNs) / lastNs;
    const double meanErrorPercent = 100.0 * (meanIntervalNs / intervalNs - 1.0);

    std::printf("sampler: %llu s at %llu ms, %zu location(s) x %zu events (%s), store of %llu snapshots\n",
                static_cast<unsigned long long>(seconds), static_cast<unsigned long long>(intervalMs),
                (*counters)->locations().size(), (*counters)->slotStatus().size(),
                scope.kind == CountingScope::Kind::Cpus ? "system-wide" : "this process",
                static_cast<unsigned long long>(capacity));
    std::printf("  periodic samples        %llu (ideal %llu), missed deadlines %llu\n",
                static_cast<unsigned long long>(periodic),
                static_cast<unsigned long long>(seconds * 1000 / intervalMs - 1),
                static_cast<unsigned long long>(missed));
    std::printf("  mean interval           %.4f ms (%+.3f%% vs %llu ms)\n", meanIntervalNs / 1e6, meanErrorPercent,
                static_cast<unsigned long long>(intervalMs));
    std::printf("  drift of the last sample %+.1f us vs the ideal schedule = %.4f%% of the run (target <= 1%%): %s\n",
                driftNs / 1e3, driftPercent, driftPercent <= 1.0 ? "met" : "missed");
    std::printf("  consumer                %llu pulls every 16 ms, %llu snapshots dropped (time resolution only)\n",
                static_cast<unsigned long long>(pulls), static_cast<unsigned long long>(dropped));
    std::printf("  max RSS                 %ld KiB at start, %ld KiB once the store was full, %ld KiB at end "
                "(%+ld KiB since full)\n",
                rssStart, rssStoreFull, rssEnd, rssEnd - rssStoreFull);
    std::printf("  store                   %zu bytes now, bound %zu bytes: %s\n", store.footprintBytes(), boundBytes,
                store.footprintBytes() <= boundBytes ? "within" : "EXCEEDED");
    return 0;
}
