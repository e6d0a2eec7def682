// A real Prometheus (Debian's package) scrapes `perfdash-cli serve` over
// loopback, with the rules of `perfdash-cli prometheus-rules` loaded: what
// Prometheus stored is what the agent served, a workload's page faults are
// in it, and the recording rules evaluate (CPUs utilised of the SOFTWARE
// group: on a CPU counted system-wide, task-clock advances one second per
// second). Both programs run on free ports chosen here, Prometheus's data in
// a temporary directory; everything is polled up to generous deadlines, so
// a busy machine makes the test slower, not wrong. The agent requires a
// token, which Prometheus sends from its credentials file.
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <sched.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <thread>

#include <nlohmann/json.hpp>

#include "PrometheusServer.h"
#include "ServeAgent.h"

using namespace perfdash;
using namespace perfdash::testing;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

namespace {

const std::string kFaultsOfCpu0 = "perfdash_event_total{event=\"page-faults\",group=\"custom\",cpu=\"0\"}";
const std::string kRulesWindow = "20s";
// The agent requires it, and Prometheus sends it from its credentials file, as the README sets them up.
const std::string kToken = "prometheus-test-token";

double nowSeconds() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

struct Sample {
    double t;
    double value;
};

// A served reading of the page faults of CPU 0, with when it was asked for and when it came.
struct Served {
    double sent;
    double received;
    double value;
};

} // namespace

class TestServePrometheus : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    ServeAgent agent_;
    PrometheusServer prometheus_;

    std::optional<json> api(const std::string& path, const httplib::Params& params) {
        return prometheus_.api(path, params);
    }

    // The result of an instant query (at `time` if given), or nullopt.
    std::optional<json> query(const std::string& promql, std::optional<double> time = std::nullopt) {
        httplib::Params params{{"query", promql}};
        if (time) params.emplace("time", std::to_string(*time));
        auto data = api("/api/v1/query", params);
        if (!data) return std::nullopt;
        return (*data)["result"];
    }

    // Every sample of one series from its range selector.
    std::vector<Sample> stored(const std::string& selector) {
        std::vector<Sample> out;
        auto result = query(selector + "[10m]");
        if (!result || result->size() != 1) return out;
        for (const json& v : (*result)[0]["values"]) out.push_back({v[0].get<double>(), std::stod(v[1].get<std::string>())});
        return out;
    }

    std::optional<Served> served() {
        const double sent = nowSeconds();
        auto res = agent_.get("/metrics", {{"Authorization", "Bearer " + kToken}});
        if (!res || res->status != 200) return std::nullopt;
        auto v = sampleValue(res->body, "perfdash_event_total",
                             {"cpu=\"0\"", "group=\"custom\"", "event=\"page-faults\""});
        if (!v) return std::nullopt;
        return Served{sent, nowSeconds(), *v};
    }

