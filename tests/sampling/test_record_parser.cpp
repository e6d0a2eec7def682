// The record parser on records built byte by byte as the kernel lays them
// out: every type it reads, with every field compared, and malformed records
// refused with a message that names the record and the problem.
#include <QtTest>

#include <linux/perf_event.h>
#include <sys/mman.h>

#include "core/sampling/RecordParser.h"
#include "sampling/RecordBytes.h"

using namespace perfdash;
using namespace perfdash::test;

namespace {

SampleId someSampleId() {
    SampleId id;
    id.pid = 10;
    id.tid = 11;
    id.time = 99;
    id.id = 100;
    id.cpu = 1;
    return id;
}

void compareSampleId(const SampleId& got, const SampleId& want) {
    QCOMPARE(got.pid, want.pid);
    QCOMPARE(got.tid, want.tid);
    QCOMPARE(got.time, want.time);
    QCOMPARE(got.id, want.id);
    QCOMPARE(got.cpu, want.cpu);
}

template <class R>
R parsed(const std::vector<std::byte>& bytes, const SampleLayout& layout = samplingLayout()) {
    auto r = parseRecord(bytes, layout);
    if (!r) qFatal("unexpected parse error: %s", r.error().message.c_str());
    if (!std::holds_alternative<R>(*r)) qFatal("parsed as another record type (index %zu)", r->index());
    return std::get<R>(*r);
}

std::string errorOf(const std::vector<std::byte>& bytes, const SampleLayout& layout = samplingLayout()) {
    auto r = parseRecord(bytes, layout);
    return r ? std::string("(parsed without error)") : r.error().message;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The MMAP2 fields up to the file name, with device and inode.
RecordBytes mmap2Head(uint16_t misc) {
    RecordBytes r(PERF_RECORD_MMAP2, misc);
    r.u32(10).u32(11).u64(0x400000).u64(0x1000).u64(0x2000);
    return r;
}

} // namespace

class TestRecordParser : public QObject {
    Q_OBJECT
private slots:
    void mmap2WithInode() {
        auto bytes = mmap2Head(PERF_RECORD_MISC_USER)
                         .u32(8).u32(1).u64(1234).u64(5) // major, minor, inode, generation
                         .u32(PROT_READ | PROT_EXEC).u32(MAP_PRIVATE)
                         .string("/usr/bin/true")
                         .sampleId(samplingLayout(), someSampleId())
                         .bytes();
        const auto m = parsed<MmapRecord>(bytes);
        QVERIFY(m.mmap2);
        QVERIFY(!m.synthetic);
        QVERIFY(m.executable);
        QCOMPARE(m.cpuMode, CpuMode::User);
        QCOMPARE(m.pid, 10);
        QCOMPARE(m.tid, 11);
        QCOMPARE(m.address, uint64_t(0x400000));
        QCOMPARE(m.length, uint64_t(0x1000));
        QCOMPARE(m.pageOffset, uint64_t(0x2000));
        QCOMPARE(m.major, uint32_t(8));
        QCOMPARE(m.minor, uint32_t(1));
        QCOMPARE(m.inode, uint64_t(1234));
        QCOMPARE(m.inodeGeneration, uint64_t(5));
        QVERIFY(m.buildId.empty());
        QCOMPARE(m.protection, uint32_t(PROT_READ | PROT_EXEC));
        QCOMPARE(m.flags, uint32_t(MAP_PRIVATE));
        QCOMPARE(m.filename, std::string("/usr/bin/true"));
        compareSampleId(m.sampleId, someSampleId());
    }

