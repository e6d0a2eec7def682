// The catalog: every source's entries with names, PMUs and descriptions,
// search, and encodings/availability computed lazily and once.
#include <QtTest>

#include <chrono>
#include <linux/perf_event.h>

#include "core/events/EventCatalog.h"
#include "core/events/LibpfmTable.h"
#include "events/EventFixtures.h"

using namespace perfdash;

namespace {

struct CountingOpen {
    int calls = 0;
    int answer = 0;
    AvailabilityCheck::OpenFunction function() {
        return [this](perf_event_attr&, pid_t, int) {
            ++calls;
            return answer;
        };
    }
};

size_t indexOf(const EventCatalog& catalog, const std::string& name) {
    for (size_t i = 0; i < catalog.entries().size(); ++i)
        if (catalog.entries()[i].name == name) return i;
    return SIZE_MAX;
}

} // namespace

class TestEventCatalog : public QObject {
    Q_OBJECT

    CountingOpen open;
    std::shared_ptr<EventResolver> resolver = std::make_shared<EventResolver>(test::fixturePaths());
    std::unique_ptr<EventCatalog> catalog;

    size_t count(const EventCatalogFilter& filter) { return catalog->search(filter).size(); }

private slots:
    void init() {
        open = CountingOpen{};
        catalog = std::make_unique<EventCatalog>(
            resolver, std::make_shared<AvailabilityCheck>(PerfPermissions{}, true, open.function()));
    }

    void everySourceIsThere() {
        EventCatalogFilter f;
        f.source = EventSource::Hardware;
        QCOMPARE(count(f), size_t(10));
        f.source = EventSource::HardwareCache;
        QCOMPARE(count(f), size_t(32));
        f.source = EventSource::Software;
        QCOMPARE(count(f), size_t(12));
        f.source = EventSource::SysfsPmu;
        QCOMPARE(count(f), size_t(5 + 1 + 2)); // cpu, amd_df, power of the fixture
        f.source = EventSource::Tracepoint;
        QCOMPARE(count(f), size_t(3));
        f.source = EventSource::Libpfm;
        QCOMPARE(count(f), LibpfmTable::instance().events().size());
        QVERIFY(count(f) > 10000);

        for (const auto& e : catalog->entries()) {
            QVERIFY(!e.name.empty());
            QVERIFY2(!e.pmu.empty(), e.name.c_str());
            if (e.source != EventSource::Libpfm) QVERIFY2(!e.description.empty(), e.name.c_str()); // ours or sysfs's
        }
        const EventCatalogEntry& cycles = catalog->entries()[indexOf(*catalog, "cycles")];
        QCOMPARE(cycles.aliases, std::vector<std::string>{"cpu-cycles"});
        QCOMPARE(cycles.pmu, std::string("cpu"));
        const EventCatalogEntry& energy = catalog->entries()[indexOf(*catalog, "power/energy-pkg/")];
        QCOMPARE(energy.pmu, std::string("power"));
        QVERIFY(energy.description.find("Joules") != std::string::npos);
        const EventCatalogEntry& zen4 = catalog->entries()[indexOf(*catalog, "amd64_fam19h_zen4::RETIRED_INSTRUCTIONS")];
        QCOMPARE(zen4.pmu, std::string("amd64_fam19h_zen4"));
        QVERIFY(zen4.libpfmEvent >= 0);
        QVERIFY(!zen4.description.empty());
    }

    void searches() {
        EventCatalogFilter f;
        f.pattern = "DTLB-LOAD";
        auto hits = catalog->search(f);
        QVERIFY(std::any_of(hits.begin(), hits.end(),
                            [&](size_t i) { return catalog->entries()[i].name == "dTLB-load-misses"; }));
        f.pattern = "cpu-cycles"; // an alias
        hits = catalog->search(f);
        QVERIFY(std::any_of(hits.begin(), hits.end(), [&](size_t i) { return catalog->entries()[i].name == "cycles"; }));
        f = {};
        f.pattern = "joules"; // a description
        f.source = EventSource::SysfsPmu;
        QCOMPARE(count(f), size_t(2));
        f = {};
        f.pmu = "POWER";
        QCOMPARE(count(f), size_t(2));
        f = {};
        f.pmu = "skl";
        QCOMPARE(count(f), size_t(LibpfmTable::instance().findPmu("skl")->eventCount));
        f.includeAbsentModels = false;
        QCOMPARE(count(f), size_t(0));
        QVERIFY(catalog->absentModelEntryCount() > 10000);
    }

