// The perf.data reader on files built here byte by byte (PerfDataBytes.h):
// both modes, the round ordering, compressed records, the features it reads,
// records it skips and counts, and a clear error for each way a file can be
// damaged, naming the file and the offset.
#include <QtTest>

#include <zstd.h>

#include "PerfDataBytes.h"
#include "core/perfdata/PerfDataFeatures.h"
#include "core/perfdata/PerfDataReader.h"
#include "sampling/RecordBytes.h"

using namespace perfdash;
using namespace perfdash::test;

namespace {

const SampleLayout kLayout = *SampleLayout::of(PerfDataBytes::cpuClock());

std::vector<std::byte> sample(uint64_t ip, int pid, uint64_t time, uint64_t period = 250000) {
    return RecordBytes(PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER)
        .u64(ip).u32(static_cast<uint32_t>(pid)).u32(static_cast<uint32_t>(pid)).u64(time).u64(period).bytes();
}

std::vector<std::byte> comm(int pid, const std::string& name, uint64_t time) {
    return RecordBytes(PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC)
        .u32(static_cast<uint32_t>(pid)).u32(static_cast<uint32_t>(pid)).string(name)
        .sampleId(kLayout, {pid, pid, time, 0, 0, -1}).bytes();
}

std::vector<std::byte> finishedRound() { return RecordBytes(perfdata::kFinishedRound).bytes(); }

// A perf string: its length with the NUL and padding to 8, then the text.
void putString(std::vector<std::byte>& out, const std::string& s) {
    const uint32_t length = static_cast<uint32_t>((s.size() + 1 + 7) / 8 * 8);
    PerfDataBytes::put(out, length);
    const size_t at = out.size();
    out.resize(at + length);
    std::memcpy(out.data() + at, s.data(), s.size());
}

struct Read {
    std::unique_ptr<PerfDataReader> reader;
    std::vector<PerfRecord> records;
    std::string error;
};

Read readAll(std::vector<std::byte> bytes, size_t holdLimit = PerfDataReader::kDefaultHoldLimit) {
    Read out;
    auto reader = PerfDataReader::open(std::move(bytes), "test.data");
    if (!reader) {
        out.error = reader.error().message;
        return out;
    }
    out.reader = std::move(*reader);
    out.reader->setHoldLimit(holdLimit);
    if (Status s = out.reader->read([&](PerfRecord&& r) { out.records.push_back(std::move(r)); }); !s)
        out.error = s.error().message;
    return out;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

} // namespace

class TestPerfDataReader : public QObject {
    Q_OBJECT

private slots:
    void fileModeInTimeOrder() {
        PerfDataBytes f;
        f.event(PerfDataBytes::cpuClock(), {7, 8});
        // Two CPUs' records within a round are out of order: the later round releases them sorted.
        f.record(comm(100, "app", 5)).record(sample(0x1000, 100, 30)).record(sample(0x2000, 100, 20));
        f.record(finishedRound()).record(sample(0x3000, 100, 40)).record(finishedRound());
        const Read r = readAll(f.file());
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.records.size(), size_t(4));
        std::vector<uint64_t> times;
        for (const PerfRecord& rec : r.records) times.push_back(recordTime(rec));
        QCOMPARE(times, (std::vector<uint64_t>{5, 20, 30, 40}));
        QCOMPARE(std::get<SampleRecord>(r.records[1]).ip, uint64_t(0x2000));
        QCOMPARE(r.reader->info().events.size(), size_t(1));
        QCOMPARE(r.reader->info().events[0].name, std::string("cpu-clock"));
        QCOMPARE(r.reader->info().events[0].ids, (std::vector<uint64_t>{7, 8}));
        QCOMPARE(r.reader->tally().byType.at("SAMPLE"), uint64_t(3));
        QCOMPARE(r.reader->tally().skippedTotal(), uint64_t(0));
    }

