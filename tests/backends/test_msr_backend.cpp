// The msr backend against a fake /dev/cpu tree: the exact programming
// sequence (which registers, which values, in which order), counting from
// values the test advances between reads, 48- and 32-bit wraparound, shared
// registers counted once, pause, the restore of everything written, and the
// refusals (busy counters, registers outside the allowlist, a device that
// is missing or may not be written).
#include <QtTest>

#include <cerrno>
#include <cmath>

#include "backends/MsrFakeTree.h"
#include "core/backends/msr/MsrBackend.h"
#include "core/backends/msr/MsrDiagnosis.h"
#include "core/backends/msr/MsrProgrammer.h"
#include "core/events/EventResolver.h"
#include "core/measurement/CountingBackends.h"
#include "core/measurement/MachineContext.h"

using namespace perfdash;
using namespace perfdash::msr;
using namespace perfdash::testing;
using Write = RecordingMsrAccess::Write;

namespace {

std::string sysfsFixture(const std::string& name) {
    const QByteArray root = qgetenv("PERFDASH_FIXTURES");
    return (root.isEmpty() ? std::string("tests/fixtures") : root.toStdString()) + "/msr/sysfs/" + name;
}

ResolvedEvent resolve(const std::string& spec) {
    static const EventResolver resolver;
    if (const MsrRegisterEvent* e = findMsrRegisterEvent(spec)) return resolvedRegisterEvent(*e, spec);
    auto ev = resolver.resolve(spec);
    if (!ev) qFatal("%s: %s", spec.c_str(), ev.error().message.c_str());
    return *ev;
}

EventSlot slotOf(const std::string& counter, const std::string& spec) { return EventSlot{counter, resolve(spec), 0}; }

// Two CPUs of one package, on two cores.
std::shared_ptr<const Topology> twoCoresOnePackage() {
    auto t = std::make_shared<Topology>();
    for (int cpu : {0, 1}) {
        HwThread h;
        h.cpu = cpu;
        h.online = true;
        h.coreId = cpu;
        h.packageId = 0;
        t->hwThreads.push_back(h);
    }
    return t;
}

CountingScope cpus(std::vector<int> list) {
    CountingScope scope;
    scope.kind = CountingScope::Kind::Cpus;
    scope.cpus = std::move(list);
    return scope;
}

// A backend on a fake tree whose every write is logged.
struct Rig {
    explicit Rig(RecordedCpuid model, std::vector<int> cpuList = {0, 1}, uint32_t registersEnd = kIntelRegistersEnd)
        : tree(std::move(cpuList), registersEnd), cpuid(std::move(model)) {}

    MsrBackend backend() {
        MsrBackendConfig config;
        config.deviceRoot = tree.root();
        config.sysfsRoot = sysfsFixture("writable");
        config.cpuid = &cpuid;
        config.topology = twoCoresOnePackage();
        config.openAccess = [this](const std::vector<int>& list) -> Result<std::unique_ptr<MsrAccess>> {
            auto files = MsrDeviceFiles::open(tree.root(), list, true, sysfsFixture("writable"));
            if (!files) return files.error();
            return std::unique_ptr<MsrAccess>(std::make_unique<RecordingMsrAccess>(std::move(*files), writes));
        };
        return MsrBackend(config);
    }

    std::vector<Write> takeWrites() { return std::exchange(writes, {}); }

    FakeMsrTree tree;
    RecordedCpuid cpuid;
    std::vector<Write> writes;
};

CounterValue valueAt(const Snapshot& s, size_t slotCount, size_t location, size_t slot) {
    return s.values.at(location * slotCount + slot);
}

// Fails every write with EPERM, as the msr driver does with allow_writes=off.
class RefusingWrites final : public MsrAccess {
public:
    RefusingWrites(std::unique_ptr<MsrAccess> inner, std::string sysfs) : inner_(std::move(inner)), sysfs_(std::move(sysfs)) {}
    Result<uint64_t> read(int cpu, uint32_t reg) override { return inner_->read(cpu, reg); }
    Status write(int cpu, uint32_t reg, uint64_t) override {
        return makeError(explainMsrAccessError(EPERM, true, cpu, reg, MsrKernelState::read(sysfs_)));
    }

private:
    std::unique_ptr<MsrAccess> inner_;
    std::string sysfs_;
};

constexpr uint64_t kForeignEventSelect = 0x1300D1; // programmed by someone earlier, not enabled
constexpr uint64_t kForeignFixedCtrl = 0xB000;     // fixed counter 3, not ours
constexpr uint64_t kForeignGlobal = uint64_t{1} << 35;

} // namespace

