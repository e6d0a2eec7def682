#include <QtTest>

#include "core/topology/AffinityDomains.h"
#include "core/topology/CpuList.h"
#include "topology/TopologyFixtures.h"

using namespace perfdash;
using namespace perfdash::test;
using Cpus = std::vector<int>;

Q_DECLARE_METATYPE(Cpus)

// Most cases run on the synthetic two-socket machine: 2 sockets x 4 cores x
// 2 SMT threads, CPU n and n+8 on one core, NUMA node and L3 per socket. Its
// domain order is N = 0,8,1,9,2,10,3,11,4,12,5,13,6,14,7,15.
class TestCpuList : public QObject {
    Q_OBJECT

    Topology twoSocket_ = readFixture("two_socket_smt");

    // The error for `text`, which must also name the input.
    std::string errorFor(const std::string& text, const Topology& topology) {
        auto r = parseCpuList(text, topology);
        if (r.ok()) return "(no error: " + formatCpuList(*r) + ")";
        return r.error().message;
    }

private slots:
    void domainsFollowLikwidOrder() {
        const auto domains = affinityDomains(twoSocket_);
        std::vector<std::string> tags;
        for (const auto& d : domains) tags.push_back(d.tag);
        QCOMPARE(tags, (std::vector<std::string>{"N", "S0", "S1", "D0", "D1", "C0", "C1", "M0", "M1"}));
        QCOMPARE(domains[1].cpus, (Cpus{0, 8, 1, 9, 2, 10, 3, 11}));
        QCOMPARE(domains[1].physicalFirst, (Cpus{0, 1, 2, 3, 8, 9, 10, 11}));
        QCOMPARE(domains[0].physicalFirst, (Cpus{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}));
        QCOMPARE(domains[6].cpus, (Cpus{4, 12, 5, 13, 6, 14, 7, 15})); // C1: the L3 of socket 1
    }

