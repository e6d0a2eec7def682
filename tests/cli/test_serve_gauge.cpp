// A gauge through the agent: `perfdash-cli serve` counting a group with
// likwid's TMP0 (the core temperature) on a copy of the fixture tree
// tests/fixtures/likwid/sysfs-skx (coretemp: CPU 0's core at 46 °C, CPU 1's
// at 47 °C; --sysfs points the agent at it, as this VM has no hwmon), a real
// Prometheus (Debian's package) scraping its OpenMetrics, and the rules of
// `perfdash-cli prometheus-rules` for that group evaluated there. The
// readings are the fixture's, then one written here; nothing is measured
// from hardware. Everything is polled up to generous deadlines, so a busy
// machine makes the test slower, not wrong.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "PrometheusServer.h"
#include "ServeAgent.h"
#include "core/measurement/MachineContext.h"

using namespace perfdash;
using namespace perfdash::testing;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

namespace {

// The temperature beside a count, so that the exposition holds counters and a gauge.
constexpr const char* kGroup = "SHORT The core temperature beside the CPU time (test_serve_gauge)\n\n"
                               "EVENTSET\nTMP0        TEMP_CORE\nTASKCLOCK   task-clock\n\n"
                               "METRICS\nTemperature [C]  TMP0\nCPUs utilised  1.0E-09*TASKCLOCK/time\n";
const std::string kWindow = "10s";
const std::string kPerCpuRule = "host_cpu:perfdash_thermal_temperature_c:rate" + kWindow;
const std::string kPerHostRule = "host:perfdash_thermal_temperature_c:rate" + kWindow;

} // namespace

class TestServeGauge : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string sysfs_;
    ServeAgent agent_;
    PrometheusServer prometheus_;

    // The value of an instant query's only series, or nullopt (none yet, or several).
    std::optional<double> single(const std::string& promql) {
        auto result = prometheus_.query(promql);
        if (!result || result->size() != 1) return std::nullopt;
        return std::stod((*result)[0]["value"][1].get<std::string>());
    }

    // Polls `promql` until its only series reads `value`; the last value seen otherwise.
    std::string waitFor(const std::string& promql, double value) {
        std::optional<double> last;
        const auto deadline = Clock::now() + std::chrono::seconds(120);
        while (Clock::now() < deadline) {
            last = single(promql);
            if (last == value) return {};
            std::this_thread::sleep_for(std::chrono::milliseconds(250));
        }
        return promql + " never read " + std::to_string(value) + "; last " +
               (last ? std::to_string(*last) : std::string("no single series"));
    }

private slots:
    void initTestCase() {
        if (qEnvironmentVariable("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        if (PrometheusServer::executable().isEmpty())
            QSKIP("prometheus is not installed (Debian package prometheus, packaging/debian-packages.txt)");
        MachineContext host;
        if (!host.topology().ok() || host.topology()->hwThreads.size() < 2)
            QSKIP("needs two online CPUs (0 and 1) to count the fixture's two cores");
        QVERIFY(dir_.isValid());
        sysfs_ = dir_.path().toStdString() + "/sysfs";
        std::filesystem::copy(qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/likwid/sysfs-skx", sysfs_,
                              std::filesystem::copy_options::recursive);
        // The fixture is a Skylake-SP's tree: its groups and events are read as on that architecture.
        qputenv("PERFDASH_ARCH", "skylakeX");
        const QString group = dir_.filePath("THERMAL.txt");
        QFile file(group);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(kGroup) == qint64(std::strlen(kGroup)));
        file.close();
        const std::string why = agent_.start(
            {"-g", group, "-c", "0-1", "--interval", "1s", "--sysfs", QString::fromStdString(sysfs_)});
        QVERIFY2(why.empty(), why.c_str());

        const std::string scraping = startScrapingAgent(prometheus_, dir_.path(), agent_.port(), group, kWindow);
        QVERIFY2(scraping.empty(), scraping.c_str());
    }

    void cleanupTestCase() {
        prometheus_.stop();
        std::string err;
        if (agent_.port()) QCOMPARE(agent_.stop(err), 0);
    }

    // OpenMetrics as Prometheus asks for it: a gauge family with its unit, each CPU's reading, no count of it.
    void theAgentServesTheReadingsAsAGauge() {
        std::string body;
        const auto deadline = Clock::now() + std::chrono::seconds(60);
        while (Clock::now() < deadline) {
            auto res = agent_.get("/metrics", {{"Accept", "application/openmetrics-text; version=1.0.0"}});
            QVERIFY(res && res->status == 200);
            body = res->body;
            if (body.find("perfdash_reading_celsius{") != std::string::npos) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
        QVERIFY2(body.find("# TYPE perfdash_reading_celsius gauge\n# UNIT perfdash_reading_celsius celsius\n") !=
                     std::string::npos,
                 body.c_str());
        QCOMPARE(sampleValue(body, "perfdash_reading_celsius", {"cpu=\"0\"", "counter=\"TMP0\""}).value_or(-1), 46.0);
        QCOMPARE(sampleValue(body, "perfdash_reading_celsius", {"cpu=\"1\"", "counter=\"TMP0\""}).value_or(-1), 47.0);
        QVERIFY2(!sampleValue(body, "perfdash_event_total", {"counter=\"TMP0\""}), body.c_str());
        QVERIFY2(!sampleValue(body, "perfdash_multiplex_enabled_seconds_total", {"counter=\"TMP0\""}), body.c_str());
        QVERIFY2(sampleValue(body, "perfdash_event_total", {"cpu=\"0\"", "counter=\"TASKCLOCK\""}), body.c_str());
    }

    // Prometheus scrapes it (a target it could not parse would be down), and the temperature's rule is the
    // window's last reading: per CPU, and the CPUs' average per host, following a new reading.
    void theRuleIsTheLatestReading() {
        const std::string unhealthy = prometheus_.waitForHealthyRules(std::chrono::seconds(120));
        QVERIFY2(unhealthy.empty(), unhealthy.c_str());
        std::string why = waitFor(kPerHostRule, (46.0 + 47.0) / 2);
        QVERIFY2(why.empty(), why.c_str());

        // CPU 1's core warms up: its sensor file replaced whole, so that no read sees half of it.
        const std::string input = sysfs_ + "/class/hwmon/hwmon0/temp6_input";
        std::ofstream(input + ".new", std::ios::trunc) << "52500\n";
        std::filesystem::rename(input + ".new", input);
        why = waitFor(kPerHostRule, (46.0 + 52.5) / 2);
        QVERIFY2(why.empty(), why.c_str());
        why = waitFor(kPerCpuRule + "{cpu=\"1\"}", 52.5);
        QVERIFY2(why.empty(), why.c_str());
        QCOMPARE(single(kPerCpuRule + "{cpu=\"0\"}").value_or(-1), 46.0);
        QCOMPARE(single("perfdash_reading_celsius{cpu=\"1\",counter=\"TMP0\"}").value_or(-1), 52.5);
    }
};

QTEST_GUILESS_MAIN(TestServeGauge)
#include "test_serve_gauge.moc"
