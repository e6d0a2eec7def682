// `perfdash-cli serve --cgroup`: perf's cgroup mode on this machine's real
// cgroup v2 hierarchy. The test makes two cgroups of its own (names with its
// PID, removed at the end), runs a workload in one that touches N fresh
// pages, and leaves the other empty. The busy cgroup's page faults, summed
// over its CPUs, hold the N and are no more than the workload's own faults
// (getrusage of the child: all it took since fork, some of them before it
// joined the cgroup); the empty one counts an exact 0 on every CPU. Its
// GET /api/v1/info names both cgroups by their labels. Needs
// root (making cgroups, moving a task) and a cgroup v2 mount; skips with the
// reason otherwise. Deadlines are generous and only bound a wait for counts
// that must come: a busy machine makes it slower, not wrong.
#include <QDir>
#include <QFile>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <csignal>
#include <cmath>

#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "PrometheusServer.h"
#include "ServeAgent.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

constexpr size_t kPages = 4000;

std::string cgroup2Mount() {
    std::ifstream in("/proc/self/mounts");
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string device, point, type;
        if (fields >> device >> point >> type && type == "cgroup2") return point;
    }
    return {};
}

// Every sample of `metric` with all of `labels`, summed; nullopt when there is none.
std::optional<double> sumOf(const std::string& exposition, const std::string& metric,
                            const std::vector<std::string>& labels, int* samples = nullptr) {
    std::optional<double> sum;
    int n = 0;
    for (const std::string& line : split(exposition, '\n')) {
        if (!line.starts_with(metric + "{")) continue;
        bool all = true;
        for (const std::string& l : labels) all = all && line.find(l) != std::string::npos;
        if (!all) continue;
        sum = sum.value_or(0) + parseDouble(line.substr(line.rfind(' ') + 1)).value_or(0);
        ++n;
    }
    if (samples) *samples = n;
    return sum;
}

} // namespace

class TestServeCgroup : public QObject {
    Q_OBJECT

    std::string mount_;
    std::string busy_, idle_; // names relative to the mount
    ServeAgent agent_;
    bool made_ = false;

