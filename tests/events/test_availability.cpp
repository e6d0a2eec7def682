// Availability: the check's rules with an injected perf_event_open, and the
// real answers on this machine (software events count, cycles does not
// without a hardware PMU, an unprivileged user counts user space only).
#include <QtTest>

#include <cerrno>
#include <fcntl.h>
#include <grp.h>
#include <sys/resource.h>
#include <linux/perf_event.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/events/AvailabilityCheck.h"
#include "core/util/IdentityOverride.h"
#include "core/events/EventResolver.h"
#include "events/EventFixtures.h"

using namespace perfdash;

namespace {

struct OpenCall {
    perf_event_attr attr;
    pid_t pid;
    int cpu;
};

// A perf_event_open stand-in that records its calls and answers with `rule`.
struct FakeOpen {
    std::vector<OpenCall> calls;
    std::function<int(const perf_event_attr&)> rule;
    AvailabilityCheck::OpenFunction function() {
        return [this](perf_event_attr& attr, pid_t pid, int cpu) {
            calls.push_back({attr, pid, cpu});
            return rule(attr);
        };
    }
};

// The state as text: QCOMPARE on the enum itself finds perfdash::toString by
// argument lookup and frees its static text when the comparison fails (a crash, not a report).
QString stateOf(const Availability& a) { return QString::fromLatin1(toString(a.state)); }

PerfPermissions unprivileged() {
    PerfPermissions p;
    p.paranoid = 2;
    p.paranoidKnown = true;
    p.capPerfmon = false;
    return p;
}

} // namespace

class TestAvailability : public QObject {
    Q_OBJECT

    EventResolver fixture{test::fixturePaths()};

    ResolvedEvent resolve(const EventResolver& resolver, const std::string& spec) {
        auto r = resolver.resolve(spec);
        if (!r) qWarning("%s: %s", spec.c_str(), r.error().message.c_str());
        return r ? *r : ResolvedEvent{};
    }

private slots:
    void countableAndCached() {
        FakeOpen open{{}, [](const perf_event_attr&) { return 0; }};
        AvailabilityCheck availability(unprivileged(), true, open.function());
        const Availability a = availability.check(resolve(fixture, "task-clock"));
        QCOMPARE(a.state, Availability::State::Countable);
        QVERIFY(a.reason.empty() && a.brief.empty());
        QCOMPARE(open.calls.size(), size_t(1));
        QCOMPARE(open.calls[0].pid, pid_t(0));
        QCOMPARE(open.calls[0].cpu, -1);
        QCOMPARE(open.calls[0].attr.type, uint32_t(PERF_TYPE_SOFTWARE));
        QCOMPARE(open.calls[0].attr.config, uint64_t(PERF_COUNT_SW_TASK_CLOCK));
        QVERIFY(open.calls[0].attr.disabled);
        availability.check(resolve(fixture, "task-clock"));
        QCOMPARE(open.calls.size(), size_t(1)); // cached per encoding
        availability.check(resolve(fixture, "task-clock:u"));
        QCOMPARE(open.calls.size(), size_t(2)); // another encoding, another open
    }

    void restrictedToUserSpace() {
        FakeOpen open{{}, [](const perf_event_attr& attr) { return attr.exclude_kernel ? 0 : EACCES; }};
        AvailabilityCheck availability(unprivileged(), true, open.function());
        const Availability a = availability.check(resolve(fixture, "page-faults"));
        QCOMPARE(a.state, Availability::State::Restricted);
        QVERIFY(a.countable());
        QCOMPARE(a.brief, std::string("user space only"));
        QVERIFY2(a.reason.find("perf_event_paranoid=2") != std::string::npos &&
                     a.reason.find("CAP_PERFMON") != std::string::npos,
                 a.reason.c_str());
        QCOMPARE(open.calls.size(), size_t(2));
        QVERIFY(open.calls[1].attr.exclude_kernel && open.calls[1].attr.exclude_hv);
        // Asking for user space only is then simply countable.
        QCOMPARE(availability.check(resolve(fixture, "page-faults:u")).state, Availability::State::Countable);
    }

    void refusedEntirely() {
        FakeOpen open{{}, [](const perf_event_attr&) { return EACCES; }};
        PerfPermissions paranoid3 = unprivileged();
        paranoid3.paranoid = 3;
        AvailabilityCheck availability(paranoid3, true, open.function());
        const Availability a = availability.check(resolve(fixture, "cs"));
        QCOMPARE(a.state, Availability::State::Unsupported);
        QCOMPARE(a.brief, std::string("not permitted"));
        QCOMPARE(a.reason, explainPerfOpenError(EACCES, resolve(fixture, "cs"), paranoid3));
    }