    void mmap2WithBuildId() {
        RecordBytes r = mmap2Head(PERF_RECORD_MISC_USER | PERF_RECORD_MISC_MMAP_BUILD_ID);
        r.u8(20).u8(0).u16(0);
        for (uint8_t b = 0; b < 20; ++b) r.u8(static_cast<uint8_t>(0xa0 + b));
        auto bytes = r.u32(PROT_READ | PROT_EXEC).u32(MAP_PRIVATE).string("/lib/libc.so.6")
                         .sampleId(samplingLayout(), someSampleId()).bytes();
        const auto m = parsed<MmapRecord>(bytes);
        QCOMPARE(m.buildId.size(), size_t(20));
        QCOMPARE(m.buildId.front(), uint8_t(0xa0));
        QCOMPARE(m.buildId.back(), uint8_t(0xb3));
        QCOMPARE(m.inode, uint64_t(0));
        QCOMPARE(m.filename, std::string("/lib/libc.so.6"));
        compareSampleId(m.sampleId, someSampleId());
    }

    void shorterBuildIdKeepsItsLength() {
        RecordBytes r = mmap2Head(PERF_RECORD_MISC_USER | PERF_RECORD_MISC_MMAP_BUILD_ID);
        r.u8(16).u8(0).u16(0);
        for (uint8_t b = 0; b < 20; ++b) r.u8(b);
        auto bytes = r.u32(0).u32(0).string("x").sampleId(samplingLayout(), someSampleId()).bytes();
        QCOMPARE(parsed<MmapRecord>(bytes).buildId.size(), size_t(16));
    }

    void mmapOfData() {
        auto bytes = RecordBytes(PERF_RECORD_MMAP, PERF_RECORD_MISC_USER | PERF_RECORD_MISC_MMAP_DATA)
                         .u32(3).u32(4).u64(0x7000).u64(0x2000).u64(0)
                         .string("/tmp/data file")
                         .sampleId(samplingLayout(), someSampleId())
                         .bytes();
        const auto m = parsed<MmapRecord>(bytes);
        QVERIFY(!m.mmap2);
        QVERIFY(!m.executable);
        QCOMPARE(m.pid, 3);
        QCOMPARE(m.address, uint64_t(0x7000));
        QCOMPARE(m.length, uint64_t(0x2000));
        QCOMPARE(m.filename, std::string("/tmp/data file"));
    }

    // A name of exactly 8 characters takes 8 more bytes of NULs.
    void commWithExec() {
        auto bytes = RecordBytes(PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC)
                         .u32(10).u32(10).string("workload")
                         .sampleId(samplingLayout(), someSampleId())
                         .bytes();
        QCOMPARE(bytes.size(), size_t(8 + 8 + 16 + 32));
        const auto c = parsed<CommRecord>(bytes);
        QVERIFY(c.exec);
        QCOMPARE(c.pid, 10);
        QCOMPARE(c.tid, 10);
        QCOMPARE(c.comm, std::string("workload"));
        compareSampleId(c.sampleId, someSampleId());
        auto renamed = RecordBytes(PERF_RECORD_COMM).u32(10).u32(12).string("worker").sampleId(samplingLayout(), someSampleId()).bytes();
        QVERIFY(!parsed<CommRecord>(renamed).exec);
    }

    void forkAndExit() {
        auto fork = RecordBytes(PERF_RECORD_FORK).u32(20).u32(10).u32(21).u32(11).u64(5000)
                        .sampleId(samplingLayout(), someSampleId()).bytes();
        const auto f = parsed<ForkRecord>(fork);
        QCOMPARE(f.pid, 20);
        QCOMPARE(f.ppid, 10);
        QCOMPARE(f.tid, 21);
        QCOMPARE(f.ptid, 11);
        QCOMPARE(f.time, uint64_t(5000));
        compareSampleId(f.sampleId, someSampleId());
        QCOMPARE(recordTime(PerfRecord{f}), uint64_t(5000));
        auto exit = RecordBytes(PERF_RECORD_EXIT).u32(20).u32(10).u32(21).u32(10).u64(6000)
                        .sampleId(samplingLayout(), someSampleId()).bytes();
        const auto e = parsed<ExitRecord>(exit);
        QCOMPARE(e.tid, 21);
        QCOMPARE(e.time, uint64_t(6000));
    }

