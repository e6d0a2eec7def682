// libpfm4 native events, above all of PMU models that are not present here:
// encodings checked against the vendors' documented event/umask codes.
#include <QtTest>

#include <algorithm>

#include <linux/perf_event.h>

#include "core/events/AvailabilityCheck.h"
#include "core/events/EventResolver.h"
#include "core/events/LibpfmTable.h"
#include "events/EventFixtures.h"

using namespace perfdash;

namespace {
uint64_t eventSelect(uint64_t config) { return config & 0xff; }
uint64_t unitMask(uint64_t config) { return (config >> 8) & 0xff; }
constexpr uint64_t kEdge = 1ull << 18, kInvert = 1ull << 23;
uint64_t counterMask(uint64_t config) { return (config >> 24) & 0xff; }
} // namespace

class TestLibpfmEvents : public QObject {
    Q_OBJECT

    LibpfmTable& pfm = LibpfmTable::instance();
    EventResolver resolver{test::fixturePaths()};

    ResolvedEvent ok(const std::string& spec) {
        auto r = resolver.resolve(spec);
        if (!r) qWarning("%s: %s", spec.c_str(), r.error().message.c_str());
        return r ? *r : ResolvedEvent{};
    }

    bool presentModelHas(const std::string& event) {
        for (const auto& e : pfm.events())
            if (e.name == event && pfm.pmus()[e.pmu].present) return true;
        return false;
    }

private slots:
    void initTestCase() { QVERIFY2(pfm.initStatus().ok(), pfm.initStatus() ? "" : pfm.initStatus().error().message.c_str()); }

    void knowsEveryModel() {
        qInfo("libpfm4: %zu PMU models, %zu present here, %zu events", pfm.pmus().size(), pfm.presentPmuCount(),
              pfm.events().size());
        QVERIFY(pfm.pmus().size() > 100);
        QVERIFY(pfm.events().size() > 10000);
        for (const char* model : {"skl", "icl", "amd64_fam17h_zen2", "amd64_fam19h_zen4"}) QVERIFY2(pfm.findPmu(model), model);
        QCOMPARE(pfm.findPmu("skl")->description, std::string("Intel Skylake"));
        size_t sklEvents = 0;
        for (const auto& e : pfm.events()) sklEvents += pfm.pmus()[e.pmu].name == "skl" ? 1 : 0;
        QCOMPARE(sklEvents, size_t(pfm.findPmu("skl")->eventCount));
    }

    void encodesAbsentAmdModel() {
        // AMD PPR: Retired Instructions is PMCx0C0.
        auto e = ok("amd64_fam19h_zen4::RETIRED_INSTRUCTIONS");
        QCOMPARE(e.source, EventSource::Libpfm);
        QCOMPARE(e.pmu, std::string("amd64_fam19h_zen4"));
        QCOMPARE(e.encoding.type, uint32_t(PERF_TYPE_RAW));
        QCOMPARE(eventSelect(e.encoding.config), uint64_t(0xc0));
        QCOMPARE((e.encoding.config >> 32) & 0xf, uint64_t(0)); // AMD's extended event-select bits
        QCOMPARE(e.name, std::string("amd64_fam19h_zen4::RETIRED_INSTRUCTIONS"));
        QVERIFY(!e.description.empty());
        // Retired Serializing Ops has unit masks but no default one.
        QVERIFY(pfm.attributesOf("amd64_fam19h_zen4::RETIRED_SERIALIZING_OPS").size() > 0);
        auto serializing = ok("amd64_fam19h_zen4::RETIRED_SERIALIZING_OPS:X87_CTRL_RET");
        QCOMPARE(unitMask(serializing.encoding.config), uint64_t(0x01));
        auto missingUmask = resolver.resolve("amd64_fam19h_zen4::RETIRED_SERIALIZING_OPS");
        QVERIFY(!missingUmask.ok());
        QVERIFY2(missingUmask.error().message.find("X87_CTRL_RET") != std::string::npos,
                 missingUmask.error().message.c_str());
    }

