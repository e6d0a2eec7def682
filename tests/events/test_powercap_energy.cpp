// RAPL energy through the kernel's powercap framework
// (core/events/PowercapEnergy) on fixture sysfs trees written as
// intel_rapl_msr and intel_rapl_tpmi register their zones
// (tests/fixtures/likwid/make-uncore-trees.py): which zone each CPU's
// package reads, the counter's range and units, and why a domain or a
// machine has none or cannot be read.
#include <QtTest>

#include <cerrno>
#include <grp.h>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/events/PowercapEnergy.h"

using namespace perfdash;

namespace {

std::string tree(const std::string& name) {
    return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/likwid/" + name;
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// powercapUnreadable(path) as seen by an unprivileged user (uid 65534): root
// reads any file, so as root the check runs in a child that drops to nobody.
// "" when that user can read it; "?" when the switch failed.
std::string unreadableAsNobody(const std::string& path) {
    if (::geteuid() != 0) return powercapUnreadable(path).value_or("");
    int fds[2];
    if (::pipe(fds) != 0) return "?";
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(fds[0]);
        std::string answer = "?";
        if (::setgroups(0, nullptr) == 0 && ::setgid(65534) == 0 && ::setuid(65534) == 0)
            answer = powercapUnreadable(path).value_or("");
        (void)!::write(fds[1], answer.data(), answer.size());
        ::_exit(0);
    }
    ::close(fds[1]);
    std::string answer;
    char buffer[512];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) answer.append(buffer, static_cast<size_t>(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    return answer;
}

} // namespace

class TestPowercapEnergy : public QObject {
    Q_OBJECT

private slots:
    // intel_rapl_msr on Silvermont: the package zone and its core child; a
    // child belongs to its parent zone's package.
    void zonesOfSilvermont() {
        const auto zones = powercapZones(tree("sysfs-silvermont"));
        QCOMPARE(zones.size(), size_t(2));
        QCOMPARE(zones[0].zone, std::string("intel-rapl:0"));
        QCOMPARE(zones[0].name, std::string("package-0"));
        QCOMPARE(zones[0].domain, std::string("package"));
        QCOMPARE(zones[0].package, 0);
        QCOMPARE(zones[1].zone, std::string("intel-rapl:0:0"));
        QCOMPARE(zones[1].domain, std::string("core"));
        QCOMPARE(zones[1].package, 0);
        QCOMPARE(zones[1].maxEnergyRangeUj, uint64_t{0xffffffff} * 32);
        QVERIFY(!zones[1].perDie);
    }

    // Every CPU of the package has the zone's energy_uj; the lowest is the
    // package's reader (as a package PMU's cpumask); microjoules become Joules.
    void packageEnergyIsACounterInJoules() {
        const std::string root = tree("sysfs-silvermont");
        auto e = powercapEnergyEvent(root, "core", "PWR_PP0_ENERGY");
        QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
        QCOMPARE(e->source, EventSource::Powercap);
        QCOMPARE(std::string(codeOrigin(*e)), std::string("kernel")); // what check-group's SOURCE column says
        QVERIFY(e->readFromFiles());
        QVERIFY(!e->gauge()); // a count: differences, summed over packages
        QCOMPARE(e->unit, std::string("Joules"));
        QCOMPARE(e->scale, 1e-6);
        QCOMPARE(e->cpus, std::vector<int>{0});
        QCOMPARE(e->sysfsInputs.size(), size_t(4));
        for (const auto& in : e->sysfsInputs) {
            QCOMPARE(in.path, root + "/class/powercap/intel-rapl:0:0/energy_uj");
            QCOMPARE(in.range, uint64_t{0xffffffff} * 32 + 1);
        }
        QVERIFY2(contains(e->description, "powercap") && contains(e->description, "intel-rapl:0:0 (core)"),
                 e->description.c_str());
    }

    // intel_rapl_tpmi (Granite Rapids): package and dram, no core domain; the reason says so.
    void tpmiHasNoCoreDomain() {
        const std::string root = tree("sysfs-gnr");
        QVERIFY(powercapEnergyEvent(root, "package", "PWR_PKG_ENERGY").ok());
        auto dram = powercapEnergyEvent(root, "dram", "PWR_DRAM_ENERGY");
        QVERIFY2(dram.ok(), dram.ok() ? "" : dram.error().message.c_str());
        QCOMPARE(dram->sysfsInputs.front().path, root + "/class/powercap/intel-rapl:0:0/energy_uj");
        auto core = powercapEnergyEvent(root, "core", "PWR_PP0_ENERGY");
        QVERIFY(!core.ok());
        QVERIFY2(contains(core.error().message, "no 'core' zone") &&
                     contains(core.error().message, "package-0 (intel-rapl:0), dram (intel-rapl:0:0)") &&
                     contains(core.error().message, "intel_rapl_tpmi"),
                 core.error().message.c_str());
        auto psys = powercapEnergyEvent(root, "psys", "PWR_PLATFORM_ENERGY");
        QVERIFY(!psys.ok());
    }

    // A tree without powercap (a virtual machine): the reason names the directory and the driver.
    void noPowercapAtAll() {
        const std::string root = tree("sysfs-aperf");
        auto e = powercapEnergyEvent(root, "package", "PWR_PKG_ENERGY");
        QVERIFY(!e.ok());
        QVERIFY2(contains(e.error().message, root + "/class/powercap has no intel-rapl zone") &&
                     contains(e.error().message, "modprobe intel_rapl_msr"),
                 e.error().message.c_str());
    }

    // energy_uj is root's alone since Linux 5.10 (mode 0400): an unprivileged
    // user is told why and how to fix it. The file here is made the same.
    void unreadableNamesTheFix() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string d = dir.path().toStdString();
        QCOMPARE(::chmod(d.c_str(), 0755), 0);
        const std::string file = d + "/energy_uj";
        std::ofstream(file) << "123\n";
        QCOMPARE(::chmod(file.c_str(), 0400), 0);
        if (::geteuid() != 0 && ::access(file.c_str(), R_OK) == 0)
            QSKIP("this user owns the file, so mode 0400 does not deny it; run as root or another user");
        const std::string why = unreadableAsNobody(file);
        QVERIFY2(why != "?", "could not switch to uid/gid 65534");
        QVERIFY2(contains(why, file + " is readable by root only") && contains(why, "CVE-2020-8694") &&
                     contains(why, "run as root") && contains(why, "chmod o+r " + file),
                 why.c_str());
        // Readable, it is fine; a file without a number is said to be one.
        QCOMPARE(::chmod(file.c_str(), 0444), 0);
        QCOMPARE(unreadableAsNobody(file), std::string());
        std::ofstream(file, std::ios::trunc) << "n/a\n";
        QVERIFY(contains(powercapUnreadable(file).value_or(""), "holds no energy reading"));
        QVERIFY(contains(powercapReadError(file, ENOENT), "cannot be read"));
    }
};

QTEST_GUILESS_MAIN(TestPowercapEnergy)
#include "test_powercap_energy.moc"
