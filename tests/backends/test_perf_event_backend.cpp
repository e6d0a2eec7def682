#include <QtTest>

#include <map>
#include <sys/resource.h>
#include <sys/syscall.h>

#include "backends/CountingTestSupport.h"
#include "core/backends/PerfEventBackend.h"
#include "core/backends/PerfEventGroupPlan.h"
#include "core/result/CounterDeltas.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

int ownTid() { return static_cast<int>(::syscall(SYS_gettid)); }

CountingScope ownThread() {
    CountingScope scope;
    scope.kind = CountingScope::Kind::Threads;
    scope.tids = {ownTid()};
    scope.inherit = false;
    return scope;
}

std::vector<int> allCpus() {
    std::vector<int> cpus;
    for (int c = 0; c < onlineCpuCount(); ++c) cpus.push_back(c);
    return cpus;
}

const ResolvedEvent taskClock = softwareEvent("task-clock", PERF_COUNT_SW_TASK_CLOCK);
const ResolvedEvent pageFaults = softwareEvent("page-faults", PERF_COUNT_SW_PAGE_FAULTS);
const ResolvedEvent contextSwitches = softwareEvent("context-switches", PERF_COUNT_SW_CONTEXT_SWITCHES);
const ResolvedEvent cycles = hardwareEvent("cycles", PERF_COUNT_HW_CPU_CYCLES);

bool cyclesCountable() {
    perf_event_attr attr = makePerfAttr(cycles.encoding);
    const int fd = perfEventOpen(attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd >= 0) ::close(fd);
    return fd >= 0;
}

} // namespace

class TestPerfEventBackend : public QObject {
    Q_OBJECT
private slots:
    void countsOwnThreadInOneGroup() {
        PerfEventBackend backend;
        auto set = backend.open({slot(taskClock), slot(pageFaults), slot(contextSwitches)}, ownThread());
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
        CounterSet& counters = **set;
        QCOMPARE(counters.groupCount(), size_t(1));
        QCOMPARE(counters.locations().size(), size_t(1));
        QCOMPARE(counters.locations()[0].label(), "tid " + std::to_string(ownTid()));
        for (const SlotStatus& s : counters.slotStatus()) {
            QVERIFY(s.opened);
            QCOMPARE(s.group, 0);
        }
        Snapshot before;
        QVERIFY(counters.read(before).ok());
        QCOMPARE(before.values[1].raw, uint64_t(0)); // opened disabled: nothing counted yet
        QVERIFY(counters.enable().ok());
        touchFreshPages(2000);
        QVERIFY(counters.disable().ok());
        Snapshot after;
        QVERIFY(counters.read(after).ok());
        QCOMPARE(after.values.size(), size_t(3));
        QVERIFY2(after.values[1].raw >= 2000, std::to_string(after.values[1].raw).c_str());
        QVERIFY2(after.values[1].raw < 3000, std::to_string(after.values[1].raw).c_str());
        QVERIFY(after.values[0].raw > 0);                              // task-clock, ns
        QCOMPARE(after.values[0].enabledNs, after.values[0].runningNs); // software events never multiplex
        QVERIFY(after.monotonicNs > before.monotonicNs);
    }

    void keepsSetsInSeparateGroupsAndMapsValuesById() {
        PerfEventBackend backend;
        auto set = backend.open({slot(contextSwitches, 0), slot(pageFaults, 0), slot(taskClock, 1),
                                 slot(pageFaults, 1)},
                                ownThread());
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
        const auto& status = (*set)->slotStatus();
        QCOMPARE((*set)->groupCount(), size_t(2));
        QCOMPARE(status[0].group, status[1].group);
        QCOMPARE(status[2].group, status[3].group);
        QVERIFY(status[0].group != status[2].group);
        QVERIFY((*set)->enable().ok());
        touchFreshPages(3000);
        QVERIFY((*set)->disable().ok());
        Snapshot s;
        QVERIFY((*set)->read(s).ok());
        // Each value landed in its own slot: the page-fault slots of both
        // groups saw the faults, the context-switch slot did not.
        QVERIFY(s.values[1].raw >= 3000);
        QVERIFY(s.values[3].raw >= 3000);
        QVERIFY(s.values[0].raw < 1000);
        QVERIFY(s.values[2].raw > 1000); // nanoseconds of task-clock
    }

