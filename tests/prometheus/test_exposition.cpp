// The /metrics text of `perfdash-cli serve`: the exact OpenMetrics and
// Prometheus 0.0.4 text for fixture totals (names, labels and their escapes,
// units, coverage, an event never counted has no sample; a gauge's latest
// reading, never summed), and promtool's verdict on it.
#include <QtTest>

#include <cmath>

#include "PromTool.h"
#include "core/prometheus/Exposition.h"

using namespace perfdash;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

EventResult countedEvent(std::string counter, std::string name, std::string unit, std::vector<CountValue> perLocation) {
    EventResult e;
    e.counter = std::move(counter);
    e.event = std::move(name);
    e.unit = std::move(unit);
    e.counted = true;
    e.perLocation = std::move(perLocation);
    return e;
}

// Two intervals of two CPUs: page faults (CPU 3 not counted in the first,
// its counter not on the PMU), an energy event with a unit (multiplexed half
// the time in the first), and cycles, never counted.
CounterTotals fixtureTotals(const std::string& groupName) {
    auto interval = [&](double dt, std::vector<CountValue> faults, std::vector<CountValue> energy) {
        IntervalResult i;
        i.dt = dt;
        GroupResult g;
        g.name = groupName;
        g.events = {countedEvent("FAULTS", "page-faults", "", std::move(faults)),
                    countedEvent("ENERGY", "power/energy-pkg/", "Joules", std::move(energy)),
                    countedEvent("PMC0", "cycles", "", {{kNaN, kNaN}, {kNaN, kNaN}})};
        i.groups = {g};
        return i;
    };
    CounterTotals totals;
    totals.add(interval(0.5, {{10, 1}, {kNaN, 0}}, {{1.5, 0.5}, {2.25, 0.5}}));
    totals.add(interval(1.5, {{5, 1}, {7, 1}}, {{0.5, 1}, {1, 1}}));
    return totals;
}

// One second of the SOFTWARE group with one event.
IntervalResult softwareInterval(EventResult event) {
    IntervalResult i;
    i.dt = 1;
    GroupResult g;
    g.name = "SOFTWARE";
    g.events = {std::move(event)};
    i.groups = {g};
    return i;
}

// likwid's TMP0 as the gauge backend delivers it: a reading per CPU in °C, not a count.
EventResult temperature(std::vector<CountValue> readings) {
    EventResult e = countedEvent("TMP0", "hwmon/coretemp/core_temperature/", "°C", std::move(readings));
    e.gauge = true;
    return e;
}

// Two intervals of an ENERGY-like group on two CPUs: page faults counted, and
// the core temperature read. The readings are those of the fixture tree
// tests/fixtures/likwid/sysfs-skx (Core 0 46 °C, Core 4 47 °C), then CPU 0's
// sensor 46.5 °C and CPU 3's unreadable in the second interval.
CounterTotals totalsWithGauge() {
    auto interval = [](std::vector<CountValue> faults, std::vector<CountValue> readings) {
        IntervalResult i;
        i.dt = 1;
        GroupResult g;
        g.name = "THERMAL";
        g.events = {countedEvent("FAULTS", "page-faults", "", std::move(faults)), temperature(std::move(readings))};
        i.groups = {g};
        return i;
    };
    CounterTotals totals;
    totals.add(interval({{10, 1}, {20, 1}}, {{46, 1}, {47, 1}}));
    totals.add(interval({{5, 1}, {7, 1}}, {{46.5, 1}, {kNaN, kNaN}}));
    return totals;
}

std::vector<CpuLabels> fixtureLocations() {
    CpuLabels first;
    first.cpu = 0;
    first.socket = 0;
    first.numaNode = 0;
    CpuLabels second;
    second.cpu = 3;
    second.socket = 1;
    return {first, second};
}

} // namespace

