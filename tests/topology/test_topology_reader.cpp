#include <QtTest>

#include <set>
#include <sys/utsname.h>
#include <unistd.h>

#include "core/topology/TopologyReader.h"
#include "core/util/IdentityOverride.h"
#include "core/util/Strings.h"
#include "topology/TopologyFixtures.h"

using namespace perfdash;
using namespace perfdash::test;
using Cpus = std::vector<int>;

class TestTopologyReader : public QObject {
    Q_OBJECT
private slots:
    // This KVM guest as captured: 1 socket, 2 cores without SMT, AMD EPYC.
    void readsTheCapturedVm() {
        const Topology t = readFixture("vm");
        QCOMPARE(t.hwThreads.size(), size_t(2));
        QCOMPARE(t.onlineCpus(), (Cpus{0, 1}));
        const HwThread& cpu1 = *t.hwThread(1);
        QCOMPARE(cpu1.coreId, 1);
        QCOMPARE(cpu1.packageId, 0);
        QCOMPARE(cpu1.dieId, 0);
        QCOMPARE(cpu1.numaNode, 0);
        QCOMPARE(cpu1.smtIndex, 0);
        QCOMPARE(t.numSockets(), 1);
        QCOMPARE(t.cores.size(), size_t(2));
        QCOMPARE(t.threadsPerCore(), 1);
        QCOMPARE(t.coresPerSocket(), 2);
        QCOMPARE(t.numHwThreads(), 2);
        QCOMPARE(t.numNumaDomains(), 1);

        QCOMPARE(t.caches.size(), size_t(4));
        const Cache& l1d = t.caches[0];
        QCOMPARE(l1d.level, 1);
        QCOMPARE(l1d.type, CacheType::Data);
        QCOMPARE(l1d.sizeBytes, uint64_t(32 * 1024));
        QCOMPARE(l1d.lineSize.value(), 64);
        QCOMPARE(l1d.associativity.value(), 8);
        QCOMPARE(l1d.sets.value(), 64);
        QCOMPARE(l1d.instances, (std::vector<Cpus>{{0}, {1}}));
        QCOMPARE(t.caches[1].type, CacheType::Instruction);
        QCOMPARE(t.caches[2].sizeBytes, uint64_t(512 * 1024));
        const Cache& l3 = t.caches[3];
        QCOMPARE(l3.level, 3);
        QCOMPARE(l3.type, CacheType::Unified);
        QCOMPARE(l3.sizeBytes, uint64_t(32768) * 1024);
        QCOMPARE(l3.associativity.value(), 16);
        QCOMPARE(l3.instances, (std::vector<Cpus>{{0, 1}}));
        QCOMPARE(t.lastLevelCacheLevel().value(), 3);

        QCOMPARE(t.numaNodes[0].cpus, (Cpus{0, 1}));
        QCOMPARE(t.numaNodes[0].memoryBytes.value(), uint64_t(5990612) * 1024);
        QCOMPARE(t.numaNodes[0].distances, (Cpus{10}));

        QCOMPARE(t.cpu.vendor, std::string("AuthenticAMD"));
        QCOMPARE(t.cpu.family.value(), 25);
        QCOMPARE(t.cpu.model.value(), 1);
        QCOMPARE(t.cpu.stepping.value(), 1);
        QCOMPARE(t.cpu.modelName, std::string("AMD EPYC"));
        QVERIFY(t.cpu.source.ends_with("vm/proc/cpuinfo"));
        QCOMPARE(t.kernelRelease, std::string("6.18.44-fc-v657"));
        QVERIFY(t.architecture.empty()); // uname describes this machine, not the tree
    }

