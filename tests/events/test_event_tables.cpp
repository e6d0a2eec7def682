// The event tables under resources/events (core/events/EventTable): the
// format's rules, agreement with libpfm4 where both know an event (which
// validates the Intel import and the AMD codes), and spot checks of
// encodings against the vendors' published codes, per architecture family.
#include <QtTest>

#include <fstream>
#include <map>
#include <set>

#include "core/events/EventTable.h"
#include "core/events/LibpfmTable.h"
#include "core/events/LikwidNativeName.h"
#include "core/groups/GroupArch.h"
#include "core/groups/LikwidUncore.h"
#include "core/measurement/SlotResolver.h"
#include "core/util/Strings.h"

using namespace perfdash;

namespace {

// The event select bits both sides set: event, unit mask, edge, any, invert,
// counter mask and AMD's high event bits; libpfm4 adds the privilege and
// enable bits (16, 17, 20, 22), which the kernel sets from the attribute.
constexpr uint64_t kSelectBits = (0xfffcffffULL & ~(1ULL << 20) & ~(1ULL << 22)) | (0xfULL << 32);

EventPaths noSysfs() {
    EventPaths paths;
    paths.sysfsRoot = qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/likwid/no-such-sysfs";
    paths.tracefsRoots = {};
    return paths;
}

uint64_t configOn(const std::string& arch, const std::string& event, std::string* name = nullptr) {
    const EventResolver events(noSysfs());
    auto r = SlotResolver(events, arch).resolveEvent(event);
    if (!r) {
        qWarning("%s on %s: %s", event.c_str(), arch.c_str(), r.error().message.c_str());
        return ~0ULL;
    }
    if (name) *name = r->name;
    return r->encoding.config;
}

} // namespace

class TestEventTables : public QObject {
    Q_OBJECT
private slots:
    void formatErrorsNameTheProblem() {
        auto bad = EventTable::parse("t/x", R"({"schema": 1, "arch": "mips", "source": "s", "events": []})");
        QVERIFY(!bad);
        QVERIFY(bad.error().message.find("unknown arch 'mips'") != std::string::npos);
        auto noCode = EventTable::parse("t/x", R"({"schema": 1, "arch": "x86", "source": "s", "events": [{"name": "A"}]})");
        QVERIFY(!noCode);
        QVERIFY(noCode.error().message.find("t/x") != std::string::npos);
        QVERIFY(!EventTable::parse("t/x", "{"));
    }