class TestExposition : public QObject {
    Q_OBJECT

private slots:
    void openMetricsTextIsExact() {
        const CounterTotals totals = fixtureTotals("my\"group\\x\ny");
        const std::string text = formatExposition({"node-1", fixtureLocations(), totals}, ExpositionFormat::OpenMetrics);
        const std::string labels0 = "host=\"node-1\",cpu=\"0\",socket=\"0\",numa_node=\"0\",group=\"my\\\"group\\\\x\\ny\"";
        const std::string labels3 = "host=\"node-1\",cpu=\"3\",socket=\"1\",group=\"my\\\"group\\\\x\\ny\"";
        const std::string faults = ",counter=\"FAULTS\",event=\"page-faults\"}";
        const std::string energy = ",counter=\"ENERGY\",event=\"power/energy-pkg/\"}";
        const std::string expected =
            "# TYPE perfdash_event counter\n"
            "# HELP perfdash_event Events counted since the agent started, per CPU, scaled for multiplexing\n"
            "perfdash_event_total{" + labels0 + faults + " 15\n"
            "perfdash_event_total{" + labels3 + faults + " 7\n"
            "# TYPE perfdash_event_joules counter\n"
            "# UNIT perfdash_event_joules joules\n"
            "# HELP perfdash_event_joules Events counted since the agent started, per CPU, scaled for "
            "multiplexing, in joules\n"
            "perfdash_event_joules_total{" + labels0 + energy + " 2\n"
            "perfdash_event_joules_total{" + labels3 + energy + " 3.25\n"
            "# TYPE perfdash_multiplex_enabled_seconds counter\n"
            "# UNIT perfdash_multiplex_enabled_seconds seconds\n"
            "# HELP perfdash_multiplex_enabled_seconds Seconds each event was enabled for counting since the "
            "agent started\n"
            "perfdash_multiplex_enabled_seconds_total{" + labels0 + faults + " 2\n"
            "perfdash_multiplex_enabled_seconds_total{" + labels3 + faults + " 2\n"
            "perfdash_multiplex_enabled_seconds_total{" + labels0 + energy + " 2\n"
            "perfdash_multiplex_enabled_seconds_total{" + labels3 + energy + " 2\n"
            "# TYPE perfdash_multiplex_running_seconds counter\n"
            "# UNIT perfdash_multiplex_running_seconds seconds\n"
            "# HELP perfdash_multiplex_running_seconds Seconds each event was on a hardware counter; running / "
            "enabled is its multiplexing coverage\n"
            "perfdash_multiplex_running_seconds_total{" + labels0 + faults + " 2\n"
            "perfdash_multiplex_running_seconds_total{" + labels3 + faults + " 1.5\n"
            "perfdash_multiplex_running_seconds_total{" + labels0 + energy + " 1.75\n"
            "perfdash_multiplex_running_seconds_total{" + labels3 + energy + " 1.75\n"
            "# EOF\n";
        QCOMPARE(QString::fromStdString(text), QString::fromStdString(expected));
    }

    void prometheusTextIsExact() {
        CounterTotals totals;
        const IntervalResult i = softwareInterval(countedEvent("TASKCLOCK", "task-clock", "", {{1e9, 1}}));
        totals.add(i);
        totals.add(i);
        CpuLabels cpu;
        cpu.cpu = 1;
        const std::string text = formatExposition({"h", {cpu}, totals}, ExpositionFormat::PrometheusText);
        const std::string labels = "{host=\"h\",cpu=\"1\",group=\"SOFTWARE\",counter=\"TASKCLOCK\",event=\"task-clock\"}";
        const std::string expected =
            "# TYPE perfdash_event_total counter\n"
            "# HELP perfdash_event_total Events counted since the agent started, per CPU, scaled for multiplexing\n"
            "perfdash_event_total" + labels + " 2000000000\n"
            "# TYPE perfdash_multiplex_enabled_seconds_total counter\n"
            "# HELP perfdash_multiplex_enabled_seconds_total Seconds each event was enabled for counting since the "
            "agent started\n"
            "perfdash_multiplex_enabled_seconds_total" + labels + " 2\n"
            "# TYPE perfdash_multiplex_running_seconds_total counter\n"
            "# HELP perfdash_multiplex_running_seconds_total Seconds each event was on a hardware counter; "
            "running / enabled is its multiplexing coverage\n"
            "perfdash_multiplex_running_seconds_total" + labels + " 2\n";
        QCOMPARE(QString::fromStdString(text), QString::fromStdString(expected));
        QCOMPARE(contentType(ExpositionFormat::PrometheusText), "text/plain; version=0.0.4; charset=utf-8");
        QCOMPARE(contentType(ExpositionFormat::OpenMetrics),
                 "application/openmetrics-text; version=1.0.0; charset=utf-8");
    }