    // A file without FINISHED_ROUND records (one long round): perf's rule
    // would hold all of it. With a limit of a few dozen samples' worth the
    // earliest half goes on each time the limit is reached; two CPUs'
    // buffers a few records out of order still come out in time order.
    // A record far behind one that went on is handed on late and counted.
    void noFinishedRoundIsReadWithinTheHoldLimit() {
        PerfDataBytes f;
        f.event(PerfDataBytes::cpuClock(), {7});
        std::vector<uint64_t> expected;
        for (uint64_t chunk = 0; chunk < 100; ++chunk)
            for (uint64_t cpu = 0; cpu < 2; ++cpu)
                for (uint64_t i = 0; i < 5; ++i) {
                    const uint64_t time = 1000 + chunk * 100 + i * 10 + cpu; // each CPU's chunk of 5 in order
                    f.record(sample(0x1000, 100, time));
                    expected.push_back(time);
                }
        std::sort(expected.begin(), expected.end());
        const std::vector<std::byte> file = f.file();

        const size_t limit = 40 * (sample(0x1000, 100, 0).size() + PerfDataReader::kHeldRecordOverhead);
        const Read bounded = readAll(file, limit);
        QVERIFY2(bounded.error.empty(), bounded.error.c_str());
        std::vector<uint64_t> times;
        for (const PerfRecord& rec : bounded.records) times.push_back(recordTime(rec));
        QCOMPARE(times, expected);
        QVERIFY2(bounded.reader->tally().releasedEarly >= 1000 / 40,
                 std::to_string(bounded.reader->tally().releasedEarly).c_str());
        QCOMPARE(bounded.reader->tally().outOfOrder, uint64_t(0));
        QVERIFY(has(bounded.reader->orderingWarning(), "the order is exact"));

        // The same file under the default limit: one round, released at its end, nothing to say.
        const Read whole = readAll(file);
        QCOMPARE(whole.records.size(), expected.size());
        QCOMPARE(whole.reader->tally().releasedEarly, uint64_t(0));
        QVERIFY(whole.reader->orderingWarning().empty());

        // A record stamped before what already went on goes on late, counted.
        f.record(sample(0x2000, 100, 5));
        const Read late = readAll(f.file(), limit);
        QVERIFY2(late.error.empty(), late.error.c_str());
        QCOMPARE(late.records.size(), expected.size() + 1);
        QCOMPARE(late.reader->tally().outOfOrder, uint64_t(1));
        const auto lateOne = std::find_if(late.records.begin(), late.records.end(), [](const PerfRecord& rec) {
            return std::get<SampleRecord>(rec).ip == 0x2000;
        });
        QVERIFY(lateOne != late.records.end() && lateOne != late.records.begin()); // after records stamped later
        QVERIFY2(has(late.reader->orderingWarning(), "test.data") &&
                     has(late.reader->orderingWarning(), "1 records came after later ones"),
                 late.reader->orderingWarning().c_str());
    }

