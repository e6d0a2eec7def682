// What a sampling run says when the machine or the target does not let it
// run as asked: paranoid refusals with their fix (through a shaped
// perf_event_open, and for real as an unprivileged user), a leader without a
// PMU falling back to a software clock, a kernel's lower sampling limit, a
// process that is gone, a program that is not there.
#include <QtTest>

#include <QTemporaryDir>
#include <csignal>
#include <fstream>
#include <grp.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sampling/SamplingTestSupport.h"

using namespace perfdash;
using namespace perfdash::test;
using namespace std::chrono_literals;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

bool anyContains(const std::vector<std::string>& texts, const std::string& part) {
    return std::any_of(texts.begin(), texts.end(), [&](const std::string& t) { return contains(t, part); });
}

SamplingRequest sampling(std::vector<std::string> specs) {
    SamplingRequest r;
    for (const std::string& s : specs) r.events.push_back(resolveEvent(s));
    r.rate = {SamplingRate::Kind::Frequency, 1000};
    return r;
}

PerfPermissions paranoid(int level) {
    PerfPermissions p;
    p.paranoid = level;
    p.paranoidKnown = true;
    return p;
}

// A process that exited and was not reaped yet: a zombie.
pid_t zombie() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    for (int i = 0; i < 200; ++i) {
        std::ifstream stat("/proc/" + std::to_string(child) + "/stat");
        std::string pid, comm, state;
        if (stat >> pid >> comm >> state && state == "Z") break;
        QTest::qWait(5);
    }
    return child;
}

} // namespace

class TestSamplingErrors : public QObject {
    Q_OBJECT
private slots:
    void programNotFound() {
        const SampledRun run = sampleProgram(sampling({"cpu-clock"}), {"perfdash-no-such-program"});
        QVERIFY2(contains(run.error, "perfdash-no-such-program") && contains(run.error, "PATH"), run.error.c_str());
    }

    void processThatExitedAtOnce() {
        const pid_t child = zombie();
        SamplingRequest r = sampling({"cpu-clock"});
        r.target = {SamplingTarget::Kind::Process, child, {}};
        auto exited = SamplingRun::open(r);
        ::waitpid(child, nullptr, 0);
        QVERIFY(!exited);
        QVERIFY2(contains(exited.error().message, "process " + std::to_string(child) + " exited before its sampling could start"),
                 exited.error().message.c_str());
        auto gone = SamplingRun::open(r); // reaped now: no such process at all
        QVERIFY(!gone);
        QVERIFY2(contains(gone.error().message, "no such process"), gone.error().message.c_str());
    }