    void lost() {
        const auto l = parsed<LostRecord>(lostRecord(100, 42, someSampleId()));
        QCOMPARE(l.id, uint64_t(100));
        QCOMPARE(l.lost, uint64_t(42));
        compareSampleId(l.sampleId, someSampleId());
        QCOMPARE(recordCpu(PerfRecord{l}), 1);
    }

    void throttleAndUnthrottle() {
        const auto t = parsed<ThrottleRecord>(throttleRecord(true, 1234, 100, someSampleId()));
        QVERIFY(t.throttled);
        QCOMPARE(t.time, uint64_t(1234));
        QCOMPARE(t.id, uint64_t(100));
        compareSampleId(t.sampleId, someSampleId());
        QVERIFY(!parsed<ThrottleRecord>(throttleRecord(false, 1300, 100, someSampleId())).throttled);
    }

    void switches() {
        const auto out = parsed<SwitchRecord>(
            RecordBytes(PERF_RECORD_SWITCH, PERF_RECORD_MISC_SWITCH_OUT | PERF_RECORD_MISC_SWITCH_OUT_PREEMPT)
                .sampleId(samplingLayout(), someSampleId())
                .bytes());
        QVERIFY(out.out);
        QVERIFY(out.preempted);
        QVERIFY(!out.cpuWide);
        compareSampleId(out.sampleId, someSampleId());
        const auto in = parsed<SwitchRecord>(RecordBytes(PERF_RECORD_SWITCH).sampleId(samplingLayout(), someSampleId()).bytes());
        QVERIFY(!in.out);
        QVERIFY(!in.preempted);
        const auto wide = parsed<SwitchRecord>(RecordBytes(PERF_RECORD_SWITCH_CPU_WIDE, PERF_RECORD_MISC_SWITCH_OUT)
                                                   .u32(30).u32(31)
                                                   .sampleId(samplingLayout(), someSampleId())
                                                   .bytes());
        QVERIFY(wide.cpuWide);
        QVERIFY(wide.out);
        QCOMPARE(wide.nextPrevPid, 30);
        QCOMPARE(wide.nextPrevTid, 31);
    }

    // Every sample_type bit the parser reads, in one record, in the kernel's order.
    void sampleWithEveryField() {
        SampleLayout layout;
        layout.sampleType = kParsedSampleTypes;
        layout.readFormat = kParsedReadFormats;
        layout.regsUserMask = 0b1011; // three registers
        RecordBytes r(PERF_RECORD_SAMPLE, PERF_RECORD_MISC_KERNEL | PERF_RECORD_MISC_EXACT_IP);
        r.u64(100);                        // identifier
        r.u64(0xffffffff81000000);         // ip
        r.u32(7).u32(8);                   // pid, tid
        r.u64(123456);                     // time
        r.u64(0xdead0000);                 // addr
        r.u64(100);                        // id
        r.u64(200);                        // stream_id
        r.u32(1).u32(0);                   // cpu, reserved
        r.u64(4000);                       // period
        r.u64(2).u64(1000).u64(900);       // read: nr, enabled, running
        r.u64(55).u64(100).u64(0);         //   value, id, lost
        r.u64(66).u64(101).u64(3);
        r.u64(3).u64(PERF_CONTEXT_KERNEL).u64(0xffffffff81000000).u64(0xffffffff81000100); // callchain
        r.u32(12).u8(1).u8(2).u8(3).u8(4).zeros(8); // raw: size 12, padded to 8 with its size word
        r.u64(PERF_SAMPLE_REGS_ABI_64).u64(0x11).u64(0x22).u64(0x33); // regs
        r.u64(16).u64(0x1111).u64(0x2222).u64(8); // stack: size, data, dynamic size
        r.u64(1).u64(2).u64(3).u64(4).u64(5).u64(6).u64(7); // weight, data_src, transaction, phys_addr, cgroup, page sizes
        const auto s = parsed<SampleRecord>(r.bytes(), layout);
        QCOMPARE(s.cpuMode, CpuMode::Kernel);
        QVERIFY(s.exactIp);
        QCOMPARE(s.ip, uint64_t(0xffffffff81000000));
        QCOMPARE(s.pid, 7);
        QCOMPARE(s.tid, 8);
        QCOMPARE(s.time, uint64_t(123456));
        QCOMPARE(s.addr, uint64_t(0xdead0000));
        QCOMPARE(s.id, uint64_t(100));
        QCOMPARE(s.streamId, uint64_t(200));
        QCOMPARE(s.cpu, 1);
        QCOMPARE(s.period, uint64_t(4000));
        QCOMPARE(s.read.timeEnabled, uint64_t(1000));
        QCOMPARE(s.read.timeRunning, uint64_t(900));
        QCOMPARE(s.read.values.size(), size_t(2));
        QCOMPARE(s.read.values[0].value, uint64_t(55));
        QCOMPARE(s.read.values[0].id, uint64_t(100));
        QCOMPARE(s.read.values[1].value, uint64_t(66));
        QCOMPARE(s.read.values[1].id, uint64_t(101));
        QCOMPARE(s.read.values[1].lost, uint64_t(3));
        QCOMPARE(s.read.values[1].slot, -1); // filled by SamplingRun, not the parser
        QCOMPARE(s.callchain, (std::vector<uint64_t>{PERF_CONTEXT_KERNEL, 0xffffffff81000000, 0xffffffff81000100}));
        QCOMPARE(s.raw.size(), size_t(12));
        QCOMPARE(std::to_integer<int>(s.raw[0]), 1);
        QCOMPARE(s.regsAbi, uint64_t(PERF_SAMPLE_REGS_ABI_64));
        QCOMPARE(s.regsUser, (std::vector<uint64_t>{0x11, 0x22, 0x33}));
        QCOMPARE(s.stackUser.size(), size_t(16));
        QCOMPARE(s.stackDynamicSize, uint64_t(8));
    }