class TestMsrBackend : public QObject {
    Q_OBJECT
private slots:
    // A shared register is read by the first CPU of the list in its package
    // (core); MsrCounterSet and the plan's readerOf both take it from here.
    void sharedRegistersAreReadByTheListsFirstCpuOfTheirUnit() {
        const std::vector<MsrCpuPlace> places{{2, 0, 1}, {0, 0, 0}, {1, 0, 0}, {4, 1, 0}};
        QCOMPARE(sharedRegisterReaders(places, MsrScope::Package), (std::map<int, int>{{0, 2}, {1, 2}, {2, 2}, {4, 4}}));
        QCOMPARE(sharedRegisterReaders(places, MsrScope::Core), (std::map<int, int>{{0, 0}, {1, 0}, {2, 2}, {4, 4}}));
        QVERIFY(sharedRegisterReaders({{0, 0, 0}, {1, -1, -1}}, MsrScope::Package).empty());
    }

    void programsIntelCountersInOrderAndRestoresThem() {
        Rig rig(intelFourPlusThree());
        rig.tree.setAll(kIntelPerfEvtSel0 + 1, kForeignEventSelect);
        rig.tree.setAll(kIntelFixedCtrCtrl, kForeignFixedCtrl);
        rig.tree.setAll(kIntelPerfGlobalCtrl, kForeignGlobal);
        const EventSet events = {
            slotOf("FIXC0", "skl::INSTRUCTION_RETIRED"),
            slotOf("FIXC1", "skl::UNHALTED_CORE_CYCLES"),
            slotOf("FIXC2", "skl::UNHALTED_REFERENCE_CYCLES"),
            slotOf("PMC0", "skl::UOPS_RETIRED:RETIRE_SLOTS"),
            slotOf("PMC1", "skl::INST_RETIRED:ANY_P:u"),
        };
        {
            MsrBackend backend = rig.backend();
            QVERIFY2(backend.ready().ok(), backend.ready().ok() ? "" : backend.ready().error().message.c_str());
            auto set = backend.open(events, cpus({0, 1}));
            QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
            for (const auto& st : (*set)->slotStatus()) QVERIFY2(st.opened, st.reason.c_str());
            QCOMPARE((*set)->locations().size(), size_t(2));
            QCOMPARE((*set)->locations()[1].label(), std::string("cpu1"));

            const std::vector<Write> programmed = {
                {0, 0x186, 0x4302C2}, {0, 0x187, 0x4100C0}, {0, 0x38D, 0xB333},
                {1, 0x186, 0x4302C2}, {1, 0x187, 0x4100C0}, {1, 0x38D, 0xB333},
            };
            QCOMPARE(rig.takeWrites(), programmed);
            QVERIFY((*set)->enable().ok());
            const std::vector<Write> enabled = {{0, 0x38F, 0xF00000003}, {1, 0x38F, 0xF00000003}};
            QCOMPARE(rig.takeWrites(), enabled);
            QCOMPARE(rig.tree.get(1, 0x38F), uint64_t{0xF00000003});
            QVERIFY((*set)->disable().ok());
            const std::vector<Write> disabled = {{0, 0x38F, kForeignGlobal}, {1, 0x38F, kForeignGlobal}};
            QCOMPARE(rig.takeWrites(), disabled);
        }
        // Newest first: the global enable goes back before the event selects.
        const std::vector<Write> restored = {
            {1, 0x38F, kForeignGlobal}, {0, 0x38F, kForeignGlobal}, {1, 0x38D, kForeignFixedCtrl},
            {1, 0x187, kForeignEventSelect}, {1, 0x186, 0}, {0, 0x38D, kForeignFixedCtrl},
            {0, 0x187, kForeignEventSelect}, {0, 0x186, 0},
        };
        QCOMPARE(rig.takeWrites(), restored);
        for (int cpu : {0, 1}) {
            QCOMPARE(rig.tree.get(cpu, 0x186), uint64_t{0});
            QCOMPARE(rig.tree.get(cpu, 0x187), kForeignEventSelect);
            QCOMPARE(rig.tree.get(cpu, 0x38D), kForeignFixedCtrl);
            QCOMPARE(rig.tree.get(cpu, 0x38F), kForeignGlobal);
        }
    }

