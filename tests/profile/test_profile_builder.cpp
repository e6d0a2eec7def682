// ProfileBuilder on records made here (no kernel involved): rows per
// interval, thread, region set and call path with their sums and moments;
// intervals merged pairwise past the row budget with nothing lost; the rows
// of closed intervals on disk while the run goes on, the finished profile
// the same as one kept in memory, and a full disk costing memory, never
// rows; samples
// attributed to the marker regions running on their thread; thread names
// from COMM and FORK; a sample in this very program named by its mappings;
// its instruction's rows beside the call paths', spilled and coarsened with them.
#include <QTemporaryDir>
#include <QtTest>

#include <array>
#include <map>
#include <set>

#include "core/profile/ProfileBuilder.h"
#include "core/profile/RecordMappings.h"
#include "core/profile/ProfileViews.h"
#include "core/sampling/ProcSnapshot.h"
#include "util/FullFileSystem.h"

using namespace perfdash;

extern "C" __attribute__((noinline)) int profileBuilderProbe(int x) { return x * 3 + 1; }

namespace {

constexpr uint64_t kStart = 1'000'000'000; // ns of the events' clock when sampling began

ProfileBuilderOptions options() {
    ProfileBuilderOptions o;
    o.events = {{"PMC0", "a", true, ""}, {"PMC1", "b", true, ""}};
    o.eventOfSampled = {0, 1};
    o.metrics = {{"ratio", "PMC0/PMC1"}};
    o.callGraph = CallGraph::None;
    o.startNs = kStart;
    o.maxStack = 127;
    return o;
}

// A sample whose group read is cumulative: `a` and `b` are the counts since
// the thread's previous sample, `ns` its running time since then.
struct Stream {
    uint64_t a = 0, b = 0, ns = 0;
};
SampleRecord sample(int pid, int tid, uint64_t time, uint64_t ip, Stream& s, uint64_t a, uint64_t b, uint64_t ns) {
    s.a += a;
    s.b += b;
    s.ns += ns;
    SampleRecord r;
    r.cpuMode = CpuMode::User;
    r.pid = pid;
    r.tid = tid;
    r.time = time;
    r.ip = ip;
    r.id = 1;
    r.period = 1000;
    r.read.timeEnabled = s.ns;
    r.read.timeRunning = s.ns;
    r.read.values = {{s.a, 1, 0, 0}, {s.b, 2, 0, 1}};
    return r;
}

double total(const Profile& p, size_t column) {
    double sum = 0;
    for (size_t r = 0; r < p.rows(); ++r) sum += p.row(r)[column];
    return sum;
}

// `threads` threads sampled once a second for `seconds` seconds: a row each.
void feedThreads(ProfileBuilder& builder, int threads, int seconds) {
    std::vector<Stream> streams(static_cast<size_t>(threads));
    for (int i = 0; i < seconds; ++i)
        for (int t = 0; t < threads; ++t)
            builder.add(sample(5, 100 + t, kStart + uint64_t(i) * 1'000'000'000 + uint64_t(t) * 1000, 0x2000,
                               streams[static_cast<size_t>(t)], 10 + uint64_t(t), 5, 100));
}

using RowsByKey = std::map<std::array<uint32_t, 5>, std::vector<double>>;

// A table's rows by key, whatever their order.
RowsByKey byKey(const std::vector<RowKey>& keys, const std::vector<double>& values, size_t stride) {
    RowsByKey out;
    for (size_t r = 0; r < keys.size(); ++r) {
        const RowKey& k = keys[r];
        const double* row = values.data() + r * stride;
        auto [it, added] = out.emplace(std::array<uint32_t, 5>{k.interval, k.thread, k.regions, k.node,
                                                               static_cast<uint32_t>(k.stack)},
                                       std::vector<double>(row, row + stride));
        if (!added) qWarning("row key %u/%u given twice", k.interval, k.thread);
    }
    return out;
}
RowsByKey rowsByKey(const Profile& p) { return byKey(p.keys, p.values, p.columns().count()); }
RowsByKey instructionRowsByKey(const Profile& p) {
    return byKey(p.instructionKeys, p.instructionValues, p.instructionColumns().count());
}

double instructionTotal(const Profile& p, size_t column) {
    double sum = 0;
    for (size_t r = 0; r < p.instructionKeys.size(); ++r) sum += p.instructionRow(r)[column];
    return sum;
}

// A builder that knows this program's mappings, so that its samples at
// profileBuilderProbe are named (and get instruction rows).
void feedThisProgram(ProfileBuilder& builder) {
    auto records = synthesizeProcess(::getpid(), kStart);
    QVERIFY2(records.ok(), records.ok() ? "" : records.error().message.c_str());
    for (const PerfRecord& r : *records) builder.add(r);
}
uint64_t probeAddress(uint64_t offset) { return reinterpret_cast<uintptr_t>(&profileBuilderProbe) + offset; }

// `threads` threads of this program sampled once a second for `seconds`
// seconds, at two instructions of profileBuilderProbe by turns.
void feedNamedThreads(ProfileBuilder& builder, int threads, int seconds) {
    std::vector<Stream> streams(static_cast<size_t>(threads));
    for (int i = 0; i < seconds; ++i)
        for (int t = 0; t < threads; ++t)
            builder.add(sample(::getpid(), 100 + t, kStart + uint64_t(i) * 1'000'000'000 + uint64_t(t) * 1000 + 10,
                               probeAddress(uint64_t(i % 2)), streams[static_cast<size_t>(t)], 10 + uint64_t(t), 5, 100));
}

} // namespace