    void noHardwarePmu() {
        FakeOpen open{{}, [](const perf_event_attr& attr) { return attr.type == PERF_TYPE_SOFTWARE ? 0 : ENOENT; }};
        AvailabilityCheck withoutPmu(unprivileged(), false, open.function());
        const ResolvedEvent cycles = resolve(fixture, "cycles");
        const Availability a = withoutPmu.check(cycles);
        QCOMPARE(a.state, Availability::State::Unsupported);
        QCOMPARE(a.brief, std::string("no hardware PMU"));
        QCOMPARE(a.reason, explainPerfOpenError(ENOENT, cycles, unprivileged()));
        QCOMPARE(withoutPmu.check(resolve(fixture, "r1a8")).brief, std::string("no hardware PMU"));
        QCOMPARE(withoutPmu.check(resolve(fixture, "cpu/event=0x3c/")).brief, std::string("no hardware PMU"));
        // With a core PMU the kernel just does not know this one.
        AvailabilityCheck withPmu(unprivileged(), true, open.function());
        QCOMPARE(withPmu.check(cycles).brief, std::string("not supported here"));
        FakeOpen invalid{{}, [](const perf_event_attr&) { return EINVAL; }};
        AvailabilityCheck rejecting(unprivileged(), true, invalid.function());
        QCOMPARE(rejecting.check(cycles).brief, std::string("rejected as invalid"));
    }

    // The kernel's msr PMU refuses a register this CPU does not offer (a guest's
    // hidden APERF) with EINVAL: the reason says so, not "an encoding it does not accept".
    void anMsrRegisterTheCpuDoesNotOffer() {
        PerfEncoding aperf;
        aperf.config = 1;
        const std::string why = explainPerfOpenError(EINVAL, PerfOpenSubject{"msr/aperf/", false, aperf}, unprivileged());
        QVERIFY2(why.starts_with("'msr/aperf/': this CPU does not offer that register"), why.c_str());
        QVERIFY2(why.find("/sys/bus/event_source/devices/msr/events/") != std::string::npos, why.c_str());
        const std::string other = explainPerfOpenError(EINVAL, PerfOpenSubject{"power/energy-pkg/", false, aperf},
                                                       unprivileged());
        QVERIFY2(other.find("an encoding or modifier this PMU does not accept") != std::string::npos, other.c_str());
    }

    // Out of file descriptors is a limit of the process (EMFILE) or the
    // system (ENFILE), not a property of the event: "unchecked", with the
    // limit and its fix, and asked again at the next check.
    void outOfFilesIsALimitAndNotRemembered() {
        int failures = 1;
        FakeOpen open{{}, [&](const perf_event_attr&) { return failures-- > 0 ? EMFILE : 0; }};
        AvailabilityCheck availability(unprivileged(), true, open.function());
        const ResolvedEvent cs = resolve(fixture, "cs");
        const Availability a = availability.check(cs);
        QCOMPARE(stateOf(a), QStringLiteral("unchecked"));
        QVERIFY(!a.countable());
        QCOMPARE(a.brief, std::string("not checked: out of files (ulimit -n)"));
        QVERIFY2(a.reason.find("ulimit -n") != std::string::npos &&
                     a.reason.find("open files per process") != std::string::npos &&
                     a.reason.find("not a property of the event") != std::string::npos,
                 a.reason.c_str());
        QCOMPARE(stateOf(availability.check(cs)), QStringLiteral("countable")); // asked again, not remembered
        QCOMPARE(open.calls.size(), size_t(2));
        availability.check(cs);
        QCOMPARE(open.calls.size(), size_t(2)); // a real answer is remembered

        FakeOpen system{{}, [](const perf_event_attr&) { return ENFILE; }};
        AvailabilityCheck full(unprivileged(), true, system.function());
        const Availability s = full.check(cs);
        QCOMPARE(stateOf(s), QStringLiteral("unchecked"));
        QVERIFY2(s.reason.find("fs.file-max") != std::string::npos, s.reason.c_str());
        full.check(cs);
        QCOMPARE(system.calls.size(), size_t(2));

        // The user-space-only retry can run out of files too.
        int calls = 0;
        FakeOpen retry{{}, [&](const perf_event_attr&) { return ++calls == 1 ? EACCES : EMFILE; }};
        AvailabilityCheck restricted(unprivileged(), true, retry.function());
        QCOMPARE(stateOf(restricted.check(cs)), QStringLiteral("unchecked"));
    }

    // The real kernel with this process's file table full: RLIMIT_NOFILE
    // lowered to the lowest free descriptor, so the check's open is refused.
    void aFullFileTableOfThisProcessIsNamed() {
        EventResolver real;
        const ResolvedEvent taskClock = resolve(real, "task-clock");
        AvailabilityCheck availability(PerfPermissions::read(), real.pmus().core() != nullptr);
        rlimit saved{};
        QCOMPARE(::getrlimit(RLIMIT_NOFILE, &saved), 0);
        const int lowestFree = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
        QVERIFY(lowestFree >= 0);
        ::close(lowestFree);
        Availability full;
        {
            rlimit lowered = saved;
            lowered.rlim_cur = static_cast<rlim_t>(lowestFree);
            QCOMPARE(::setrlimit(RLIMIT_NOFILE, &lowered), 0);
            full = availability.check(taskClock);
            QCOMPARE(::setrlimit(RLIMIT_NOFILE, &saved), 0);
        }
        QCOMPARE(stateOf(full), QStringLiteral("unchecked"));
        const std::string limit = "the limit is " + std::to_string(lowestFree) + " open files per process";
        QVERIFY2(full.reason.find(limit) != std::string::npos && full.reason.find("ulimit -n") != std::string::npos,
                 full.reason.c_str());
        // With files to spare the same check finds it countable: the limit was not remembered as the answer.
        const Availability after = availability.check(taskClock);
        QVERIFY2(after.countable(), after.reason.c_str());
    }