    // A hybrid CPU's core type and a cgroup (serve --cgroup) label their locations; promtool accepts them.
    void coreTypeAndCgroupLabels() {
        CounterTotals totals;
        totals.add(softwareInterval(countedEvent("FAULTS", "page-faults", "", {{3, 1}, {4, 1}})));
        CpuLabels pCore;
        pCore.cpu = 0;
        pCore.coreType = "cpu_core";
        pCore.cgroup = "jobs/42";
        CpuLabels eCore = pCore;
        eCore.cpu = 16;
        eCore.coreType = "cpu_atom";
        const std::string text = formatExposition({"h", {pCore, eCore}, totals}, ExpositionFormat::PrometheusText);
        const std::string tail = ",group=\"SOFTWARE\",counter=\"FAULTS\",event=\"page-faults\"}";
        QVERIFY2(text.find("perfdash_event_total{host=\"h\",cpu=\"0\",core_type=\"cpu_core\",cgroup=\"jobs/42\"" +
                           tail + " 3\n") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("perfdash_event_total{host=\"h\",cpu=\"16\",core_type=\"cpu_atom\",cgroup=\"jobs/42\"" +
                           tail + " 4\n") != std::string::npos,
                 text.c_str());
        if (testing::promtoolPath().isEmpty())
            QSKIP("promtool is not installed (Debian package prometheus, packaging/debian-packages.txt)");
        const testing::PromToolRun run = testing::promtool({"check", "metrics"}, text);
        QVERIFY2(run.ran && run.exitCode == 0, run.output.c_str());
    }

    // A gauge is its own family: TYPE gauge, no _total, its unit in Prometheus's base unit, the latest
    // interval's reading (not a sum of readings), no sample where that interval had none, no coverage.
    void gaugeIsTheLatestReading() {
        const CounterTotals totals = totalsWithGauge();
        const std::string labels0 = "{host=\"h\",cpu=\"0\",socket=\"0\",numa_node=\"0\",group=\"THERMAL\"";
        const std::string labels3 = "{host=\"h\",cpu=\"3\",socket=\"1\",group=\"THERMAL\"";
        const std::string faults = ",counter=\"FAULTS\",event=\"page-faults\"}";
        const std::string temp = ",counter=\"TMP0\",event=\"hwmon/coretemp/core_temperature/\"}";
        const std::string countsHelp = "Events counted since the agent started, per CPU, scaled for multiplexing\n";
        const std::string gaugeHelp =
            "The latest reading of each gauge event (a value now, not a count), per CPU, in celsius\n";
        const std::string enabledHelp = "Seconds each event was enabled for counting since the agent started\n";
        const std::string runningHelp =
            "Seconds each event was on a hardware counter; running / enabled is its multiplexing coverage\n";
        const std::string openMetrics =
            "# TYPE perfdash_event counter\n"
            "# HELP perfdash_event " + countsHelp +
            "perfdash_event_total" + labels0 + faults + " 15\n"
            "perfdash_event_total" + labels3 + faults + " 27\n"
            "# TYPE perfdash_multiplex_enabled_seconds counter\n"
            "# UNIT perfdash_multiplex_enabled_seconds seconds\n"
            "# HELP perfdash_multiplex_enabled_seconds " + enabledHelp +
            "perfdash_multiplex_enabled_seconds_total" + labels0 + faults + " 2\n"
            "perfdash_multiplex_enabled_seconds_total" + labels3 + faults + " 2\n"
            "# TYPE perfdash_multiplex_running_seconds counter\n"
            "# UNIT perfdash_multiplex_running_seconds seconds\n"
            "# HELP perfdash_multiplex_running_seconds " + runningHelp +
            "perfdash_multiplex_running_seconds_total" + labels0 + faults + " 2\n"
            "perfdash_multiplex_running_seconds_total" + labels3 + faults + " 2\n"
            "# TYPE perfdash_reading_celsius gauge\n"
            "# UNIT perfdash_reading_celsius celsius\n"
            "# HELP perfdash_reading_celsius " + gaugeHelp +
            "perfdash_reading_celsius" + labels0 + temp + " 46.5\n"
            "# EOF\n";
        const std::string exposed = formatExposition({"h", fixtureLocations(), totals}, ExpositionFormat::OpenMetrics);
        QCOMPARE(QString::fromStdString(exposed), QString::fromStdString(openMetrics));
        // Prometheus 0.0.4: the same gauge family, without UNIT (that format has none).
        const std::string text = formatExposition({"h", fixtureLocations(), totals}, ExpositionFormat::PrometheusText);
        const std::string gaugeFamily = "# TYPE perfdash_reading_celsius gauge\n"
                                        "# HELP perfdash_reading_celsius " + gaugeHelp +
                                        "perfdash_reading_celsius" + labels0 + temp + " 46.5\n";
        QVERIFY2(text.ends_with(gaugeFamily), text.c_str());
        QVERIFY2(text.find("perfdash_event_total" + labels3 + faults + " 27\n") != std::string::npos, text.c_str());
    }