    void encodesAbsentIntelModel() {
        // Intel SDM: INST_RETIRED.ANY_P = event C0H umask 00H.
        auto any = ok("skl::INST_RETIRED:ANY_P");
        QCOMPARE(any.encoding.type, uint32_t(PERF_TYPE_RAW));
        QCOMPARE(eventSelect(any.encoding.config), uint64_t(0xc0));
        QCOMPARE(unitMask(any.encoding.config), uint64_t(0x00));
        // MEM_LOAD_RETIRED.L1_MISS = D1H/08H, MEM_INST_RETIRED.ALL_LOADS = D0H/81H.
        auto l1miss = ok("skl::MEM_LOAD_RETIRED:L1_MISS");
        QCOMPARE(eventSelect(l1miss.encoding.config), uint64_t(0xd1));
        QCOMPARE(unitMask(l1miss.encoding.config), uint64_t(0x08));
        auto loads = ok("skl::MEM_INST_RETIRED:ALL_LOADS");
        QCOMPARE(eventSelect(loads.encoding.config), uint64_t(0xd0));
        QCOMPARE(unitMask(loads.encoding.config), uint64_t(0x81));
        // BR_MISP_RETIRED.ALL_BRANCHES = C5H/00H, the default unit mask.
        auto misp = ok("skl::BR_MISP_RETIRED");
        QCOMPARE(eventSelect(misp.encoding.config), uint64_t(0xc5));
        QCOMPARE(unitMask(misp.encoding.config), uint64_t(0x00));
    }

    void libpfmModifiers() {
        auto user = ok("skl::INST_RETIRED:ANY_P:u");
        QVERIFY(user.encoding.excludeKernel);
        QVERIFY(!user.encoding.excludeUser);
        auto kernel = ok("skl::UNHALTED_CORE_CYCLES:k");
        QVERIFY(kernel.encoding.excludeUser);
        QVERIFY(!kernel.encoding.excludeKernel);
        auto cmask = ok("skl::UNHALTED_CORE_CYCLES:c=2");
        QCOMPARE(eventSelect(cmask.encoding.config), uint64_t(0x3c));
        QCOMPARE(counterMask(cmask.encoding.config), uint64_t(2));
        QVERIFY(!(cmask.encoding.config & (kEdge | kInvert)));
        auto edgeInv = ok("skl::UNHALTED_CORE_CYCLES:c=2:e:i");
        QCOMPARE(edgeInv.encoding.config, uint64_t(0x0284003c));
        QCOMPARE(counterMask(ok("skl::INST_RETIRED:ANY_P:c=1:i").encoding.config), uint64_t(1));
    }

    void reportsBadNames() {
        auto badUmask = resolver.resolve("skl::INST_RETIRED:NOPE");
        QVERIFY(!badUmask.ok());
        QVERIFY2(badUmask.error().message.find("ANY_P") != std::string::npos, badUmask.error().message.c_str());
        auto badModel = resolver.resolve("skll::INST_RETIRED");
        QVERIFY(!badModel.ok());
        QVERIFY2(badModel.error().message.find("no PMU model 'skll'") != std::string::npos &&
                     badModel.error().message.find("skl") != std::string::npos,
                 badModel.error().message.c_str());
        auto badEvent = resolver.resolve("skl::INST_RETIRD");
        QVERIFY(!badEvent.ok());
        QVERIFY2(badEvent.error().message.find("INST_RETIRED") != std::string::npos, badEvent.error().message.c_str());
    }