    void systemWidePmusOpenOnTheirFirstCpu() {
        FakeOpen open{{}, [](const perf_event_attr&) { return 0; }};
        AvailabilityCheck availability(unprivileged(), true, open.function());
        const ResolvedEvent dram = resolve(fixture, "amd_df/dram_channel_data_controller_4/");
        QCOMPARE(availability.check(dram).state, Availability::State::Countable);
        QCOMPARE(open.calls.size(), size_t(1));
        QCOMPARE(open.calls[0].pid, pid_t(-1));
        QCOMPARE(open.calls[0].cpu, 0);
        QCOMPARE(open.calls[0].attr.type, uint32_t(11));

        FakeOpen refuse{{}, [](const perf_event_attr&) { return EACCES; }};
        AvailabilityCheck strict(unprivileged(), true, refuse.function());
        const Availability a = strict.check(dram);
        QCOMPARE(a.state, Availability::State::Unsupported);
        QVERIFY2(a.reason.find("system-wide") != std::string::npos, a.reason.c_str());
        QCOMPARE(refuse.calls.size(), size_t(1)); // no user-space-only retry for system-wide PMUs
    }

    // The real kernel of this machine.
    void softwareEventsCountHere() {
        EventResolver real;
        auto availability = AvailabilityCheck::forThisMachine(real.pmus());
        for (const char* name : {"task-clock", "cpu-clock", "page-faults", "context-switches", "cpu-migrations",
                                 "minor-faults", "major-faults"}) {
            const Availability a = availability->check(resolve(real, name));
            QVERIFY2(a.countable(), (std::string(name) + ": " + a.reason).c_str());
        }
    }

    void cyclesWithoutAHardwarePmu() {
        EventResolver real;
        auto availability = AvailabilityCheck::forThisMachine(real.pmus());
        const Availability a = availability->check(resolve(real, "cycles"));
        if (identityOverride()) { // a simulated CPU's hardware events are never opened
            QCOMPARE(a.brief, std::string("simulated CPU, not counted"));
            QCOMPARE(availability->check(resolve(real, "dTLB-load-misses")).brief, std::string("simulated CPU, not counted"));
            return;
        }
        if (real.pmus().core()) {
            // A machine with a core PMU must never claim there is none.
            QVERIFY2(a.brief != "no hardware PMU", a.reason.c_str());
            QSKIP("this machine has a hardware PMU; the no-PMU answer is checked on VMs without one");
        }
        QCOMPARE(a.state, Availability::State::Unsupported);
        QCOMPARE(a.brief, std::string("no hardware PMU"));
        QVERIFY2(a.reason.find("'cycles'") != std::string::npos, a.reason.c_str());
        QCOMPARE(availability->check(resolve(real, "dTLB-load-misses")).brief, std::string("no hardware PMU"));
    }

    // A real unprivileged process under perf_event_paranoid >= 2: kernel
    // counting is refused, user space counts, so task-clock is "restricted".
    void unprivilegedUserIsRestricted() {
        if (::geteuid() != 0) QSKIP("needs root to switch to an unprivileged user");
        const PerfPermissions here = PerfPermissions::read();
        if (here.paranoid < 2)
            QSKIP(qPrintable(QString("perf_event_paranoid is %1; restrictions start at 2").arg(here.paranoid)));
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::close(fds[0]);
            char state = 'x';
            if (::setgroups(0, nullptr) == 0 && ::setgid(65534) == 0 && ::setuid(65534) == 0) {
                EventResolver resolver(test::fixturePaths());
                auto ev = resolver.resolve("task-clock");
                AvailabilityCheck availability(PerfPermissions::read(), true);
                const Availability a = availability.check(*ev);
                state = a.state == Availability::State::Restricted ? 'r'
                        : a.state == Availability::State::Countable ? 'c'
                                                                     : 'u';
            }
            (void)!::write(fds[1], &state, 1);
            ::_exit(0);
        }
        ::close(fds[1]);
        char state = '?';
        QCOMPARE(::read(fds[0], &state, 1), ssize_t(1));
        ::close(fds[0]);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY2(state != 'x', "could not switch to uid/gid 65534");
        QCOMPARE(state, 'r');
    }
};

QTEST_GUILESS_MAIN(TestAvailability)
#include "test_availability.moc"
