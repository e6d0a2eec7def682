// sharedUnitReaders: which counted CPUs read a package's units so that each
// unit counts once. On the two-socket fixture (CPUs 0-3,8-11 and 4-7,12-15;
// an L3 per socket) and on hand-made topologies: a Zen-like socket with two
// L3s (amd_l3's cpumask names one CPU per CCX) and a cpumask that matches no
// domain (refused, never guessed).
#include <QtTest>

#include "core/topology/SharedUnitReaders.h"
#include "topology/TopologyFixtures.h"

using namespace perfdash;

namespace {

// One socket of 8 cores with SMT (CPU n and n+8 share a core), two L3s of
// 4 cores each: CPUs 0-3,8-11 and 4-7,12-15.
Topology zenLikeSocket() {
    Topology t;
    Socket s;
    for (int cpu = 0; cpu < 16; ++cpu) s.cpus.push_back(cpu);
    t.sockets.push_back(s);
    Cache l3;
    l3.level = 3;
    l3.instances = {{0, 1, 2, 3, 8, 9, 10, 11}, {4, 5, 6, 7, 12, 13, 14, 15}};
    t.caches.push_back(l3);
    return t;
}

std::map<int, int> readerOf(const Topology& t, std::vector<int> unit, std::vector<int> counted) {
    auto r = sharedUnitReaders(t, unit, counted);
    if (!r) qFatal("%s", r.error().message.c_str());
    return *r;
}

std::vector<int> readers(const Topology& t, std::vector<int> unit, std::vector<int> counted) {
    return readersOf(readerOf(t, unit, counted));
}

} // namespace

class TestSharedUnitReaders : public QObject {
    Q_OBJECT

    Topology twoSockets_ = test::readFixture("two_socket_smt");

private slots:
    void onePerPackageTouched() {
        // An uncore PMU's cpumask on two sockets: 0,4.
        QCOMPARE(readers(twoSockets_, {0, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}),
                 (std::vector<int>{0, 4}));
        // The cpumask CPU not counted: the package's lowest counted CPU reads it.
        QCOMPARE(readers(twoSockets_, {0, 4}, {9, 2, 13}), (std::vector<int>{2, 13}));
        // Each counted CPU's reader: its package's.
        QCOMPARE(readerOf(twoSockets_, {0, 4}, {9, 2, 13}), (std::map<int, int>{{2, 2}, {9, 2}, {13, 13}}));
        // A list within one socket reads only that socket's unit.
        QCOMPARE(readers(twoSockets_, {0, 4}, {5, 6, 12}), (std::vector<int>{5}));
        QCOMPARE(readers(twoSockets_, {0, 4}, {4}), (std::vector<int>{4}));
    }

    void lastLevelCachesWhenTheUnitIsPerCcx() {
        const Topology zen = zenLikeSocket();
        // amd_l3 on one socket of two CCXs: cpumask 0,4; packages have two cpumask CPUs in one.
        QCOMPARE(readers(zen, {0, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}),
                 (std::vector<int>{0, 4}));
        QCOMPARE(readers(zen, {0, 4}, {8, 12, 13}), (std::vector<int>{8, 12}));
        QCOMPARE(readerOf(zen, {0, 4}, {8, 12, 13}), (std::map<int, int>{{8, 8}, {12, 12}, {13, 12}}));
        // A per-socket unit on the same machine still goes by the package.
        QCOMPARE(readers(zen, {0}, {3, 12}), (std::vector<int>{3}));
    }

    void aCpumaskThatMatchesNoDomainIsRefused() {
        // Two cpumask CPUs in one socket and one L3: which serves CPU 2 cannot be told.
        auto r = sharedUnitReaders(twoSockets_, {0, 1}, {0, 1, 2});
        QVERIFY(!r);
        QVERIFY2(r.error().message.find("cpumask (CPUs 0-1)") != std::string::npos, r.error().message.c_str());
        // A counted CPU whose package has no cpumask CPU.
        r = sharedUnitReaders(twoSockets_, {0}, {0, 4});
        QVERIFY(!r);
        QVERIFY2(r.error().message.find("CPUs 0,4") != std::string::npos, r.error().message.c_str());
    }
};

QTEST_MAIN(TestSharedUnitReaders)
#include "test_shared_unit_readers.moc"