    void matchingIsExactOrNormalisedAndAmbiguityIsReported() {
        auto t = EventTable::parse("t/x", R"({"schema": 1, "arch": "x86", "source": "s", "events": [
            {"name": "L2_LINES_IN.ALL", "event": "0xf1", "umask": "0x1f"},
            {"name": "A_B.C", "event": 1}, {"name": "A.B_C", "event": 2}]})");
        QVERIFY(t);
        QCOMPARE(t->find("l2_lines_in_all").size(), size_t(1));
        QCOMPARE(t->find("L2_LINES_IN.ALL").size(), size_t(1));
        QCOMPARE(t->find("L2_LINES_IN").size(), size_t(0)); // no guessing of a unit mask
        QCOMPARE(t->find("A_B_C").size(), size_t(2));
        QCOMPARE(tableConfig(t->encoding(), *t->find("L2_LINES_IN_ALL").front()), uint64_t(0x1ff1));
    }

    void resolverReportsAmbiguityAndBadModifiers() {
        // RKL's perfmon file has no two names that normalise alike, but
        // modifiers that do not exist for the arch must be refused.
        auto arm = resolveTableEvent("CPU_CYCLES:c=2", {"arm/arm8"});
        QVERIFY(arm && !*arm);
        QVERIFY(arm->error().message.find("x86") != std::string::npos);
        auto odd = resolveTableEvent("L2_LINES_IN_ALL:zz=1", {"intel/RKL"});
        QVERIFY(odd && !*odd);
        QVERIFY(odd->error().message.find("zz=1") != std::string::npos);
        QVERIFY(!resolveTableEvent("NO_SUCH_EVENT_AT_ALL", {"intel/RKL"}));
    }

    // Where libpfm4 has the model and the event, the table must give the same
    // encoding (the tables are read first, so a disagreement changes what is emitted).
    // The exceptions are listed one by one: Intel revised these codes after
    // libpfm4 4.13's tables were written (Haswell's L2_RQSTS hit unit masks,
    // ICX/SPR MEM_LOAD_MISC_RETIRED.UC and MEM_TRANS_RETIRED.STORE_SAMPLE), or
    // libpfm4 encodes the name as the kernel's perf-metrics pseudo-event where
    // perfmon lists the programmable-counter event 0xA4 (TOPDOWN.*_SLOTS).
    // docs/likwid.md lists them; any other difference fails.
    void intelImportAgreesWithLibpfm4_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("table");
        QTest::newRow("skl") << "skl" << "intel/SKL";
        QTest::newRow("hsw") << "hsw" << "intel/HSW";
        QTest::newRow("icx") << "icx" << "intel/ICX";
        QTest::newRow("spr") << "spr" << "intel/SPR";
    }
    void intelImportAgreesWithLibpfm4() {
        QFETCH(QString, model);
        QFETCH(QString, table);
        const auto& t = EventTable::load(table.toStdString());
        QVERIFY2(t, t ? "" : t.error().message.c_str());
        const LibpfmTable& pfm = LibpfmTable::instance();
        QVERIFY(pfm.findPmu(model.toStdString()));
        int compared = 0;
        std::vector<std::string> disagree;
        for (const auto& e : t->events()) {
            if (e.fixed >= 0 || e.config1) continue; // libpfm4 encodes those through other events/attributes
            const auto dot = e.name.find('.');
            if (dot == std::string::npos || e.cmask || e.inv || e.edge || e.any) continue;
            const std::string qualified = model.toStdString() + "::" + e.name.substr(0, dot) + ":" + e.name.substr(dot + 1);
            auto encoded = pfm.encode(qualified);
            if (!encoded) continue;
            ++compared;
            const uint64_t ours = tableConfig(t->encoding(), e), theirs = encoded->encoding.config & kSelectBits;
            if (ours != theirs) disagree.push_back(qualified + " libpfm4 " + hex(theirs) + " table " + hex(ours));
        }
        static const std::set<std::string> known = {
            "hsw::L2_RQSTS:L2_PF_MISS", "hsw::L2_RQSTS:DEMAND_DATA_RD_HIT", "hsw::L2_RQSTS:RFO_HIT",
            "hsw::L2_RQSTS:CODE_RD_HIT", "hsw::L2_RQSTS:L2_PF_HIT", "icx::TOPDOWN:BACKEND_BOUND_SLOTS",
            "icx::MEM_LOAD_MISC_RETIRED:UC", "spr::TOPDOWN:BACKEND_BOUND_SLOTS", "spr::TOPDOWN:BAD_SPEC_SLOTS",
            "spr::TOPDOWN:BR_MISPREDICT_SLOTS", "spr::TOPDOWN:MEMORY_BOUND_SLOTS", "spr::MEM_TRANS_RETIRED:STORE_SAMPLE"};
        std::vector<std::string> unexpected;
        for (const auto& d : disagree)
            if (!known.count(d.substr(0, d.find(' ')))) unexpected.push_back(d);
        for (const auto& d : unexpected) qWarning("%s", d.c_str());
        QVERIFY2(compared >= 50, ("only " + std::to_string(compared) + " events compared").c_str());
        QVERIFY(unexpected.empty());
    }

    // AMD: likwid's names that libpfm4's model also reads (by likwid's
    // spelling rule) must encode alike in both.
    void amdTablesAgreeWithLibpfm4_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("table");
        QTest::newRow("zen3") << "amd64_fam19h_zen3" << "amd/zen3";
        QTest::newRow("zen4") << "amd64_fam19h_zen4" << "amd/zen4";
        QTest::newRow("zen2") << "amd64_fam17h_zen2" << "amd/zen2";
        QTest::newRow("zen1") << "amd64_fam17h_zen1" << "amd/zen";
        QTest::newRow("interlagos") << "amd64_fam15h_interlagos" << "amd/interlagos";
    }
    void amdTablesAgreeWithLibpfm4() {
        QFETCH(QString, model);
        QFETCH(QString, table);
        const auto& t = EventTable::load(table.toStdString());
        QVERIFY2(t, t ? "" : t.error().message.c_str());
        int compared = 0;
        std::vector<std::string> disagree;
        for (const auto& e : t->events()) {
            auto name = likwidNativeName(model.toStdString(), e.name);
            if (!name || !*name) continue;
            auto encoded = LibpfmTable::instance().encode(model.toStdString() + "::" + name->value());
            if (!encoded) continue;
            ++compared;
            const uint64_t ours = tableConfig(t->encoding(), e), theirs = encoded->encoding.config & kSelectBits;
            if (ours != theirs) disagree.push_back(e.name + " libpfm4 " + hex(theirs) + " table " + hex(ours));
        }
        // likwid counts unit mask 0x01 under DATA_CACHE_MISSES_ALL (the table's
        // code, which is emitted); libpfm4 takes the name as DATA_CACHE_MISSES:ALL (0x03).
        std::erase(disagree, "DATA_CACHE_MISSES_ALL libpfm4 0x341 table 0x141");
        for (const auto& d : disagree) qWarning("%s", d.c_str());
        qInfo("%s: %d events compared", qPrintable(model), compared);
        QVERIFY2(compared >= 3, ("only " + std::to_string(compared) + " events compared").c_str());
        QVERIFY(disagree.empty());
    }

    // Every AMD code in the tables is an event of libpfm4's model for that
    // family (libpfm4 transcribes AMD's BKDGs and PPRs), whatever its name.
    void amdCodesAreEventsOfTheModel_data() { amdTablesAgreeWithLibpfm4_data(); }
    void amdCodesAreEventsOfTheModel() {
        QFETCH(QString, model);
        QFETCH(QString, table);
        const auto& t = EventTable::load(table.toStdString());
        QVERIFY(t);
        const LibpfmTable& pfm = LibpfmTable::instance();
        const LibpfmPmu* pmu = pfm.findPmu(model.toStdString());
        QVERIFY(pmu);
        std::set<uint64_t> codes;
        for (const auto& e : pfm.events()) {
            if (&pfm.pmus()[e.pmu] != pmu) continue;
            std::string qualified = pmu->name + "::" + e.name;
            for (const auto& a : pfm.attributes(e.index))
                if (a.kind == LibpfmAttribute::Kind::UnitMask) {
                    qualified += ":" + a.name;
                    break;
                }
            if (auto encoded = pfm.encode(qualified)) codes.insert(encoded->encoding.config & 0xf000000ffULL);
        }
        QVERIFY(codes.size() > 20);
        // Codes libpfm4 4.13's tables lack, checked elsewhere: 0x040 (data
        // cache accesses, Zen 2-4), 0x080 (32-byte instruction fetch windows,
        // Zen 1-3) and 0x043 (data cache refills by source, Zen 1) are in the
        // kernel's tools/perf/pmu-events/arch/x86/amdzen*/ JSON (ls_dc_accesses,
        // ic_fw32, ls_refills_from_sys); 0xFFF is the PPRs' Merge event that
        // pairs two counters for events that count more than 15 per cycle.
        static const std::set<uint64_t> missingFromLibpfm4 = {0x40, 0x80, 0x43, 0xfff};
        std::vector<std::string> unknown;
        for (const auto& e : t->events())
            if (!codes.count(tableConfig(t->encoding(), e) & 0xf000000ffULL) && !missingFromLibpfm4.count(e.event))
                unknown.push_back(e.name + " " + hex(e.event));
        for (const auto& u : unknown) qWarning("not an event code of %s: %s", qPrintable(model), u.c_str());
        QVERIFY(unknown.empty());
    }

    // Spot checks against the vendors' published codes (each row cites where).
    void spotChecks_data() {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("event");
        QTest::addColumn<qulonglong>("config");
        // Intel perfmon TGL/events/tigerlake_core.json (Tiger Lake, no libpfm4 model).
        QTest::newRow("TGL L2_LINES_IN.ALL") << "TGL" << "L2_LINES_IN_ALL" << 0x1ff1ULL;              // 0xF1/0x1F
        QTest::newRow("TGL instructions") << "TGL" << "INSTR_RETIRED_ANY" << 0xc0ULL;                // fixed counter 0
        QTest::newRow("TGL cycles") << "TGL" << "CPU_CLK_UNHALTED_CORE" << 0x3cULL;                  // fixed counter 1
        QTest::newRow("TGL ref cycles") << "TGL" << "CPU_CLK_UNHALTED_REF" << 0x300ULL;              // kernel's fixed-2 pseudo code
        // Intel SDM vol. 3B / perfmon SKL: CYCLE_ACTIVITY.STALLS_TOTAL is 0xA3, umask 0x04, CMASK 4.
        QTest::newRow("SKL stalls total") << "skylake" << "CYCLE_ACTIVITY_CYCLES_NO_EXECUTE" << 0x040004a3ULL;
        // Intel perfmon GNR/events/graniterapids_core.json: MEM_INST_RETIRED.ALL_LOADS 0xD0/0x81.
        QTest::newRow("GNR all loads") << "GNR" << "MEM_INST_RETIRED_ALL_LOADS" << 0x81d0ULL;
        // Intel perfmon GNR ARITH.DIV_ACTIVE: 0xB0/0x09, cmask 1; likwid counts its edges (not its 0xD0 slip).
        QTest::newRow("GNR divides") << "GNR" << "ARITH_DIV_COUNT" << 0x10409b0ULL;
        // AMD PPR for family 1Ah (Zen 5): PMCx0C0 retired instructions, PMCx076
        // cycles not in halt, PMCx0C2 retired branch instructions.
        QTest::newRow("zen5 instructions") << "zen5" << "RETIRED_INSTRUCTIONS" << 0xc0ULL;
        QTest::newRow("zen5 cycles") << "zen5" << "CPU_CLOCKS_UNHALTED" << 0x76ULL;
        QTest::newRow("zen5 branches") << "zen5" << "RETIRED_BRANCH_INSTR" << 0xc2ULL;
        // AMD PPR family 19h: PMCx003 retired SSE/AVX FLOPs, all unit masks 0x0F... (zen3 likwid's _ALL).
        QTest::newRow("zen3 flops") << "zen3" << "RETIRED_SSE_AVX_FLOPS_ALL" << 0x0f03ULL;
        // Arm ARM (D-profile), PMUv3 common events: 0x11 CPU_CYCLES, 0x08
        // INST_RETIRED, 0x03 L1D_CACHE_REFILL; the same numbers on Neoverse N1.
        QTest::newRow("arm8 cycles") << "arm8" << "CPU_CYCLES" << 0x11ULL;
        QTest::newRow("arm8 instructions") << "arm8" << "INST_RETIRED" << 0x08ULL;
        QTest::newRow("arm8_n1 L1D refill") << "arm8_n1" << "L1D_CACHE_REFILL" << 0x03ULL;
        // IBM POWER8 raw codes, as the kernel's arch/powerpc/perf/power8-events-list.h
        // has them: PM_RUN_CYC 0x600f4, PM_RUN_INST_CMPL 0x500fa, PM_LD_MISS_L1 0x3e054.
        QTest::newRow("power8 run cycles") << "power8" << "PM_RUN_CYC" << 0x600f4ULL;
        QTest::newRow("power8 instructions") << "power8" << "PM_RUN_INST_CMPL" << 0x500faULL;
        QTest::newRow("power8 L1 load miss") << "power8" << "PM_LD_MISS_L1" << 0x3e054ULL;
        // POWER9: run cycles on PMC2 (power9-events-list.h's PM_RUN_CYC_ALT 0x200f4).
        QTest::newRow("power9 run cycles") << "power9" << "PM_RUN_CYC" << 0x200f4ULL;
        // Intel SDM vol. 3B, Pentium M events (no libpfm4 model here): 0x88
        // BR_INST_EXEC, 0x79 CPU_CLK_UNHALTED, 0xD9 SSE/SSE2 computational
        // instructions retired, unit mask 0x02 packed double.
        QTest::newRow("pentiumm branches") << "pentiumm" << "BR_INST_EXEC" << 0x88ULL;
        QTest::newRow("pentiumm cycles") << "pentiumm" << "CPU_CLK_UNHALTED" << 0x79ULL;
        QTest::newRow("pentiumm packed double") << "pentiumm" << "EMON_SSE_SSE2_COMP_INST_RETIRED_PACKED_DP"
                                                << 0x2d9ULL;
        // L2_LINES_IN 0x24: states 0x0F, bits 5:4 = 10b all lines (SDM, events modified on the Pentium M).
        QTest::newRow("pentiumm L2 lines in") << "pentiumm" << "L2_LINES_IN_ALL_ALL" << 0x2f24ULL;
        // Intel SDM vol. 3B, architectural event 'branch misses retired': 0xC5/0x00.
        QTest::newRow("nehalemEX branch misses") << "nehalemEX" << "BR_MISP_RETIRED_ALL_BRANCHES" << 0xc5ULL;
        // Intel perfmon NHM-EP ARITH.DIV: 0x14/0x01, CMASK 1, invert, edge.
        QTest::newRow("nehalem divides") << "nehalem" << "ARITH_NUM_DIV" << 0x1840114ULL;
        // Intel perfmon SLM PAGE_WALKS.D_SIDE_WALKS: 0x05/0x01, edge.
        QTest::newRow("silvermont DTLB walks") << "silvermont" << "PAGE_WALKS_DTLB_COUNT" << 0x40105ULL;
    }
    void spotChecks() {
        QFETCH(QString, arch);
        QFETCH(QString, event);
        QFETCH(qulonglong, config);
        std::string name;
        QCOMPARE(configOn(arch.toStdString(), event.toStdString(), &name), uint64_t(config));
        QVERIFY2(name.find("::") != std::string::npos, name.c_str()); // says which table (or model) gave it
    }

    // likwid's Core 2 names (table likwid/core2) encode as libpfm4's core
    // model encodes the SDM fields they stand for.
    void core2TableAgreesWithLibpfm4_data() {
        QTest::addColumn<QString>("likwid");
        QTest::addColumn<QString>("libpfm4");
        QTest::newRow("L2 all") << "L2_RQSTS_THIS_CORE_ALL_MESI" << "L2_RQSTS:SELF:ANY:MESI";
        QTest::newRow("L2 I state") << "L2_RQSTS_SELF_I_STATE" << "L2_RQSTS:SELF:EXCL_PREFETCH:I_STATE";
        QTest::newRow("bus mem") << "BUS_TRANS_MEM_THIS_CORE_THIS_A" << "BUS_TRANS_MEM:SELF:THIS_AGENT";
        QTest::newRow("bus wb") << "BUS_TRANS_WB_THIS_CORE_ALL_A" << "BUS_TRANS_WB:SELF:ALL_AGENTS";
        QTest::newRow("rs uops") << "RS_UOPS_DISPATCHED_ALL" << "RS_UOPS_DISPATCHED";
        QTest::newRow("uops used") << "UOPS_RETIRED_USED_CYCLES" << "UOPS_RETIRED:ANY:c=1";
        QTest::newRow("uops stalls") << "UOPS_RETIRED_STALL_CYCLES" << "UOPS_RETIRED:ANY:c=1:i=1";
    }
    void core2TableAgreesWithLibpfm4() {
        QFETCH(QString, likwid);
        QFETCH(QString, libpfm4);
        if (!LibpfmTable::instance().findPmu("core")) QSKIP("this libpfm4 has no Core 2 model ('core')");
        std::string name;
        const uint64_t fromTable = configOn("core2", likwid.toStdString(), &name);
        QVERIFY2(name.starts_with("likwid/core2::"), name.c_str());
        std::string pfmName;
        const uint64_t fromPfm = configOn("core2", libpfm4.toStdString(), &pfmName);
        QVERIFY2(pfmName.starts_with("core::"), pfmName.c_str());
        QCOMPARE(fromTable, fromPfm & kSelectBits);
    }

    // Offcore response (Intel SDM vol. 3B, MSR_OFFCORE_RSP_x): event 0xB7
    // unit mask 0x01 (RSP_0), 0xBB/0x01 (RSP_1; 0xB7/0x02 on Silvermont and
    // KNL); config1 holds the register, request types from bit 0 (likwid's
    // MATCH0), response types from bit 16 (MATCH1).
    void offcoreResponse_data() {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("counter");
        QTest::addColumn<QString>("event");
        QTest::addColumn<QString>("match0");
        QTest::addColumn<QString>("match1");
        QTest::addColumn<qulonglong>("config");
        QTest::addColumn<qulonglong>("config1");
        // sandybridgeEP/L3CACHE.txt; SNB-EP defines response bits 16-37.
        QTest::newRow("JKT L3 misses") << "sandybridgeEP" << "PMC0" << "OFFCORE_RESPONSE_0_OPTIONS" << "0x0081"
                                       << "0x3fffc0" << 0x1b7ULL << 0x3fffc00081ULL;
        QTest::newRow("JKT L3 requests") << "sandybridgeEP" << "PMC1" << "OFFCORE_RESPONSE_1_OPTIONS" << "0x0081"
                                         << "0x1" << 0x1bbULL << 0x10081ULL;
        // knl/L2.txt: the value of perfmon KNL's OFFCORE_RESPONSE.DEMAND_RFO.ANY_RESPONSE (0x10002).
        QTest::newRow("KNL RFO") << "knl" << "PMC1" << "OFFCORE_RESPONSE_0_OPTIONS" << "0x0002" << "0x1" << 0x1b7ULL
                                 << 0x10002ULL;
        // likwid's named values: request bits of perfmon HSX's ALL_REQUESTS
        // (0x8fff), response bits of its LLC_MISS.LOCAL_DRAM (0x600400000).
        QTest::newRow("HSX local DRAM") << "haswellEP" << "PMC0" << "OFFCORE_RESPONSE_0_LOCAL_DRAM" << "" << ""
                                        << 0x1b7ULL << 0x600408fffULL;
        // Westmere EX: likwid's value is perfmon WSM-EX's
        // OFFCORE_RESPONSE_0.ANY_REQUEST.LOCAL_DRAM (request 0xFF, response bit 14).
        QTest::newRow("WSM-EX local DRAM") << "westmereEX" << "PMC0" << "OFFCORE_RESPONSE_0_LOCAL_DRAM" << "" << ""
                                           << 0x1b7ULL << 0x40ffULL;
        // Silvermont's COREWB request (bit 3) with ANY_RESPONSE (bit 16), as
        // perfmon SLM's OFFCORE_RESPONSE.COREWB.ANY_RESPONSE, on RSP_1.
        QTest::newRow("SLM writebacks") << "silvermont" << "PMC1" << "OFFCORE_RESPONSE_1_WB_ANY" << "" << ""
                                        << 0x2b7ULL << 0x10008ULL;
    }
    void offcoreResponse() {
        QFETCH(QString, arch);
        QFETCH(QString, counter);
        QFETCH(QString, event);
        QFETCH(QString, match0);
        QFETCH(QString, match1);
        QFETCH(qulonglong, config);
        QFETCH(qulonglong, config1);
        GroupSlot slot{counter.toStdString(), counter.toStdString(), event.toStdString(), {}, 1};
        if (!match0.isEmpty()) slot.options = {{"MATCH0", match0.toStdString()}, {"MATCH1", match1.toStdString()}};
        const EventResolver events(noSysfs());
        auto r = SlotResolver(events, arch.toStdString()).resolve(slot);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QCOMPARE(r->encoding.config, uint64_t(config));
        QCOMPARE(r->encoding.config1, uint64_t(config1));
    }

    // A value with bits the model does not define is refused, as the kernel
    // would refuse it at open: Sandy Bridge client has no response bits 23-30.
    void offcoreResponseRefusesBitsTheModelLacks() {
        GroupSlot slot{"PMC0", "PMC0", "OFFCORE_RESPONSE_0_OPTIONS", {{"MATCH0", "0x0081"}, {"MATCH1", "0x3fffc0"}}, 1};
        const EventResolver events(noSysfs());
        auto r = SlotResolver(events, "sandybridge").resolve(slot);
        QVERIFY(!r);
        QVERIFY2(r.error().message.find("sets bits 0x7f800000") != std::string::npos, r.error().message.c_str());
        // An event that is no offcore response takes no MATCH0/MATCH1.
        GroupSlot other{"PMC0", "PMC0", "L1D_REPLACEMENT", {{"MATCH0", "0x1"}}, 1};
        auto o = SlotResolver(events, "sandybridgeEP").resolve(other);
        QVERIFY(!o);
        QVERIFY2(o.error().message.find("offcore response event only") != std::string::npos, o.error().message.c_str());
    }

    // likwid names whose code Intel's list for the model does not have
    // resolve to likwid's code, and say so: the source, likwid's code and
    // what the vendor lists instead.
    void likwidOwnCodesResolveLabelled_data() {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("event");
        QTest::addColumn<qulonglong>("config");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("vendorHas");
        QTest::newRow("SKL uops used") << "skylake" << "UOPS_RETIRED_USED_CYCLES" << 0x010001c2ULL
                                       << "likwid's code 0xc2/0x1 cmask=1" << "unit masks 0x02";
        QTest::newRow("CLX L1D evict") << "CLX" << "L1D_M_EVICT" << 0x0451ULL << "likwid's code 0x51/0x4"
                                       << "(intel/CLX)";
        QTest::newRow("HSX divider") << "haswellEP" << "ARITH_DIVIDER_CYCLES" << 0x0114ULL << "likwid's code 0x14/0x1"
                                     << "ARITH.DIVIDER_UOPS";
        QTest::newRow("JKT L2 misses") << "sandybridgeEP" << "L2_RQSTS_MISS" << 0xaa24ULL << "likwid's code 0x24/0xaa"
                                       << "no union";
        QTest::newRow("WSM uops thread") << "westmere" << "UOPS_EXECUTED_THREAD" << 0xc0b1ULL
                                         << "likwid's code 0xb1/0xc0" << "(intel/WSM-EP-SP)";
        QTest::newRow("GNR L2 requests") << "GNR" << "L2_TRANS_ALL_REQUESTS" << 0x8023ULL << "likwid's code 0x23/0x80"
                                         << "L2_TRANS.L2_WB";
        QTest::newRow("KNC L2 HW prefetch misses") << "phi" << "HWP_L2MISS" << 0x10c4ULL << "likwid's code 0xc4/0x10"
                                                   << "libpfm4's knc model has no HWP_L2MISS";
        QTest::newRow("POWER9 DTLB 4K") << "power9" << "PM_LSU_DTLB_MISS_4K" << 0xc088ULL << "likwid's code 0xc088,"
                                        << "POWER8's names";
        // Counter modifiers written after the name still apply.
        QTest::newRow("SKL uops used, edge") << "skylake" << "UOPS_RETIRED_USED_CYCLES:e=1"
                                             << (0x010001c2ULL | 1ULL << 18) << "likwid's code 0xc2/0x1 cmask=1"
                                             << "unit masks 0x02";
    }
    void likwidOwnCodesResolveLabelled() {
        QFETCH(QString, arch);
        QFETCH(QString, event);
        QFETCH(qulonglong, config);
        QFETCH(QString, code);
        QFETCH(QString, vendorHas);
        const EventResolver events(noSysfs());
        auto r = SlotResolver(events, arch.toStdString()).resolveEvent(event.toStdString());
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QCOMPARE(r->encoding.config, uint64_t(config));
        QCOMPARE(r->codeSource, std::string("likwid"));
        QVERIFY2(r->codeNote.find(code.toStdString()) != std::string::npos, r->codeNote.c_str());
        QVERIFY2(r->codeNote.find("not in the vendor's list for this model") != std::string::npos, r->codeNote.c_str());
        QVERIFY2(r->codeNote.find(vendorHas.toStdString()) != std::string::npos, r->codeNote.c_str());
        QVERIFY2(r->description.find(r->codeNote) != std::string::npos, r->description.c_str());
    }

    // A vendor's code carries no such label.
    void vendorCodesAreNotLabelledLikwid() {
        const EventResolver events(noSysfs());
        auto r = SlotResolver(events, "skylake").resolveEvent("L1D_REPLACEMENT");
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QVERIFY(r->codeSource.empty());
        QVERIFY(r->codeNote.empty());
    }

    // A name neither the vendor nor likwid defines for the architecture stays
    // unresolved, and names the candidates instead of picking one.
    void undefinedNamesNameTheCandidates() {
        const EventResolver events(noSysfs());
        auto r = SlotResolver(events, "arm64fx").resolveEvent("FP_HP_FIXED_OPS_HPEC");
        QVERIFY(!r);
        const std::string& m = r.error().message;
        QVERIFY2(m.find("closest names: FP_HP_FIXED_OPS_SPEC") != std::string::npos, m.c_str());
    }

    void likwidSourceIsCheckedInTheTable() {
        auto bad = EventTable::parse("t/x", R"({"schema": 1, "arch": "x86", "source": "s", "events": [
            {"name": "A", "event": "0x51", "codeSource": "guess", "vendorHas": "v"}]})");
        QVERIFY(!bad);
        QVERIFY2(bad.error().message.find("may only be \"likwid\"") != std::string::npos, bad.error().message.c_str());
        auto noVendor = EventTable::parse("t/x", R"({"schema": 1, "arch": "x86", "source": "s", "events": [
            {"name": "A", "event": "0x51", "codeSource": "likwid"}]})");
        QVERIFY(!noVendor);
        auto alias = EventTable::parse("t/x", R"({"schema": 1, "arch": "x86", "source": "s", "events": [
            {"name": "A", "of": "B", "codeSource": "likwid", "vendorHas": "v"}]})");
        QVERIFY(!alias);
        QVERIFY2(alias.error().message.find("alias") != std::string::npos, alias.error().message.c_str());
    }

    // Every likwid-sourced entry is checked against the architecture's vendor
    // tables: none has an event of that code and unit mask (were one added,
    // the name would be an alias of it). Architectures without a vendor table
    // (Knights Corner: libpfm4's model only) have nothing to hold it against.
    void likwidOwnCodesAreNotInTheVendorTables() {
        const auto& archs = groupArchTable();
        QVERIFY2(archs.ok(), archs.ok() ? "" : archs.error().message.c_str());
        int checked = 0;
        for (const auto& arch : *archs) {
            std::vector<const EventTable*> vendor, likwid;
            for (const auto& name : arch.tables) {
                const auto& t = EventTable::load(name);
                QVERIFY2(t.ok(), t.ok() ? "" : t.error().message.c_str());
                (name.starts_with("likwid/") ? likwid : vendor).push_back(&*t);
            }
            for (const EventTable* l : likwid)
                for (const auto& e : l->events()) {
                    if (!e.likwidOwn) continue;
                    ++checked;
                    for (const EventTable* v : vendor)
                        for (const auto& ve : v->events())
                            QVERIFY2(ve.event != e.event || ve.umask != e.umask,
                                     (l->name() + " calls " + e.name + " likwid's own code, but " + v->name() +
                                      " has " + ve.name).c_str());
                }
        }
        QVERIFY(checked >= 39); // the 39 entries of resources/events/likwid/*.json, some seen by several archs
    }

    // Every likwid-sourced code equals likwid's own event lists: the core
    // tables' entries and the uncore table's, against
    // tests/fixtures/likwid/likwid-own-codes.tsv (written from likwid's
    // src/includes/perfmon_<arch>_events.txt by likwid-own-codes.py). Both
    // ways: no likwid-sourced entry without a row, no row without an entry.
    void likwidOwnCodesAreLikwids() {
        const std::string path = qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/likwid/likwid-own-codes.tsv";
        std::ifstream in(path);
        QVERIFY2(in, path.c_str());
        struct Code { uint64_t event, umask, cfgBits, cmask, threshold; };
        std::map<std::pair<std::string, std::string>, Code> likwid;
        for (std::string line; std::getline(in, line);) {
            if (line.empty() || line[0] == '#') continue;
            const auto f = split(line, '\t');
            QVERIFY2(f.size() == 7, line.c_str());
            likwid[{f[0], f[1]}] = Code{std::stoull(f[2], nullptr, 16), std::stoull(f[3], nullptr, 16),
                                        std::stoull(f[4], nullptr, 16), std::stoull(f[5], nullptr, 16),
                                        std::stoull(f[6], nullptr, 16)};
        }
        std::set<std::pair<std::string, std::string>> used;
        const auto& archs = groupArchTable();
        QVERIFY(archs.ok());
        for (const auto& arch : *archs)
            for (const auto& name : arch.tables) {
                const auto& t = EventTable::load(name);
                QVERIFY(t.ok());
                const std::string tableArch = name.substr(name.find('/') + 1);
                for (const auto& e : t->events()) {
                    if (!e.likwidOwn) continue;
                    auto it = likwid.find({tableArch, e.name});
                    QVERIFY2(it != likwid.end(), (name + " " + e.name + " has no row in " + path).c_str());
                    used.insert(it->first);
                    const Code& c = it->second;
                    if (t->encoding() == EventTable::Encoding::Power) {
                        // likwid programs a POWER event as (umask << 8) | event.
                        QCOMPARE(e.event, c.umask << 8 | c.event);
                        continue;
                    }
                    QCOMPARE(e.event, c.event);
                    QCOMPARE(e.umask, c.umask);
                    QCOMPARE(e.cmask, c.threshold);
                }
            }
        const auto& uncore = likwidUncoreTable();
        QVERIFY2(uncore.ok(), uncore.ok() ? "" : uncore.error().message.c_str());
        int uncoreChecked = 0;
        for (const auto& e : uncore->events) {
            if (!e.likwidOwn) continue;
            std::map<std::string, uint64_t> terms;
            for (const auto& term : split(e.terms, ','))
                terms[term.substr(0, term.find('='))] = std::stoull(term.substr(term.find('=') + 1), nullptr, 0);
            for (const auto& arch : e.archs) {
                auto it = likwid.find({arch, e.event});
                QVERIFY2(it != likwid.end(), (arch + " " + e.event + " has no row in " + path).c_str());
                used.insert(it->first);
                ++uncoreChecked;
                const Code& c = it->second;
                if (e.box == "MBOX") {
                    // likwid's M-box events of Nehalem-EX/Westmere-EX: the event is
                    // the increment select; cfgBits 2 puts the command in PLD bits
                    // 8-12, cfgBits 4 (cmask 0) sets PLD bit 16 and the command in
                    // bits 19-23 (its perfmon_westmereEX.h and _nehalemEX.h).
                    QCOMPARE(terms.at("inc_sel"), c.event);
                    QVERIFY2(c.cmask == 0 && (c.cfgBits == 2 || c.cfgBits == 4), e.event.c_str());
                    QCOMPARE(terms.at("pld"), c.cfgBits == 2 ? c.umask << 8 : (1ULL << 16 | c.umask << 19));
                    continue;
                }
                QCOMPARE(terms.at("event"), c.event);
                QCOMPARE(terms.count("umask") ? terms.at("umask") : 0, c.umask);
            }
        }
        QVERIFY(uncoreChecked >= 15);
        for (const auto& [key, code] : likwid)
            QVERIFY2(used.count(key), (key.first + " " + key.second + " is in " + path + " but no entry uses it").c_str());
    }

    void describeSaysWhichTable() {
        const EventResolver events(noSysfs());
        auto r = SlotResolver(events, "TGL").resolveEvent("L2_LINES_IN_ALL");
        QVERIFY(r);
        QCOMPARE(r->name, std::string("intel/TGL::L2_LINES_IN.ALL"));
        QVERIFY(r->description.find("Intel perfmon") != std::string::npos);
        auto alias = SlotResolver(events, "skylake").resolveEvent("CYCLE_ACTIVITY_CYCLES_NO_EXECUTE:e=1");
        QVERIFY(alias);
        QCOMPARE(alias->encoding.config, uint64_t(0x040004a3 | 1 << 18));
        QVERIFY(alias->description.find("likwid/skylake") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestEventTables)
#include "test_event_tables.moc"