    void resolves_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<Cpus>("expected");
        // Plain OS numbers, as perf and taskset take them.
        QTest::newRow("single") << "5" << Cpus{5};
        QTest::newRow("list and range") << "0,2-4" << Cpus{0, 2, 3, 4};
        QTest::newRow("spaces") << " 1 , 3 " << Cpus{1, 3};
        QTest::newRow("hex") << "0x3,0xa" << Cpus{3, 10};
        QTest::newRow("descending range") << "3-1" << Cpus{3, 2, 1};
        QTest::newRow("duplicates once") << "0,0-2,1" << Cpus{0, 1, 2};
        QTest::newRow("SMT sibling") << "0,8" << Cpus{0, 8};
        // A domain alone: all of it, in domain order.
        QTest::newRow("S0") << "S0" << Cpus{0, 8, 1, 9, 2, 10, 3, 11};
        QTest::newRow("M1") << "M1" << Cpus{4, 12, 5, 13, 6, 14, 7, 15};
        QTest::newRow("N") << "N" << Cpus{0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15};
        // Logical indices, physical cores first.
        QTest::newRow("S0:0-3") << "S0:0-3" << Cpus{0, 1, 2, 3};
        QTest::newRow("S0:3-5 crosses into SMT") << "S0:3-5" << Cpus{3, 8, 9};
        QTest::newRow("S1:0-3") << "S1:0-3" << Cpus{4, 5, 6, 7};
        QTest::newRow("S1:4-5") << "S1:4-5" << Cpus{12, 13};
        QTest::newRow("N:0-7 all cores") << "N:0-7" << Cpus{0, 1, 2, 3, 4, 5, 6, 7};
        QTest::newRow("N:8-9 SMT") << "N:8-9" << Cpus{8, 9};
        QTest::newRow("D1:0") << "D1:0" << Cpus{4};
        QTest::newRow("C1:0-1") << "C1:0-1" << Cpus{4, 5};
        QTest::newRow("M0:4-7") << "M0:4-7" << Cpus{8, 9, 10, 11};
        QTest::newRow("S0:7-6 downwards") << "S0:7-6" << Cpus{11, 10};
        QTest::newRow("L:0-3") << "L:0-3" << Cpus{0, 1, 2, 3};
        QTest::newRow("L:N:0-3") << "L:N:0-3" << Cpus{0, 1, 2, 3};
        QTest::newRow("L:N:1,4-6") << "L:N:1,4-6" << Cpus{1, 4, 5, 6};
        QTest::newRow("L:S1:0-1") << "L:S1:0-1" << Cpus{4, 5};
        // Expressions walk the domain order.
        QTest::newRow("E:S0:4:1:2 one per core") << "E:S0:4:1:2" << Cpus{0, 1, 2, 3};
        QTest::newRow("E:N:8") << "E:N:8" << Cpus{0, 8, 1, 9, 2, 10, 3, 11};
        QTest::newRow("E:N:4:2:4") << "E:N:4:2:4" << Cpus{0, 8, 2, 10};
        QTest::newRow("E:N:8:1:2") << "E:N:8:1:2" << Cpus{0, 1, 2, 3, 4, 5, 6, 7};
        QTest::newRow("E:S1:2") << "E:S1:2" << Cpus{4, 12};
        QTest::newRow("E:M1 all") << "E:M1" << Cpus{4, 12, 5, 13, 6, 14, 7, 15};
        QTest::newRow("E:S0:3:2:4 count ends mid-chunk") << "E:S0:3:2:4" << Cpus{0, 8, 2};
        // Parts joined with @, in order.
        QTest::newRow("S0:0-1@S1:0-1") << "S0:0-1@S1:0-1" << Cpus{0, 1, 4, 5};
        QTest::newRow("overlapping parts") << "S0:0-1@N:0-2" << Cpus{0, 1, 2};
        QTest::newRow("mixed forms") << "15@E:S0:2:1:2@L:S1:1" << Cpus{15, 0, 1, 5};
    }
    void resolves() {
        QFETCH(QString, text);
        QFETCH(Cpus, expected);
        auto r = parseCpuList(text.toStdString(), twoSocket_);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(*r, expected);
    }

    void rejects_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // a part of the message
        QTest::newRow("missing CPU") << "0,16" << "CPU 16 does not exist on this machine (online CPUs: 0-15)";
        QTest::newRow("huge range stops at the first missing CPU")
            << "0-2000000000" << "CPU 16 does not exist on this machine (online CPUs: 0-15)";
        QTest::newRow("unknown domain") << "S2:0"
                                        << "there is no affinity domain 'S2' on this machine; the domains here are "
                                           "N, S0, S1, D0, D1, C0, C1, M0, M1";
        QTest::newRow("unknown domain alone") << "X" << "no affinity domain 'X'";
        QTest::newRow("unknown domain in E") << "E:C7:2" << "no affinity domain 'C7'";
        QTest::newRow("unknown domain in L") << "L:M3:0" << "no affinity domain 'M3'";
        QTest::newRow("index outside domain")
            << "S0:0-8" << "index 8 in 'S0:0-8' is outside domain S0, which has 8 hardware threads (indices 0-7)";
        QTest::newRow("L index outside N") << "L:16" << "index 16 in 'L:16' is outside domain N";
        QTest::newRow("open range") << "1-" << "'1-' is not a CPU number or a range of them; write a number or FIRST-LAST";
        QTest::newRow("negative") << "-1" << "neither CPU numbers";
        QTest::newRow("double range") << "1-2-3" << "'1-2-3' is not a CPU number";
        QTest::newRow("words") << "0,two" << "'two' is not a CPU number";
        QTest::newRow("empty entry") << "0,,1" << "has an empty entry; separate entries with single commas";
        QTest::newRow("trailing comma") << "0," << "has an empty entry";
        QTest::newRow("domain with empty index list") << "S0:" << "has no indices after the colon; write 'S0' for the whole domain";
        QTest::newRow("bad index") << "S0:x" << "'x' is not an index";
        QTest::newRow("E with 4 fields") << "E:S0:4:1" << "write E:DOMAIN, E:DOMAIN:COUNT or E:DOMAIN:COUNT:CHUNK:STRIDE";
        QTest::newRow("E count 0") << "E:S0:0" << "COUNT '0' in 'E:S0:0' must be a whole number of at least 1";
        QTest::newRow("E chunk 0") << "E:S0:4:0:1" << "CHUNK '0'";
        QTest::newRow("E stride word") << "E:S0:4:1:x" << "STRIDE 'x'";
        QTest::newRow("E wraps around")
            << "E:S0:6:1:2" << "selects CPU 0 twice: it runs past the end of domain S0 (8 hardware threads) and starts "
                               "over; it can select at most 4 different CPUs";
        QTest::newRow("E more than the domain") << "E:N:17" << "selects CPU 0 twice";
        QTest::newRow("E chunks overlap") << "E:N:4:2:1" << "overlap because STRIDE 1 is smaller than CHUNK";
        QTest::newRow("empty") << "" << "the CPU list is empty";
        QTest::newRow("blank") << "   " << "the CPU list is empty";
        QTest::newRow("empty part") << "S0@" << "has an empty part; join parts with a single '@'";
        QTest::newRow("lone @") << "@" << "has an empty part";
        QTest::newRow("symbol") << "#3" << "'#3' is neither CPU numbers (0,2-4) nor an affinity domain expression";
    }
    void rejects() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const std::string message = errorFor(text.toStdString(), twoSocket_);
        QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
        if (!text.trimmed().isEmpty())
            QVERIFY2(message.find("CPU list '" + text.trimmed().toStdString() + "'") == 0, message.c_str());
    }

    // The message the issue asks for, on this VM's captured tree.
    void namesMissingCpusWithTheOnlineOnes() {
        QCOMPARE(errorFor("17", readFixture("vm")),
                 std::string("CPU list '17': CPU 17 does not exist on this machine (online CPUs: 0-1)"));
    }

    void rejectsOfflineCpusAndSaysHowToBringThemOnline() {
        const Topology offline = readFixture("offline_cpu");
        const std::string message = errorFor("2-3", offline);
        QVERIFY2(message.find("CPU 3 is offline (online CPUs: 0-2)") != std::string::npos, message.c_str());
        QVERIFY(message.find("echo 1 > /sys/devices/system/cpu/cpu3/online") != std::string::npos);
        // Domains hold only online CPUs, so N never selects CPU 3.
        QCOMPARE(parseCpuList("N", offline).value(), (Cpus{0, 1, 2}));
        QVERIFY(errorFor("N:3", offline).find("which has 3 hardware threads") != std::string::npos);
    }

    // Without cache information there is no C domain; the message lists what there is.
    void listsTheDomainsAMachineHas() {
        const std::string message = errorFor("C0", readFixture("aarch64_nonuma"));
        QVERIFY2(message.find("the domains here are N, S0, D0, M0 ") != std::string::npos, message.c_str());
    }

    void formats() {
        QCOMPARE(formatCpuList({}), std::string(""));
        QCOMPARE(formatCpuList({5}), std::string("5"));
        QCOMPARE(formatCpuList({0, 1}), std::string("0-1"));
        QCOMPARE(formatCpuList({0, 2, 3, 4}), std::string("0,2-4"));
        QCOMPARE(formatCpuList({0, 1, 2, 3, 8, 9, 10, 11}), std::string("0-3,8-11"));
        QCOMPARE(formatCpuList({8, 0, 1}), std::string("8,0-1"));
        QCOMPARE(formatCpuList({3, 2, 1}), std::string("3,2,1"));
        // Any selection formats to a list that selects it again.
        for (const char* text : {"E:N:8", "S1", "N:0-7", "S0:0-1@S1:0-1", "3-1", "E:N:4:2:4"}) {
            const Cpus cpus = parseCpuList(text, twoSocket_).value();
            QCOMPARE(parseCpuList(formatCpuList(cpus), twoSocket_).value(), cpus);
        }
    }

    void readsKernelLists() {
        QCOMPARE(parseKernelCpuList("0-3,8-11\n").value(), (Cpus{0, 1, 2, 3, 8, 9, 10, 11}));
        QCOMPARE(parseKernelCpuList("\n").value(), Cpus{});
        QCOMPARE(parseKernelCpuList("7").value(), Cpus{7});
        QVERIFY(!parseKernelCpuList("3-1"));
        QVERIFY(!parseKernelCpuList("0-99999999"));
        QVERIFY(!parseKernelCpuList("ff"));
    }
};

QTEST_GUILESS_MAIN(TestCpuList)
#include "test_cpu_list.moc"
