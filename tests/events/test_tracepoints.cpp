// Tracepoints through tracefs: the fixture tree exactly, an unmounted tracefs
// with the command that fixes it, and this kernel's real tracepoints counting.
#include <QtTest>

#include <filesystem>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/sys/PerfEventSys.h"
#include "core/events/AvailabilityCheck.h"
#include "core/events/EventResolver.h"
#include "core/events/Tracefs.h"
#include "core/util/Strings.h"
#include "events/EventFixtures.h"

using namespace perfdash;
namespace fs = std::filesystem;

class TestTracepoints : public QObject {
    Q_OBJECT

private slots:
    void readsTheFixtureTracefs() {
        const std::string root = test::eventFixtures() + "/tracefs";
        Tracefs t = Tracefs::locate({"/nonexistent/tracing", root});
        QVERIFY(t.mounted());
        QCOMPARE(t.root(), root);
        QVERIFY(t.notMountedReason().empty());
        QCOMPARE(t.eventNames(),
                 (std::vector<std::string>{"sched:sched_switch", "sched:sched_wakeup", "syscalls:sys_enter_getpid"}));
        QCOMPARE(t.eventId("sched", "sched_switch").value(), uint64_t(316));
        QCOMPARE(t.eventId("syscalls", "sys_enter_getpid").value(), uint64_t(1234));
        QVERIFY(t.hasEvent("sched", "sched_wakeup"));
        QVERIFY(!t.hasEvent("sched", "nope"));
        QVERIFY(!t.hasEvent("..", "tracefs")); // names are never paths
        auto missing = t.eventId("sched", "nope");
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.find("sched:nope") != std::string::npos);
    }

    void listsWithoutAvailableEvents() {
        QTemporaryDir dir;
        const fs::path copy = fs::path(dir.path().toStdString()) / "tracing";
        fs::copy(test::eventFixtures() + "/tracefs", copy, fs::copy_options::recursive);
        fs::remove(copy / "available_events");
        Tracefs t = Tracefs::locate({copy.string()});
        QCOMPARE(t.eventNames(),
                 (std::vector<std::string>{"sched:sched_switch", "sched:sched_wakeup", "syscalls:sys_enter_getpid"}));
    }

    void saysHowToMountIt() {
        QTemporaryDir empty;
        const std::string where = empty.path().toStdString();
        Tracefs t = Tracefs::locate({where});
        QVERIFY(!t.mounted());
        QVERIFY(t.eventNames().empty());
        QVERIFY2(t.notMountedReason().find("mount -t tracefs nodev " + where) != std::string::npos,
                 t.notMountedReason().c_str());

        EventPaths paths = test::fixturePaths();
        paths.tracefsRoots = {where};
        EventResolver resolver(paths);
        auto r = resolver.resolve("sched:sched_switch");
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("mount -t tracefs nodev " + where) != std::string::npos,
                 r.error().message.c_str());
    }

    void resolvesFixtureTracepoints() {
        EventResolver resolver(test::fixturePaths());
        auto r = resolver.resolve("sched:sched_switch");
        QVERIFY(r.ok());
        QCOMPARE(r->encoding.type, uint32_t(PERF_TYPE_TRACEPOINT));
        QCOMPARE(r->encoding.config, uint64_t(316));
        QCOMPARE(r->source, EventSource::Tracepoint);
        QCOMPARE(r->name, std::string("sched:sched_switch"));
        QCOMPARE(r->pmu, std::string("tracepoint"));
        auto typo = resolver.resolve("sched:sched_swich");
        QVERIFY(!typo.ok());
        QVERIFY2(typo.error().message.find("sched:sched_switch") != std::string::npos, typo.error().message.c_str());
    }

    // This kernel's tracepoints, counted for real: N getpid() calls are N hits.
    void countsRealTracepoints() {
        Tracefs real = Tracefs::locate(Tracefs::defaultRoots());
        if (!real.mounted()) {
            if (::geteuid() != 0)
                QSKIP("tracefs is not mounted and mounting it needs root "
                      "(mount -t tracefs nodev /sys/kernel/tracing)");
            if (::mount("nodev", "/sys/kernel/tracing", "tracefs", 0, nullptr) != 0)
                QSKIP(qPrintable(QString("cannot mount tracefs on /sys/kernel/tracing: %1").arg(strerror(errno))));
            real = Tracefs::locate(Tracefs::defaultRoots());
        }
        QVERIFY(real.mounted());
        EventResolver resolver;
        auto sw = resolver.resolve("sched:sched_switch");
        QVERIFY2(sw.ok(), sw ? "" : sw.error().message.c_str());
        QCOMPARE(sw->encoding.config,
                 parseUnsigned(readFirstLine(real.root() + "/events/sched/sched_switch/id").value()).value());
        auto availability = AvailabilityCheck::forThisMachine(resolver.pmus());
        const Availability a = availability->check(*sw);
        QVERIFY2(a.countable(), a.reason.c_str());

        if (!real.hasEvent("syscalls", "sys_enter_getpid"))
            QSKIP("this kernel has no syscall tracepoints (CONFIG_FTRACE_SYSCALLS)");
        auto getpid = resolver.resolve("syscalls:sys_enter_getpid");
        QVERIFY(getpid.ok());
        perf_event_attr attr = makePerfAttr(getpid->encoding);
        attr.disabled = 1;
        const int fd = perfEventOpen(attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
        QVERIFY2(fd >= 0, strerror(errno));
        constexpr int calls = 1000;
        QCOMPARE(::ioctl(fd, PERF_EVENT_IOC_ENABLE, 0), 0);
        for (int i = 0; i < calls; ++i) ::syscall(SYS_getpid);
        QCOMPARE(::ioctl(fd, PERF_EVENT_IOC_DISABLE, 0), 0);
        uint64_t count = 0;
        QCOMPARE(::read(fd, &count, sizeof count), ssize_t(sizeof count));
        ::close(fd);
        QCOMPARE(count, uint64_t(calls));
    }
};

QTEST_GUILESS_MAIN(TestTracepoints)
#include "test_tracepoints.moc"