    void resolvesLazily() {
        const size_t i = indexOf(*catalog, "dTLB-load-misses");
        auto r = catalog->resolved(i);
        QVERIFY(r.ok());
        QCOMPARE(r->encoding.type, uint32_t(PERF_TYPE_HW_CACHE));
        QCOMPARE(r->encoding.config, uint64_t(0x10003));
        auto skl = catalog->resolved(indexOf(*catalog, "skl::INST_RETIRED"));
        QVERIFY(skl.ok());
        QCOMPARE(skl->encoding.config & 0xff, uint64_t(0xc0));
    }

    void probesLazilyAndOnce() {
        QCOMPARE(open.calls, 0); // building the catalog opens nothing
        const size_t clock = indexOf(*catalog, "task-clock");
        QCOMPARE(catalog->availability(clock).state, Availability::State::Countable);
        QCOMPARE(catalog->availability(clock).state, Availability::State::Countable);
        QCOMPARE(open.calls, 1);

        const Availability absent = catalog->availability(indexOf(*catalog, "skl::INST_RETIRED"));
        QCOMPARE(absent.state, Availability::State::Unsupported);
        QVERIFY(absent.reason.find("not present on this machine") != std::string::npos);
        QCOMPARE(open.calls, 1); // absent models are never opened

        const Availability needsUmask = catalog->availability(indexOf(*catalog, "amd64_fam19h_zen4::RETIRED_SERIALIZING_OPS"));
        QCOMPARE(needsUmask.state, Availability::State::Unsupported);

        // Tracepoints: one check for the class (opening one costs tens of milliseconds).
        EventCatalogFilter tp;
        tp.source = EventSource::Tracepoint;
        for (size_t i : catalog->search(tp)) QVERIFY(catalog->availability(i).countable());
        QCOMPARE(open.calls, 2);
    }

    void notesPerSource() {
        bool raw = false, libpfm = false;
        for (const auto& n : catalog->notes()) {
            raw = raw || (n.source == EventSource::Raw && n.text.find("r<hex>") != std::string::npos);
            libpfm = libpfm || (n.source == EventSource::Libpfm && n.text.find("PMU models") != std::string::npos);
        }
        QVERIFY(raw && libpfm);
        bool brokenFormat = false;
        for (const auto& n : catalog->notes()) brokenFormat = brokenFormat || n.text.find("broken") != std::string::npos;
        QVERIFY(brokenFormat);

        QTemporaryDir noTracefs;
        EventPaths paths = test::fixturePaths();
        paths.tracefsRoots = {noTracefs.path().toStdString()};
        EventCatalog unmounted(std::make_shared<EventResolver>(paths),
                               std::make_shared<AvailabilityCheck>(PerfPermissions{}, true, open.function()));
        bool mountHint = false;
        for (const auto& n : unmounted.notes())
            mountHint = mountHint || (n.source == EventSource::Tracepoint &&
                                      n.text.find("mount -t tracefs nodev") != std::string::npos);
        QVERIFY(mountHint);
    }

    // Not a timed test: prints how long the real catalog takes to build, for the record.
    void buildCostForTheRecord() {
        const auto start = std::chrono::steady_clock::now();
        EventCatalog real;
        const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        qInfo("real catalog: %zu entries (%zu of libpfm4 models not present) built in %.1f ms", real.entries().size(),
              real.absentModelEntryCount(), ms);
        QVERIFY(real.entries().size() > LibpfmTable::instance().events().size());
    }
};

QTEST_GUILESS_MAIN(TestEventCatalog)
#include "test_event_catalog.moc"