    void sampleWithOneValueAndNoUserState() {
        SampleLayout layout;
        layout.sampleType = PERF_SAMPLE_TID | PERF_SAMPLE_READ | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
        layout.readFormat = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID;
        layout.regsUserMask = 0xff;
        auto bytes = RecordBytes(PERF_RECORD_SAMPLE)
                         .u32(1).u32(2)
                         .u64(77).u64(500).u64(400).u64(9) // value, enabled, running, id
                         .u64(PERF_SAMPLE_REGS_ABI_NONE)   // a kernel thread: no registers follow
                         .u64(0)                           // no stack, so no dynamic size
                         .bytes();
        const auto s = parsed<SampleRecord>(bytes, layout);
        QCOMPARE(s.read.values.size(), size_t(1));
        QCOMPARE(s.read.values[0].value, uint64_t(77));
        QCOMPARE(s.read.values[0].id, uint64_t(9));
        QCOMPARE(s.read.timeEnabled, uint64_t(500));
        QCOMPARE(s.read.timeRunning, uint64_t(400));
        QVERIFY(s.regsUser.empty());
        QVERIFY(s.stackUser.empty());
        QCOMPARE(s.ip, uint64_t(0));   // not in the layout
        QCOMPARE(s.cpu, -1);
    }

    void withoutSampleIdAll() {
        SampleLayout layout = samplingLayout();
        layout.sampleIdAll = false;
        QCOMPARE(layout.sampleIdBytes(), size_t(0));
        auto bytes = RecordBytes(PERF_RECORD_COMM).u32(1).u32(1).string("sh").bytes();
        const auto c = parsed<CommRecord>(bytes, layout);
        QCOMPARE(c.comm, std::string("sh"));
        QCOMPARE(c.sampleId.cpu, -1);
        QCOMPARE(c.sampleId.time, uint64_t(0));
    }

