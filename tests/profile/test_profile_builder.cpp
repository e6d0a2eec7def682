// ProfileBuilder on records made here (no kernel involved): rows per
// interval, thread, region set and call path with their sums and moments;
// intervals merged pairwise past the row budget with nothing lost; samples
// attributed to the marker regions running on their thread; thread names
// from COMM and FORK; a sample in this very program named by its mappings.
#include <QtTest>

#include "core/profile/ProfileBuilder.h"
#include "core/profile/RecordMappings.h"
#include "core/profile/ProfileViews.h"
#include "core/sampling/ProcSnapshot.h"

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
