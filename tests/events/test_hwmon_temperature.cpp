// The core temperature from the kernel's hardware monitors
// (core/events/HwmonTemperature) on fixture sysfs trees written as coretemp
// and k10temp register them (tests/fixtures/likwid/make-uncore-trees.py):
// which file each CPU reads, and why a CPU or a machine has none.
#include <QtTest>

#include "core/events/HwmonTemperature.h"

using namespace perfdash;

namespace {

std::string tree(const std::string& name) {
    return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/likwid/" + name;
}

// The file CPU `cpu` reads, relative to the tree, or "" when it has none.
std::string inputOf(const CoreTemperatureSensors& s, int cpu, const std::string& root) {
    for (const auto& in : s.inputs)
        if (in.cpu == cpu) return in.path.substr(root.size() + 1);
    return {};
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

} // namespace

class TestHwmonTemperature : public QObject {
    Q_OBJECT

private slots:
    // Each CPU reads its own core's sensor, found by the "Package id" and
    // "Core K" labels, not by the hwmon or temp numbers (hwmon3 is package 1).
    void coretempMapsCpusByPackageAndCoreLabel() {
        const std::string root = tree("sysfs-coretemp-2s");
        auto s = findCoreTemperatureSensors(root);
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QCOMPARE(s->driver, std::string("coretemp"));
        // smt_cpus([0, 1], [0, 1, 2]): CPUs 0-2 package 0 cores 0-2, 3-5 package 1, 6-11 their siblings.
        QCOMPARE(inputOf(*s, 0, root), std::string("class/hwmon/hwmon4/temp2_input"));
        QCOMPARE(inputOf(*s, 2, root), std::string("class/hwmon/hwmon4/temp4_input"));
        QCOMPARE(inputOf(*s, 3, root), std::string("class/hwmon/hwmon3/temp2_input"));
        QCOMPARE(inputOf(*s, 4, root), std::string("class/hwmon/hwmon3/temp3_input"));
        QCOMPARE(inputOf(*s, 6, root), inputOf(*s, 0, root)); // a sibling thread reads its core's sensor
        // Package 1's core 2 has no sensor: CPUs 5 and 11 have no reading, and it says so.
        QCOMPARE(inputOf(*s, 5, root), std::string());
        QCOMPARE(inputOf(*s, 11, root), std::string());
        QCOMPARE(s->inputs.size(), size_t(10));
        QVERIFY2(contains(s->missing, "CPU 5,11") && contains(s->missing, "Core K"), s->missing.c_str());
        // The readings are the files' millidegrees.
        QCOMPARE(readMillidegrees(root + "/" + inputOf(*s, 0, root)), std::optional<int64_t>(41000));
        QCOMPARE(readMillidegrees(root + "/" + inputOf(*s, 4, root)), std::optional<int64_t>(62000));
    }

    // A gauge in degrees Celsius, no perf event at all.
    void theEventIsAGaugeInDegrees() {
        auto s = findCoreTemperatureSensors(tree("sysfs-coretemp-2s"));
        QVERIFY(s.ok());
        const ResolvedEvent e = coreTemperatureEvent(*s, "TEMP_CORE");
        QVERIFY(e.gauge());
        QCOMPARE(e.source, EventSource::Hwmon);
        QCOMPARE(e.encoding.type, kNotAPerfEventType);
        QCOMPARE(e.scale, 0.001);
        QCOMPARE(e.unit, std::string("°C"));
        QCOMPARE(e.name, std::string("hwmon/coretemp/core_temperature/"));
        QCOMPARE(e.sysfsInputs.size(), size_t(10));
        QVERIFY2(contains(e.description, "no reading for CPU 5,11"), e.description.c_str());
    }

    // coretemp numbers its devices by die: on a package of two dies the
    // "Package id" is not the package, so no CPU is mapped.
    void coretempOnSeveralDiesIsNotMapped() {
        auto s = findCoreTemperatureSensors(tree("sysfs-coretemp-dies"));
        QVERIFY(!s.ok());
        QVERIFY2(contains(s.error().message, "several dies"), s.error().message.c_str());
    }

    // AMD: one node per package (Zen 2 and later), nodes in PCI order, not
    // hwmon order; Tdie where the node has it, else Tctl; Tccd never.
    void k10tempMapsPackagesInPciOrder() {
        const std::string root = tree("sysfs-k10temp-2s");
        auto s = findCoreTemperatureSensors(root);
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QCOMPARE(s->driver, std::string("k10temp"));
        // Package 0 is node 0 (00:18.3, hwmon2): its Tdie, temp2. Package 1 is 00:19.3 (hwmon1): Tctl only.
        QCOMPARE(inputOf(*s, 0, root), std::string("class/hwmon/hwmon2/temp2_input"));
        QCOMPARE(inputOf(*s, 1, root), std::string("class/hwmon/hwmon2/temp2_input"));
        QCOMPARE(inputOf(*s, 2, root), std::string("class/hwmon/hwmon1/temp1_input"));
        QCOMPARE(inputOf(*s, 7, root), std::string("class/hwmon/hwmon1/temp1_input"));
        QCOMPARE(s->inputs.size(), size_t(8));
        QVERIFY(s->missing.empty());
        QVERIFY(contains(s->sensor, "no per-core sensor"));
    }

    // Zen 1: four nodes in one package; which node a core is on is not known.
    void k10tempWithSeveralNodesPerPackageIsNotMapped() {
        auto s = findCoreTemperatureSensors(tree("sysfs-k10temp-zen1"));
        QVERIFY(!s.ok());
        QVERIFY2(contains(s.error().message, "4 data-fabric node(s) for 1 package(s)"), s.error().message.c_str());
    }

    // A virtual machine has neither driver: the reason says what to load.
    void noSensorSaysWhy() {
        auto s = findCoreTemperatureSensors(tree("sysfs-no-hwmon"));
        QVERIFY(!s.ok());
        QVERIFY2(contains(s.error().message, "no coretemp (Intel) or k10temp (AMD)") &&
                     contains(s.error().message, "modprobe coretemp"),
                 s.error().message.c_str());
    }

    void negativeAndBadReadings() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("temp1_input").toStdString();
        auto write = [&](const char* text) {
            QFile f(QString::fromStdString(path));
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(text);
        };
        write("-5500\n");
        QCOMPARE(readMillidegrees(path), std::optional<int64_t>(-5500));
        write("garbage\n");
        QCOMPARE(readMillidegrees(path), std::nullopt);
        QCOMPARE(readMillidegrees(path + ".missing"), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestHwmonTemperature)
#include "test_hwmon_temperature.moc"