    void readsEachGroupWithOneSyscall() {
        auto readEntry = tracepointEvent("syscalls", "sys_enter_read");
        if (!readEntry.event) QSKIP(readEntry.whyNot.c_str());
        const PerfPermissions perms = PerfPermissions::read();
        if (!perms.mayCountCpuWide())
            QSKIP(("system-wide counting is not permitted here: " + perms.fixHint()).c_str());
        PerfEventBackend backend;
        // The meter counts the read() system calls this thread makes.
        auto meter = backend.open({slot(*readEntry.event)}, ownThread());
        QVERIFY2(meter.ok(), meter.ok() ? "" : meter.error().message.c_str());

        CountingScope cpus;
        cpus.kind = CountingScope::Kind::Cpus;
        cpus.cpus = allCpus();
        auto counted = backend.open({slot(taskClock, 0), slot(pageFaults, 0), slot(contextSwitches, 0),
                                     slot(pageFaults, 1), slot(taskClock, 1)},
                                    cpus);
        QVERIFY2(counted.ok(), counted.ok() ? "" : counted.error().message.c_str());
        QCOMPARE((*counted)->groupCount(), size_t(2));
        QVERIFY((*counted)->enable().ok());

        Snapshot sample;
        QVERIFY((*meter)->enable().ok());
        QVERIFY((*counted)->read(sample).ok());
        QVERIFY((*meter)->disable().ok());
        Snapshot metered;
        QVERIFY((*meter)->read(metered).ok());
        // One read() per group per location, never one per event (5 events here).
        QCOMPARE(metered.values[0].raw, uint64_t(2 * cpus.cpus.size()));
    }

    void reportsUnopenableSlotWhileOthersCount() {
        if (cyclesCountable()) QSKIP("this machine has a hardware PMU: 'cycles' opens, so there is no failing slot");
        PerfEventBackend backend;
        auto set = backend.open({slot(cycles), slot(pageFaults)}, ownThread());
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
        const auto& status = (*set)->slotStatus();
        QVERIFY(!status[0].opened);
        QCOMPARE(status[0].group, -1);
        // The reason is the backend's explanation of the kernel's errno (ENOENT in a VM).
        const PerfPermissions perms = PerfPermissions::read();
        const bool explained = status[0].reason == explainPerfOpenError(ENOENT, cycles, perms) ||
                               status[0].reason == explainPerfOpenError(EOPNOTSUPP, cycles, perms);
        QVERIFY2(explained, status[0].reason.c_str());
        const bool inVm = readFile("/proc/cpuinfo").value_or("").find(" hypervisor") != std::string::npos;
        if (inVm) QVERIFY2(status[0].reason.find("virtual machine") != std::string::npos, status[0].reason.c_str());
        QVERIFY(status[1].opened);
        QVERIFY((*set)->enable().ok());
        touchFreshPages(1000);
        Snapshot s;
        QVERIFY((*set)->read(s).ok());
        QVERIFY(s.values[1].raw >= 1000);
        QVERIFY(!isAvailable(scaledTotal(s.values[0]).value)); // never 0 for "not counted"
    }

    void failsWhenNothingOpens() {
        if (cyclesCountable()) QSKIP("this machine has a hardware PMU: 'cycles' opens");
        PerfEventBackend backend;
        auto set = backend.open({slot(cycles)}, ownThread());
        QVERIFY(!set.ok());
        QVERIFY2(set.error().message.find("cycles") != std::string::npos, set.error().message.c_str());
    }

    void startsANewGroupWhenTheKernelRejectsAMember() {
        // The kernel refuses a group whose read() would exceed its buffer
        // (E2BIG, older kernels EINVAL) while each event opens fine alone:
        // a set of 1100 events must become several groups, all counting.
        constexpr size_t kEvents = 1100;
        rlimit files{};
        getrlimit(RLIMIT_NOFILE, &files);
        if (files.rlim_max != RLIM_INFINITY && files.rlim_max < kEvents + 100)
            QSKIP("the hard limit of open files is below the 1200 this test needs ('ulimit -Hn')");
        const rlimit saved = files;
        files.rlim_cur = files.rlim_max == RLIM_INFINITY ? kEvents + 100 : std::max<rlim_t>(files.rlim_cur, kEvents + 100);
        setrlimit(RLIMIT_NOFILE, &files);

        EventSet events(kEvents, slot(pageFaults));
        PerfEventBackend backend;
        auto set = backend.open(events, ownThread());
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
        QVERIFY((*set)->groupCount() >= 2);
        for (const SlotStatus& s : (*set)->slotStatus()) QVERIFY(s.opened);
        QCOMPARE((*set)->slotStatus().front().group, 0);
        QVERIFY((*set)->slotStatus().back().group > 0);
        QVERIFY((*set)->enable().ok());
        touchFreshPages(500);
        QVERIFY((*set)->disable().ok());
        Snapshot s;
        QVERIFY((*set)->read(s).ok());
        for (const CounterValue& v : s.values) {
            QVERIFY(v.raw >= 500);
            QVERIFY(v.raw <= s.values.front().raw + 5); // the groups were enabled a few instructions apart
        }
        set->reset();
        setrlimit(RLIMIT_NOFILE, &saved);
    }

