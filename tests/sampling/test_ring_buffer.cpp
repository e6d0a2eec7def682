// The ring buffer's reading side against a synthetic writer that plays the
// kernel: records written at data_head, wrapping at the end, never past
// data_tail; a record that does not fit is lost and reported by a LOST record
// once there is room. Each test checks exactly which records came out whole.
#include <QtTest>

#include <cstdlib>
#include <linux/perf_event.h>
#include <memory>

#include "core/sampling/RecordParser.h"
#include "core/sampling/RingBuffer.h"
#include "sampling/RecordBytes.h"

using namespace perfdash;
using namespace perfdash::test;

namespace {

class SyntheticWriter {
public:
    // The control page, then the data; aligned_alloc takes whole multiples of the alignment only.
    explicit SyntheticWriter(size_t dataBytes)
        : memory_(static_cast<std::byte*>(std::aligned_alloc(4096, allocated(dataBytes)))), size_(dataBytes) {
        std::memset(memory_.get(), 0, allocated(dataBytes));
    }
    static size_t allocated(size_t dataBytes) { return (4096 + dataBytes + 4095) / 4096 * 4096; }
    perf_event_mmap_page* control() { return reinterpret_cast<perf_event_mmap_page*>(memory_.get()); }
    std::byte* data() { return memory_.get() + 4096; }
    RingBuffer reader() { return RingBuffer(control(), data(), size_); }

    uint64_t head() const { return head_; }
    uint64_t tail() { return __atomic_load_n(&control()->data_tail, __ATOMIC_ACQUIRE); }
    // Starts writing at `offset` (both head and tail there): to place a record across the end.
    void startAt(uint64_t offset) {
        head_ = offset;
        control()->data_head = offset;
        control()->data_tail = offset;
    }

    // As the kernel: a LOST record first if records were lost and it fits
    // now, then the record if it fits; false when it was lost.
    bool write(const std::vector<std::byte>& record) {
        if (lost_ && fits(kLostBytes)) {
            put(lostRecord(7, lost_, {}));
            lost_ = 0;
        }
        if (!fits(record.size()) || lost_) {
            ++lost_;
            return false;
        }
        put(record);
        return true;
    }
    uint64_t lostPending() const { return lost_; }

    static constexpr size_t kLostBytes = 8 + 16 + 32; // header, id and count, the layout's sample_id

private:
    bool fits(size_t bytes) { return head_ + bytes - tail() <= size_; }
    void put(const std::vector<std::byte>& record) {
        for (size_t i = 0; i < record.size(); ++i) data()[(head_ + i) % size_] = record[i];
        head_ += record.size();
        __atomic_store_n(&control()->data_head, head_, __ATOMIC_RELEASE);
    }

    struct Free {
        void operator()(std::byte* p) const { std::free(p); }
    };
    std::unique_ptr<std::byte, Free> memory_;
    size_t size_;
    uint64_t head_ = 0;
    uint64_t lost_ = 0;
};

// A sample whose ip names it: 8 + 48 + 24 + 16 * values + 8 bytes.
std::vector<std::byte> numberedSample(uint64_t n, size_t values = 1) {
    std::vector<std::pair<uint64_t, uint64_t>> read;
    for (size_t v = 0; v < values; ++v) read.emplace_back(n * 10 + v, 100 + v);
    return sampleRecord(n, 1, 2, 1000 + n, 0, 100, read);
}

// Everything the reader hands out, parsed.
struct Collected {
    std::vector<PerfRecord> records;
    std::vector<std::string> errors;
    RingBuffer::Drained drained;
};

Collected drain(RingBuffer& ring) {
    Collected c;
    c.drained = ring.drain([&](std::span<const std::byte> bytes) {
        auto r = parseRecord(bytes, samplingLayout());
        if (r) c.records.push_back(std::move(*r));
        else c.errors.push_back(r.error().message);
    });
    return c;
}

std::vector<uint64_t> sampleIps(const Collected& c) {
    std::vector<uint64_t> ips;
    for (const PerfRecord& r : c.records)
        if (const auto* s = std::get_if<SampleRecord>(&r)) ips.push_back(s->ip);
    return ips;
}

} // namespace

class TestRingBuffer : public QObject {
    Q_OBJECT
private slots:
    void emptyBufferYieldsNothing() {
        SyntheticWriter w(4096);
        RingBuffer ring = w.reader();
        const Collected c = drain(ring);
        QCOMPARE(c.drained.records, size_t(0));
        QVERIFY(c.drained.corruption.empty());
        QCOMPARE(w.tail(), uint64_t(0));
    }

