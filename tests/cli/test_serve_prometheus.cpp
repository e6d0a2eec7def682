// A real Prometheus (Debian's package) scrapes `perfdash-cli serve` over
// loopback, with the rules of `perfdash-cli prometheus-rules` loaded: what
// Prometheus stored is what the agent served, a workload's page faults as
// stored equal the agent's own count of them within 1 %, and the recording
// rules evaluate (CPUs utilised of the SOFTWARE
// group: on a CPU counted system-wide, task-clock advances one second per
// second). Both programs run on free ports chosen here, Prometheus's data in
// a temporary directory; everything is polled up to generous deadlines, so
// a busy machine makes the test slower, not wrong. The agent requires a
// token, which Prometheus sends from its credentials file.
#include <QFile>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <sched.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <atomic>
#include <cstdint>
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
const std::string kEnabledOfFaultsOfCpu0 =
    "perfdash_multiplex_enabled_seconds_total{event=\"page-faults\",group=\"custom\",cpu=\"0\"}";
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

    std::optional<json> query(const std::string& promql, std::optional<double> time = std::nullopt) {
        return prometheus_.query(promql, time);
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

        const std::string scraping = startScrapingAgent(prometheus_, dir_.path(), agent_.port(), "SOFTWARE", kRulesWindow, token);
        QVERIFY2(scraping.empty(), scraping.c_str());
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
    // them exactly). The increase Prometheus stores for CPU 0 across them must
    // equal, within 1 %, the agent's own count of the same intervals: its
    // /api/v1/stream lines for CPU 0, summed from the interval after the
    // first stored sample to the interval of the second. Intervals are
    // matched by the agent's own time, not by clocks: a stored sample's
    // perfdash_multiplex_enabled_seconds_total (the same scrape) is the time
    // counted up to the last interval in that scrape, which is the stream's
    // `t` of that interval. The agent adds an interval to its totals before
    // it streams it, so a scrape that starts after a line came holds that
    // interval: every interval between the two samples is in the stream.
    void aWorkloadsPageFaultsEqualTheAgentsCount() {
        const httplib::Headers authorized{{"Authorization", "Bearer " + kToken}};
        StreamClient stream;
        std::atomic<bool> stop{false};
        std::thread reader([&] { stream.read(agent_.port(), "/api/v1/stream", authorized, SIZE_MAX, &stop); });
        auto stopReading = qScopeGuard([&] {
            stop = true;
            reader.join(); // the agent writes a line a second: the reader sees `stop` then
        });
        const auto deadline = Clock::now() + std::chrono::seconds(180);
        while (Clock::now() < deadline && stream.received == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        QVERIFY2(stream.received > 0, qPrintable(QString("no stream line from the agent (status %1)")
                                                     .arg(stream.status.load())));
        const double firstLineCame = nowSeconds();

        // The first stored sample: the newest one scraped after the first line came.
        std::vector<Sample> before;
        while (Clock::now() < deadline && (before.empty() || before.back().t <= firstLineCame)) {
            std::this_thread::sleep_for(std::chrono::milliseconds(250));
            before = stored(kFaultsOfCpu0);
        }
        QVERIFY2(!before.empty() && before.back().t > firstLineCame,
                 "Prometheus stored no sample of the agent's page faults after the stream began");
        const Sample first = before.back();

        cpu_set_t cpu0;
        CPU_ZERO(&cpu0);
        CPU_SET(0, &cpu0);
        QVERIFY(sched_setaffinity(0, sizeof cpu0, &cpu0) == 0);
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

        // The second stored sample: the first one whose increase holds the workload's faults.
        std::optional<Sample> second;
        while (Clock::now() < deadline && !second) {
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            for (const Sample& s : stored(kFaultsOfCpu0))
                if (s.t > first.t && s.value - first.value >= faults) {
                    second = s;
                    break;
                }
        }
        QVERIFY2(second, qPrintable(QString("Prometheus never stored an increase of the %1 page faults the workload "
                                            "took on CPU 0").arg(faults)));
        // Each sample's time counted, from the same scrapes.
        std::optional<double> firstCounted, secondCounted;
        for (const Sample& s : stored(kEnabledOfFaultsOfCpu0)) {
            if (s.t == first.t) firstCounted = s.value;
            if (s.t == second->t) secondCounted = s.value;
        }
        QVERIFY2(firstCounted && secondCounted, "Prometheus has no enabled seconds from the same scrapes");
        // The line of the second sample's interval, and two more, so that it has surely been read.
        auto lineAt = [&](double counted) {
            for (size_t i = 0; i < stream.lines.size(); ++i)
                if (const auto& t = stream.lines[i]["t"]; t.is_number() && std::fabs(t.get<double>() - counted) < 1e-3)
                    return std::optional<size_t>(i);
            return std::optional<size_t>();
        };
        const size_t wanted = stream.received + 3;
        while (Clock::now() < deadline && stream.received < wanted)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        stopReading.dismiss();
        stop = true;
        reader.join();
        const auto from = lineAt(*firstCounted), to = lineAt(*secondCounted);
        QVERIFY2(from && to && *from < *to,
                 qPrintable(QString("the stream (%1 lines from t = %2 s) has no interval that ends at %3 s or %4 s "
                                    "counted")
                                .arg(stream.lines.size())
                                .arg(QString::fromStdString(stream.lines.empty() ? "?" : stream.lines.front()["t"].dump()))
                                .arg(*firstCounted)
                                .arg(*secondCounted)));
        double own = 0;
        for (size_t i = *from + 1; i <= *to; ++i) {
            const double v = streamValue(stream.lines[i], "custom", "page-faults", 0);
            QVERIFY2(v >= 0, qPrintable(QString("stream line %1 has no page faults of CPU 0").arg(i)));
            own += v;
        }
        const double increase = second->value - first.value;
        qInfo("page faults on CPU 0 from %.3f s to %.3f s counted: Prometheus stored an increase of %.0f, the agent's "
              "stream counted %.0f in %zu intervals; the workload took %.0f",
              *firstCounted, *secondCounted, increase, own, *to - *from, faults);
        QVERIFY2(std::fabs(increase - own) <= 0.01 * own,
                 qPrintable(QString("Prometheus stored an increase of %1 page faults on CPU 0 from %2 s to %3 s "
                                    "counted; the agent's stream counted %4 in those intervals (the workload took %5)")
                                .arg(increase, 0, 'f', 0)
                                .arg(*firstCounted)
                                .arg(*secondCounted)
                                .arg(own, 0, 'f', 0)
                                .arg(faults)));
    }

    void recordingRulesEvaluate() {
        // Every rule of the file loaded and evaluates without error.
        const std::string unhealthy = prometheus_.waitForHealthyRules(std::chrono::seconds(120));
        QVERIFY2(unhealthy.empty(), unhealthy.c_str());

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
