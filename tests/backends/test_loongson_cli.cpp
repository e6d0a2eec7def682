// perfdash-cli stat --backend loongson end to end, with the device pointed
// at a fake /dev/pcounter: the launched program plays the chip (it advances
// the two counters, across a 32-bit wrap), and the built-in loongson2f
// groups must show exactly those counts and the metrics from them; the
// sampling interval is bounded by the counters' wrap time; and the errors a
// user meets.
#include <QtTest>

#include <cmath>
#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include "backends/DirectCliRun.h"
#include "backends/LoongsonFakeDevice.h"

using namespace perfdash;
using namespace perfdash::testing;
using nlohmann::json;

namespace {

const json* findEvent(const json& group, const std::string& counter) {
    for (const auto& e : group.at("events"))
        if (e.at("counter") == counter) return &e;
    return nullptr;
}

double total(const json& group, const std::string& counter) {
    const json* e = findEvent(group, counter);
    return e && !e->at("total").at("value").is_null() ? e->at("total").at("value").get<double>() : NAN;
}

double metric(const json& group, const std::string& name) {
    for (const auto& m : group.at("metrics"))
        if (m.at("name") == name) return m.at("aggregate").is_null() ? NAN : m.at("aggregate").get<double>();
    return NAN;
}

QStringList advance(const FakePcounter& device, uint64_t counter0, uint64_t counter1) {
    return {fakeCountersProgram(), QString::fromStdString(device.path()), "16", QString::number(counter0), "24",
            QString::number(counter1)};
}

} // namespace

class TestLoongsonCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY2(QFileInfo(qEnvironmentVariable("PERFDASH_CLI")).isExecutable(), "PERFDASH_CLI must name the CLI");
        QVERIFY(QFileInfo(fakeCountersProgram()).isExecutable());
    }

    void countsCacheMissesThroughTheBuiltinGroup() {
        FakePcounter device;
        device.setCounters(0xFFFFFF00, 100);
        const CliRun r = runCli(QStringList{"stat", "--backend", "loongson", "--pcounter",
                                            QString::fromStdString(device.path()), "-g", "ICACHE_DCACHE", "--json",
                                            "--"} +
                                advance(device, 0x300, 612));
        QVERIFY2(r.status == 0, r.err.c_str());
        const json report = json::parse(r.out);
        QCOMPARE(report.at("config").at("backend").get<std::string>(), std::string("loongson"));
        QCOMPARE(report.at("locations"), json::parse(R"([{"kind":"cpu","id":0}])"));
        const json& group = report.at("groups").at(0);
        QCOMPARE(group.at("name").get<std::string>(), std::string("ICACHE_DCACHE"));
        QCOMPARE(findEvent(group, "PMC0")->at("event").get<std::string>(), std::string("loongson2f::ICACHE_MISSES"));
        QCOMPARE(total(group, "PMC0"), 1024.0); // 0xFFFFFF00 -> 0x300 across the wrap
        QCOMPARE(total(group, "PMC1"), 512.0);
        QCOMPARE(metric(group, "D-cache misses per I-cache miss"), 0.5);
        QCOMPARE(device.selection(), std::string("0x000000")); // stopped at the end
        QVERIFY2(contains(r.err, "counts the whole CPU"), r.err.c_str());
    }

    void computesCpiFromTheLoongsonCpiGroup() {
        FakePcounter device;
        device.setCounters(1000, 2000);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("PERFDASH_PCOUNTER", QString::fromStdString(device.path()));
        const CliRun r = runCli(QStringList{"stat", "--backend", "loongson", "-C", "0", "-g", "CPI", "--json", "--"} +
                                    advance(device, 1000 + 30000, 2000 + 12000),
                                env);
        QVERIFY2(r.status == 0, r.err.c_str());
        const json group = json::parse(r.out).at("groups").at(0);
        QCOMPARE(findEvent(group, "PMC1")->at("event").get<std::string>(), std::string("loongson2f::COMMITTED_OPS"));
        QCOMPARE(metric(group, "CPI"), 2.5);
        QCOMPARE(metric(group, "IPC"), 0.4);
    }

    void shortensAnIntervalTheCountersCouldWrapIn() {
        FakePcounter device;
        const CliRun r = runCli(QStringList{"stat", "--backend", "loongson", "--pcounter",
                                            QString::fromStdString(device.path()), "-e", "loongson2f::CYCLES", "-t",
                                            "5s", "--"} +
                                advance(device, 7, 0));
        QVERIFY2(r.status == 0, r.err.c_str());
        QVERIFY2(contains(r.err, "the interval is shortened from 5s to 447ms"), r.err.c_str());
        QVERIFY2(contains(r.out, "loongson2f::CYCLES"), r.out.c_str());
    }

    void refusesEventsOfOtherBackends() {
        FakePcounter device;
        const CliRun r = runCli({"stat", "--backend", "loongson", "--pcounter", QString::fromStdString(device.path()),
                                 "-e", "cycles", "--", "true"});
        QCOMPARE(r.status, 1);
        QVERIFY2(contains(r.err, "the loongson backend counts the 32 loongson2f:: events only"), r.err.c_str());
        const CliRun twoOnOne = runCli({"stat", "--backend", "loongson", "--pcounter",
                                        QString::fromStdString(device.path()), "-e",
                                        "loongson2f::CYCLES,loongson2f::INSTRUCTIONS", "--", "true"});
        QCOMPARE(twoOnOne.status, 0); // the first is counted; the second is reported as not opened
        QVERIFY2(contains(twoOnOne.err, "one event of each counter at a time"), twoOnOne.err.c_str());
    }

    void explainsAMissingModule() {
        QTemporaryDir empty;
        const CliRun r = runCli({"stat", "--backend", "loongson", "--pcounter", empty.path() + "/pcounter", "-e",
                                 "loongson2f::CYCLES", "--", "true"});
        QCOMPARE(r.status, 1);
        QVERIFY2(contains(r.err, "the pcounter module is not loaded") && contains(r.err, "insmod pcounter.ko"),
                 r.err.c_str());
    }

    void explainsPermissionDenied() {
        FakePcounter device;
        const bool asNobody = geteuid() == 0;
        if (asNobody && !whyNotAsNobody().empty()) QSKIP(whyNotAsNobody().c_str());
        ::chmod(QFileInfo(QString::fromStdString(device.path())).absolutePath().toUtf8().constData(), 0755);
        ::chmod(device.path().c_str(), asNobody ? 0600 : 0000);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("HOME", QDir::tempPath());
        env.remove("XDG_CONFIG_HOME");
        const CliRun r = runCli({"stat", "--backend", "loongson", "--pcounter", QString::fromStdString(device.path()),
                                 "-e", "loongson2f::CYCLES", "--", "true"},
                                env, asNobody);
        QCOMPARE(r.status, 1);
        QVERIFY2(contains(r.err, "permission denied opening " + device.path()) && contains(r.err, "udev rule"),
                 r.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLoongsonCli)
#include "test_loongson_cli.moc"
