// RotatingCounterSet over a fake counter set whose kernel groups count on a
// clock the test moves: which group is on when, and what the readings say
// (each turn exact, the set that was off "n/a" in that interval, the whole
// run scaled by each set's share), with no real time involved.
#include <QtTest>

#include "core/measurement/RotatingCounterSet.h"
#include "core/result/CounterDeltas.h"

using namespace perfdash;

namespace {

// Kernel groups that count `rate` per ns while on, like perf_event's
// enabled/running times of whole-CPU counters (both stop while off).
struct FakeKernel {
    int64_t now = 0;
    std::vector<bool> on;
    std::vector<CounterValue> group;
    std::vector<uint64_t> rate;
    std::vector<std::pair<size_t, bool>> switches; // enableGroup calls, in order

    void advance(int64_t ns) {
        now += ns;
        for (size_t g = 0; g < group.size(); ++g)
            if (on[g]) group[g] = {group[g].raw + rate[g] * ns, group[g].enabledNs + ns, group[g].runningNs + ns};
    }
};

class FakeCounterSet final : public CounterSet {
public:
    // slotGroup: per slot, its kernel group (-1: not opened).
    FakeCounterSet(FakeKernel& kernel, std::vector<int> slotGroup) : kernel_(kernel) {
        for (int g : slotGroup) slots_.push_back({g >= 0, g >= 0 ? "" : "unsupported", g});
    }
    const std::vector<CounterLocation>& locations() const override { return locations_; }
    const std::vector<SlotStatus>& slotStatus() const override { return slots_; }
    size_t groupCount() const override { return kernel_.group.size(); }
    Status enable() override {
        kernel_.on.assign(kernel_.group.size(), true);
        return {};
    }
    Status disable() override {
        kernel_.on.assign(kernel_.group.size(), false);
        return {};
    }
    Status enableGroup(size_t group, bool on) override {
        kernel_.on.at(group) = on;
        kernel_.switches.emplace_back(group, on);
        return {};
    }
    Status read(Snapshot& out) override {
        out.values.clear();
        for (const auto& s : slots_) out.values.push_back(s.opened ? kernel_.group[s.group] : CounterValue{});
        out.monotonicNs = kernel_.now;
        return {};
    }

private:
    FakeKernel& kernel_;
    std::vector<CounterLocation> locations_{{CounterLocation::Kind::Cpu, 0}};
    std::vector<SlotStatus> slots_;
};

// Three slots: set 0 on kernel group 0, set 1 (two events) on kernel group 1.
EventSet twoSets() {
    EventSet events(3);
    events[0].set = 0;
    events[1].set = 1;
    events[2].set = 1;
    return events;
}

struct Rig {
    FakeKernel kernel;
    std::unique_ptr<RotatingCounterSet> set;

    explicit Rig(std::vector<int> slotGroup = {0, 1, 1}, EventSet events = twoSets()) {
        kernel.group.assign(2, {});
        kernel.on.assign(2, false);
        kernel.rate = {3, 5};
        set = std::make_unique<RotatingCounterSet>(std::make_unique<FakeCounterSet>(kernel, std::move(slotGroup)),
                                                   events, std::chrono::nanoseconds(100),
                                                   [this] { return kernel.now; });
    }
    Snapshot read() {
        Snapshot s;
        if (Status st = set->read(s); !st) qFatal("read: %s", st.error().message.c_str());
        return s;
    }
};

} // namespace

class TestRotatingCounterSet : public QObject {
    Q_OBJECT

private slots:
    void onlyTheFirstSetCountsAfterEnable() {
        Rig rig;
        QVERIFY(rig.set->enable().ok());
        QCOMPARE(rig.kernel.on, (std::vector<bool>{true, false}));
        QCOMPARE(rig.kernel.switches, (std::vector<std::pair<size_t, bool>>{{1, false}}));
        QCOMPARE(rig.set->maxReadInterval(), std::chrono::nanoseconds(100));
    }