    void plansGroupsTheWayAConstrainedPmuAllows() {
        // By construction: a fake PMU "cpu" (type 0) with 4 counters, an
        // "uncore" PMU (type 20) that cannot share a group with it, software
        // events that join anything, and one event that does not exist.
        const PerfEncoding uncoreEncoding{20, 1};
        ResolvedEvent uncore = hardwareEvent("uncore_event", 1);
        uncore.encoding = uncoreEncoding;
        uncore.source = EventSource::SysfsPmu;
        uncore.pmu = "uncore";
        ResolvedEvent missing = hardwareEvent("missing", 99);
        EventSet events;
        for (int i = 0; i < 6; ++i) events.push_back(slot(hardwareEvent("hw" + std::to_string(i), i), 0));
        events.push_back(slot(uncore, 0));
        events.push_back(slot(pageFaults, 1));
        events.push_back(slot(missing, 0));
        events.push_back(slot(taskClock, 0));

        struct FakeGroup {
            uint32_t type;
            int hardwareMembers;
            int set;
        };
        std::map<int, FakeGroup> groups; // leader fd -> group
        int nextFd = 100;
        std::vector<std::pair<size_t, int>> joinAttempts; // slot, set of the group it tried
        auto open = [&](size_t s, int leaderFd) -> int {
            const ResolvedEvent& e = events[s].event;
            if (e.encoding.config == 99 && e.encoding.type == PERF_TYPE_HARDWARE) return -ENOENT;
            const bool software = e.encoding.type == PERF_TYPE_SOFTWARE;
            if (leaderFd < 0) {
                groups[nextFd] = {e.encoding.type, software ? 0 : 1, events[s].set};
                return nextFd++;
            }
            FakeGroup& g = groups.at(leaderFd);
            joinAttempts.emplace_back(s, g.set);
            if (software) return nextFd++;
            if (g.type != e.encoding.type) return -EINVAL; // different hardware PMUs
            if (g.hardwareMembers == 4) return -EINVAL;    // validate_group: counters exhausted
            ++g.hardwareMembers;
            return nextFd++;
        };
        const PerfPermissions perms;
        PerfGroupPlan plan = planPerfGroups(events, open, perms);

        const std::vector<int> expectedGroup{0, 0, 0, 0, 1, 1, 2, 3, -1, 0};
        for (size_t s = 0; s < events.size(); ++s) QCOMPARE(plan.slotStatus[s].group, expectedGroup[s]);
        QCOMPARE(plan.groups.size(), size_t(4));
        QCOMPARE(plan.groups[1], (std::vector<size_t>{4, 5}));
        QVERIFY(!plan.slotStatus[8].opened);
        QCOMPARE(plan.openErrors[8], ENOENT);
        QCOMPARE(plan.slotStatus[8].reason, explainPerfOpenError(ENOENT, missing, perms));
        QCOMPARE(plan.fds[8], -1);
        for (const auto& [s, groupSet] : joinAttempts) QCOMPARE(groupSet, events[s].set); // sets never mix
    }

    // Intel's top-down metric events open only in a group led by the slots
    // event (the kernel's rule, mimicked here): likwid's TMA group lists
    // FIXC0..2 first, so the slots event (FIXC3) is placed first.
    void topdownMetricsJoinTheSlotsGroup() {
        const auto raw = [](const std::string& name, uint64_t config) {
            ResolvedEvent e = hardwareEvent(name, 0);
            e.encoding.type = PERF_TYPE_RAW;
            e.encoding.config = config;
            return e;
        };
        const EventSet events = {slot(raw("instructions", 0xc0), 0), slot(raw("slots", 0x0400), 0),
                                 slot(raw("topdown-retiring", 0x8000), 0), slot(raw("topdown-be-bound", 0x8300), 0)};
        std::map<int, size_t> leaders; // leader fd -> slot
        int nextFd = 100;
        auto open = [&](size_t s, int leaderFd) -> int {
            const bool metric = (events[s].event.encoding.config & 0xff00) >= 0x8000;
            if (metric && (leaderFd < 0 || leaders.at(leaderFd) != 1)) return -EINVAL;
            if (leaderFd < 0) leaders[nextFd] = s;
            return nextFd++;
        };
        const PerfGroupPlan plan = planPerfGroups(events, open, PerfPermissions{});
        QCOMPARE(plan.groups.size(), size_t(1));
        QCOMPARE(plan.groups[0], (std::vector<size_t>{1, 0, 2, 3}));
        for (const auto& status : plan.slotStatus) QVERIFY(status.opened);
    }

