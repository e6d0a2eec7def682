// Real sampling on this machine with cpu-clock (a software event, sampled
// on any CPU, PMU or not): the workload program of the counting tests, its
// thread and its child followed both ways (inherit, and the FORK records of
// kernels before 6.12), a running process attached to, whole CPUs, a cgroup,
// and what is lost when the ring buffer or the consumer cannot keep up.
#include <QtTest>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "core/sampling/GroupDeltas.h"
#include "sampling/SamplingTestSupport.h"

using namespace perfdash;
using namespace perfdash::test;
using namespace std::chrono_literals;

namespace {

SamplingRequest cpuClockGroup(uint64_t hz = 1000) {
    SamplingRequest r;
    r.events = {resolveEvent("cpu-clock"), resolveEvent("task-clock"), resolveEvent("context-switches")};
    r.rate = {SamplingRate::Kind::Frequency, hz};
    return r;
}

bool endsWith(const std::string& s, const std::string& tail) { return s.size() >= tail.size() && s.ends_with(tail); }

// The workload's MMAP2 of its own executable, for process `pid`.
bool mapsWorkload(const SampledRun& run, int pid) {
    for (const MmapRecord& m : run.all<MmapRecord>())
        if (m.pid == pid && m.mmap2 && endsWith(m.filename, "/perfdash_workload")) return true;
    return false;
}

// Takes what comes for `duration` of wall time.
void takeFor(SamplingRun& sampling, std::vector<PerfRecord>& records, std::chrono::milliseconds duration) {
    const auto end = std::chrono::steady_clock::now() + duration;
    while (std::chrono::steady_clock::now() < end) sampling.take(records, 20ms);
}

// The checks both follow modes must pass on `family`: samples of the main
// thread, the second thread and the child, their mappings and names.
void checkFamily(const SampledRun& run) {
    QVERIFY2(run.error.empty(), run.describe().c_str());
    QCOMPARE(run.exitCode, 0);
    const int thread = run.printed("thread");
    const int child = run.printed("child");
    QVERIFY2(thread > 0 && child > 0, run.describe().c_str());
    // Each of the three spun for the same 300 ms of wall time, so each had
    // about a third of the CPU time it got, however busy the machine (about
    // 600 samples on two idle CPUs with cpu-clock at 1000 Hz): at least 15 %
    // of the samples each, which a task followed late would still reach.
    const size_t samples = run.all<SampleRecord>().size();
    QVERIFY2(samples >= 60, run.describe().c_str());
    QVERIFY2(run.samplesOf(run.pid, run.pid) >= samples * 15 / 100, run.describe().c_str());
    QVERIFY2(run.samplesOf(run.pid, thread) >= samples * 15 / 100, run.describe().c_str());
    QVERIFY2(run.samplesOf(child, child) >= samples * 15 / 100, run.describe().c_str());
    // Nothing but the workload's tasks.
    for (const SampleRecord& s : run.all<SampleRecord>())
        QVERIFY2(s.pid == run.pid || s.pid == child, run.describe().c_str());
    QVERIFY2(mapsWorkload(run, run.pid), "no MMAP2 of the workload's executable");
    QVERIFY2(mapsWorkload(run, child), "no MMAP2 of the executable the child exec'd");
    // The kernel's COMM at the child's exec (of /proc/self/exe: the kernel
    // names it "exe"), or, where the child was followed after it, its name read from /proc.
    bool childNamed = false;
    for (const CommRecord& c : run.all<CommRecord>())
        if (c.pid == child && c.comm == "exe" && (c.exec || c.synthetic)) childNamed = true;
    QVERIFY2(childNamed, "the child's name never arrived");

    // Every sample read the whole group, each value named by its slot.
    for (const SampleRecord& s : run.all<SampleRecord>()) {
        QCOMPARE(s.read.values.size(), size_t(3));
        for (int slot = 0; slot < 3; ++slot) QCOMPARE(s.read.values[static_cast<size_t>(slot)].slot, slot);
    }
    // Time order, across CPUs.
    uint64_t last = 0;
    for (const PerfRecord& r : run.records) {
        QVERIFY2(recordTime(r) >= last, "records out of time order");
        last = recordTime(r);
    }
    // Nothing lost on the way: what the reader counted is what arrived.
    QCOMPARE(run.stats.totalSamples(), uint64_t(run.all<SampleRecord>().size()));
    for (const CpuRecordCounts& c : run.stats.cpus) {
        QCOMPARE(c.lost, uint64_t(0));
        QCOMPARE(c.droppedSamples, uint64_t(0));
    }
}

} // namespace

