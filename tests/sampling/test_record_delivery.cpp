// From the reader to the consumer: the bounded queue's refusals, the time
// order across CPUs, the group deltas a consumer computes from cumulative
// reads, and the sentences the counted losses become.
#include <QtTest>

#include <thread>

#include "core/sampling/GroupDeltas.h"
#include "core/sampling/RecordOrdering.h"
#include "core/sampling/RecordQueue.h"
#include "core/sampling/SamplingStats.h"

using namespace perfdash;
using namespace std::chrono_literals;

namespace {

PerfRecord sampleAt(uint64_t time, int cpu = 0) {
    SampleRecord s;
    s.time = time;
    s.cpu = cpu;
    s.ip = time;
    return s;
}

PerfRecord commAt(uint64_t time, const std::string& name) {
    CommRecord c;
    c.comm = name;
    c.sampleId.time = time;
    return c;
}

std::vector<uint64_t> timesOf(const std::vector<PerfRecord>& records) {
    std::vector<uint64_t> times;
    for (const PerfRecord& r : records) times.push_back(recordTime(r));
    return times;
}

SampleRecord groupSample(uint64_t id, int tid, uint64_t enabled, uint64_t running,
                         std::vector<std::pair<uint64_t, uint64_t>> idsAndValues) {
    SampleRecord s;
    s.id = id;
    s.tid = tid;
    s.read.timeEnabled = enabled;
    s.read.timeRunning = running;
    int slot = 0;
    for (const auto& [valueId, value] : idsAndValues) s.read.values.push_back({value, valueId, 0, slot++});
    return s;
}

} // namespace

class TestRecordDelivery : public QObject {
    Q_OBJECT
private slots:
    void queueRefusesSamplesBeyondItsCapacity() {
        const size_t one = recordFootprint(sampleAt(1));
        RecordQueue queue(3 * one);
        QVERIFY(queue.push(sampleAt(1)));
        QVERIFY(queue.push(sampleAt(2)));
        QVERIFY(queue.push(sampleAt(3)));
        QVERIFY(!queue.push(sampleAt(4))); // full: refused, never waited for
        QCOMPARE(queue.queuedBytes(), 3 * one);
        std::vector<PerfRecord> out;
        QVERIFY(queue.take(out, 0ms));
        QCOMPARE(timesOf(out), (std::vector<uint64_t>{1, 2, 3}));
        QCOMPARE(queue.queuedBytes(), size_t(0));
        QVERIFY(queue.push(sampleAt(5))); // room again once taken
    }

    // Mapping and task records may use a reserve of a quarter beyond the
    // capacity that samples may not: a lost MMAP2 would misname later samples.
    void sideBandRecordsHaveAReserve() {
        const size_t one = recordFootprint(sampleAt(1));
        RecordQueue queue(8 * one);
        for (uint64_t t = 1; t <= 8; ++t) QVERIFY(queue.push(sampleAt(t)));
        QVERIFY(!queue.push(sampleAt(9)));
        QVERIFY(queue.push(commAt(10, "x")));  // within the reserve of two records' size
        QVERIFY(!queue.push(commAt(11, "y"))); // beyond it
    }

    void takeWaitsAndEndsAfterClose() {
        RecordQueue queue(1 << 20);
        std::vector<PerfRecord> out;
        const auto before = std::chrono::steady_clock::now();
        QVERIFY(queue.take(out, 50ms)); // nothing yet, not closed: still going
        QVERIFY(std::chrono::steady_clock::now() - before >= 45ms);
        QVERIFY(out.empty());
        std::thread producer([&] {
            std::this_thread::sleep_for(20ms);
            queue.push(sampleAt(1));
            queue.close();
        });
        QVERIFY(queue.take(out, 5000ms)); // woken by the push, long before the timeout
        producer.join();
        std::vector<PerfRecord> rest;
        if (out.empty()) QVERIFY(queue.take(out, 0ms));
        QCOMPARE(out.size(), size_t(1));
        QVERIFY(!queue.take(rest, 0ms)); // closed and empty: the end
        QVERIFY(!queue.push(sampleAt(2)));
    }

    // Round by round, as the reader drains: only what is stamped before the
    // round began leaves, in time order; the rest waits for the next round.
    void orderingReleasesCompletedTimeOnly() {
        RecordOrdering ordering;
        std::vector<PerfRecord> out;
        const auto sink = [&](PerfRecord&& r) { out.push_back(std::move(r)); };
        // Round 1 began at 100: CPU 0's buffer had 10, 50, 120; CPU 1's had 30, 40, 110.
        for (uint64_t t : {10, 50, 120}) ordering.add(sampleAt(t, 0));
        for (uint64_t t : {30, 40, 110}) ordering.add(sampleAt(t, 1));
        ordering.release(100, sink);
        QCOMPARE(timesOf(out), (std::vector<uint64_t>{10, 30, 40, 50}));
        QCOMPARE(ordering.held(), size_t(2));
        // Round 2 began at 200: CPU 0 wrote 115 after it was drained in round 1.
        ordering.add(sampleAt(115, 0));
        ordering.add(sampleAt(210, 1));
        out.clear();
        ordering.release(200, sink);
        QCOMPARE(timesOf(out), (std::vector<uint64_t>{110, 115, 120}));
        out.clear();
        ordering.releaseAll(sink);
        QCOMPARE(timesOf(out), (std::vector<uint64_t>{210}));
        QCOMPARE(ordering.held(), size_t(0));
    }