    void otherTypesArePassedOver() {
        auto bytes = RecordBytes(PERF_RECORD_KSYMBOL, 3).zeros(24).bytes();
        const auto o = parsed<OtherRecord>(bytes);
        QCOMPARE(o.type, uint32_t(PERF_RECORD_KSYMBOL));
        QCOMPARE(o.misc, uint16_t(3));
        QCOMPARE(o.size, uint16_t(32));
        QCOMPARE(recordTypeName(PERF_RECORD_KSYMBOL), std::string("KSYMBOL"));
        QCOMPARE(recordTypeName(4242), std::string("type 4242"));
    }

    void malformedRecordsAreRefused_data() {
        QTest::addColumn<std::vector<std::byte>>("bytes");
        QTest::addColumn<QString>("saying");
        const SampleId sid = someSampleId();
        const SampleLayout l = samplingLayout();
        std::vector<std::byte> tiny(6);
        QTest::newRow("shorter than a header") << tiny << "6 bytes is truncated: its header alone takes 8";
        auto headerMismatch = RecordBytes(PERF_RECORD_FORK).u32(1).u32(1).u32(1).u32(1).u64(0).sampleId(l, sid).bytes();
        headerMismatch.resize(headerMismatch.size() - 8);
        QTest::newRow("header size disagrees") << headerMismatch << "FORK record's header says 64 bytes, but 56 were given";
        QTest::newRow("truncated FORK") << RecordBytes(PERF_RECORD_FORK).u32(1).u32(1).u64(0).sampleId(l, sid).bytes()
                                        << "FORK record of 56 bytes is malformed: it is truncated (64 bytes needed";
        QTest::newRow("oversized FORK") << RecordBytes(PERF_RECORD_FORK).u32(1).u32(1).u32(1).u32(1).u64(0).u64(0).sampleId(l, sid).bytes()
                                        << "FORK record of 72 bytes is malformed: it has 8 bytes more than its fields and sample_id take";
        QTest::newRow("oversized LOST") << RecordBytes(PERF_RECORD_LOST).u64(1).u64(2).u64(3).sampleId(l, sid).bytes()
                                        << "LOST record of 64 bytes is malformed: it has 8 bytes more";
        QTest::newRow("truncated THROTTLE") << RecordBytes(PERF_RECORD_THROTTLE).u64(1).sampleId(l, sid).bytes()
                                            << "THROTTLE record of 48 bytes is malformed: it is truncated";
        QTest::newRow("SWITCH_CPU_WIDE without its pids") << RecordBytes(PERF_RECORD_SWITCH_CPU_WIDE).sampleId(l, sid).bytes()
                                                          << "SWITCH_CPU_WIDE record of 40 bytes is malformed: it is truncated";
        auto unterminated = RecordBytes(PERF_RECORD_COMM).u32(1).u32(1).u64(0x4141414141414141).sampleId(l, sid).bytes();
        QTest::newRow("name without NUL") << unterminated << "COMM record of 56 bytes is malformed: its command name is not NUL-terminated";
        RecordBytes badBuildId = mmap2Head(PERF_RECORD_MISC_MMAP_BUILD_ID);
        badBuildId.u8(21).u8(0).u16(0).zeros(20).u32(0).u32(0).string("f").sampleId(l, sid);
        QTest::newRow("build-id too long") << badBuildId.bytes() << "its build-id size 21 exceeds the 20 bytes";
        QTest::newRow("MMAP2 too short for its fields") << RecordBytes(PERF_RECORD_MMAP2).u32(1).u32(1).sampleId(l, sid).bytes()
                                                        << "MMAP2 record of 48 bytes is malformed: it is truncated";

        auto extra = sampleRecord(1, 1, 1, 1, 0, 100, {{1, 100}});
        extra.resize(extra.size() + 8);
        const uint16_t extraSize = static_cast<uint16_t>(extra.size());
        std::memcpy(extra.data() + 6, &extraSize, 2);
        QTest::newRow("SAMPLE with bytes after its fields") << extra << "it has 8 bytes more than its fields take";
        auto cut = sampleRecord(1, 1, 1, 1, 0, 100, {{1, 100}, {2, 101}});
        cut.resize(8 + 48 + 24 + 8);
        const uint16_t cutSize = static_cast<uint16_t>(cut.size());
        std::memcpy(cut.data() + 6, &cutSize, 2);
        QTest::newRow("SAMPLE cut in its read values") << cut << "read group claims 2 entries of 16 bytes, more than the 8 bytes left";
        RecordBytes hugeChain(PERF_RECORD_SAMPLE);
        hugeChain.u64(1).u32(1).u32(1).u64(1).u64(100).u32(0).u32(0).u64(1).u64(0).u64(0).u64(0).u64(1000000);
        QTest::newRow("callchain longer than the record") << hugeChain.bytes()
                                                         << "its callchain claims 1000000 entries of 8 bytes, more than the 0 bytes left";
        RecordBytes noCallchain(PERF_RECORD_SAMPLE);
        noCallchain.u64(1).u32(1).u32(1).u64(1).u64(100).u32(0).u32(0).u64(1).u64(0).u64(0).u64(0);
        QTest::newRow("SAMPLE ending before its callchain") << noCallchain.bytes()
                                                            << "it ends inside its callchain length (8 bytes needed, 0 left)";
    }
    void malformedRecordsAreRefused() {
        QFETCH(std::vector<std::byte>, bytes);
        QFETCH(QString, saying);
        const std::string error = errorOf(bytes);
        QVERIFY2(contains(error, saying.toStdString()), error.c_str());
    }