    void namesLocationsByScope() {
        PerfEventBackend backend;
        const PerfPermissions perms = PerfPermissions::read();
        if (!perms.mayCountCpuWide())
            QSKIP(("system-wide counting is not permitted here: " + perms.fixHint()).c_str());
        CountingScope cpus;
        cpus.kind = CountingScope::Kind::Cpus;
        cpus.cpus = {0};
        auto perCpu = backend.open({slot(taskClock)}, cpus);
        QVERIFY2(perCpu.ok(), perCpu.ok() ? "" : perCpu.error().message.c_str());
        QCOMPARE((*perCpu)->locations()[0].label(), std::string("cpu0"));

        CountingScope task;
        task.kind = CountingScope::Kind::Task;
        task.pid = getpid();
        auto process = backend.open({slot(taskClock)}, task);
        QVERIFY(process.ok());
        QCOMPARE((*process)->locations()[0].label(), "pid " + std::to_string(getpid()));

        task.cpus = {0};
        auto taskPerCpu = backend.open({slot(taskClock)}, task);
        QVERIFY(taskPerCpu.ok());
        QCOMPARE((*taskPerCpu)->locations()[0].label(), std::string("cpu0"));
    }

    void rejectsEmptyOrInvalidScopes() {
        PerfEventBackend backend;
        CountingScope scope;
        scope.kind = CountingScope::Kind::Cpus;
        auto noCpus = backend.open({slot(taskClock)}, scope);
        QVERIFY(!noCpus.ok());
        QVERIFY(noCpus.error().message.find("CPUs") != std::string::npos);
        scope.kind = CountingScope::Kind::Threads;
        QVERIFY(!backend.open({slot(taskClock)}, scope).ok());
        scope.kind = CountingScope::Kind::Task;
        scope.pid = -1;
        QVERIFY(!backend.open({slot(taskClock)}, scope).ok());
        QVERIFY(!backend.open({}, ownThread()).ok());
    }

    void reportsProcessThatDoesNotExist() {
        PerfEventBackend backend;
        CountingScope scope;
        scope.kind = CountingScope::Kind::Task;
        scope.pid = 0x3ffffff0; // above any pid_max
        auto set = backend.open({slot(taskClock)}, scope);
        QVERIFY(!set.ok());
        QVERIFY2(set.error().message.find("does not exist") != std::string::npos, set.error().message.c_str());
    }

    void leavesOutThreadsThatExited() {
        // A thread listed for attaching may exit before its counters open.
        const int gone = 0x3ffffff0;
        for (const std::vector<int>& tids : {std::vector<int>{gone, ownTid()}, std::vector<int>{ownTid(), gone}}) {
            CountingScope scope = ownThread();
            scope.tids = tids;
            PerfEventBackend backend;
            auto set = backend.open({slot(taskClock), slot(pageFaults)}, scope);
            QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
            QCOMPARE((*set)->locations().size(), size_t(1));
            QCOMPARE((*set)->locations()[0].id, ownTid());
            QVERIFY((*set)->slotStatus()[0].opened);
        }
        CountingScope onlyGone = ownThread();
        onlyGone.tids = {gone};
        PerfEventBackend backend;
        auto none = backend.open({slot(taskClock)}, onlyGone);
        QVERIFY(!none.ok());
        QVERIFY2(none.error().message.find("exited") != std::string::npos, none.error().message.c_str());
    }

    void countsMsrTimeStampCounter() {
        auto tsc = msrTscEvent();
        if (!tsc.event) QSKIP(tsc.whyNot.c_str());
        PerfEventBackend backend;
        auto set = backend.open({slot(*tsc.event), slot(taskClock)}, ownThread());
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
        if (!(*set)->slotStatus()[0].opened) QSKIP((*set)->slotStatus()[0].reason.c_str());
        QCOMPARE((*set)->slotStatus()[0].group, (*set)->slotStatus()[1].group); // the msr PMU groups with software events
        QVERIFY((*set)->enable().ok());
        touchFreshPages(200);
        QVERIFY((*set)->disable().ok());
        Snapshot s;
        QVERIFY((*set)->read(s).ok());
        QVERIFY(s.values[0].raw > 0);
    }
};

QTEST_GUILESS_MAIN(TestPerfEventBackend)
#include "test_perf_event_backend.moc"