    // A gauge without a unit has the family without a unit suffix.
    void gaugeWithoutUnit() {
        CounterTotals totals;
        EventResult reading = temperature({{3, 1}});
        reading.unit.clear();
        totals.add(softwareInterval(reading));
        CpuLabels cpu;
        cpu.cpu = 2;
        const std::string text = formatExposition({"h", {cpu}, totals}, ExpositionFormat::OpenMetrics);
        QVERIFY2(text.find("# TYPE perfdash_reading gauge\n# HELP perfdash_reading The latest reading of each gauge "
                           "event (a value now, not a count), per CPU\nperfdash_reading{host=\"h\",cpu=\"2\","
                           "group=\"SOFTWARE\",counter=\"TMP0\",event=\"hwmon/coretemp/core_temperature/\"} 3\n"
                           "# EOF\n") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("# UNIT perfdash_reading") == std::string::npos, text.c_str());
    }

    void namesAndLabelValuesAreSanitised() {
        QCOMPARE(metricNameFragment("Page faults [1/s]"), std::string("page_faults_1_s"));
        QCOMPARE(metricNameFragment("  L2 -> L1 bandwidth [MBytes/s] "), std::string("l2_l1_bandwidth_mbytes_s"));
        QCOMPARE(metricNameFragment("Joules"), std::string("joules"));
        QCOMPARE(metricNameFragment("ünit"), std::string("nit"));
        QCOMPARE(escapeLabelValue("a\\b\"c\nd"), std::string("a\\\\b\\\"c\\nd"));
        QCOMPARE(openMetricsUnit("°C"), std::string("celsius"));
        QCOMPARE(openMetricsUnit("Joules"), std::string("joules"));
        QCOMPARE(openMetricsUnit(""), std::string());
    }

    // promtool reads Prometheus's text format (its parser for OpenMetrics is
    // Prometheus's scraper, which test_serve_prometheus runs against the agent).
    void promtoolAcceptsTheExposition() {
        if (testing::promtoolPath().isEmpty())
            QSKIP("promtool is not installed (Debian package prometheus, packaging/debian-packages.txt)");
        const CounterTotals totals = fixtureTotals("my\"group\\x\ny");
        const std::string text = formatExposition({"node-1", fixtureLocations(), totals}, ExpositionFormat::PrometheusText);
        const testing::PromToolRun run = testing::promtool({"check", "metrics"}, text);
        QVERIFY2(run.ran && run.exitCode == 0, run.output.c_str());
    }

    // Counters and a gauge in one exposition; promtool also lints: a counter without _total or a gauge with
    // it, or a unit suffix that is not a base unit, would be reported and fail the check.
    void promtoolAcceptsCountersAndAGauge() {
        if (testing::promtoolPath().isEmpty())
            QSKIP("promtool is not installed (Debian package prometheus, packaging/debian-packages.txt)");
        const std::string text =
            formatExposition({"h", fixtureLocations(), totalsWithGauge()}, ExpositionFormat::PrometheusText);
        QVERIFY2(text.find("# TYPE perfdash_reading_celsius gauge") != std::string::npos, text.c_str());
        const testing::PromToolRun run = testing::promtool({"check", "metrics"}, text);
        QVERIFY2(run.ran && run.exitCode == 0, (run.output + "\n" + text).c_str());
        QVERIFY2(run.output.empty(), run.output.c_str()); // no lint finding either
    }
};

QTEST_GUILESS_MAIN(TestExposition)
#include "test_exposition.moc"