    void countsWhatTheCountersAdvancedAcrossA48BitWrap() {
        Rig rig(intelFourPlusThree());
        rig.tree.set(0, kIntelPmc0, 1000);
        rig.tree.set(1, kIntelPmc0, 2000);
        rig.tree.set(0, kIntelFixedCtr0, (uint64_t{1} << 48) - 256);
        const EventSet events = {slotOf("PMC0", "skl::UOPS_RETIRED:RETIRE_SLOTS"),
                                 slotOf("FIXC0", "skl::INSTRUCTION_RETIRED")};
        MsrBackend backend = rig.backend();
        auto set = backend.open(events, cpus({0, 1}));
        QVERIFY(set.ok());
        CounterSet& counters = **set;
        QVERIFY(counters.enable().ok());
        Snapshot first, second, third;
        QVERIFY(counters.read(first).ok());
        QCOMPARE(valueAt(first, 2, 0, 0).raw, uint64_t{0});

        rig.tree.set(0, kIntelPmc0, 5000);
        rig.tree.set(1, kIntelPmc0, 2500);
        rig.tree.set(0, kIntelFixedCtr0, 256); // wrapped: 512 instructions
        QVERIFY(counters.read(second).ok());
        QCOMPARE(valueAt(second, 2, 0, 0).raw, uint64_t{4000});
        QCOMPARE(valueAt(second, 2, 1, 0).raw, uint64_t{500});
        QCOMPARE(valueAt(second, 2, 0, 1).raw, uint64_t{512});
        const CounterValue v = valueAt(second, 2, 0, 0);
        QVERIFY(v.enabledNs > 0);
        QCOMPARE(v.runningNs, v.enabledNs); // no multiplexing

        rig.tree.set(0, kIntelFixedCtr0, (uint64_t{1} << 47) + 256); // half a wrap more
        QVERIFY(counters.read(third).ok());
        QCOMPARE(valueAt(third, 2, 0, 1).raw, uint64_t{512} + (uint64_t{1} << 47));
        QVERIFY(valueAt(third, 2, 0, 1).enabledNs >= v.enabledNs);
    }

    void pauseExcludesWhatHappensWhileDisabled() {
        Rig rig(intelFourPlusThree());
        const EventSet events = {slotOf("PMC0", "skl::UOPS_RETIRED:RETIRE_SLOTS"), slotOf("TSC", "msr/tsc/")};
        MsrBackend backend = rig.backend();
        auto set = backend.open(events, cpus({0}));
        QVERIFY(set.ok());
        CounterSet& counters = **set;
        QVERIFY(counters.enable().ok());
        rig.tree.set(0, kIntelPmc0, 100);
        rig.tree.set(0, kTsc, 1000);
        QVERIFY(counters.disable().ok());
        Snapshot paused, pausedLater, resumed;
        QVERIFY(counters.read(paused).ok());
        QCOMPARE(valueAt(paused, 2, 0, 0).raw, uint64_t{100});
        QCOMPARE(valueAt(paused, 2, 0, 1).raw, uint64_t{1000});
        rig.tree.set(0, kTsc, 5000); // the TSC runs on while the counters are stopped
        QVERIFY(counters.read(pausedLater).ok());
        QCOMPARE(valueAt(pausedLater, 2, 0, 1).raw, uint64_t{1000});
        QCOMPARE(valueAt(pausedLater, 2, 0, 1).enabledNs, valueAt(paused, 2, 0, 1).enabledNs);
        QVERIFY(counters.enable().ok());
        rig.tree.set(0, kTsc, 5300);
        rig.tree.set(0, kIntelPmc0, 130);
        QVERIFY(counters.read(resumed).ok());
        QCOMPARE(valueAt(resumed, 2, 0, 1).raw, uint64_t{1300});
        QCOMPARE(valueAt(resumed, 2, 0, 0).raw, uint64_t{130});
    }

