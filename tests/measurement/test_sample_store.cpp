#include <QtTest>

#include <thread>

#include "core/measurement/SampleStore.h"

using namespace perfdash;
using namespace std::chrono_literals;

namespace {

Snapshot cumulative(uint64_t raw, size_t width = 1) {
    Snapshot s;
    s.monotonicNs = static_cast<int64_t>(raw);
    s.values.assign(width, CounterValue{raw, raw, raw});
    return s;
}

} // namespace

class TestSampleStore : public QObject {
    Q_OBJECT
private slots:
    void numbersSnapshotsAndHandsOutWhatIsNew() {
        SampleStore store(8);
        QCOMPARE(store.push(cumulative(10)), uint64_t(0));
        QCOMPARE(store.push(cumulative(20)), uint64_t(1));
        auto batch = store.since(0);
        QCOMPARE(batch.snapshots.size(), size_t(2));
        QCOMPARE(batch.snapshots[1].seq, uint64_t(1));
        QCOMPARE(batch.snapshots[1].values[0].raw, uint64_t(20));
        QCOMPARE(batch.dropped, uint64_t(0));
        QCOMPARE(batch.nextSeq, uint64_t(2));
        QVERIFY(store.since(batch.nextSeq).snapshots.empty());
        store.push(cumulative(30));
        auto next = store.since(batch.nextSeq);
        QCOMPARE(next.snapshots.size(), size_t(1));
        QCOMPARE(next.snapshots[0].seq, uint64_t(2));
    }

    void dropsTheOldestWhenTheConsumerIsSlowAndSaysHowMany() {
        SampleStore store(4);
        for (uint64_t i = 0; i < 10; ++i) store.push(cumulative(100 * i));
        auto batch = store.since(0);
        QCOMPARE(batch.dropped, uint64_t(6));
        QCOMPARE(batch.snapshots.size(), size_t(4));
        QCOMPARE(batch.snapshots.front().seq, uint64_t(6));
        QCOMPARE(batch.snapshots.back().seq, uint64_t(9));
        // Cumulative values: the delta from the last snapshot the consumer
        // had (seq 2 -> raw 200) to the first it gets now covers the gap.
        QCOMPARE(batch.snapshots.front().values[0].raw - 200, uint64_t(400));
        auto partial = store.since(8);
        QCOMPARE(partial.dropped, uint64_t(0));
        QCOMPARE(partial.snapshots.size(), size_t(2));
    }

    void memoryStaysBoundedHoweverManyArePushed() {
        SampleStore store(8);
        for (uint64_t i = 0; i < 8; ++i) store.push(cumulative(i, 64));
        const size_t full = store.footprintBytes();
        for (uint64_t i = 0; i < 100000; ++i) store.push(cumulative(i, 64));
        QCOMPARE(store.footprintBytes(), full);
        QCOMPARE(store.pushedCount(), uint64_t(100008));
        QCOMPARE(store.capacity(), size_t(8));
    }

    void waitsForTheProducerOrTheEnd() {
        SampleStore store(4);
        QVERIFY(!store.waitFor(0, 1ms)); // nothing pushed: times out
        std::thread producer([&] {
            store.push(cumulative(1));
            store.close();
        });
        QVERIFY(store.waitFor(0, 60s));
        producer.join();
        QVERIFY(store.waitFor(5, 60s)); // closed: no more waiting
        auto batch = store.since(0);
        QVERIFY(batch.closed);
        QCOMPARE(batch.snapshots.size(), size_t(1));
    }

    void latestIsTheNewest() {
        SampleStore store(2);
        QVERIFY(!store.latest());
        for (uint64_t i = 1; i <= 5; ++i) store.push(cumulative(i));
        QCOMPARE(store.latest()->values[0].raw, uint64_t(5));
        QCOMPARE(store.latest()->seq, uint64_t(4));
    }
};

QTEST_GUILESS_MAIN(TestSampleStore)
#include "test_sample_store.moc"