    void orderingKeepsEqualTimesInArrivalOrder() {
        RecordOrdering ordering;
        ordering.add(commAt(5, "first"));
        ordering.add(commAt(5, "second"));
        ordering.add(sampleAt(4));
        std::vector<PerfRecord> out;
        ordering.releaseAll([&](PerfRecord&& r) { out.push_back(std::move(r)); });
        QCOMPARE(out.size(), size_t(3));
        QVERIFY(std::holds_alternative<SampleRecord>(out[0]));
        QCOMPARE(std::get<CommRecord>(out[1]).comm, std::string("first"));
        QCOMPARE(std::get<CommRecord>(out[2]).comm, std::string("second"));
    }

    // A reader bounding what it holds takes the earliest records out,
    // whatever their round; equal times still leave in arrival order, and
    // the time of the last one out says what a later record may be behind.
    void orderingReleasesTheEarliestOnRequest() {
        RecordOrdering ordering;
        std::vector<PerfRecord> out;
        const auto sink = [&](PerfRecord&& r) { out.push_back(std::move(r)); };
        for (uint64_t t : {40, 10, 30}) ordering.add(sampleAt(t));
        ordering.add(commAt(20, "first"));
        ordering.add(commAt(20, "second"));
        QCOMPARE(ordering.releaseEarliest(2, sink), uint64_t(20));
        QCOMPARE(timesOf(out), (std::vector<uint64_t>{10, 20}));
        QCOMPARE(std::get<CommRecord>(out[1]).comm, std::string("first"));
        QCOMPARE(ordering.held(), size_t(3));
        out.clear();
        QCOMPARE(ordering.releaseEarliest(0, sink), uint64_t(0));
        QVERIFY(out.empty());
        ordering.releaseAll(sink);
        QCOMPARE(timesOf(out), (std::vector<uint64_t>{20, 30, 40}));
        QCOMPARE(std::get<CommRecord>(out[0]).comm, std::string("second"));
    }

    // Cumulative group reads become what each interval counted: per thread
    // for a task's samples, per event for a CPU's, members matched by id.
    void groupDeltasPerThread() {
        GroupDeltas deltas(true);
        const GroupDelta first = deltas.take(groupSample(100, 7, 1000, 1000, {{100, 50}, {101, 500}}));
        QCOMPARE(first.enabledNs, uint64_t(1000));
        QCOMPARE(first.counts.size(), size_t(2));
        QCOMPARE(first.counts[0].count, uint64_t(50)); // the first: since the event was opened
        QCOMPARE(first.counts[1].count, uint64_t(500));
        QCOMPARE(first.counts[1].slot, 1);
        // Another thread's first sample of the same event starts from its own zero.
        const GroupDelta other = deltas.take(groupSample(100, 8, 300, 300, {{100, 20}, {101, 90}}));
        QCOMPARE(other.counts[1].count, uint64_t(90));
        // Thread 7 again, its members listed in another order.
        const GroupDelta second = deltas.take(groupSample(100, 7, 1800, 1400, {{101, 800}, {100, 80}}));
        QCOMPARE(second.enabledNs, uint64_t(800));
        QCOMPARE(second.runningNs, uint64_t(400));
        QCOMPARE(second.counts[0].count, uint64_t(300)); // id 101: 800 - 500
        QCOMPARE(second.counts[1].count, uint64_t(30));  // id 100: 80 - 50
        QCOMPARE(deltas.streams(), size_t(2));
        deltas.forgetThread(7);
        QCOMPARE(deltas.streams(), size_t(1));
    }

    void groupDeltasPerEvent() {
        GroupDeltas deltas(false);
        deltas.take(groupSample(200, 7, 100, 100, {{200, 10}}));
        const GroupDelta next = deltas.take(groupSample(200, 9, 250, 250, {{200, 35}})); // another task, same CPU event
        QCOMPARE(next.counts[0].count, uint64_t(25));
        QCOMPARE(next.enabledNs, uint64_t(150));
    }

    void warningsNameEveryLossAndItsCpu() {
        SamplingStats stats;
        stats.cpus = {{.cpu = 0, .samples = 100}, {.cpu = 3, .samples = 50, .lost = 12, .throttled = 2, .unthrottled = 2,
                                                   .droppedSamples = 5, .droppedOther = 1}};
        stats.maxSampleRateAtStart = 100000;
        stats.maxSampleRateNow = 50000;
        stats.threadsMissed = 2;
        stats.malformed = 1;
        stats.firstMalformed = "a SAMPLE record of 8 bytes is malformed: ...";
        const auto warnings = stats.warnings();
        const QString all = QString::fromStdString([&] {
            std::string text;
            for (const auto& w : warnings) text += w + "\n";
            return text;
        }());
        QVERIFY2(all.contains("12 records lost on CPU 3: the kernel found the ring buffer full"), qPrintable(all));
        QVERIFY2(all.contains("sampling was throttled 2 times on CPU 3"), qPrintable(all));
        QVERIFY2(all.contains("5 samples dropped on CPU 3"), qPrintable(all));
        QVERIFY2(all.contains("1 mapping or task records dropped on CPU 3"), qPrintable(all));
        QVERIFY2(all.contains("from 100000 to 50000"), qPrintable(all));
        QVERIFY2(all.contains("2 new threads or processes were not sampled"), qPrintable(all));
        QVERIFY2(all.contains("1 records could not be read"), qPrintable(all));
        QVERIFY2(!all.contains("CPU 0"), qPrintable(all)); // nothing lost there, nothing said
        QCOMPARE(stats.totalSamples(), uint64_t(150));
        QCOMPARE(stats.cpu(3)->lost, uint64_t(12));
        QVERIFY(SamplingStats{}.warnings().empty());
    }
};

QTEST_GUILESS_MAIN(TestRecordDelivery)
#include "test_record_delivery.moc"
