// likwid's TMP0 (the core temperature) measured end to end on a copy of a
// fixture sysfs tree (tests/fixtures/likwid/sysfs-skx: coretemp with "Core 0"
// at 46 °C for CPU 0 and "Core 4" at 47 °C for CPU 1): the plan, the gauge
// backend, the result rules and the writers. A gauge's value per interval is
// the reading, not a difference (a difference of constant readings would be
// 0); over the CPUs it has min, max and average, never a sum; the whole run
// is the reading at the end.
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "core/measurement/MachineContext.h"
#include "core/measurement/Measurement.h"
#include "core/report/LikwidPerfctrOutput.h"
#include "core/report/ReportCsv.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/report/TextReport.h"
#include "core/topology/Topology.h"
#include "core/util/Strings.h"

using namespace perfdash;
using namespace std::chrono_literals;

namespace {

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

void writeReading(const std::string& file, int millidegrees) {
    std::ofstream(file, std::ios::trunc) << millidegrees << "\n";
}

const EventResult& temperature(const std::vector<GroupResult>& groups) { return groups.at(0).events.at(0); }

} // namespace

class TestGaugeMeasurement : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string root_;

    std::string core4() const { return root_ + "/class/hwmon/hwmon0/temp6_input"; }

    MeasurementRequest request() const {
        MeasurementRequest r;
        r.mode = MeasurementRequest::Mode::SystemWide;
        r.cpuList = "0-1";
        r.groups = {"TEMP_CORE:TMP0"};
        r.interval = 20ms;
        return r;
    }

    MachinePaths paths() const {
        MachinePaths p;
        p.events.sysfsRoot = root_;
        p.events.tracefsRoots = {};
        p.arch = ArchOverride{"skylakeX", "--arch"};
        return p;
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        root_ = dir_.path().toStdString() + "/sysfs";
        std::filesystem::copy(qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/likwid/sysfs-skx", root_,
                              std::filesystem::copy_options::recursive);
        MachineContext host;
        if (!host.topology().ok() || host.topology()->hwThreads.size() < 2)
            QSKIP("needs two online CPUs (0 and 1) to count the fixture's two cores");
    }

    void readingsNotDifferencesAndNoSum() {
        MachineContext machine(paths());
        auto plan = MeasurementPlan::prepare(request(), machine);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());
        QVERIFY(plan->eventSet.at(0).event.gauge());
        auto m = Measurement::start(*plan, machine);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        std::vector<IntervalResult> intervals;
        auto pullUntil = [&](double celsius) {
            // However long the machine takes: wait for an interval that read it.
            for (int tries = 0; tries < 3000; ++tries) {
                (*m)->waitForData(100ms);
                for (auto& i : (*m)->takeIntervals()) intervals.push_back(std::move(i));
                if (!intervals.empty() && temperature(intervals.back().groups).perLocation.at(1).value == celsius)
                    return true;
            }
            return false;
        };
        QVERIFY(pullUntil(47.0));
        writeReading(core4(), 52500);
        QVERIFY(pullUntil(52.5));
        (*m)->requestStop();
        MeasurementResult result = (*m)->finish();
        for (auto& i : result.intervals) intervals.push_back(std::move(i));

        for (const auto& interval : intervals) {
            const EventResult& e = temperature(interval.groups);
            QVERIFY(e.gauge);
            QCOMPARE(e.unit, std::string("°C"));
            QCOMPARE(e.perLocation.at(0).value, 46.0); // constant: a difference would be 0
            const double cpu1 = e.perLocation.at(1).value;
            QVERIFY2(cpu1 == 47.0 || cpu1 == 52.5, std::to_string(cpu1).c_str());
            QCOMPARE(e.gaugeStats.min, 46.0);
            QCOMPARE(e.gaugeStats.max, cpu1);
            QCOMPARE(e.gaugeStats.avg, (46.0 + cpu1) / 2);
            QCOMPARE(e.total.value, e.gaugeStats.avg); // the average, not the sum
            QVERIFY(!e.partialTotal);
        }
        // The whole run is the reading at its end.
        const EventResult& whole = temperature(result.groups);
        QCOMPARE(whole.perLocation.at(1).value, 52.5);
        QCOMPARE(whole.total.value, (46.0 + 52.5) / 2);
        QCOMPARE(whole.gaugeStats.max, 52.5);

        // JSON: the statistics, read back as a gauge.
        const std::string json = formatReportJson(result);
        QVERIFY2(contains(json, "\"gauge\"") && contains(json, "never a sum"), json.c_str());
        auto back = readReportJson(json, "test");
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QVERIFY(temperature(back->groups).gauge);
        QCOMPARE(temperature(back->groups).gaugeStats.max, 52.5);
        QCOMPARE(temperature(back->groups).gaugeStats.readings, size_t(2));
        // CSV: min, max and avg rows in place of a total.
        const std::string csv = formatReportCsv(result);
        QVERIFY2(contains(csv, ",avg,49.25,") && contains(csv, ",min,46,") && contains(csv, ",max,52.5,"), csv.c_str());
        QVERIFY2(!contains(csv, "TMP0,°C,total"), csv.c_str());
        // Text: no Sum for the gauge, and a note that says why.
        const std::string text = formatTextReport(result);
        QVERIFY2(contains(text, "- (gauge)") && contains(text, "it has no Sum"), text.c_str());
        // likwid-perfctr's layout: Sum "-".
        LikwidOutputOptions options;
        options.statistics = true;
        const std::string likwid = formatLikwidTables(result, options);
        bool statRow = false;
        for (const auto& line : split(likwid, '\n')) {
            if (!contains(line, "core_temperature/ STAT")) continue;
            const auto cells = split(line, '|');
            QVERIFY2(cells.size() >= 6 && trim(cells[2]) == "-" && trim(cells[3]) == "46", line.c_str());
            statRow = true;
        }
        QVERIFY2(statRow, likwid.c_str());
    }

    // A temperature belongs to a CPU: a program counted without a CPU list, or
    // marker regions, cannot have it, and the plan says why.
    void notForOneProgram() {
        MachineContext machine(paths());
        MeasurementRequest r = request();
        r.mode = MeasurementRequest::Mode::Launch;
        r.cpuList.clear();
        r.command = {"true"};
        auto plan = MeasurementPlan::prepare(r, machine);
        QVERIFY(!plan.ok());
        QVERIFY2(contains(plan.error().message, "a CPU's temperature, not a program's"), plan.error().message.c_str());
    }

    // This machine's own sysfs: a VM has no coretemp or k10temp, and TMP0 says so.
    void thisMachine() {
        MachinePaths p;
        p.arch = ArchOverride{"skylakeX", "--arch"};
        MachineContext machine(p);
        auto sensors = machine.slotResolver().resolve(GroupSlot{"TMP0", "TMP0", "TEMP_CORE", {}, 1});
        if (sensors.ok()) {
            QVERIFY(sensors->gauge());
            QVERIFY(!sensors->sysfsInputs.empty());
        } else {
            QVERIFY2(contains(sensors.error().message, "no core temperature"), sensors.error().message.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestGaugeMeasurement)
#include "test_gauge_measurement.moc"
