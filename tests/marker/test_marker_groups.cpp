// How the marker library splits an event set into kernel groups (one per
// PMU, marker/src/groups.h) and where each group's read() lands, without
// opening anything: the hybrid case this machine cannot show for real.
#include <QtTest>

#include <cstdint>
#include <vector>

extern "C" {
#include "marker/src/groups.h"
}

namespace {

struct Event {
    uint32_t type;
    uint64_t config;
};

constexpr uint32_t kHardware = 0, kSoftware = 1, kTracepoint = 2, kCache = 3, kRaw = 4;
constexpr uint32_t kCpuCore = 8, kCpuAtom = 10; // a hybrid CPU's core PMUs (dynamic types)

// perf's extended type: a generic hardware event on one core PMU.
constexpr uint64_t on(uint32_t pmu, uint64_t config) { return uint64_t{pmu} << 32 | config; }

marker_layout plan(const std::vector<Event>& events) {
    std::vector<uint32_t> types;
    std::vector<uint64_t> configs;
    for (const Event& e : events) {
        types.push_back(e.type);
        configs.push_back(e.config);
    }
    marker_layout layout;
    marker_layout_plan(static_cast<int>(events.size()), types.data(), configs.data(), &layout);
    return layout;
}

std::vector<int> groupsOf(const marker_layout& layout, size_t nevents) {
    return {layout.groupOf, layout.groupOf + nevents};
}

} // namespace

class TestMarkerGroups : public QObject {
    Q_OBJECT
private slots:
    void anEventsPmuIsItsTypeOrItsExtendedType() {
        QCOMPARE(marker_event_pmu(kSoftware, 3), uint64_t{kSoftware});
        QCOMPARE(marker_event_pmu(kCpuAtom, 0xc0), uint64_t{kCpuAtom});
        QCOMPARE(marker_event_pmu(kHardware, on(kCpuAtom, 1)), uint64_t{kCpuAtom});
        QCOMPARE(marker_event_pmu(kCache, on(kCpuCore, 0x10002)), uint64_t{kCpuCore});
        // Without an extended type: the default core PMU, the one raw events name.
        QCOMPARE(marker_event_pmu(kHardware, 1), uint64_t{kRaw});
        QCOMPARE(marker_event_pmu(kCache, 0x10002), uint64_t{kRaw});
    }

    // CPI-like set on a hybrid CPU: each event once per core type, plus a
    // software event: three PMUs, three groups in order of first appearance.
    void aHybridSetIsOneGroupPerCorePmu() {
        const std::vector<Event> events{{kHardware, on(kCpuCore, 0)}, {kHardware, on(kCpuAtom, 0)},
                                        {kCpuCore, 0xc0},            {kCpuAtom, 0xc0},
                                        {kSoftware, 1}};
        const marker_layout layout = plan(events);
        QCOMPARE(layout.ngroups, 3);
        QCOMPARE(groupsOf(layout, events.size()), (std::vector<int>{0, 1, 0, 1, 2}));
        QCOMPARE(layout.eventsOf[0], 0b00101u);
        QCOMPARE(layout.eventsOf[1], 0b01010u);
        QCOMPARE(layout.eventsOf[2], 0b10000u);
        // Each read is nr, enabled, running and one value per member, one after the other.
        QCOMPARE(layout.offset[0], 0);
        QCOMPARE(layout.offset[1], 3 + 2);
        QCOMPARE(layout.offset[2], 5 + 3 + 2);
        QCOMPARE(layout.words, 10 + 3 + 1);
    }

    // The layout the results of the for-real test (test_marker_library) come from.
    void softwareAndTracepointEventsAreTwoGroups() {
        const marker_layout layout = plan({{kTracepoint, 372}, {kSoftware, 2}, {kTracepoint, 300}});
        QCOMPARE(layout.ngroups, 2);
        QCOMPARE(groupsOf(layout, 3), (std::vector<int>{0, 1, 0}));
        QCOMPARE(layout.offset[1], 3 + 2);
        QCOMPARE(layout.words, 5 + 3 + 1);
    }

    // Off a hybrid CPU nothing changes: generic, cache and raw events of the
    // core PMU stay one group, and a set of one PMU is one group read at 0.
    void onePmuIsOneGroup() {
        const marker_layout core = plan({{kHardware, 0}, {kRaw, 0x5300c0}, {kCache, 0x10002}});
        QCOMPARE(core.ngroups, 1);
        QCOMPARE(groupsOf(core, 3), (std::vector<int>{0, 0, 0}));
        QCOMPARE(core.offset[0], 0);
        QCOMPARE(core.words, 3 + 3);
        const marker_layout none = plan({});
        QCOMPARE(none.ngroups, 0);
        QCOMPARE(none.words, 0);
    }

    // The worst case: every event on a PMU of its own still fits the read buffer.
    void aSetOfDistinctPmusFitsTheReadBuffer() {
        std::vector<Event> events;
        for (uint32_t e = 0; e < PERFDASH_MARKER_MAX_EVENTS; ++e) events.push_back({100 + e, 0});
        const marker_layout layout = plan(events);
        QCOMPARE(layout.ngroups, PERFDASH_MARKER_MAX_EVENTS);
        QCOMPARE(layout.offset[PERFDASH_MARKER_MAX_EVENTS - 1], (PERFDASH_MARKER_MAX_EVENTS - 1) * 4);
        QCOMPARE(layout.words, MARKER_READ_WORDS);
    }
};

QTEST_APPLESS_MAIN(TestMarkerGroups)
#include "test_marker_groups.moc"