    void invalidRequestsAreRefusedBeforeOpening_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("saying");
        QTest::newRow("no event") << 0 << "nothing to sample";
        QTest::newRow("period 0") << 1 << "a sample period of 0 is not possible";
        QTest::newRow("odd stack size") << 2 << "--call-graph dwarf,1001: the user stack copied per sample must be a multiple of 8";
        QTest::newRow("pages") << 3 << "3 data pages per CPU is not possible";
        QTest::newRow("no pid") << 4 << "no process to sample";
    }
    void invalidRequestsAreRefusedBeforeOpening() {
        QFETCH(int, which);
        QFETCH(QString, saying);
        SamplingRequest r = sampling({"cpu-clock"});
        r.target = {SamplingTarget::Kind::Process, ::getpid(), {}};
        switch (which) {
        case 0: r.events.clear(); break;
        case 1: r.rate = {SamplingRate::Kind::Period, 0}; break;
        case 2: r.callGraph = CallGraph::Dwarf, r.dwarfStackBytes = 1001; break;
        case 3: r.ringDataPages = 3; break;
        case 4: r.target.pid = 0; break;
        }
        ShapedOpen never;
        never.refuse = [](const perf_event_attr&) { return EPERM; };
        auto sampling = SamplingRun::open(r, never.system());
        QVERIFY(!sampling);
        QVERIFY2(contains(sampling.error().message, saying.toStdString()), sampling.error().message.c_str());
        QVERIFY(never.asked->empty()); // refused before anything was opened
    }

    // perf_event_paranoid refuses everything (Debian's level 3): the error names the level and the fix.
    void paranoidRefusalGivesTheFix() {
        ShapedOpen refusing;
        refusing.refuse = [](const perf_event_attr&) { return EACCES; };
        SamplingSystem system = refusing.system();
        system.permissions = paranoid(3);
        const SampledRun run = sampleWorkload(sampling({"cpu-clock"}), {"spin", "10"}, system);
        QVERIFY2(contains(run.error, "cannot sample 'cpu-clock'"), run.error.c_str());
        QVERIFY2(contains(run.error, "perf_event_paranoid=3"), run.error.c_str());
        QVERIFY2(contains(run.error, "'sysctl kernel.perf_event_paranoid=1'"), run.error.c_str());
        QVERIFY2(contains(run.error, "CAP_PERFMON"), run.error.c_str());
        // Kernel space was given up first; only then was it an error.
        QCOMPARE(refusing.asked->size(), size_t(2));
        QVERIFY(!refusing.asked->at(0).exclude_kernel);
        QVERIFY(refusing.asked->at(1).exclude_kernel);
    }

    // Level 2 refuses kernel space only: sampled in user space, and said so with the fix.
    void kernelSpaceRefusedSamplesUserSpace() {
        ShapedOpen level2;
        level2.refuse = [](const perf_event_attr& a) { return a.exclude_kernel ? 0 : EACCES; };
        SamplingSystem system = level2.system();
        system.permissions = paranoid(2);
        // CPU time, not wall time: as many samples on a machine busy with other tests.
        const SampledRun run = sampleWorkload(sampling({"cpu-clock", "task-clock"}), {"spin-cpu", "200"}, system);
        QVERIFY2(run.error.empty(), run.describe().c_str());
        QVERIFY2(anyContains(run.notices, "sampling user space only: perf_event_paranoid=2"), run.describe().c_str());
        QVERIFY2(anyContains(run.notices, "'sysctl kernel.perf_event_paranoid=1'"), run.describe().c_str());
        QVERIFY(run.events[1].opened); // the member, user space only too
        const auto samples = run.all<SampleRecord>();
        QVERIFY2(samples.size() >= 50, run.describe().c_str());
        for (const SampleRecord& s : samples) QCOMPARE(s.cpuMode, CpuMode::User);
    }

    // No PMU for the leader: a task samples task-clock instead, and says why.
    // (The shaped open answers as a VM without a virtual PMU does, so that this
    // runs alike on machines with one.)
    void leaderWithoutPmuFallsBackToTaskClock() {
        ShapedOpen noPmu;
        noPmu.refuse = [](const perf_event_attr& a) { return a.type == PERF_TYPE_HARDWARE ? ENOENT : 0; };
        const SampledRun run = sampleWorkload(sampling({"cycles", "instructions", "page-faults"}), {"spin-cpu", "200"},
                                              noPmu.system());
        QVERIFY2(run.error.empty(), run.describe().c_str());
        QCOMPARE(run.events.size(), size_t(3));
        QCOMPARE(run.events[0].requested.name, std::string("cycles"));
        QCOMPARE(run.events[0].sampled.name, std::string("task-clock"));
        QVERIFY(run.events[0].opened);
        QVERIFY2(contains(run.events[0].note, "'cycles'") && contains(run.events[0].note, "sampling 'task-clock' instead"),
                 run.events[0].note.c_str());
        QVERIFY(!run.events[1].opened); // instructions: no PMU either
        QVERIFY2(contains(run.events[1].note, "'instructions'"), run.events[1].note.c_str());
        QVERIFY(run.events[2].opened);
        QVERIFY2(anyContains(run.notices, "sampling 'task-clock' instead"), run.describe().c_str());
        QVERIFY2(anyContains(run.notices, "'instructions' is not read with the samples"), run.describe().c_str());
        const auto samples = run.all<SampleRecord>();
        QVERIFY2(samples.size() >= 50, run.describe().c_str());
        for (const SampleRecord& s : samples) {
            QCOMPARE(s.read.values.size(), size_t(2));
            QCOMPARE(s.read.values[0].slot, 0);
            QCOMPARE(s.read.values[1].slot, 2); // page-faults, the request's third event
        }
    }

    void wholeCpusWithoutPmuFallBackToCpuClock() {
        if (!PerfPermissions::read().mayCountCpuWide())
            QSKIP("sampling whole CPUs needs perf_event_paranoid < 1 or CAP_PERFMON");
        ShapedOpen noPmu;
        noPmu.refuse = [](const perf_event_attr& a) { return a.type == PERF_TYPE_HARDWARE ? ENOENT : 0; };
        SamplingRequest r = sampling({"cycles"});
        r.target.kind = SamplingTarget::Kind::Cpus;
        r.cpus = {0};
        auto sampling = SamplingRun::open(r, noPmu.system());
        QVERIFY2(sampling, sampling ? "" : sampling.error().message.c_str());
        QCOMPARE((*sampling)->events()[0].sampled.name, std::string("cpu-clock"));
    }

    // A kernel whose limit is below the -F asked for: the leader is opened at the limit.
    void frequencyIsLoweredToTheKernelsLimit() {
        QTemporaryDir sysctl;
        std::ofstream(sysctl.filePath("perf_event_max_sample_rate").toStdString()) << "500\n";
        ShapedOpen watching;
        watching.refuse = [](const perf_event_attr&) { return 0; };
        SamplingSystem system = watching.system();
        system.kernelSysctlDir = sysctl.path().toStdString();
        const SampledRun run = sampleWorkload(sampling({"cpu-clock"}), {"spin", "50"}, system);
        QVERIFY2(run.error.empty(), run.describe().c_str());
        QVERIFY2(anyContains(run.notices, "-F 1000 is above kernel.perf_event_max_sample_rate (500): sampling at 500 Hz"),
                 run.describe().c_str());
        QVERIFY(watching.asked->front().freq);
        QCOMPARE(uint64_t(watching.asked->front().sample_freq), uint64_t(500));
        QCOMPARE(run.stats.maxSampleRateAtStart, std::optional<uint64_t>(500));
    }

    // The kernel lowered its limit during the run: read again, and said.
    void aLimitLoweredDuringTheRunIsReported() {
        QTemporaryDir sysctl;
        const std::string file = sysctl.filePath("perf_event_max_sample_rate").toStdString();
        std::ofstream(file) << "100000\n";
        SamplingSystem system;
        system.kernelSysctlDir = sysctl.path().toStdString();
        SamplingRequest r = sampling({"cpu-clock"});
        r.target = {SamplingTarget::Kind::Process, ::getpid(), {}};
        auto sampling = SamplingRun::open(r, system);
        QVERIFY2(sampling, sampling ? "" : sampling.error().message.c_str());
        QVERIFY((*sampling)->start());
        std::ofstream(file) << "25000\n";
        std::vector<PerfRecord> records;
        const auto deadline = std::chrono::steady_clock::now() + 5s; // the reader reads it again every second
        while (std::chrono::steady_clock::now() < deadline &&
               (*sampling)->stats().maxSampleRateNow != std::optional<uint64_t>(25000))
            (*sampling)->take(records, 100ms);
        (*sampling)->stop();
        const SamplingStats stats = (*sampling)->stats();
        QCOMPARE(stats.maxSampleRateNow, std::optional<uint64_t>(25000));
        QVERIFY2(anyContains(stats.warnings(), "lowered kernel.perf_event_max_sample_rate from 100000 to 25000"),
                 stats.warnings().empty() ? "no warning" : stats.warnings().front().c_str());
    }

    // For real, as an unprivileged user under perf_event_paranoid >= 2: whole
    // CPUs are refused with the fix, its own process is sampled in user space.
    void unprivilegedUser() {
        if (::geteuid() != 0) QSKIP("needs root to switch to an unprivileged user");
        const PerfPermissions here = PerfPermissions::read();
        if (here.paranoid < 2)
            QSKIP(qPrintable(QString("perf_event_paranoid is %1; the restrictions tested start at 2").arg(here.paranoid)));
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::close(fds[0]);
            std::string report = "x";
            if (::setgroups(0, nullptr) == 0 && ::setgid(65534) == 0 && ::setuid(65534) == 0) {
                SamplingRequest cpus = sampling({"cpu-clock"});
                cpus.target.kind = SamplingTarget::Kind::Cpus;
                auto refused = SamplingRun::open(cpus);
                SamplingRequest self = sampling({"cpu-clock"});
                self.target = {SamplingTarget::Kind::Process, ::getpid(), {}};
                auto own = SamplingRun::open(self);
                report = (refused ? std::string("opened") : refused.error().message) + "\n" +
                         (own ? (own->get()->notices().empty() ? std::string("no notice") : own->get()->notices().front())
                              : own.error().message);
            }
            (void)!::write(fds[1], report.data(), report.size());
            ::_exit(0);
        }
        ::close(fds[1]);
        std::string report;
        char buffer[4096];
        for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) report.append(buffer, static_cast<size_t>(n));
        ::close(fds[0]);
        ::waitpid(child, nullptr, 0);
        QVERIFY2(report != "x", "could not switch to uid/gid 65534");
        const std::string cpusAnswer = report.substr(0, report.find('\n'));
        const std::string ownAnswer = report.substr(report.find('\n') + 1);
        QVERIFY2(contains(cpusAnswer, "sampling whole CPUs is not permitted (perf_event_paranoid=" +
                                          std::to_string(here.paranoid) + ")") &&
                     contains(cpusAnswer, "'sysctl kernel.perf_event_paranoid=0'"),
                 cpusAnswer.c_str());
        QVERIFY2(contains(ownAnswer, "sampling user space only"), ownAnswer.c_str());
    }
};

QTEST_GUILESS_MAIN(TestSamplingErrors)
#include "test_sampling_errors.moc"