    // 2 sockets x 4 cores x 2 SMT, Intel numbering: CPU n and n+8 share a core.
    void readsTheTwoSocketSmtMachine() {
        const Topology t = readFixture("two_socket_smt");
        QCOMPARE(t.numHwThreads(), 16);
        QCOMPARE(t.numSockets(), 2);
        QCOMPARE(t.dies.size(), size_t(2));
        QCOMPARE(t.cores.size(), size_t(8));
        QCOMPARE(t.threadsPerCore(), 2);
        QCOMPARE(t.coresPerSocket(), 4);
        QCOMPARE(t.numNumaDomains(), 2);

        const HwThread& cpu9 = *t.hwThread(9);
        QCOMPARE(cpu9.coreId, 1);
        QCOMPARE(cpu9.packageId, 0);
        QCOMPARE(cpu9.smtIndex, 1);
        QCOMPARE(cpu9.numaNode, 0);
        const HwThread& cpu12 = *t.hwThread(12);
        QCOMPARE(cpu12.coreId, 0);
        QCOMPARE(cpu12.packageId, 1);
        QCOMPARE(cpu12.smtIndex, 1);
        QCOMPARE(cpu12.numaNode, 1);
        QCOMPARE(t.hwThread(4)->smtIndex, 0);

        QCOMPARE(t.cores[0].cpus, (Cpus{0, 8}));
        QCOMPARE(t.cores[5].packageId, 1);
        QCOMPARE(t.cores[5].cpus, (Cpus{5, 13}));
        QCOMPARE(t.sockets[1].packageId, 1);
        QCOMPARE(t.sockets[1].cpus, (Cpus{4, 5, 6, 7, 12, 13, 14, 15}));
        QCOMPARE(t.sockets[1].coreCount, 4);
        QCOMPARE(t.sockets[1].dieIds, (Cpus{0}));

        QCOMPARE(t.caches.size(), size_t(4));
        QCOMPARE(t.caches[0].instances.size(), size_t(8));
        QCOMPARE(t.caches[0].instances[3], (Cpus{3, 11}));
        QCOMPARE(t.caches[2].level, 2);
        QCOMPARE(t.caches[2].sizeBytes, uint64_t(1024) * 1024);
        QCOMPARE(t.caches[2].instances[7], (Cpus{7, 15}));
        const Cache& l3 = t.caches[3];
        QCOMPARE(l3.sizeBytes, uint64_t(22528) * 1024);
        QCOMPARE(l3.associativity.value(), 11);
        QCOMPARE(l3.instances, (std::vector<Cpus>{{0, 1, 2, 3, 8, 9, 10, 11}, {4, 5, 6, 7, 12, 13, 14, 15}}));

        QCOMPARE(t.numaNodes[1].id, 1);
        QCOMPARE(t.numaNodes[1].cpus, (Cpus{4, 5, 6, 7, 12, 13, 14, 15}));
        QCOMPARE(t.numaNodes[1].memoryBytes.value(), uint64_t(16384000) * 1024);
        QCOMPARE(t.numaNodes[1].distances, (Cpus{21, 10}));

        QCOMPARE(t.cpu.vendor, std::string("GenuineIntel"));
        QCOMPARE(t.cpu.model.value(), 85);
        QCOMPARE(t.cpu.modelName, std::string("Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz"));
        QCOMPARE(t.kernelRelease, std::string("6.1.0-18-amd64"));
    }

    // CPU 3 is offline: it exists, but the kernel removed its topology and caches.
    void readsAMachineWithAnOfflineCpu() {
        const Topology t = readFixture("offline_cpu");
        QCOMPARE(t.hwThreads.size(), size_t(4));
        QCOMPARE(t.onlineCpus(), (Cpus{0, 1, 2}));
        QCOMPARE(t.numHwThreads(), 3);
        const HwThread& cpu3 = *t.hwThread(3);
        QVERIFY(!cpu3.online);
        QCOMPARE(cpu3.coreId, -1);
        QCOMPARE(cpu3.packageId, -1);
        QCOMPARE(cpu3.numaNode, -1);
        QCOMPARE(cpu3.smtIndex, -1);
        QCOMPARE(t.cores.size(), size_t(3));
        QCOMPARE(t.sockets[0].cpus, (Cpus{0, 1, 2}));
        QCOMPARE(t.caches[0].sizeBytes, uint64_t(48) * 1024);
        QCOMPARE(t.caches[0].associativity.value(), 12);
        QCOMPARE(t.caches.back().instances, (std::vector<Cpus>{{0, 1, 2}}));
        QCOMPARE(t.numaNodes[0].cpus, (Cpus{0, 1, 2}));
        QVERIFY(t.hwThread(4) == nullptr);
    }