class TestSamplingRun : public QObject {
    Q_OBJECT
private slots:
    void init() { ::unsetenv("PERFDASH_SAMPLING_FOLLOW"); }

    // Linux 6.12 and later: inherit follows the thread and the child, and
    // each sample reads its own thread's counts. An older kernel refuses
    // that, and the run follows them through FORK records instead.
    void launchedProgramWithItsThreadAndChild() {
        const SampledRun run = sampleWorkload(cpuClockGroup(), {"family", "300"});
        checkFamily(run);
        QVERIFY(run.readsPerThread);
        if (run.followMode == FollowMode::ForkRecords) {
            utsname system{};
            ::uname(&system);
            int major = 0, minor = 0;
            std::sscanf(system.release, "%d.%d", &major, &minor);
            QVERIFY2(major < 6 || (major == 6 && minor < 12),
                     qPrintable(QString("kernel %1 refused PERF_SAMPLE_READ with inherit").arg(system.release)));
            QVERIFY2(run.notices.size() == 1 && run.notices[0].find("refuses PERF_SAMPLE_READ with inherit") != std::string::npos,
                     run.describe().c_str());
            return;
        }
        QVERIFY2(run.notices.empty(), run.describe().c_str());
        // The group's deltas: between two samples of a thread, task-clock
        // advanced about as much as the leader's period (both in ns of CPU time).
        GroupDeltas deltas(run.readsPerThread);
        uint64_t periods = 0, taskClock = 0;
        std::set<std::pair<uint64_t, int>> seen;
        for (const SampleRecord& s : run.all<SampleRecord>()) {
            const GroupDelta d = deltas.take(s);
            if (!seen.insert({s.id, s.tid}).second) { // a stream's first sample counts from the opening
                periods += s.period;
                taskClock += d.counts[1].count;
            }
        }
        QVERIFY2(periods > 0 && taskClock > periods / 2 && taskClock < periods * 2,
                 qPrintable(QString("task-clock advanced %1 ns over samples whose periods sum to %2 ns").arg(taskClock).arg(periods)));
    }

    // The old kernels' path, forced: events opened for the new thread and
    // the child from their FORK records.
    void forcedForkRecordPathFollowsThreadAndChild() {
        ::setenv("PERFDASH_SAMPLING_FOLLOW", "fork-records", 1);
        const SampledRun run = sampleWorkload(cpuClockGroup(), {"family", "300"});
        QCOMPARE(run.followMode, FollowMode::ForkRecords);
        checkFamily(run);
        QVERIFY2(run.stats.threadsFollowed >= 2, run.describe().c_str()); // the thread and the child
        QCOMPARE(run.stats.followFailures, uint64_t(0));
        QVERIFY2(std::any_of(run.notices.begin(), run.notices.end(),
                             [](const std::string& n) { return n.find("PERFDASH_SAMPLING_FOLLOW=fork-records") != std::string::npos; }),
                 run.describe().c_str());
    }

    // A kernel before 6.12, as its perf_event_open answers: EINVAL for
    // PERF_SAMPLE_READ with inherit. The run finds out and follows by FORK records.
    void emulatedOldKernelFollowsThreadAndChild() {
        ShapedOpen oldKernel;
        oldKernel.refuse = [](const perf_event_attr& a) {
            return a.inherit && (a.sample_type & PERF_SAMPLE_READ) ? EINVAL : 0;
        };
        const SampledRun run = sampleWorkload(cpuClockGroup(), {"family", "300"}, oldKernel.system());
        QCOMPARE(run.followMode, FollowMode::ForkRecords);
        checkFamily(run);
        QVERIFY2(run.stats.threadsFollowed >= 2, run.describe().c_str());
        QVERIFY2(run.notices.size() == 1 && run.notices[0].find("refuses PERF_SAMPLE_READ with inherit") != std::string::npos,
                 run.describe().c_str());
        // The group members follow their leader: none asked for with inherit.
        for (const perf_event_attr& a : *oldKernel.asked)
            if (!(a.sample_type & PERF_SAMPLE_READ)) QVERIFY(!a.inherit);
    }

    void unknownFollowModeIsRefused() {
        ::setenv("PERFDASH_SAMPLING_FOLLOW", "sideways", 1);
        const SampledRun run = sampleWorkload(cpuClockGroup(), {"spin", "10"});
        QVERIFY2(run.error.find("PERFDASH_SAMPLING_FOLLOW='sideways'") != std::string::npos, run.error.c_str());
        QVERIFY(run.error.find("'fork-records'") != std::string::npos);
    }