    std::string metrics() {
        auto res = agent_.get("/metrics");
        return res && res->status == 200 ? res->body : std::string();
    }

private slots:
    void initTestCase() {
        if (qEnvironmentVariable("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        if (geteuid() != 0) QSKIP("making cgroups and moving a task into one needs root");
        mount_ = cgroup2Mount();
        if (mount_.empty()) QSKIP("no cgroup v2 hierarchy is mounted (/proc/self/mounts has no cgroup2)");
        const std::string tag = "perfdash-test-" + std::to_string(getpid());
        busy_ = tag + "-busy";
        idle_ = tag + "-idle";
        QVERIFY2(QDir().mkdir(QString::fromStdString(mount_ + "/" + busy_)), (mount_ + "/" + busy_).c_str());
        QVERIFY2(QDir().mkdir(QString::fromStdString(mount_ + "/" + idle_)), (mount_ + "/" + idle_).c_str());
        made_ = true;
        // One cgroup by its name under the mount, the other by its absolute path: both label as the name.
        const std::string why = agent_.start({"-g", "SOFTWARE", "--interval", "200ms", "--cgroup",
                                              QString::fromStdString(busy_), "--cgroup",
                                              QString::fromStdString(mount_ + "/" + idle_)});
        QVERIFY2(why.empty(), why.c_str());
    }

    void cleanupTestCase() {
        if (agent_.port()) {
            std::string err;
            QCOMPARE(agent_.stop(err), 0);
        }
        if (made_) {
            // Every task of them has exited and been reaped: empty cgroups are removed with rmdir.
            QVERIFY(QDir().rmdir(QString::fromStdString(mount_ + "/" + busy_)));
            QVERIFY(QDir().rmdir(QString::fromStdString(mount_ + "/" + idle_)));
        }
    }

    // The agent's account of itself names the cgroups it counts, as its counts are labelled (the one given by
    // its absolute path too), so that a client describes the run as theirs, not as all processes.
    void infoNamesTheCgroupsCounted() {
        const auto res = agent_.get("/api/v1/info");
        QVERIFY(res && res->status == 200);
        const nlohmann::json info = nlohmann::json::parse(res->body, nullptr, false);
        QVERIFY2(info.is_object() && info.contains("cgroups"), res->body.c_str());
        QCOMPARE(info["cgroups"], nlohmann::json({busy_, idle_}));
    }

    void everyCgroupOnEveryCpu() {
        std::string text;
        int busySamples = 0, idleSamples = 0;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (std::chrono::steady_clock::now() < deadline) {
            text = metrics();
            sumOf(text, "perfdash_event_total", {"cgroup=\"" + busy_ + "\"", "event=\"task-clock\""}, &busySamples);
            sumOf(text, "perfdash_event_total", {"cgroup=\"" + idle_ + "\"", "event=\"task-clock\""}, &idleSamples);
            if (busySamples > 0 && idleSamples > 0) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        const int cpus = static_cast<int>(std::thread::hardware_concurrency());
        QVERIFY2(busySamples == cpus && idleSamples == cpus,
                 qPrintable(QString("expected a task-clock sample per CPU (%1) of each cgroup, got %2 and %3:\n%4")
                                .arg(cpus)
                                .arg(busySamples)
                                .arg(idleSamples)
                                .arg(QString::fromStdString(text))));
    }

    void aWorkloadInTheCgroupIsCounted() {
        int go[2];
        QVERIFY(::pipe(go) == 0);
        const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) { // only async-signal-safe calls until _exit
            ::close(go[1]);
            char c;
            if (::read(go[0], &c, 1) != 1) ::_exit(2);
            void* memory = ::mmap(nullptr, kPages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (memory == MAP_FAILED) ::_exit(3);
            ::madvise(memory, kPages * page, MADV_NOHUGEPAGE); // a fault per page
            for (size_t i = 0; i < kPages; ++i) static_cast<volatile char*>(memory)[i * page] = 1;
            ::_exit(0);
        }
        ::close(go[0]);
        {
            QFile procs(QString::fromStdString(mount_ + "/" + busy_ + "/cgroup.procs"));
            QVERIFY(procs.open(QIODevice::WriteOnly));
            QVERIFY(procs.write(QByteArray::number(child)) > 0);
        }
        QVERIFY(::write(go[1], "g", 1) == 1);
        ::close(go[1]);
        int status = 0;
        rusage usage{};
        QCOMPARE(::wait4(child, &status, 0, &usage), child);
        QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the workload failed");
        const double childFaults = static_cast<double>(usage.ru_minflt + usage.ru_majflt);
        QVERIFY(childFaults >= kPages);

        // The workload's faults reach the totals with the agent's next intervals.
        std::optional<double> faults;
        std::string text;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (std::chrono::steady_clock::now() < deadline) {
            text = metrics();
            faults = sumOf(text, "perfdash_event_total", {"cgroup=\"" + busy_ + "\"", "event=\"page-faults\""});
            if (faults && *faults >= kPages) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
        QVERIFY2(faults && *faults >= kPages,
                 qPrintable(QString("the cgroup's page faults %1 lack the %2 pages its workload touched")
                                .arg(faults.value_or(-1))
                                .arg(kPages)));
        QVERIFY2(*faults <= childFaults,
                 qPrintable(QString("the cgroup counted %1 page faults, more than its only task took (%2)")
                                .arg(*faults)
                                .arg(childFaults)));
        const auto taskClock = sumOf(text, "perfdash_event_total", {"cgroup=\"" + busy_ + "\"", "event=\"task-clock\""});
        QVERIFY2(taskClock && *taskClock > 0, "the busy cgroup's task-clock did not advance");
    }

    // No task ever ran in it: every CPU counted an exact 0, not "not counted".
    void theEmptyCgroupCountsZero() {
        const std::string text = metrics();
        for (const char* event : {"page-faults", "task-clock"}) {
            int samples = 0;
            const auto sum = sumOf(text, "perfdash_event_total",
                                   {"cgroup=\"" + idle_ + "\"", std::string("event=\"") + event + "\""}, &samples);
            QVERIFY2(sum && samples == static_cast<int>(std::thread::hardware_concurrency()), text.c_str());
            QCOMPARE(*sum, 0.0);
        }
    }

    // A real Prometheus scrapes the agent with the rules of 'prometheus-rules --cgroup' loaded. While a task
    // spins in the busy cgroup, its CPUs utilised per cgroup is above 0 and the empty one's is exactly 0, per
    // CPU and per cgroup: the rules kept the cgroups apart. A cgroup's value is its CPUs' sum at the same time.
    void perCgroupRulesEvaluateInPrometheus() {
        if (PrometheusServer::executable().isEmpty())
            QSKIP("prometheus is not installed (Debian package prometheus, packaging/debian-packages.txt)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString rules = dir.filePath("cgroup.rules.yml");
        QProcess generate;
        generate.start(qEnvironmentVariable("PERFDASH_CLI"),
                       {"prometheus-rules", "-g", "SOFTWARE", "--cgroup", "--window", "5s", "-o", rules});
        QVERIFY(generate.waitForFinished(60000));
        QVERIFY2(generate.exitCode() == 0, generate.readAllStandardError().constData());
        const QString config = dir.filePath("prometheus.yml");
        QVERIFY(writeScrapeConfig(config, {}, {QString("127.0.0.1:%1").arg(agent_.port())}, rules));

        const pid_t spinner = ::fork();
        QVERIFY(spinner >= 0);
        if (spinner == 0)
            for (;;) {} // killed below
        auto stopSpinning = qScopeGuard([&] {
            ::kill(spinner, SIGKILL);
            ::waitpid(spinner, nullptr, 0);
        });
        {
            QFile procs(QString::fromStdString(mount_ + "/" + busy_ + "/cgroup.procs"));
            QVERIFY(procs.open(QIODevice::WriteOnly));
            QVERIFY(procs.write(QByteArray::number(spinner)) > 0);
        }
        PrometheusServer prometheus;
        QVERIFY2(prometheus.start(config, dir.filePath("data")), prometheus.output().constData());
        const std::string unhealthy = prometheus.waitForHealthyRules(std::chrono::seconds(120));
        QVERIFY2(unhealthy.empty(), unhealthy.c_str());

        const std::string perCpu = "host_cgroup_cpu:perfdash_software_cpus_utilised:rate5s";
        const std::string perCgroup = "host_cgroup:perfdash_software_cpus_utilised:rate5s";
        const size_t cpus = std::thread::hardware_concurrency();
        // Both cgroups' newest values, from one evaluation of the rules (the per-CPU rules come before).
        std::map<std::string, double> cgroups;
        double at = 0;
        std::string last = "no answer";
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
        while (std::chrono::steady_clock::now() < deadline) {
            cgroups.clear();
            if (auto r = prometheus.query(perCgroup + "[1m]"); r && r->size() == 2) {
                last = r->dump();
                at = (*r)[0]["values"].back()[0].get<double>();
                for (const nlohmann::json& series : *r)
                    if (series["values"].back()[0].get<double>() == at)
                        cgroups[series["metric"]["cgroup"].get<std::string>()] =
                            std::stod(series["values"].back()[1].get<std::string>());
                if (cgroups.size() == 2 && cgroups[busy_] > 0) break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
        QVERIFY2(cgroups.size() == 2 && cgroups.contains(busy_) && cgroups.contains(idle_), last.c_str());
        auto valueOf = [](const nlohmann::json& series) { return std::stod(series["value"][1].get<std::string>()); };
        const auto perCpuSeries = prometheus.query(perCpu, at);
        QVERIFY(perCpuSeries);
        QCOMPARE(perCpuSeries->size(), 2 * cpus);
        for (const auto& [name, value] : cgroups) {
            double sum = 0;
            size_t cpusSeen = 0;
            for (const nlohmann::json& cpu : *perCpuSeries)
                if (cpu["metric"]["cgroup"] == name) {
                    sum += valueOf(cpu);
                    ++cpusSeen;
                    if (name == idle_) QCOMPARE(valueOf(cpu), 0.0);
                }
            QCOMPARE(cpusSeen, cpus);
            QVERIFY2(std::fabs(sum - value) <= 1e-9 * std::max(1.0, value),
                     qPrintable(QString("cgroup %1: %2, but its CPUs add up to %3")
                                    .arg(QString::fromStdString(name)).arg(value).arg(sum)));
        }
        qInfo("CPUs utilised per cgroup at %.3f: busy %g, idle %g", at, cgroups[busy_], cgroups[idle_]);
        QCOMPARE(cgroups[idle_], 0.0);
        QVERIFY2(cgroups[busy_] > 0, "the busy cgroup's CPUs utilised stayed 0 while a task spun in it");
    }

    void aMissingCgroupIsRefused() {
        QProcess p;
        p.start(qEnvironmentVariable("PERFDASH_CLI"),
                {"serve", "-e", "task-clock", "--listen", "127.0.0.1:0", "--cgroup", "perfdash-no-such-cgroup"});
        QVERIFY(p.waitForFinished(60000));
        const QString err = p.readAllStandardError();
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains("--cgroup perfdash-no-such-cgroup") && err.contains("No such file"), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestServeCgroup)
#include "test_serve_cgroup.moc"