    // Unqualified names go to the models present here only. Where libpfm4 detects no
    // core model (Zen 5, a guest without one) the refusal is what is checked; the
    // intel-gnr-guest identity (libpfm4's icl) runs the other half in every run of the suite.
    void unqualifiedNamesNeedAPresentModel() {
        const EventResolver live; // this machine's sysfs: its present models read native names
        if (presentModelHas("INST_RETIRED")) {
            auto r = live.resolve("INST_RETIRED:ANY_P");
            QVERIFY(r.ok());
            QVERIFY(pfm.findPmu(r->pmu)->present);
        } else {
            auto r = live.resolve("INST_RETIRED:ANY_P");
            QVERIFY(!r.ok());
            QVERIFY2(r.error().message.find("not present here") != std::string::npos &&
                         r.error().message.find("::INST_RETIRED:ANY_P") != std::string::npos,
                     r.error().message.c_str());
        }
        bool triedOne = false;
        for (const auto& e : pfm.events()) {
            const LibpfmPmu& model = pfm.pmus()[e.pmu];
            if (!model.present || !model.core || pfm.needsUnitMask(e.index)) continue;
            auto r = live.resolve(e.name);
            QVERIFY2(r.ok(), r ? "" : r.error().message.c_str());
            QVERIFY2(pfm.findPmu(r->pmu)->present, r->pmu.c_str());
            QCOMPARE(r->name, r->pmu + "::" + e.name);
            triedOne = true;
            break;
        }
        QCOMPARE(triedOne, std::any_of(pfm.pmus().begin(), pfm.pmus().end(),
                                       [](const LibpfmPmu& p) { return p.present && p.core; }));
    }

    // A copied tree describes another machine: the models libpfm4 detects here never read its
    // native names, which need a model named (resolveOn); the OS's generic ones still read.
    void aTreeNeverReadsNamesOnThisMachinesModels() {
        // A present core model's event where there is one (the intel-gnr-guest identity's icl), else any model's.
        const LibpfmEvent* chosen = nullptr;
        for (const auto& e : pfm.events()) {
            const LibpfmPmu& model = pfm.pmus()[e.pmu];
            if (!model.core || pfm.needsUnitMask(e.index)) continue;
            if (!chosen || (model.present && !pfm.pmus()[chosen->pmu].present)) chosen = &e;
        }
        QVERIFY(chosen);
        const std::string model = pfm.pmus()[chosen->pmu].name;
        auto onTree = resolver.resolve(chosen->name);
        QVERIFY2(!onTree.ok() || onTree->pmu != model, (chosen->name + " read on " + model).c_str());
        auto on = resolver.resolveOn(chosen->name, model);
        QVERIFY2(on.ok(), on ? "" : on.error().message.c_str());
        QCOMPARE(on->pmu, model);
        auto generic = resolver.resolve("PERF_COUNT_HW_CPU_CYCLES");
        QVERIFY2(generic.ok(), generic ? "" : generic.error().message.c_str());
        QCOMPARE(generic->encoding.type, uint32_t(PERF_TYPE_HARDWARE));
    }

    void absentModelIsUnsupportedWithoutAProbe() {
        int opens = 0;
        AvailabilityCheck availability(PerfPermissions{}, true, [&](perf_event_attr&, pid_t, int) {
            ++opens;
            return 0;
        });
        auto e = ok("skl::INST_RETIRED:ANY_P");
        const Availability a = availability.check(e);
        QCOMPARE(a.state, Availability::State::Unsupported);
        QVERIFY2(a.reason.find("PMU model skl") != std::string::npos &&
                     a.reason.find("not present on this machine") != std::string::npos,
                 a.reason.c_str());
        QCOMPARE(a.brief, std::string("PMU model not present"));
        QCOMPARE(opens, 0);
    }

    void listsUnitMasksAndModifiers() {
        bool anyP = false, userModifier = false, counterMaskModifier = false;
        for (const auto& a : pfm.attributesOf("skl::INST_RETIRED:ANY_P:u")) {
            if (a.kind == LibpfmAttribute::Kind::UnitMask && a.name == "ANY_P") anyP = a.isDefault;
            if (a.kind == LibpfmAttribute::Kind::Modifier && a.name == "u") userModifier = true;
            if (a.kind == LibpfmAttribute::Kind::Modifier && a.name == "c") counterMaskModifier = true;
        }
        QVERIFY(anyP && userModifier && counterMaskModifier);
        QVERIFY(pfm.attributesOf("INST_RETIRED").empty()); // unqualified: no model, no attributes
    }
};

QTEST_GUILESS_MAIN(TestLibpfmEvents)
#include "test_libpfm_events.moc"