    void unknownAndAuxRecordsAreCounted() {
        PerfDataBytes f;
        f.event(PerfDataBytes::cpuClock(), {7});
        f.record(sample(0x1000, 100, 10));
        f.record(RecordBytes(99).u64(1).bytes());                                  // a type nobody defined
        f.record(RecordBytes(PERF_RECORD_AUX).u64(0).u64(64).u64(0).bytes());   // processor trace's
        f.record(RecordBytes(PERF_RECORD_AUX).u64(64).u64(64).u64(0).bytes());
        const Read r = readAll(f.file());
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.records.size(), size_t(1));
        const auto& skipped = r.reader->tally().skipped;
        QCOMPARE(r.reader->tally().skippedTotal(), uint64_t(3));
        bool aux = false, unknown = false;
        for (const auto& [why, count] : skipped) {
            aux = aux || (has(why, "AUX") && count == 2);
            unknown = unknown || (has(why, "type 99") && has(why, "does not know") && count == 1);
        }
        QVERIFY(aux && unknown);
    }

    void features() {
        std::vector<std::byte> cmdline;
        PerfDataBytes::put(cmdline, uint32_t(2));
        putString(cmdline, "/usr/bin/perf");
        putString(cmdline, "record");
        std::vector<std::byte> desc;
        PerfDataBytes::put(desc, uint32_t(1));
        PerfDataBytes::put(desc, uint32_t(sizeof(perf_event_attr)));
        PerfDataBytes::put(desc, PerfDataBytes::cpuClock());
        PerfDataBytes::put(desc, uint32_t(1));
        putString(desc, "cpu-clock:u");
        PerfDataBytes::put(desc, uint64_t(7));
        // One BUILD_ID entry: a record header, pid, 20 id bytes, their length, padding, the path.
        std::vector<std::byte> ids;
        const std::string path = "/usr/bin/app";
        const uint16_t size = static_cast<uint16_t>(8 + 4 + 24 + (path.size() + 1 + 7) / 8 * 8);
        PerfDataBytes::put(ids, perf_event_header{PERF_RECORD_MMAP, perfdata::kBuildIdSizeValid, size});
        PerfDataBytes::put(ids, int32_t(-1));
        for (uint8_t b = 0; b < 20; ++b) PerfDataBytes::put(ids, uint8_t(b < 4 ? 0xa0 + b : 0));
        PerfDataBytes::put(ids, uint8_t(4));
        ids.resize(ids.size() + 3);
        const size_t at = ids.size();
        ids.resize(at + (path.size() + 1 + 7) / 8 * 8);
        std::memcpy(ids.data() + at, path.data(), path.size());

        PerfDataBytes f;
        f.event(PerfDataBytes::cpuClock(), {7}).record(sample(0x1000, 1, 1));
        f.feature(perfdata::kFeatCmdline, cmdline).feature(perfdata::kFeatEventDesc, desc).feature(perfdata::kFeatBuildId, ids);
        const Read r = readAll(f.file());
        QVERIFY2(r.error.empty(), r.error.c_str());
        const PerfDataInfo& info = r.reader->info();
        QCOMPARE(info.cmdline, (std::vector<std::string>{"/usr/bin/perf", "record"}));
        QCOMPARE(info.events[0].name, std::string("cpu-clock:u"));
        QCOMPARE(info.buildIds.size(), size_t(1));
        QCOMPARE(info.buildIds[0].buildId, std::string("a0a1a2a3"));
        QCOMPARE(info.buildIds[0].path, path);
    }

    void pipeMode() {
        PerfDataBytes f;
        f.event(PerfDataBytes::cpuClock(), {7});
        f.record(comm(100, "app", 5)).record(sample(0x1000, 100, 10));
        const Read r = readAll(f.pipe());
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(r.reader->info().pipe);
        QCOMPARE(r.records.size(), size_t(2));
        QCOMPARE(r.reader->tally().byType.at("HEADER_ATTR"), uint64_t(1));
    }

    // perf record -z: the records compressed, one of them split between two COMPRESSED records.
    void compressedRecords() {
        std::vector<std::byte> plain;
        for (uint64_t t = 1; t <= 3; ++t) {
            const auto s = sample(0x1000 * t, 100, t);
            plain.insert(plain.end(), s.begin(), s.end());
        }
        PerfDataBytes f;
        f.event(PerfDataBytes::cpuClock(), {7});
        const size_t split = plain.size() / 2 + 3;
        for (auto part : {std::span(plain).first(split), std::span(plain).subspan(split)}) {
            std::vector<std::byte> z(ZSTD_compressBound(part.size()));
            const size_t n = ZSTD_compress(z.data(), z.size(), part.data(), part.size(), 1);
            QVERIFY(!ZSTD_isError(n));
            z.resize(n);
            RecordBytes rec(perfdata::kCompressed);
            for (std::byte b : z) rec.u8(static_cast<uint8_t>(b));
            f.record(rec.bytes());
        }
        const Read r = readAll(f.file());
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.records.size(), size_t(3));
        QCOMPARE(std::get<SampleRecord>(r.records[2]).ip, uint64_t(0x3000));
    }

    void badMagic() {
        std::vector<std::byte> bytes(200);
        std::memcpy(bytes.data(), "{\"schema", 8);
        const Read r = readAll(bytes);
        QVERIFY2(has(r.error, "test.data is not a perf.data file") && has(r.error, "PERFILE2"), r.error.c_str());
    }

    // A big-endian machine's file (the magic's bytes reversed) is refused by name.
    void bigEndianIsRefused() {
        std::vector<std::byte> bytes = PerfDataBytes().event(PerfDataBytes::cpuClock(), {7}).file();
        std::memcpy(bytes.data(), "2ELIFREP", 8);
        const Read r = readAll(bytes);
        QVERIFY2(has(r.error, "test.data is not a perf.data file") && has(r.error, "big-endian") &&
                     has(r.error, "does not read"),
                 r.error.c_str());
    }

    // Samples with branch stacks or interrupt registers (perf record -b,
    // --intr-regs) are not decoded: they are skipped and counted, the
    // reason naming what they hold, never misread as other fields.
    void branchStackAndIntrRegsAreSkippedByName() {
        for (const uint64_t bit : {uint64_t(PERF_SAMPLE_BRANCH_STACK), uint64_t(PERF_SAMPLE_REGS_INTR)}) {
            perf_event_attr attr = PerfDataBytes::cpuClock();
            attr.sample_type |= bit;
            PerfDataBytes f;
            f.event(attr, {7}).record(sample(0x1000, 100, 10)).record(comm(100, "app", 20));
            const Read r = readAll(f.file());
            QVERIFY2(r.error.empty(), r.error.c_str());
            QCOMPARE(r.records.size(), size_t(1)); // the COMM
            QCOMPARE(r.reader->tally().skippedTotal(), uint64_t(1));
            const std::string why = r.reader->tally().skipped.begin()->first;
            QVERIFY2(has(why, bit == PERF_SAMPLE_BRANCH_STACK ? "BRANCH_STACK" : "REGS_INTR") &&
                         has(why, "perfdash does not read"),
                     why.c_str());
        }
    }

    // The machine's features as perf writes them: NRCPUS, CPUDESC, CPUID,
    // TOTAL_MEM, CPU_TOPOLOGY (with the core, socket and die ids of newer
    // perf) and NUMA_TOPOLOGY; and the header text that --info prints.
    void machineFeatures() {
        std::vector<std::byte> nrcpus, desc, cpuid, mem, topology, numa;
        PerfDataBytes::put(nrcpus, uint32_t(2)); // available
        PerfDataBytes::put(nrcpus, uint32_t(2)); // online
        putString(desc, "Test CPU @ 1 GHz");
        putString(cpuid, "GenuineIntel,6,85,4");
        PerfDataBytes::put(mem, uint64_t(16384));
        PerfDataBytes::put(topology, uint32_t(1));
        putString(topology, "0-1");
        PerfDataBytes::put(topology, uint32_t(2));
        putString(topology, "0");
        putString(topology, "1");
        for (uint32_t cpu : {0u, 1u}) {
            PerfDataBytes::put(topology, cpu);     // core id
            PerfDataBytes::put(topology, 0u);      // socket id
        }
        PerfDataBytes::put(topology, uint32_t(1));
        putString(topology, "0-1");
        PerfDataBytes::put(topology, 0u); // die ids
        PerfDataBytes::put(topology, 0u);
        PerfDataBytes::put(numa, uint32_t(1));
        PerfDataBytes::put(numa, uint32_t(0));
        PerfDataBytes::put(numa, uint64_t(16000));
        PerfDataBytes::put(numa, uint64_t(8000));
        putString(numa, "0-1");

        PerfDataBytes f;
        f.event(PerfDataBytes::cpuClock(), {7}).record(sample(0x1000, 1, 1));
        f.feature(perfdata::kFeatNrCpus, nrcpus).feature(perfdata::kFeatCpuDesc, desc).feature(perfdata::kFeatCpuId, cpuid);
        f.feature(perfdata::kFeatTotalMem, mem).feature(perfdata::kFeatCpuTopology, topology);
        f.feature(perfdata::kFeatNumaTopology, numa);
        const Read r = readAll(f.file());
        QVERIFY2(r.error.empty(), r.error.c_str());
        const PerfDataInfo& info = r.reader->info();
        QCOMPARE(info.cpuDesc, std::string("Test CPU @ 1 GHz"));
        QCOMPARE(info.cpuId, std::string("GenuineIntel,6,85,4"));
        QCOMPARE(info.totalMemKb, uint64_t(16384));
        QCOMPARE(info.siblingThreads, (std::vector<std::string>{"0", "1"}));
        QCOMPARE(info.siblingDies, (std::vector<std::string>{"0-1"}));
        QCOMPARE(info.cpus.size(), size_t(2));
        QCOMPARE(info.cpus[1].core, int64_t(1));
        QCOMPARE(info.cpus[1].die, int64_t(0));
        QCOMPARE(info.numaNodes.size(), size_t(1));
        QCOMPARE(info.numaNodes[0].freeKb, uint64_t(8000));
        const std::string text = perfDataHeaderText(info);
        for (const char* line : {"cpudesc        : Test CPU @ 1 GHz\n", "total memory   : 16384 kB\n",
                                 "sibling threads: 1\n", "CPU 1: Core ID 1, Die ID 0, Socket ID 0\n",
                                 "node0 meminfo  : total = 16000 kB, free = 8000 kB\n", "node0 cpu list : 0-1\n"})
            QVERIFY2(has(text, line), text.c_str());

        // A topology that claims more CPUs' ids than its section holds is damaged, and said so by feature.
        topology.resize(topology.size() - 20);
        PerfDataBytes cut;
        cut.event(PerfDataBytes::cpuClock(), {7}).record(sample(0x1000, 1, 1));
        cut.feature(perfdata::kFeatNrCpus, nrcpus).feature(perfdata::kFeatCpuTopology, topology);
        const Read damaged = readAll(cut.file());
        QVERIFY2(has(damaged.error, "feature CPU_TOPOLOGY") && has(damaged.error, "damaged"), damaged.error.c_str());
    }

    void truncatedHeader() {
        PerfDataBytes f;
        f.event(PerfDataBytes::cpuClock(), {7}).record(sample(0x1000, 1, 1));
        auto bytes = f.file();
        bytes.resize(60);
        const Read r = readAll(bytes);
        QVERIFY2(has(r.error, "test.data") && has(r.error, "truncated"), r.error.c_str());
    }

    void attrSizeMismatch() {
        perf_event_attr attr = PerfDataBytes::cpuClock();
        attr.size = PERF_ATTR_SIZE_VER5; // smaller than the header's entries say
        PerfDataBytes f;
        f.event(attr, {7}).record(sample(0x1000, 1, 1));
        const Read r = readAll(f.file());
        QVERIFY2(has(r.error, "test.data: at offset 104, attr 0 says it is 112 bytes") && has(r.error, "perf record"),
                 r.error.c_str());
    }

    void recordPastTheEnd() {
        PerfDataBytes f;
        auto s = sample(0x1000, 1, 1);
        const uint16_t size = 400;
        std::memcpy(s.data() + 6, &size, 2);
        f.event(PerfDataBytes::cpuClock(), {7}).record(s);
        const Read r = readAll(f.file());
        const std::string offset = std::to_string(104 + sizeof(perf_event_attr) + 16 + 8);
        QVERIFY2(has(r.error, "test.data: at offset " + offset) && has(r.error, "SAMPLE record of 400 bytes runs past") &&
                     has(r.error, "record it again"),
                 r.error.c_str());
    }

    void recordTooShortForItsLayout() {
        PerfDataBytes f;
        f.event(PerfDataBytes::cpuClock(), {7}).record(RecordBytes(PERF_RECORD_SAMPLE).u64(1).bytes());
        const Read r = readAll(f.file());
        QVERIFY2(has(r.error, "test.data: at offset") && has(r.error, "SAMPLE record") && has(r.error, "malformed"),
                 r.error.c_str());
    }

    void pipeWithoutAttrs() {
        PerfDataBytes f;
        f.record(sample(0x1000, 1, 1));
        const Read r = readAll(f.pipe());
        QVERIFY2(has(r.error, "before any event's attr"), r.error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPerfDataReader)
#include "test_perfdata_reader.moc"