class TestProfileBuilder : public QObject {
    Q_OBJECT
private slots:
    void rowsSumTheSamplesOfOneKeyAndInterval() {
        ProfileBuilder builder(options());
        Stream t1, t2;
        builder.add(sample(10, 10, kStart + 100'000'000, 0x1000, t1, 100, 50, 1000));
        builder.add(sample(10, 11, kStart + 200'000'000, 0x1000, t2, 7, 7, 500));
        builder.add(sample(10, 10, kStart + 300'000'000, 0x1000, t1, 300, 100, 3000));
        builder.add(sample(10, 10, kStart + 1'500'000'000, 0x1000, t1, 10, 10, 100)); // interval 1
        const Profile p = builder.finish({}, 0);
        QCOMPARE(p.rows(), size_t{3});
        QCOMPARE(p.durationS, 2.0);
        const ProfileColumns c = p.columns();
        QVERIFY(c.moments);
        const double* first = p.row(0);
        QCOMPARE(p.keys[0].interval, 0u);
        QCOMPARE(first[ProfileColumns::kSamples], 2.0);
        QCOMPARE(first[ProfileColumns::kWeight], 2000.0);
        QCOMPARE(first[c.event(0)], 400.0);
        QCOMPARE(first[c.event(1)], 150.0);
        QCOMPARE(first[c.time()], 4000.0);
        QCOMPARE(first[c.moment(0, 1)], 100.0 * 50 + 300.0 * 100);
        QCOMPARE(first[c.moment(1, 2)], 50.0 * 1000 + 100.0 * 3000);
        QCOMPARE(p.keys[2].interval, 1u);
        QCOMPARE(p.threads.size(), size_t{2});
        QCOMPARE(p.string(p.frames[p.nodes[p.keys[0].node].frame].function), std::string()); // unmapped: no name
        QCOMPARE(p.functionName(p.frames[p.nodes[p.keys[0].node].frame]), std::string("[unknown]"));
    }

    // Past the row budget, neighbouring intervals merge: the interval
    // doubles, the totals stay.
    void intervalsMergePastTheBudget() {
        ProfileBuilderOptions o = options();
        o.maxRows = 4;
        ProfileBuilder builder(o);
        Stream s;
        for (int i = 0; i < 16; ++i)
            builder.add(sample(5, 5, kStart + uint64_t(i) * 1'000'000'000 + 1, 0x2000, s, 10, 5, 100));
        const Profile p = builder.finish({}, 0);
        QVERIFY(p.rows() <= 4);
        QCOMPARE(p.intervalS, 4.0);
        QCOMPARE(p.durationS, 16.0);
        QCOMPARE(total(p, ProfileColumns::kSamples), 16.0);
        QCOMPARE(total(p, p.columns().event(0)), 160.0);
    }

    // Rows that never merge (a new thread for every sample) coarsen a few
    // times, not at every row: nothing is lost, and the session says it is
    // above its budget.
    void rowsThatNeverMergeCoarsenSeldom() {
        ProfileBuilderOptions o = options();
        o.maxRows = 100;
        ProfileBuilder builder(o);
        for (int i = 0; i < 2000; ++i) {
            Stream s;
            builder.add(sample(5, 1000 + i, kStart + uint64_t(i) * 10'000'000, 0x2000, s, 1, 1, 1));
        }
        const Profile p = builder.finish({}, 0);
        QCOMPARE(p.rows(), size_t{2000});
        QCOMPARE(total(p, ProfileColumns::kSamples), 2000.0);
        QVERIFY2(p.intervalS <= 32.0, qPrintable(QString::number(p.intervalS))); // 101, 202, ... 1616 rows: 5 times
        QCOMPARE(p.sampling.warnings.size(), size_t{1});
        QVERIFY2(p.sampling.warnings.front().find("above the session's budget of 100") != std::string::npos,
                 p.sampling.warnings.front().c_str());
    }

    // Closed intervals wait on disk: the live view holds the open interval
    // and `liveIntervals` before it, and the finished profile is the one an
    // all-in-memory builder makes, coarsened twice on the way.
    void closedIntervalsWaitOnDisk() {
        QTemporaryDir dir;
        ProfileBuilderOptions inMemory = options();
        inMemory.maxRows = 600;
        inMemory.liveIntervals = UINT32_MAX;
        ProfileBuilderOptions onDisk = inMemory;
        onDisk.liveIntervals = 2;
        onDisk.spillDirectory = dir.path().toStdString();
        ProfileBuilder memory(inMemory), disk(onDisk);
        feedThreads(memory, 60, 40);
        feedThreads(disk, 60, 40);
        QCOMPARE(memory.profile().rows(), memory.profile().keys.size());
        QVERIFY(memory.profile().rows() > 300);
        const Profile& live = disk.profile();
        QVERIFY2(live.rows() <= 60 * 3, qPrintable(QString::number(live.rows())));
        const uint32_t open = live.keys.back().interval;
        for (const RowKey& k : live.keys) QVERIFY(k.interval + 2 >= open);
        const Profile a = memory.finish({}, 0), b = disk.finish({}, 0);
        QCOMPARE(a.intervalS, 4.0);
        QCOMPARE(b.intervalS, a.intervalS);
        QCOMPARE(b.durationS, a.durationS);
        QVERIFY(b.sampling.warnings.empty());
        QCOMPARE(total(b, ProfileColumns::kSamples), 2400.0);
        QVERIFY(rowsByKey(b) == rowsByKey(a));
        QCOMPARE(b.rows(), a.rows());
    }

    // A disk that fills up mid-run (a 256 kB tmpfs): the rows stay in memory
    // from then on, those already on disk come back when the disk cannot
    // coarsen them, and the session has every sample and says why.
    void aFullDiskKeepsTheRowsInMemory() {
        testing::FullFileSystem fs;
        if (!fs.whyNot().empty()) QSKIP(fs.whyNot().c_str());
        const std::string directory = QFileInfo(fs.filePath("x")).absolutePath().toStdString();
        ProfileBuilderOptions inMemory = options();
        inMemory.maxRows = 4000;
        inMemory.liveIntervals = UINT32_MAX;
        ProfileBuilderOptions onDisk = inMemory;
        onDisk.liveIntervals = 0;
        onDisk.spillDirectory = directory;
        ProfileBuilder memory(inMemory), disk(onDisk);
        feedThreads(memory, 200, 40); // 8000 rows of 108 bytes
        feedThreads(disk, 200, 40);
        const Profile a = memory.finish({}, 0), b = disk.finish({}, 0);
        QCOMPARE(total(b, ProfileColumns::kSamples), 8000.0);
        QCOMPARE(b.intervalS, a.intervalS);
        QVERIFY(rowsByKey(b) == rowsByKey(a));
        QCOMPARE(b.sampling.warnings.size(), size_t{1});
        const std::string& why = b.sampling.warnings.front();
        QVERIFY2(why.find(directory) != std::string::npos && why.find("stay in memory") != std::string::npos, why.c_str());
    }

    void samplesInTheirThreadsRegions() {
        ProfileBuilder builder(options());
        builder.addTransitions({{true, 20, kStart + 10, "solve"},
                                {true, 20, kStart + 20, "inner"},
                                {false, 20, kStart + 30, "inner"},
                                {false, 20, kStart + 40, "solve"},
                                {false, 20, kStart + 50, "never-started"}});
        Stream s, other;
        builder.add(sample(20, 20, kStart + 5, 0x1, s, 1, 1, 1));   // before any region
        builder.add(sample(20, 20, kStart + 15, 0x1, s, 1, 1, 1));  // solve
        builder.add(sample(20, 21, kStart + 16, 0x1, other, 1, 1, 1)); // another thread: none
        builder.add(sample(20, 20, kStart + 25, 0x1, s, 1, 1, 1));  // solve and inner
        builder.add(sample(20, 20, kStart + 45, 0x1, s, 1, 1, 1));  // none again
        const Profile p = builder.finish({}, 0);
        auto inRegion = [&](const std::string& region) {
            ProfileFilter f;
            f.region = region;
            auto s = selectRows(p, f);
            return s ? s->sums[ProfileColumns::kSamples] : 0.0;
        };
        QCOMPARE(inRegion("solve"), 2.0);
        QCOMPARE(inRegion("inner"), 1.0);
        QCOMPARE(p.regions.size(), size_t{3});
        bool warned = false;
        for (const auto& w : p.sampling.warnings) warned = warned || w.find("1 marker region transitions") == 0;
        QVERIFY(warned);
    }

    void threadNamesFromCommAndFork() {
        ProfileBuilder builder(options());
        CommRecord comm;
        comm.pid = comm.tid = 30;
        comm.comm = "solver";
        builder.add(comm);
        ForkRecord fork;
        fork.pid = 30;
        fork.ppid = 30;
        fork.tid = 31;
        fork.ptid = 30;
        builder.add(fork);
        Stream s;
        builder.add(sample(30, 31, kStart + 1, 0x1, s, 1, 1, 1));
        const Profile p = builder.finish({}, 0);
        QCOMPARE(p.threads.size(), size_t{2});
        QCOMPARE(p.threads[1].tid, 31);
        QCOMPARE(p.threads[1].comm, std::string("solver"));
    }

    // This program's mappings as a sampling run synthesises them, and a
    // sample in one of its functions: named, with its module's build-id.
    void aSampleOfThisProgramIsNamed() {
        auto records = synthesizeProcess(::getpid(), kStart);
        QVERIFY2(records.ok(), records.ok() ? "" : records.error().message.c_str());
        ProfileBuilder builder(options());
        for (const PerfRecord& r : *records) builder.add(r);
        Stream s;
        const uint64_t ip = reinterpret_cast<uintptr_t>(&profileBuilderProbe) + 1;
        builder.add(sample(::getpid(), ::getpid(), kStart + 2, ip, s, 1, 1, 1));
        const Profile p = builder.finish({}, 0);
        const ProfileFrame& f = p.frames[p.nodes[p.keys.at(0).node].frame];
        QCOMPARE(p.functionName(f), std::string("profileBuilderProbe"));
        QVERIFY(f.module >= 0 && !p.modules[static_cast<size_t>(f.module)].buildId.empty());
    }

    // Each named sample's instruction: a row beside its call path's, with
    // its interval, thread and regions, in the code of its function, whose
    // bounds hold it; a sample without a function has none.
    void instructionRowsBesideTheCallPaths() {
        ProfileBuilder builder(options());
        feedThisProgram(builder);
        Stream s, other;
        builder.add(sample(::getpid(), ::getpid(), kStart + 100, probeAddress(1), s, 3, 1, 10));
        builder.add(sample(::getpid(), ::getpid(), kStart + 200, probeAddress(1), s, 3, 1, 10));
        builder.add(sample(::getpid(), 77, kStart + 1'000'000'300, probeAddress(2), other, 5, 1, 10));
        builder.add(sample(::getpid(), ::getpid(), kStart + 1'000'000'400, 0x10, s, 1, 1, 1)); // unmapped: no function
        const Profile p = builder.finish({}, 0);
        QVERIFY(p.instructionsKept);
        QCOMPARE(p.codes.size(), size_t{1});
        const ProfileCode& code = p.codes[0];
        QCOMPARE(p.string(code.function), std::string("profileBuilderProbe"));
        QVERIFY(code.size > 2);
        QCOMPARE(p.instructions.size(), size_t{2});
        for (const ProfileInstruction& i : p.instructions)
            QVERIFY(i.code == 0 && i.address > code.start && i.address - code.start < code.size);
        QCOMPARE(p.instructions[1].address - p.instructions[0].address, uint64_t{1});
        QCOMPARE(p.instructionKeys.size(), size_t{2});
        QCOMPARE(instructionTotal(p, ProfileColumns::kSamples), 3.0);
        QCOMPARE(total(p, ProfileColumns::kSamples), 4.0);
        const ProfileColumns c = p.instructionColumns();
        QCOMPARE(c.count(), size_t{5}); // samples, weight, two events, time: no moments
        QCOMPARE(instructionTotal(p, c.event(0)), 3.0 + 3 + 5);
        QCOMPARE(instructionTotal(p, c.time()), 30.0);
        const RowKey& second = p.instructionKeys[1];
        QCOMPARE(second.interval, 1u);
        QCOMPARE(p.threads[second.thread].tid, 77);
        QCOMPARE(second.stack, StackState::Complete);
    }

    // The instruction rows coarsen with the call paths' (the same intervals)
    // and wait on disk with them: the finished profile the same as one kept
    // in memory, every sample in both tables.
    void instructionRowsSpillAndCoarsenWithTheCallPaths() {
        QTemporaryDir dir;
        ProfileBuilderOptions inMemory = options();
        inMemory.maxRows = 600;
        inMemory.liveIntervals = UINT32_MAX;
        ProfileBuilderOptions onDisk = inMemory;
        onDisk.liveIntervals = 2;
        onDisk.spillDirectory = dir.path().toStdString();
        ProfileBuilder memory(inMemory), disk(onDisk);
        feedThisProgram(memory);
        feedThisProgram(disk);
        feedNamedThreads(memory, 30, 40);
        feedNamedThreads(disk, 30, 40);
        const Profile& live = disk.profile();
        QVERIFY(!live.instructionKeys.empty());
        const uint32_t open = live.instructionKeys.back().interval;
        for (const RowKey& k : live.instructionKeys) QVERIFY(k.interval + 2 >= open);
        const Profile a = memory.finish({}, 0), b = disk.finish({}, 0);
        // 2400 rows of both tables for 600: 30 call paths and 60 instructions (two a thread) per coarse interval.
        QVERIFY2(a.intervalS >= 4.0, qPrintable(QString::number(a.intervalS)));
        QCOMPARE(b.intervalS, a.intervalS);
        QVERIFY(b.sampling.warnings == a.sampling.warnings); // the disk loses nothing, even past the budget
        QCOMPARE(instructionTotal(b, ProfileColumns::kSamples), 1200.0);
        QCOMPARE(total(b, ProfileColumns::kSamples), 1200.0);
        QVERIFY(instructionRowsByKey(b) == instructionRowsByKey(a));
        QVERIFY(rowsByKey(b) == rowsByKey(a));
        // Every interval of one table is an interval of the other.
        std::set<uint32_t> pathIntervals, instructionIntervals;
        for (const RowKey& k : b.keys) pathIntervals.insert(k.interval);
        for (const RowKey& k : b.instructionKeys) instructionIntervals.insert(k.interval);
        QVERIFY(pathIntervals == instructionIntervals);
        // Per interval, both tables hold the same samples.
        auto selection = selectRows(b, {});
        QCOMPARE(selection->instructionRows.size(), b.instructionKeys.size());
        ProfileFilter late;
        late.fromS = b.durationS / 2;
        auto half = selectRows(b, late);
        double instructionSamples = 0;
        for (size_t r : half->instructionRows) instructionSamples += b.instructionRow(r)[ProfileColumns::kSamples];
        QCOMPARE(instructionSamples, half->sums[ProfileColumns::kSamples]);
    }

    // The mappings of a running process through core/sampling's one parser of /proc/PID/maps.
    void processMappingsOfThisProgram() {
        auto maps = processMappings(::getpid());
        QVERIFY2(maps.ok(), maps.ok() ? "" : maps.error().message.c_str());
        const uintptr_t here = reinterpret_cast<uintptr_t>(&profileBuilderProbe);
        bool found = false;
        for (const Mapping& m : *maps) found = found || (m.contains(here) && m.isFile());
        QVERIFY(found);
        auto gone = processMappings(-1);
        QVERIFY(!gone.ok());
        QVERIFY(gone.error().message.find("/proc/-1/maps") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestProfileBuilder)
#include "test_profile_builder.moc"
