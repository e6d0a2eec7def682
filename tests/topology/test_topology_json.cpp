#include <QtTest>

#include <limits>

#include "core/topology/TopologyJson.h"
#include "topology/TopologyFixtures.h"

using namespace perfdash;
using namespace perfdash::test;
using nlohmann::json;

class TestTopologyJson : public QObject {
    Q_OBJECT
private slots:
    void describesTheTwoSocketMachine() {
        const json j = toJson(readFixture("two_socket_smt"));
        QCOMPARE(j["cpu"]["vendor"].get<std::string>(), std::string("GenuineIntel"));
        QCOMPARE(j["cpu"]["model"].get<int>(), 85);
        QCOMPARE(j["kernelRelease"].get<std::string>(), std::string("6.1.0-18-amd64"));
        QVERIFY(j["architecture"].is_null());
        QCOMPARE(j["sockets"].get<int>(), 2);
        QCOMPARE(j["dies"].get<int>(), 2);
        QCOMPARE(j["cores"].get<int>(), 8);
        QCOMPARE(j["coresPerSocket"].get<int>(), 4);
        QCOMPARE(j["threadsPerCore"].get<int>(), 2);
        QCOMPARE(j["hwThreads"].get<int>(), 16);
        QCOMPARE(j["numaDomains"].get<int>(), 2);
        const json& cpu12 = j["hwThreadList"][12];
        QCOMPARE(cpu12["cpu"].get<int>(), 12);
        QCOMPARE(cpu12["core"].get<int>(), 0);
        QCOMPARE(cpu12["socket"].get<int>(), 1);
        QCOMPARE(cpu12["numaNode"].get<int>(), 1);
        QCOMPARE(cpu12["smtIndex"].get<int>(), 1);
        QCOMPARE(cpu12["online"].get<bool>(), true);
        const json& l3 = j["caches"][3];
        QCOMPARE(l3["level"].get<int>(), 3);
        QCOMPARE(l3["type"].get<std::string>(), std::string("unified"));
        QCOMPARE(l3["sizeBytes"].get<uint64_t>(), uint64_t(22528) * 1024);
        QCOMPARE(l3["associativity"].get<int>(), 11);
        QCOMPARE(l3["instances"][1], json::parse("[4,5,6,7,12,13,14,15]"));
        QCOMPARE(j["numaNodes"][1]["memoryBytes"].get<uint64_t>(), uint64_t(16384000) * 1024);
        QCOMPARE(j["numaNodes"][1]["distances"], json::parse("[21,10]"));
    }

    // Unknown is null, never 0.
    void writesUnknownsAsNull() {
        const json offline = toJson(readFixture("offline_cpu"))["hwThreadList"][3];
        QCOMPARE(offline["online"].get<bool>(), false);
        for (const char* key : {"core", "socket", "die", "numaNode", "smtIndex"}) QVERIFY2(offline[key].is_null(), key);
        const json arm = toJson(readFixture("aarch64_nonuma"));
        QVERIFY(arm["caches"].empty());
        const json clock = toJson(ClockInfo{std::numeric_limits<double>::quiet_NaN(), "unknown: no source"});
        QVERIFY(clock["hz"].is_null());
        QCOMPARE(clock["source"].get<std::string>(), std::string("unknown: no source"));
        QCOMPARE(toJson(ClockInfo{2.1e9, "cpufreq"})["hz"].get<double>(), 2.1e9);
    }
};

QTEST_GUILESS_MAIN(TestTopologyJson)
#include "test_topology_json.moc"