    void recordsComeOutInOrderAndTheTailFollows() {
        SyntheticWriter w(4096);
        RingBuffer ring = w.reader();
        for (uint64_t n = 1; n <= 5; ++n) QVERIFY(w.write(numberedSample(n)));
        QCOMPARE(ring.pending(), w.head());
        const Collected c = drain(ring);
        QVERIFY2(c.errors.empty(), c.errors.empty() ? "" : c.errors.front().c_str());
        QCOMPARE(sampleIps(c), (std::vector<uint64_t>{1, 2, 3, 4, 5}));
        QCOMPARE(c.drained.bytes, w.head());
        // data_tail written back to where the reader stopped: the kernel may reuse that space now.
        QCOMPARE(w.tail(), w.head());
        QCOMPARE(ring.pending(), uint64_t(0));
    }

    // The writer goes round the buffer many times; every record comes out
    // once, whole, in order, including those that wrap the end.
    void wrapsAroundManyTimes() {
        SyntheticWriter w(1024);
        RingBuffer ring = w.reader();
        std::vector<uint64_t> expected, got;
        uint64_t n = 0;
        for (int round = 0; round < 200; ++round) {
            // Records of varying size (1 to 3 read values), so they end at varying offsets.
            for (int k = 0; k < 3; ++k) {
                ++n;
                if (w.write(numberedSample(n, 1 + n % 3))) expected.push_back(n);
            }
            const Collected c = drain(ring);
            QVERIFY2(c.errors.empty(), c.errors.empty() ? "" : c.errors.front().c_str());
            for (uint64_t ip : sampleIps(c)) got.push_back(ip);
        }
        QVERIFY(w.head() > 20 * 1024); // really went round
        QCOMPARE(got, expected);
        QCOMPARE(expected.size(), size_t(600)); // the reader kept up: nothing lost
    }

    // A record whose header and whose body straddle the end, each checked field by field.
    void recordSplitAcrossTheEnd_data() {
        QTest::addColumn<int>("bytesBeforeEnd");
        QTest::newRow("header split") << 4;
        QTest::newRow("body split after the header") << 8;
        QTest::newRow("split inside the read values") << 72;
        QTest::newRow("last word after the end") << 128 - 8;
    }
    void recordSplitAcrossTheEnd() {
        QFETCH(int, bytesBeforeEnd);
        SyntheticWriter w(512);
        w.startAt(512 - static_cast<uint64_t>(bytesBeforeEnd));
        RingBuffer ring = w.reader();
        const auto record = sampleRecord(0xabcdef, 41, 42, 123456789, 1, 100, {{11, 100}, {22, 101}}, {0x401000});
        QCOMPARE(record.size(), size_t(8 + 48 + 24 + 32 + 16));
        QVERIFY(w.write(record));
        const Collected c = drain(ring);
        QVERIFY2(c.errors.empty(), c.errors.empty() ? "" : c.errors.front().c_str());
        QCOMPARE(c.records.size(), size_t(1));
        const auto& s = std::get<SampleRecord>(c.records[0]);
        QCOMPARE(s.ip, uint64_t(0xabcdef));
        QCOMPARE(s.pid, 41);
        QCOMPARE(s.tid, 42);
        QCOMPARE(s.time, uint64_t(123456789));
        QCOMPARE(s.cpu, 1);
        QCOMPARE(s.read.values.size(), size_t(2));
        QCOMPARE(s.read.values[1].value, uint64_t(22));
        QCOMPARE(s.read.values[1].id, uint64_t(101));
        QCOMPARE(s.callchain, std::vector<uint64_t>{0x401000});
        QCOMPARE(w.tail(), w.head());
    }

    // Full to the last byte: everything still comes out, and the writer has room again after.
    void fullBuffer() {
        SyntheticWriter w(1024);
        RingBuffer ring = w.reader();
        const size_t recordBytes = numberedSample(1).size();
        uint64_t n = 0;
        while (w.head() + recordBytes <= 1024) QVERIFY(w.write(numberedSample(++n)));
        // The rest of the buffer in one record of a type the parser passes over.
        test::RecordBytes filler(99);
        filler.zeros(1024 - w.head() - 8);
        QVERIFY(w.write(filler.bytes()));
        QCOMPARE(w.head(), uint64_t(1024));
        QCOMPARE(ring.pending(), uint64_t(1024));
        QVERIFY(!w.write(numberedSample(99))); // full: lost, as the kernel would
        const Collected c = drain(ring);
        QVERIFY(c.drained.corruption.empty());
        QVERIFY(c.errors.empty());
        QCOMPARE(sampleIps(c).size(), size_t(n));
        QCOMPARE(std::get<OtherRecord>(c.records.back()).type, uint32_t(99));
        QCOMPARE(w.tail(), uint64_t(1024));
        QVERIFY(w.write(numberedSample(100))); // room again (after the LOST record)
    }