    // A process that runs already: its threads, and what it mapped before,
    // read from /proc and delivered before any sample.
    void attachesToARunningProcess() {
        LaunchOptions options;
        options.command = {PERFDASH_WORKLOAD, "spin-threads", "2", "800"};
        auto child = LaunchedProcess::start(options);
        QVERIFY2(child, child ? "" : child.error().message.c_str());
        QVERIFY((*child)->release());
        QTest::qWait(100); // its threads run
        SamplingRequest request = cpuClockGroup();
        request.target = {SamplingTarget::Kind::Process, (*child)->pid(), {}};
        auto sampling = SamplingRun::open(request);
        QVERIFY2(sampling, sampling ? "" : sampling.error().message.c_str());
        QVERIFY((*sampling)->start());
        std::vector<PerfRecord> records;
        takeFor(**sampling, records, 300ms);
        (*sampling)->stop();
        while ((*sampling)->take(records, 1000ms)) {}
        QVERIFY((*child)->wait());

        std::set<int> tids;
        bool syntheticExecutable = false, sampleSeen = false, mappedBeforeSamples = false;
        for (const PerfRecord& r : records) {
            if (const auto* m = std::get_if<MmapRecord>(&r); m && m->synthetic && endsWith(m->filename, "/perfdash_workload")) {
                syntheticExecutable = true;
                mappedBeforeSamples = !sampleSeen;
            }
            if (const auto* s = std::get_if<SampleRecord>(&r)) {
                sampleSeen = true;
                QCOMPARE(s->pid, (*child)->pid());
                tids.insert(s->tid);
            }
        }
        QVERIFY2(syntheticExecutable, "no MMAP2 of the executable from /proc/PID/maps");
        QVERIFY(mappedBeforeSamples);
        QVERIFY2(tids.size() >= 2, qPrintable(QString("samples of %1 threads").arg(tids.size()))); // two spinning threads
    }

    void wholeCpus() {
        if (!PerfPermissions::read().mayCountCpuWide())
            QSKIP("sampling whole CPUs needs perf_event_paranoid < 1 or CAP_PERFMON");
        SamplingRequest request = cpuClockGroup();
        request.target.kind = SamplingTarget::Kind::Cpus;
        request.cpus = {0};
        auto sampling = SamplingRun::open(request);
        QVERIFY2(sampling, sampling ? "" : sampling.error().message.c_str());
        QCOMPARE((*sampling)->notices().size(), size_t(0));
        QVERIFY((*sampling)->start());
        std::vector<PerfRecord> records;
        takeFor(**sampling, records, 200ms);
        (*sampling)->stop();
        while ((*sampling)->take(records, 1000ms)) {}
        size_t samples = 0, syntheticComms = 0;
        for (const PerfRecord& r : records) {
            if (const auto* s = std::get_if<SampleRecord>(&r)) {
                ++samples;
                QCOMPARE(s->cpu, 0);
            }
            if (const auto* c = std::get_if<CommRecord>(&r); c && c->synthetic && c->pid == ::getpid()) ++syntheticComms;
        }
        // CPU 0's clock ticks whoever runs, idle included: about 200 samples in 200 ms.
        QVERIFY2(samples >= 50, qPrintable(QString("%1 samples").arg(samples)));
        QVERIFY2(syntheticComms >= 1, "every process is described, this one among them");
        QVERIFY(!(*sampling)->readsPerThread());
    }