private slots:
    void initTestCase() {
        if (qEnvironmentVariable("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        if (PrometheusServer::executable().isEmpty())
            QSKIP("prometheus is not installed (Debian package prometheus, packaging/debian-packages.txt)");
        QVERIFY(dir_.isValid());
        const QString token = dir_.filePath("token");
        QVERIFY(writePrivateFile(token, QByteArray::fromStdString(kToken)));
        const std::string why = agent_.start(
            {"-g", "SOFTWARE", "-e", "page-faults,task-clock", "--interval", "1s", "--token-file", token});
        QVERIFY2(why.empty(), why.c_str());

        const QString rules = dir_.filePath("perfdash.rules.yml");
        QProcess generate;
        generate.start(qEnvironmentVariable("PERFDASH_CLI"),
                       {"prometheus-rules", "-g", "SOFTWARE", "--window", QString::fromStdString(kRulesWindow), "-o",
                        rules});
        QVERIFY(generate.waitForFinished(60000));
        QVERIFY2(generate.exitCode() == 0, generate.readAllStandardError().constData());

        const QString config = dir_.filePath("prometheus.yml");
        QVERIFY(writeScrapeConfig(config, token, {QString("127.0.0.1:%1").arg(agent_.port())}, rules));
        QVERIFY2(prometheus_.start(config, dir_.filePath("data")), prometheus_.output().constData());
    }

    void cleanupTestCase() {
        prometheus_.stop();
        std::string err;
        if (agent_.port()) QCOMPARE(agent_.stop(err), 0);
    }

    // Prometheus negotiates OpenMetrics; a target whose answer it could not parse is down with the error.
    void theAgentIsUp() {
        std::string last;
        const auto deadline = Clock::now() + std::chrono::seconds(120);
        while (Clock::now() < deadline) {
            if (auto targets = api("/api/v1/targets", {}); targets && !(*targets)["activeTargets"].empty()) {
                const json& t = (*targets)["activeTargets"][0];
                last = t.dump();
                if (t.value("health", "") == "up") return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(250));
        }
        QFAIL(("the agent's target never came up: " + last).c_str());
    }

    // Every sample Prometheus stored lies between what the agent served
    // before it and after it, and samples equal a value the agent served:
    // the agent holds each value for a second and is read here every 100 ms.
    void storedIsWhatWasServed() {
        std::vector<Served> readings;
        std::vector<Sample> samples;
        const auto deadline = Clock::now() + std::chrono::seconds(180);
        auto lastQuery = Clock::now();
        while (Clock::now() < deadline) {
            if (auto r = served()) readings.push_back(*r);
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            if (Clock::now() - lastQuery < std::chrono::seconds(1) || readings.empty()) continue;
            lastQuery = Clock::now();
            samples = stored(kFaultsOfCpu0);
            std::erase_if(samples, [&](const Sample& s) { return s.t <= readings.front().received; });
            if (samples.size() >= 5) break;
        }
        QVERIFY2(samples.size() >= 5, "Prometheus did not store 5 samples of the agent's page faults");
        const std::optional<Served> last = served(); // after every sample was stored: an upper bound for all
        QVERIFY(last);
        size_t equal = 0;
        for (const Sample& s : samples) {
            double lower = 0;
            for (const Served& r : readings)
                if (r.received < s.t) lower = std::max(lower, r.value);
            QVERIFY2(lower <= s.value && s.value <= last->value,
                     qPrintable(QString("stored %1 at %2 is outside what the agent served around it: [%3, %4]")
                                    .arg(s.value, 0, 'f', 0)
                                    .arg(s.t, 0, 'f', 3)
                                    .arg(lower, 0, 'f', 0)
                                    .arg(last->value, 0, 'f', 0)));
            for (const Served& r : readings)
                if (r.value == s.value) {
                    ++equal;
                    break;
                }
        }
        QVERIFY2(equal > 0, "no sample Prometheus stored equals a value the agent served");
    }

    // Pinned to CPU 0, this thread takes N page faults (getrusage counts
    // them exactly); the increase Prometheus stores for CPU 0 holds them.
    void aWorkloadsPageFaultsAreStored() {
        cpu_set_t cpu0;
        CPU_ZERO(&cpu0);
        CPU_SET(0, &cpu0);
        QVERIFY(sched_setaffinity(0, sizeof cpu0, &cpu0) == 0);
        const std::vector<Sample> before = stored(kFaultsOfCpu0);
        QVERIFY(!before.empty());
        const double baseline = before.back().value;

        constexpr size_t kPages = 20000;
        const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
        rusage usage{};
        getrusage(RUSAGE_THREAD, &usage);
        const long faultsBefore = usage.ru_minflt;
        void* memory = mmap(nullptr, kPages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        QVERIFY(memory != MAP_FAILED);
        madvise(memory, kPages * page, MADV_NOHUGEPAGE); // one fault per page, not per 2 MiB
        for (size_t i = 0; i < kPages; ++i) static_cast<volatile char*>(memory)[i * page] = 1;
        getrusage(RUSAGE_THREAD, &usage);
        munmap(memory, kPages * page);
        const double faults = static_cast<double>(usage.ru_minflt - faultsBefore);
        QVERIFY2(faults >= kPages, qPrintable(QString("only %1 faults for %2 pages").arg(faults).arg(kPages)));

        double increase = 0;
        const auto deadline = Clock::now() + std::chrono::seconds(120);
        while (Clock::now() < deadline && increase < faults) {
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            if (auto now = stored(kFaultsOfCpu0); !now.empty()) increase = now.back().value - baseline;
        }
        QVERIFY2(increase >= faults, qPrintable(QString("Prometheus stored an increase of %1 page faults on CPU 0; "
                                                        "the workload alone took %2 there")
                                                    .arg(increase)
                                                    .arg(faults)));
    }

    void recordingRulesEvaluate() {
        // Every rule of the file loaded and evaluates without error.
        std::string last;
        const auto deadline = Clock::now() + std::chrono::seconds(120);
        bool healthy = false;
        while (Clock::now() < deadline && !healthy) {
            if (auto rules = api("/api/v1/rules", {}); rules && !(*rules)["groups"].empty()) {
                last = rules->dump();
                healthy = true;
                for (const json& rule : (*rules)["groups"][0]["rules"])
                    healthy = healthy && rule.value("health", "") == "ok";
            }
            if (!healthy) std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
        QVERIFY2(healthy, last.c_str());

        // Per CPU, CPUs utilised is 1: task-clock counted on a whole CPU advances a second per second. The
        // agent's totals move in steps of its interval (1 s), so the first and last scrape of the 20 s window
        // can each be off by one step: a tolerance of 2 s in 20 s.
        const std::string perCpu = "host_cpu:perfdash_software_cpus_utilised:rate" + kRulesWindow;
        const std::string perHost = "host:perfdash_software_cpus_utilised:rate" + kRulesWindow;
        std::optional<json> hostResult;
        const auto ruleDeadline = Clock::now() + std::chrono::seconds(120);
        while (Clock::now() < ruleDeadline) {
            hostResult = query(perHost + "[1m]");
            // Values of a full window: the rate over fewer than 20 s of a staircase is rougher.
            if (hostResult && hostResult->size() == 1 && (*hostResult)[0]["values"].size() >= 25) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
        QVERIFY2(hostResult && hostResult->size() == 1 && (*hostResult)[0]["values"].size() >= 25,
                 "the per-host rule recorded no full window of values");
        const json& newest = (*hostResult)[0]["values"].back();
        const double at = newest[0].get<double>(), hostValue = std::stod(newest[1].get<std::string>());
        // Rules of one group evaluate at one timestamp: the per-CPU series recorded then add up to the host's.
        auto cpus = query(perCpu, at);
        QVERIFY(cpus && !cpus->empty());
        double sum = 0;
        for (const json& cpu : *cpus) {
            QCOMPARE(cpu["value"][0].get<double>(), at);
            const double v = std::stod(cpu["value"][1].get<std::string>());
            QVERIFY2(std::fabs(v - 1.0) <= 2.0 / 20,
                     qPrintable(QString("CPUs utilised of CPU %1 is %2, not 1")
                                    .arg(QString::fromStdString(cpu["metric"]["cpu"].get<std::string>()))
                                    .arg(v)));
            sum += v;
        }
        QVERIFY2(std::fabs(sum - hostValue) <= 1e-9 * hostValue,
                 qPrintable(QString("the host's CPUs utilised %1 is not its CPUs' sum %2").arg(hostValue).arg(sum)));
        auto info = agent_.get("/api/v1/info", {{"Authorization", "Bearer " + kToken}});
        QVERIFY(info);
        QCOMPARE(cpus->size(), json::parse(info->body)["cpus"].size());
    }
};

QTEST_GUILESS_MAIN(TestServePrometheus)
#include "test_serve_prometheus.moc"