    void readsBeforeHalfAPeriodDoNotSwitch() {
        Rig rig;
        QVERIFY(rig.set->enable().ok());
        rig.kernel.advance(49);
        const Snapshot s = rig.read();
        QCOMPARE(rig.kernel.on, (std::vector<bool>{true, false}));
        // Set 1 was off all along: enabled is the time it would have had, running none.
        QCOMPARE(s.values[1].enabledNs, uint64_t(49));
        QCOMPARE(s.values[1].runningNs, uint64_t(0));
        QCOMPARE(s.values[0].enabledNs, uint64_t(49));
    }

    void turnsAreExactAndTheSetOffIsNotAvailable() {
        Rig rig;
        QVERIFY(rig.set->enable().ok());
        const Snapshot start = rig.read(); // baseline at 0: not a turn
        rig.kernel.switches.clear();
        rig.kernel.advance(100);
        const Snapshot first = rig.read(); // set 0's turn ends, set 1's begins
        // The active set goes off before the read, the next on after it.
        QCOMPARE(rig.kernel.switches, (std::vector<std::pair<size_t, bool>>{{0, false}, {1, true}}));
        rig.kernel.advance(100);
        const Snapshot second = rig.read(); // set 1's turn ends, set 0's begins
        QCOMPARE(rig.kernel.on, (std::vector<bool>{true, false}));

        const ReadingLayout layout{{false}, {true, true, true}};
        const auto turn0 = countsBetween(start, first, layout, false);
        QCOMPARE(turn0[0].value, 300.0); // 100 ns at 3 per ns, exact
        QCOMPARE(turn0[0].coverage, 1.0);
        QVERIFY(!isAvailable(turn0[1].value)); // set 1 did not count: n/a, not 0
        QCOMPARE(turn0[1].coverage, 0.0);
        const auto turn1 = countsBetween(first, second, layout, false);
        QVERIFY(!isAvailable(turn1[0].value));
        QCOMPARE(turn1[1].value, 500.0);
        QCOMPARE(turn1[2].value, 500.0);
        QCOMPARE(turn1[1].coverage, 1.0);
        // Over both turns each set counted half the time and is scaled up to all of it.
        const auto whole = countsBetween(start, second, layout, false);
        QCOMPARE(whole[0].value, 600.0);
        QCOMPARE(whole[0].coverage, 0.5);
        QCOMPARE(whole[1].value, 1000.0);
        QCOMPARE(whole[1].coverage, 0.5);
    }

    // While counting is paused no set is off "by turn": its enabled time stops like the kernel's.
    void aPauseAddsNoOffTime() {
        Rig rig;
        QVERIFY(rig.set->enable().ok());
        rig.kernel.advance(40);
        QVERIFY(rig.set->disable().ok());
        rig.kernel.advance(1000);
        QVERIFY(rig.set->enable().ok());
        rig.kernel.advance(10);
        const Snapshot s = rig.read();
        QCOMPARE(s.values[0].enabledNs, uint64_t(50));
        QCOMPARE(s.values[1].enabledNs, uint64_t(50));
        QCOMPARE(s.values[1].runningNs, uint64_t(0));
    }

    // A set none of whose events opened gets no turn: the other keeps counting.
    void aSetWithNothingOpenedIsSkipped() {
        Rig rig({0, -1, -1});
        QVERIFY(rig.set->enable().ok());
        rig.kernel.advance(100);
        const Snapshot s = rig.read();
        QVERIFY(rig.kernel.switches.empty());
        QVERIFY(rig.kernel.on[0]);
        QCOMPARE(s.values[0].runningNs, uint64_t(100));
    }

    void aBackendThatCannotSwitchSaysSo() {
        // CounterSet's default: the direct backends program all counters together.
        struct Whole final : CounterSet {
            std::vector<CounterLocation> l;
            std::vector<SlotStatus> s;
            const std::vector<CounterLocation>& locations() const override { return l; }
            const std::vector<SlotStatus>& slotStatus() const override { return s; }
            size_t groupCount() const override { return 1; }
            Status enable() override { return {}; }
            Status disable() override { return {}; }
            Status read(Snapshot&) override { return {}; }
        } whole;
        const Status s = whole.enableGroup(0, false);
        QVERIFY(!s.ok());
        QVERIFY2(s.error().message.find("perf backend") != std::string::npos, s.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestRotatingCounterSet)
#include "test_rotating_counter_set.moc"