    // A cgroup of the test's own with the workload in it: only its samples come.
    void cgroup() {
        if (::geteuid() != 0) QSKIP("making a cgroup and moving a task into it needs root");
        std::string mount;
        std::ifstream mounts("/proc/self/mounts");
        for (std::string device, point, type, rest; mounts >> device >> point >> type && std::getline(mounts, rest);)
            if (type == "cgroup2") mount = point;
        if (mount.empty()) QSKIP("no cgroup v2 hierarchy is mounted (/proc/self/mounts has no cgroup2)");
        const std::string name = "perfdash-sampling-" + std::to_string(::getpid());
        const std::string dir = mount + "/" + name;
        QVERIFY2(::mkdir(dir.c_str(), 0755) == 0, dir.c_str());

        LaunchOptions options;
        options.command = {PERFDASH_WORKLOAD, "spin", "300"};
        auto child = LaunchedProcess::start(options);
        QVERIFY(child);
        std::ofstream(dir + "/cgroup.procs") << (*child)->pid() << "\n";
        SamplingRequest request = cpuClockGroup();
        request.target = {SamplingTarget::Kind::Cgroup, -1, name};
        auto sampling = SamplingRun::open(request);
        if (!sampling) ::rmdir(dir.c_str());
        QVERIFY2(sampling, sampling ? "" : sampling.error().message.c_str());
        QVERIFY((*sampling)->start());
        QVERIFY((*child)->release());
        std::vector<PerfRecord> records;
        while (!(*child)->hasExited()) (*sampling)->take(records, 50ms);
        (*sampling)->stop();
        while ((*sampling)->take(records, 1000ms)) {}
        QVERIFY((*child)->wait());
        ::rmdir(dir.c_str());
        size_t samples = 0;
        for (const PerfRecord& r : records)
            if (const auto* s = std::get_if<SampleRecord>(&r)) {
                ++samples;
                QCOMPARE(s->pid, (*child)->pid());
            }
        // A 300 ms spin at 1000 Hz: up to 300 samples, fewer on a busy machine.
        QVERIFY2(samples >= 20, qPrintable(QString("%1 samples of a 300 ms spin at 1000 Hz").arg(samples)));
    }

    // A sample larger than the whole ring buffer (8 KiB of stack in a 4 KiB
    // buffer) can never be written: the kernel counts each as lost, and so do we.
    void samplesTheKernelLostAreCounted() {
        SamplingRequest request = cpuClockGroup();
        request.callGraph = CallGraph::Dwarf;
        request.dwarfStackBytes = 8192;
        request.ringDataPages = 1;
        const SampledRun run = sampleWorkload(request, {"spin", "200"});
        QVERIFY2(run.error.empty(), run.describe().c_str());
        uint64_t lost = 0;
        for (const CpuRecordCounts& c : run.stats.cpus) lost += c.lost;
        uint64_t lostRecords = 0;
        for (const LostRecord& l : run.all<LostRecord>()) lostRecords += l.lost;
        QCOMPARE(lost, lostRecords); // every LOST record counted on its CPU, and handed on too
        QVERIFY2(lost >= 10, run.describe().c_str()); // up to 200 in 200 ms, fewer on a busy machine
        QCOMPARE(run.stats.totalSamples(), uint64_t(0));
        const auto warnings = run.stats.warnings();
        QVERIFY2(std::any_of(warnings.begin(), warnings.end(),
                             [](const std::string& w) { return w.find("records lost on CPU") != std::string::npos; }),
                 run.describe().c_str());
    }

    // A consumer that takes nothing until the end: the queue fills, the
    // reader keeps draining the ring buffers and counts what it had to drop.
    void aConsumerThatFallsBehindLosesCountedSamples() {
        SamplingRequest request = cpuClockGroup(4000);
        request.queueBytes = 16 * 1024; // a few dozen samples
        const SampledRun run = sampleWorkload(request, {"spin", "300"}, {}, false);
        QVERIFY2(run.error.empty(), run.describe().c_str());
        uint64_t dropped = 0, lost = 0;
        for (const CpuRecordCounts& c : run.stats.cpus) {
            dropped += c.droppedSamples;
            lost += c.lost;
        }
        QVERIFY2(dropped > 0, run.describe().c_str());
        QCOMPARE(lost, uint64_t(0)); // the ring buffers were drained all along
        QCOMPARE(run.stats.totalSamples(), uint64_t(run.all<SampleRecord>().size()) + dropped);
    }

    // -F above the kernel's limit is lowered to it, and said.
    void frequencyAboveTheLimitIsLowered() {
        const auto max = readMaxSampleRate("/proc/sys/kernel");
        QVERIFY(max);
        const SampledRun run = sampleWorkload(cpuClockGroup(*max + 1000), {"spin", "50"});
        QVERIFY2(run.error.empty(), run.describe().c_str());
        QCOMPARE(run.notices.size(), size_t(1));
        QVERIFY2(run.notices[0].find("is above kernel.perf_event_max_sample_rate (" + std::to_string(*max) + ")") !=
                     std::string::npos,
                 run.notices[0].c_str());
        QCOMPARE(run.stats.maxSampleRateAtStart, max);
    }
};

QTEST_GUILESS_MAIN(TestSamplingRun)
#include "test_sampling_run.moc"