    // The writer loses records while the reader sleeps; the LOST record that
    // follows says how many, and THROTTLE/UNTHROTTLE come through as written.
    void lostAndThrottleRecords() {
        SyntheticWriter w(1024);
        RingBuffer ring = w.reader();
        SampleId sid;
        sid.pid = 5;
        sid.tid = 6;
        sid.time = 777;
        sid.id = 100;
        sid.cpu = 3;
        QVERIFY(w.write(throttleRecord(true, 700, 100, sid)));
        uint64_t written = 0, lost = 0;
        for (uint64_t n = 1; n <= 20; ++n) (w.write(numberedSample(n)) ? written : lost) += 1;
        QVERIFY(lost > 0);
        const Collected first = drain(ring);
        QCOMPARE(sampleIps(first).size(), size_t(written));
        const auto& throttle = std::get<ThrottleRecord>(first.records.front());
        QVERIFY(throttle.throttled);
        QCOMPARE(throttle.time, uint64_t(700));
        QCOMPARE(throttle.id, uint64_t(100));
        QCOMPARE(throttle.sampleId.cpu, 3);
        QCOMPARE(throttle.sampleId.time, uint64_t(777));

        QVERIFY(w.write(throttleRecord(false, 800, 100, sid)));
        const Collected second = drain(ring);
        QCOMPARE(second.records.size(), size_t(2));
        const auto& lostRecord = std::get<LostRecord>(second.records[0]);
        QCOMPARE(lostRecord.lost, lost);
        QCOMPARE(lostRecord.id, uint64_t(7));
        QVERIFY(!std::get<ThrottleRecord>(second.records[1]).throttled);
    }

    // What no kernel writes: a record size of zero would loop forever, one
    // beyond data_head would read stale bytes. Both are skipped and said.
    void corruptionIsReportedAndSkipped_data() {
        QTest::addColumn<int>("claimedSize");
        QTest::addColumn<QString>("saying");
        QTest::newRow("size 0") << 0 << "claims 0 bytes";
        QTest::newRow("beyond head") << 4000 << "claims 4000 bytes, with 16 written";
    }
    void corruptionIsReportedAndSkipped() {
        QFETCH(int, claimedSize);
        QFETCH(QString, saying);
        SyntheticWriter w(4096);
        RingBuffer ring = w.reader();
        QVERIFY(w.write(numberedSample(1)));
        const uint64_t goodEnd = w.head();
        // A header claiming claimedSize bytes, 16 bytes written.
        std::vector<std::byte> bad(16);
        const perf_event_header h{PERF_RECORD_SAMPLE, 0, static_cast<uint16_t>(claimedSize)};
        std::memcpy(bad.data(), &h, sizeof h);
        for (size_t i = 0; i < bad.size(); ++i) w.data()[goodEnd + i] = bad[i];
        __atomic_store_n(&w.control()->data_head, goodEnd + bad.size(), __ATOMIC_RELEASE);
        const Collected c = drain(ring);
        QCOMPARE(sampleIps(c), std::vector<uint64_t>{1});
        QVERIFY2(QString::fromStdString(c.drained.corruption).contains(saying), c.drained.corruption.c_str());
        QCOMPARE(w.tail(), goodEnd + bad.size()); // skipped: the kernel can go on writing
    }

    void headTooFarAheadIsCorruption() {
        SyntheticWriter w(1024);
        RingBuffer ring = w.reader();
        __atomic_store_n(&w.control()->data_head, uint64_t(4096), __ATOMIC_RELEASE);
        const Collected c = drain(ring);
        QCOMPARE(c.drained.records, size_t(0));
        QVERIFY2(c.drained.corruption.find("4096 bytes ahead") != std::string::npos, c.drained.corruption.c_str());
        QCOMPARE(w.tail(), uint64_t(4096));
    }

    void mappingRefusesPageCountsTheKernelRefuses() {
        auto ring = MappedRingBuffer::map(-1, 3);
        QVERIFY(!ring);
        QVERIFY2(ring.error().message.find("power of two") != std::string::npos, ring.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestRingBuffer)
#include "test_ring_buffer.moc"