    // No NUMA in the kernel, no cache information, package id -1.
    void readsAnAarch64MachineWithoutNumaOrCaches() {
        const Topology t = readFixture("aarch64_nonuma");
        QCOMPARE(t.numHwThreads(), 2);
        QCOMPARE(t.hwThread(1)->packageId, 0);
        QCOMPARE(t.numSockets(), 1);
        QVERIFY(t.caches.empty());
        QVERIFY(!t.lastLevelCacheLevel());
        QCOMPARE(t.numNumaDomains(), 1);
        QCOMPARE(t.numaNodes[0].id, 0);
        QCOMPARE(t.numaNodes[0].cpus, (Cpus{0, 1}));
        QCOMPARE(t.numaNodes[0].memoryBytes.value(), uint64_t(4026532) * 1024); // from /proc/meminfo
        QCOMPARE(t.hwThread(0)->numaNode, 0);
        QCOMPARE(t.cpu.vendor, std::string("ARM"));
        QCOMPARE(t.cpu.model.value(), 0xd0c);
    }

    // Recorded CPUID replaces /proc/cpuinfo for identification; a fixture
    // tree never asks the real CPU.
    void identifiesByCpuidWhenGivenOne() {
        RecordedCpuid cpuid;
        cpuid.vendor(0x16, "GenuineIntel").set(1, {0x00050654, 0, 0, 0}).brand("  Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz");
        auto t = TopologyReader(fixtureSources("offline_cpu", &cpuid)).read();
        QVERIFY(t.ok());
        QCOMPARE(t->cpu.source, std::string("CPUID"));
        QCOMPARE(t->cpu.model.value(), 85); // not the cpuinfo's 140
        QCOMPARE(t->cpu.modelName, std::string("Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz"));
    }

    void failsClearlyOnATreeWithoutCpus() {
        auto t = TopologyReader(MachineSources::tree("/nonexistent/sys", "/nonexistent/proc")).read();
        QVERIFY(!t);
        QVERIFY(t.error().message.find("/nonexistent/sys/devices/system/cpu") != std::string::npos);
        QVERIFY(t.error().message.find("mount") != std::string::npos);
    }

    // The live machine: consistency, not exact values.
    void readsThisMachine() {
        auto read = TopologyReader().read();
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        const Topology& t = *read;
        QCOMPARE(t.numHwThreads(), static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)));
        QVERIFY(t.numSockets() >= 1);
        QVERIFY(t.threadsPerCore() >= 1);
        std::set<int> inSockets, inNodes;
        for (const auto& s : t.sockets) inSockets.insert(s.cpus.begin(), s.cpus.end());
        for (const auto& n : t.numaNodes) inNodes.insert(n.cpus.begin(), n.cpus.end());
        const Cpus online = t.onlineCpus();
        QCOMPARE(Cpus(inSockets.begin(), inSockets.end()), online);
        QCOMPARE(Cpus(inNodes.begin(), inNodes.end()), online);
        for (const auto& core : t.cores)
            for (int cpu : core.cpus) QCOMPARE(t.hwThread(cpu)->packageId, core.packageId);
        for (const auto& cache : t.caches) QVERIFY(cache.sizeBytes > 0 && !cache.instances.empty());

        utsname u{};
        QCOMPARE(uname(&u), 0);
        QCOMPARE(t.kernelRelease, std::string(u.release));
        // Under PERFDASH_IDENTITY the CPU is the identity's, the kernel still this one.
        const auto& identity = identityOverride();
        QCOMPARE(t.architecture, identity ? identity->machine : std::string(u.machine));

        // CPUID and the kernel's cpuinfo (the identity's, under one) agree; without CPUID,
        // cpuinfo is where the CPU says who it is.
        const std::string cpuinfo = MachineSources::host().cpuinfoPath();
        const CpuIdentity kernel = identifyByCpuinfo(readFile(cpuinfo).value_or(""), cpuinfo);
        QVERIFY2(!kernel.vendor.empty(), cpuinfo.c_str());
        QCOMPARE(t.cpu.source, hostCpuid() ? std::string("CPUID") : cpuinfo);
        QCOMPARE(t.cpu.vendor, kernel.vendor);
        QCOMPARE(t.cpu.family, kernel.family);
        QCOMPARE(t.cpu.model, kernel.model);
        QCOMPARE(t.cpu.stepping, kernel.stepping);
    }
};

QTEST_GUILESS_MAIN(TestTopologyReader)
#include "test_topology_reader.moc"
