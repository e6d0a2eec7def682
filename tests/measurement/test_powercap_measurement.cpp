// likwid's RAPL counters (PWR0 package, PWR1 cores) measured end to end
// through the kernel's powercap framework, on a copy of the Silvermont
// fixture tree (tests/fixtures/likwid/sysfs-silvermont: rapl.c has no
// Silvermont model, so no power PMU; intel_rapl_msr's zones intel-rapl:0
// "package-0" and intel-rapl:0:0 "core"). The test rewrites energy_uj as the
// run goes: the plan, the file-reading backend, the result rules and the
// writers must show what the files advanced, in Joules, read on one CPU of
// the package with the other CPU's count held there, and never a reading.
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/measurement/MachineContext.h"
#include "core/measurement/Measurement.h"
#include "core/report/ReportCsv.h"
#include "core/report/TextReport.h"
#include "core/topology/Topology.h"

using namespace perfdash;
using namespace std::chrono_literals;

namespace {

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

void write(const std::string& file, uint64_t microjoules) {
    std::ofstream(file, std::ios::trunc) << microjoules << "\n";
}

} // namespace

class TestPowercapMeasurement : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string root_;

    std::string package() const { return root_ + "/class/powercap/intel-rapl:0/energy_uj"; }
    std::string cores() const { return root_ + "/class/powercap/intel-rapl:0:0/energy_uj"; }

    MeasurementRequest request() const {
        MeasurementRequest r;
        r.mode = MeasurementRequest::Mode::SystemWide;
        r.cpuList = "0-1";
        r.groups = {"PWR_PKG_ENERGY:PWR0,PWR_PP0_ENERGY:PWR1"};
        r.interval = 20ms;
        return r;
    }

    MachinePaths paths() const {
        MachinePaths p;
        p.events.sysfsRoot = root_;
        p.events.tracefsRoots = {};
        p.arch = ArchOverride{"silvermont", "--arch"};
        return p;
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        root_ = dir_.path().toStdString() + "/sysfs";
        std::filesystem::copy(qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/likwid/sysfs-silvermont",
                              root_, std::filesystem::copy_options::recursive);
        MachineContext host;
        // The readers per package come from this machine's topology (CPUs 0 and 1 in one package).
        if (!host.topology().ok() || host.topology()->hwThreads.size() < 2 ||
            host.topology()->hwThreads[0].packageId != host.topology()->hwThreads[1].packageId)
            QSKIP("needs two online CPUs (0 and 1) of one package to count the package on one of them");
    }

    void energyInJoulesOncePerPackage() {
        MachineContext machine(paths());
        write(package(), 10'000'000);
        write(cores(), 4'000'000);
        auto plan = MeasurementPlan::prepare(request(), machine);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());
        QCOMPARE(plan->eventSet.size(), size_t(2));
        const PlannedEvent& pwr0 = plan->groups.at(0).events.at(0);
        QVERIFY2(pwr0.availability.countable(), pwr0.availability.reason.c_str());
        QCOMPARE(pwr0.name, std::string("powercap/package/"));
        QCOMPARE(pwr0.unit, std::string("Joules"));
        QVERIFY(!pwr0.gauge);
        // Both CPUs share package 0: CPU 0 reads it, CPU 1's count is CPU 0's.
        QCOMPARE(pwr0.readerOf, (std::map<int, int>{{0, 0}, {1, 0}}));

        auto m = Measurement::start(*plan, machine);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        std::vector<IntervalResult> intervals;
        auto pullUntil = [&](auto done) {
            for (int tries = 0; tries < 3000; ++tries) {
                (*m)->waitForData(100ms);
                for (auto& i : (*m)->takeIntervals()) intervals.push_back(std::move(i));
                if (!intervals.empty() && done()) return true;
            }
            return false;
        };
        double pkgSum = 0;
        auto energySoFar = [&]() {
            pkgSum = 0;
            for (const auto& i : intervals) {
                const double v = i.groups.at(0).events.at(0).perLocation.at(0).value;
                if (!std::isnan(v)) pkgSum += v;
            }
            return pkgSum;
        };
        QVERIFY(pullUntil([&] { return true; }));
        write(package(), 12'500'000); // 2.5 J more
        write(cores(), 5'000'000);    // 1 J more
        QVERIFY(pullUntil([&] { return energySoFar() > 2.4; }));
        (*m)->requestStop();
        MeasurementResult result = (*m)->finish();
        intervals = result.intervals; // every interval of the run, the ones taken above too

        // The intervals add up to what the file advanced: a count, not a reading (10 or 12.5 J).
        QCOMPARE(energySoFar(), 2.5);
        const EventResult& pkg = result.groups.at(0).events.at(0);
        const EventResult& pp0 = result.groups.at(0).events.at(1);
        QVERIFY(!pkg.gauge);
        QCOMPARE(pkg.perLocation.at(0).value, 2.5);
        QCOMPARE(pkg.total.value, 2.5); // CPU 1 holds no count of its own: the total is CPU 0's
        QCOMPARE(pp0.total.value, 1.0);
        QVERIFY(pkg.heldElsewhere.at(1).has_value());
        QCOMPARE(*pkg.heldElsewhere.at(1), 0);

        const std::string text = formatTextReport(result);
        QVERIFY2(contains(text, "see CPU 0") && contains(text, "powercap/package/"), text.c_str());
        const std::string csv = formatReportCsv(result);
        QVERIFY2(contains(csv, "Joules"), csv.c_str());
    }

    // A package's energy is no program's: counted for one program, the plan says why.
    void notForOneProgram() {
        MachineContext machine(paths());
        MeasurementRequest r = request();
        r.mode = MeasurementRequest::Mode::Launch;
        r.cpuList.clear();
        r.command = {"true"};
        auto plan = MeasurementPlan::prepare(r, machine);
        QString why;
        if (plan.ok()) why = QString::fromStdString(plan->groups.at(0).events.at(0).availability.reason);
        else why = QString::fromStdString(plan.error().message);
        QVERIFY2(why.contains("whole CPUs only") && why.contains("PWR0"), qPrintable(why));
    }

    // This machine's own sysfs: PWR0 resolves through perf's power PMU, or
    // through powercap, or says that neither is here (a KVM guest has neither).
    void thisMachine() {
        MachinePaths p;
        p.arch = ArchOverride{"silvermont", "--arch"};
        MachineContext machine(p);
        auto pwr0 = machine.slotResolver().resolve(GroupSlot{"PWR0", "PWR0", "PWR_PKG_ENERGY", {}, 1});
        if (pwr0.ok()) {
            QVERIFY(pwr0->source == EventSource::Powercap || pwr0->pmu == "power");
        } else {
            QVERIFY2(contains(pwr0.error().message, "nor through powercap"), pwr0.error().message.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestPowercapMeasurement)
#include "test_powercap_measurement.moc"