    void userStackLongerThanCopiedIsRefused() {
        SampleLayout layout;
        layout.sampleType = PERF_SAMPLE_STACK_USER;
        auto bytes = RecordBytes(PERF_RECORD_SAMPLE).u64(8).u64(0).u64(16).bytes();
        QVERIFY2(contains(errorOf(bytes, layout), "its user stack's dynamic size 16 exceeds the stack copied (8 bytes)"),
                 errorOf(bytes, layout).c_str());
    }

    // perf record --call-graph dwarf adds DATA_SRC: fields of 8 bytes after the stack are stepped over.
    void fixedFieldsAfterTheStackAreSteppedOver() {
        perf_event_attr attr{};
        attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_PERIOD | PERF_SAMPLE_WEIGHT | PERF_SAMPLE_DATA_SRC |
                           PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_CODE_PAGE_SIZE;
        auto layout = SampleLayout::of(attr);
        QVERIFY2(layout, layout ? "" : layout.error().message.c_str());
        auto bytes = RecordBytes(PERF_RECORD_SAMPLE).u64(0x1234).u64(77).u64(1).u64(2).u64(3).u64(4096).bytes();
        auto record = parseRecord(bytes, *layout);
        QVERIFY2(record, record ? "" : record.error().message.c_str());
        QCOMPARE(std::get<SampleRecord>(*record).ip, uint64_t(0x1234));
        QCOMPARE(std::get<SampleRecord>(*record).period, uint64_t(77));
        bytes = RecordBytes(PERF_RECORD_SAMPLE).u64(0x1234).u64(77).u64(1).u64(2).u64(3).bytes();
        QVERIFY2(contains(errorOf(bytes, *layout), "ends inside its code page size"), errorOf(bytes, *layout).c_str());
    }

    void layoutRefusesWhatItCannotRead() {
        perf_event_attr attr{};
        attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK | PERF_SAMPLE_REGS_INTR | PERF_SAMPLE_WEIGHT;
        auto layout = SampleLayout::of(attr);
        QVERIFY(!layout);
        QVERIFY2(contains(layout.error().message, "BRANCH_STACK, REGS_INTR"), layout.error().message.c_str());
        attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_REGS_USER;
        attr.sample_regs_user = 0xf0;
        attr.sample_id_all = 1;
        auto fine = SampleLayout::of(attr);
        QVERIFY(fine);
        QCOMPARE(fine->regsUserCount(), size_t(4));
        QCOMPARE(fine->sampleIdBytes(), size_t(0)); // IP is not part of sample_id
    }
};

QTEST_GUILESS_MAIN(TestRecordParser)
#include "test_record_parser.moc"