    void readsPackageEnergyOncePerPackageAcrossA32BitWrap() {
        Rig rig(intelFourPlusThree());
        // A package without RAPL first: the register is absent.
        {
            MsrBackend backend = rig.backend();
            auto set = backend.open({slotOf("PWR0", "PWR_PKG_ENERGY"), slotOf("TSC", "msr/tsc/")}, cpus({0, 1}));
            QVERIFY(set.ok());
            QVERIFY(!(*set)->slotStatus()[0].opened);
            QVERIFY2((*set)->slotStatus()[0].reason.find("no RAPL energy counters") != std::string::npos,
                     (*set)->slotStatus()[0].reason.c_str());
            QVERIFY((*set)->slotStatus()[1].opened);
        }
        rig.tree.setAll(kIntelRaplPowerUnit, 0xA0E03); // energy unit 2^-14 J
        rig.tree.setAll(kIntelPkgEnergyStatus, 0xFFFFFF00);
        const EventSet events = {slotOf("PWR0", "PWR_PKG_ENERGY"), slotOf("APERF", "msr/aperf/")};
        MsrBackend backend = rig.backend();
        auto set = backend.open(events, cpus({0, 1}));
        QVERIFY(set.ok());
        CounterSet& counters = **set;
        QVERIFY(counters.enable().ok());
        QCOMPARE(rig.takeWrites(), std::vector<Write>{}); // nothing to program for free-running registers
        rig.tree.setAll(kIntelPkgEnergyStatus, 0x100);
        rig.tree.set(0, kAperf, 700);
        rig.tree.set(1, kAperf, 300);
        Snapshot s;
        QVERIFY(counters.read(s).ok());
        const CounterValue pkg0 = valueAt(s, 2, 0, 0);
        QCOMPARE(std::ldexp(static_cast<double>(pkg0.raw), -32), 512 * std::ldexp(1.0, -14)); // joules
        const CounterValue pkg1 = valueAt(s, 2, 1, 0);
        QCOMPARE(pkg1.raw, uint64_t{0}); // cpu1 shares cpu0's package: not read twice
        QCOMPARE(pkg1.enabledNs, uint64_t{0});
        QCOMPARE(valueAt(s, 2, 0, 1).raw, uint64_t{700});
        QCOMPARE(valueAt(s, 2, 1, 1).raw, uint64_t{300});
        // 2^32 ticks of 2^-14 J at 1000 W take 262 s: read at least every 131 s.
        QCOMPARE(counters.maxReadInterval(), std::chrono::nanoseconds(131'072'000'000));
    }

    void boundsTheReadIntervalByTheNarrowestCounter() {
        Rig rig(intelFourPlusThree(), {0});
        MsrBackend backend = rig.backend();
        auto core = backend.open({slotOf("PMC0", "skl::UOPS_RETIRED:RETIRE_SLOTS")}, cpus({0}));
        QVERIFY(core.ok());
        // 2^48 at 16 events per cycle at 8 GHz, halved.
        QCOMPARE((*core)->maxReadInterval(), std::chrono::nanoseconds(1'099'511'000'000));
        core->reset();
        auto tsc = backend.open({slotOf("TSC", "msr/tsc/")}, cpus({0}));
        QVERIFY(tsc.ok());
        QCOMPARE((*tsc)->maxReadInterval(), std::chrono::nanoseconds(0));
    }

    void programsAmdPerfMonV2Counters() {
        Rig rig(amdZen4(), {0}, kAmdRegistersEnd);
        rig.tree.set(0, kAmdRaplPowerUnit, 0xA1003); // energy unit 2^-16 J
        const EventSet events = {slotOf("PMC0", "amd64_fam19h_zen4::RETIRED_INSTRUCTIONS"),
                                 slotOf("PMC1", "amd64_fam19h_zen4::CYCLES_NOT_IN_HALT:k"),
                                 slotOf("PWR0", "power/energy-pkg/")};
        {
            MsrBackend backend = rig.backend();
            auto set = backend.open(events, cpus({0}));
            QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
            QCOMPARE(rig.takeWrites(), (std::vector<Write>{{0, 0xC0010200, 0x4300C0}, {0, 0xC0010202, 0x420076}}));
            QVERIFY((*set)->enable().ok());
            QCOMPARE(rig.takeWrites(), (std::vector<Write>{{0, 0xC0000301, 0x3}}));
            // AMD's finer energy unit makes the 32-bit counter wrap sooner: 65 s at 1000 W.
            QCOMPARE((*set)->maxReadInterval(), std::chrono::nanoseconds(32'768'000'000));
        }
        QCOMPARE(rig.takeWrites(),
                 (std::vector<Write>{{0, 0xC0000301, 0}, {0, 0xC0010202, 0}, {0, 0xC0010200, 0}}));
    }

    void enablesLegacyAmdCountersThroughTheirEnableBits() {
        Rig rig(amdFamily10h(), {0}, kAmdRegistersEnd);
        const EventSet events = {slotOf("PMC0", "cycles"), slotOf("PMC1", "instructions")};
        MsrBackend backend = rig.backend();
        auto set = backend.open(events, cpus({0}));
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
        QCOMPARE(rig.takeWrites(), (std::vector<Write>{{0, 0xC0010000, 0x30076}, {0, 0xC0010001, 0x300C0}}));
        QVERIFY((*set)->enable().ok());
        QCOMPARE(rig.takeWrites(), (std::vector<Write>{{0, 0xC0010000, 0x430076}, {0, 0xC0010001, 0x4300C0}}));
        QVERIFY((*set)->disable().ok());
        QCOMPARE(rig.takeWrites(), (std::vector<Write>{{0, 0xC0010000, 0x30076}, {0, 0xC0010001, 0x300C0}}));
    }

    void leavesCountersInUseAlone() {
        Rig rig(intelFourPlusThree(), {0});
        rig.tree.set(0, kIntelPerfEvtSel0, 0x43003C); // the NMI watchdog's cycles, enabled
        const EventSet events = {slotOf("PMC0", "skl::UOPS_RETIRED:RETIRE_SLOTS"),
                                 slotOf("PMC1", "skl::L1D:REPLACEMENT")};
        MsrBackend backend = rig.backend();
        auto set = backend.open(events, cpus({0}));
        QVERIFY(set.ok());
        const SlotStatus& busy = (*set)->slotStatus()[0];
        QVERIFY(!busy.opened);
        QVERIFY2(busy.reason.find("PMC0 is already counting on cpu0 (IA32_PERFEVTSEL0 (0x186) = 0x43003c)") !=
                     std::string::npos, busy.reason.c_str());
        QVERIFY(busy.reason.find("nmi_watchdog") != std::string::npos);
        QVERIFY((*set)->slotStatus()[1].opened);
        QCOMPARE(rig.takeWrites(), (std::vector<Write>{{0, 0x187, 0x430151}}));
        QCOMPARE(rig.tree.get(0, kIntelPerfEvtSel0), uint64_t{0x43003C});
    }

    void refusesRegistersOutsideTheAllowlist() {
        FakeMsrTree tree({0});
        tree.set(0, 0x1A0, 0x850089);
        auto files = MsrDeviceFiles::open(tree.root(), {0});
        QVERIFY(files.ok());
        MsrProgrammer programmer(**files);
        const Status s = programmer.write(0, 0x1A0, 0);
        QVERIFY(!s.ok());
        QVERIFY2(s.error().message.find("refusing to write MSR 0x1a0 on cpu0") != std::string::npos,
                 s.error().message.c_str());
        QCOMPARE(tree.get(0, 0x1A0), uint64_t{0x850089});
        QVERIFY(programmer.saved().empty());
        QVERIFY(!programmer.write(0, kAperf, 0).ok()); // readable, never written
        QVERIFY(programmer.write(0, kIntelPerfEvtSel0, 0x4300C0).ok());
        QVERIFY(programmer.restore().ok());
        QCOMPARE(tree.get(0, kIntelPerfEvtSel0), uint64_t{0});
    }

    void explainsAMissingDevice() {
        QTemporaryDir empty;
        auto files = MsrDeviceFiles::open(empty.path().toStdString(), {0});
        QVERIFY(!files.ok());
        QVERIFY2(files.error().message.find("does not exist: the msr kernel module is not loaded (sudo modprobe msr)") !=
                     std::string::npos, files.error().message.c_str());
        const MsrDeviceStatus status = checkMsrDevice(empty.path().toStdString(), sysfsFixture("writable"));
        QVERIFY(!status.available);
        QCOMPARE(status.fix, std::string("sudo modprobe msr"));
    }

    void explainsPermissionProblems() {
        const std::string denied = explainMsrOpenError(EACCES, "/dev/cpu/0/msr");
        QVERIFY(denied.find("permission denied opening /dev/cpu/0/msr") != std::string::npos);
        QVERIFY(denied.find("cap_sys_rawio") != std::string::npos);
        QVERIFY(explainMsrOpenError(EPERM, "/dev/cpu/0/msr").find("CAP_SYS_RAWIO") != std::string::npos);
    }

    void explainsWritesDisabledAndLockdown() {
        const MsrKernelState off = MsrKernelState::read(sysfsFixture("writes_off"));
        QCOMPARE(off.allowWrites, std::string("off"));
        QVERIFY(!off.lockedDown());
        const std::string offText = explainMsrAccessError(EPERM, true, 0, 0x186, off);
        QVERIFY2(offText.find("cannot write IA32_PERFEVTSEL0 (0x186) on cpu0") != std::string::npos, offText.c_str());
        QVERIFY(offText.find("msr.allow_writes=off") != std::string::npos);
        QVERIFY(offText.find("msr.allow_writes=on") != std::string::npos);

        const MsrKernelState locked = MsrKernelState::read(sysfsFixture("lockdown"));
        QCOMPARE(locked.lockdown, std::string("integrity"));
        const std::string lockedText = explainMsrAccessError(EPERM, true, 1, 0x38F, locked);
        QVERIFY2(lockedText.find("locked down (lockdown=integrity") != std::string::npos, lockedText.c_str());
        QVERIFY(lockedText.find("Secure Boot") != std::string::npos);

        FakeMsrTree tree({0});
        const MsrDeviceStatus status = checkMsrDevice(tree.root(), sysfsFixture("writes_off"));
        QVERIFY(!status.available);
        QVERIFY(status.detail.find("can be read but not written") != std::string::npos);
        QVERIFY(checkMsrDevice(tree.root(), sysfsFixture("writable")).available);
    }

    void failsWithTheReasonWhenTheKernelRefusesWrites() {
        Rig rig(intelFourPlusThree(), {0});
        MsrBackendConfig config;
        config.deviceRoot = rig.tree.root();
        config.cpuid = &rig.cpuid;
        config.openAccess = [&](const std::vector<int>& list) -> Result<std::unique_ptr<MsrAccess>> {
            auto files = MsrDeviceFiles::open(rig.tree.root(), list);
            if (!files) return files.error();
            return std::unique_ptr<MsrAccess>(std::make_unique<RefusingWrites>(std::move(*files), sysfsFixture("writes_off")));
        };
        MsrBackend backend(config);
        auto set = backend.open({slotOf("PMC0", "skl::UOPS_RETIRED:RETIRE_SLOTS")}, cpus({0}));
        QVERIFY(!set.ok());
        QVERIFY2(set.error().message.find("msr.allow_writes=off") != std::string::npos, set.error().message.c_str());
    }

    // What the GUI's backend choice shows: every backend, available or why not.
    void listsBackendsWithAvailabilityAndReason() {
        MachineContext machine;
        FakeMsrTree tree({0});
        tree.writeCpuid(intelFourPlusThree());
        QTemporaryDir empty;
        BackendChoice fake;
        fake.msrRoot = tree.root();
        fake.pcounterPath = empty.path().toStdString() + "/pcounter";
        const std::vector<BackendInfo> backends = describeBackends(machine, fake);
        QCOMPARE(backends.size(), size_t(3));
        QCOMPARE(backends[0].name, std::string("perf"));
        const BackendInfo& msr = backends[1];
        QCOMPARE(msr.name, std::string("msr"));
        QVERIFY2(msr.available, msr.detail.c_str());
        QVERIFY2(msr.detail.find("4 general counters (48 bits), 3 fixed (48 bits)") != std::string::npos,
                 msr.detail.c_str());
        const BackendInfo& loongson = backends[2];
        QCOMPARE(loongson.name, std::string("loongson"));
        QVERIFY(!loongson.available);
        QVERIFY(!loongson.detail.empty());

        BackendChoice missing;
        missing.msrRoot = empty.path().toStdString();
        const BackendInfo absent = describeBackends(machine, missing)[1];
        QVERIFY(!absent.available);
        QCOMPARE(absent.fix, std::string("sudo modprobe msr"));
    }

    void countsWholeCpusOnly() {
        Rig rig(intelFourPlusThree());
        MsrBackend backend = rig.backend();
        CountingScope threads;
        threads.kind = CountingScope::Kind::Threads;
        threads.tids = {1};
        QVERIFY(!backend.describeScope(threads).ok());
        CountingScope unpinned;
        unpinned.kind = CountingScope::Kind::Task;
        unpinned.pid = 1;
        auto refused = backend.describeScope(unpinned);
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().message.find("-C LIST") != std::string::npos);
        CountingScope pinned = unpinned;
        pinned.cpus = {0, 1};
        auto note = backend.describeScope(pinned);
        QVERIFY(note.ok());
        QVERIFY2(note->find("counts whole CPUs (0-1)") != std::string::npos, note->c_str());
        QVERIFY(backend.open({slotOf("PMC0", "cycles")}, pinned).ok());
    }
};

QTEST_GUILESS_MAIN(TestMsrBackend)
#include "test_msr_backend.moc"
