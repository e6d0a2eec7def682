// likwid's uncore and other units (core/measurement/UncoreSlot) on fixture
// sysfs trees of Intel servers and clients and of AMD Zen machines
// (tests/fixtures/likwid/README.md): Debian's likwid group files encode to
// the kernel PMU instance the box number names and to the vendors' codes;
// counts keep likwid's units; what does not map says why, and a formula
// that uses it is n/a with that reason.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <tuple>

#include "core/events/EventResolver.h"
#include "core/groups/GroupFileParser.h"
#include "core/groups/GroupMetrics.h"
#include "core/measurement/MeasurementPlan.h"
#include "core/measurement/ResultBuilder.h"
#include "core/measurement/SlotResolver.h"

using namespace perfdash;

namespace {

const std::string kLikwid = "/usr/share/likwid/perfgroups/";
constexpr double kRaplJoules = 2.3283064365386962890625e-10; // rapl.c: counts of 2^-32 J

std::string fixture(const std::string& rel) { return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/" + rel; }

EventPaths tree(const std::string& name) {
    EventPaths paths;
    paths.sysfsRoot = fixture("likwid/" + name);
    paths.tracefsRoots = {};
    return paths;
}

GroupSlot slot(const std::string& counter, const std::string& event, std::vector<EventOption> options = {}) {
    GroupSlot s;
    s.counter = s.counterSpec = counter;
    s.event = event;
    s.options = std::move(options);
    s.line = 1;
    return s;
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// Uncore PMON control layout (Intel uncore manuals; the kernel's format files):
// event 0-7, umask 8-15, edge 18, invert 23, threshold 24-31.
constexpr uint64_t unc(uint64_t event, uint64_t umask) { return event | umask << 8; }

} // namespace

class TestUncoreSlots : public QObject {
    Q_OBJECT
    EventResolver skx_{tree("sysfs-skx")}, bdx_{tree("sysfs-bdx")}, ivt_{tree("sysfs-ivt")}, knl_{tree("sysfs-knl")},
        nhm_{tree("sysfs-nhm")}, icx_{tree("sysfs-icx")}, icl_{tree("sysfs-icl")}, skl_{tree("sysfs-skl")},
        zen3_{tree("sysfs-zen3")}, zen4_{tree("sysfs-zen4")}, zen5_{tree("sysfs-zen5")}, spr61_{tree("sysfs-spr")},
        sprMax_{tree("sysfs-spr-max")}, emr_{tree("sysfs-emr")}, gnr_{tree("sysfs-gnr")}, srf_{tree("sysfs-srf")},
        interlagos_{tree("sysfs-interlagos")}, goldmont_{tree("sysfs-goldmont")};

    static uint32_t typeOf(const EventResolver& events, const std::string& pmu) {
        const SysfsPmu* p = events.pmus().find(pmu);
        if (!p) qFatal("fixture has no PMU %s", pmu.c_str());
        return p->type;
    }
    // Every slot of a likwid group file, resolved (an empty event where it is
    // not). The unit slots that do not resolve are listed in `reasons` with
    // their reason; core slots (FIXCn, PMCn) are test_likwid_corpus's business.
    static std::vector<ResolvedEvent> resolveFile(const EventResolver& events, const std::string& arch,
                                                  const std::string& file, std::vector<std::string>& reasons) {
        auto group = parseGroupFile(kLikwid + arch + "/" + file);
        if (!group) qFatal("%s", group.error().message.c_str());
        std::vector<ResolvedEvent> out;
        const SlotResolver naming(events, arch);
        for (const auto& s : group->events) {
            auto r = naming.resolve(s);
            out.push_back(r ? *r : ResolvedEvent{});
            if (!r && !s.counter.starts_with("FIXC") && !s.counter.starts_with("PMC"))
                reasons.push_back(s.counter + ": " + r.error().message);
        }
        return out;
    }
    static std::string joined(const std::vector<std::string>& reasons) {
        std::string out;
        for (const auto& r : reasons) out += r + "\n";
        return out;
    }
    struct ExpectedBox {
        const char* counter;
        const char* event;
        const char* pmu;
        uint64_t config;
    };
    // Each slot resolves on `arch` to the PMU instance and config given.
    static void expectBoxes(const EventResolver& events, const std::string& arch, std::vector<ExpectedBox> boxes) {
        const SlotResolver naming(events, arch);
        for (const auto& b : boxes) {
            auto r = naming.resolve(slot(b.counter, b.event));
            QVERIFY2(r.ok(), r ? "" : r.error().message.c_str());
            QCOMPARE(r->pmu, std::string(b.pmu));
            QCOMPARE(r->encoding.type, typeOf(events, b.pmu));
            QCOMPARE(quint64(r->encoding.config), quint64(b.config));
        }
    }
    // A slot resolved to likwid's own code says so: the source, the code, and which vendor document
    // does not give it.
    static void expectLikwidOwn(const EventResolver& events, const std::string& arch, const GroupSlot& s,
                                const std::string& vendorHas) {
        auto r = SlotResolver(events, arch).resolve(s);
        QVERIFY2(r.ok(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->codeSource, std::string("likwid"));
        QVERIFY2(contains(r->codeNote, s.event + ": likwid's code ") && contains(r->codeNote, vendorHas),
                 r->codeNote.c_str());
    }
    std::string reason(const EventResolver& events, const std::string& arch, const GroupSlot& s) {
        auto r = SlotResolver(events, arch).resolve(s);
        return r ? "resolved as " + r->name : r.error().message;
    }

private slots:
    void initTestCase() {
        QVERIFY2(QFileInfo::exists(QString::fromStdString(kLikwid)),
                 "Debian's likwid group files are missing: apt-get install likwid");
    }

    // skylakeX/MEM.txt: MBOXn is the n-th memory channel, UNC_M_CAS_COUNT.RD/WR
    // (event 0x04, umask 0x03/0x0c), counted in raw 64-byte lines as likwid's
    // formulas (x 64.0) expect, not in the kernel's MiB.
    void skylakeXMemoryControllers() {
        std::vector<std::string> reasons;
        const auto events = resolveFile(skx_, "skylakeX", "MEM.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        QCOMPARE(events.size(), size_t(15));
        for (int box = 0; box < 6; ++box) {
            const ResolvedEvent& rd = events[3 + 2 * box];
            const ResolvedEvent& wr = events[4 + 2 * box];
            const std::string pmu = "uncore_imc_" + std::to_string(box);
            QCOMPARE(rd.pmu, pmu);
            QCOMPARE(rd.name, pmu + "/cas_count_read/");
            QCOMPARE(rd.encoding.type, typeOf(skx_, pmu));
            QCOMPARE(quint64(rd.encoding.config), quint64(unc(0x04, 0x03)));
            QCOMPARE(quint64(wr.encoding.config), quint64(unc(0x04, 0x0c)));
            QCOMPARE(wr.encoding.type, typeOf(skx_, pmu));
            QCOMPARE(rd.scale, 1.0);
            QCOMPARE(rd.unit, std::string());
            QCOMPARE(rd.cpus, std::vector<int>{0});
        }
    }

    // skylakeX/CACHES.txt: CBOXn is CHA n; UNC_CHA_LLC_LOOKUP.DATA_READ (event
    // 0x34, umask 0x03) with every state of CHAFilter0[26:17] as likwid sets
    // it, UNC_CHA_LLC_VICTIMS.M_STATE (0x37, 0x01); the U-box's fixed clock.
    void skylakeXCachesOnTheChas() {
        std::vector<std::string> reasons;
        const auto events = resolveFile(skx_, "skylakeX", "CACHES.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        int chas = 0;
        for (const auto& e : events) {
            if (!e.pmu.starts_with("uncore_cha_")) continue;
            ++chas;
            QCOMPARE(e.encoding.type, typeOf(skx_, e.pmu));
            if (contains(e.name, "event=0x34")) {
                QCOMPARE(quint64(e.encoding.config), quint64(unc(0x34, 0x03)));
                QCOMPARE(quint64(e.encoding.config1), quint64(0x3ffull << 17));
            } else {
                QCOMPARE(quint64(e.encoding.config), quint64(unc(0x37, 0x01)));
                QCOMPARE(quint64(e.encoding.config1), quint64(0));
            }
        }
        QCOMPARE(chas, 56); // CBOX0..27, two events each
        const ResolvedEvent cha27 = *SlotResolver(skx_, "skylakeX").resolve(slot("CBOX27C0", "LLC_LOOKUP_DATA_READ"));
        QCOMPARE(cha27.pmu, std::string("uncore_cha_27"));
        const auto uclk = SlotResolver(skx_, "skylakeX").resolve(slot("UBOXFIX", "UNCORE_CLOCK"));
        QVERIFY(uclk.ok());
        QCOMPARE(uclk->pmu, std::string("uncore_ubox"));
        QCOMPARE(quint64(uclk->encoding.config), quint64(0xff)); // the kernel's selector of a box's fixed counter
    }

    // haswellEP/broadwellEP on a Broadwell-EP's PMUs: C-boxes with likwid's
    // default states (0x1f in CBoFilter0[23:17]) unless the group sets them,
    // the home agents (BBOX), the QPI links (QBOX), the S-boxes.
    void broadwellEPBoxes() {
        std::vector<std::string> reasons;
        const auto l3 = resolveFile(bdx_, "broadwellEP", "L3CACHE.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        const SlotResolver haswellEP(bdx_, "haswellEP");
        auto lookup = haswellEP.resolve(slot("CBOX17C0", "LLC_LOOKUP_DATA_READ"));
        QVERIFY(lookup.ok());
        QCOMPARE(lookup->pmu, std::string("uncore_cbox_17"));
        QCOMPARE(quint64(lookup->encoding.config), quint64(unc(0x34, 0x03)));
        QCOMPARE(quint64(lookup->encoding.config1), quint64(0x1full << 17));
        auto state = haswellEP.resolve(slot("CBOX0C1", "LLC_LOOKUP_ANY", {{"STATE", "0x1"}}));
        QVERIFY(state.ok());
        QCOMPARE(state->name, std::string("uncore_cbox_0/event=0x34,umask=0x11,filter_state=0x1/"));
        QCOMPARE(quint64(state->encoding.config1), quint64(1ull << 17));
        expectBoxes(bdx_, "haswellEP", {{"BBOX1C0", "IMC_READS_NORMAL", "uncore_ha_1", unc(0x17, 0x01)},
                                        {"BBOX0C2", "IMC_WRITES_ALL", "uncore_ha_0", unc(0x1a, 0x0f)},
                                        {"QBOX2C0", "RXL_FLITS_G0_DATA", "uncore_qpi_2", unc(0x01, 0x02)},
                                        {"QBOX0C3", "TXL_FLITS_G0_NON_DATA", "uncore_qpi_0", unc(0x00, 0x04)},
                                        {"SBOX3C0", "RING_BL_USED_ANY", "uncore_sbox_3", unc(0x1d, 0x0f)}});
    }

    // nehalem/westmere: the one uncore box ("uncore"), its QMC/QHL events by
    // the kernel's names, the LLC events by Intel's codes.
    void nehalemUncore() {
        expectBoxes(nhm_, "westmere", {{"UPMC0", "UNC_QMC_NORMAL_READS_ANY", "uncore", unc(0x2c, 0x0f)},
                                       {"UPMC3", "UNC_QHL_REQUESTS_LOCAL_READS", "uncore", unc(0x20, 0x10)},
                                       {"UPMC1", "UNC_L3_MISS_ANY", "uncore", unc(0x09, 0x03)}});
    }

    // knl: DDR channels (UNC_M_CAS_COUNT.RD/WR, event 0x03) and the MCDRAM
    // controllers in their two clock domains (Intel perfmon KNL). likwid's
    // MBOX4 to MBOX6 are controller 1's channels 0 to 2, which the kernel
    // registers as uncore_imc_3 to _5; MBOX3 is controller 0's UCLK box.
    void knightsLandingMemory() {
        expectBoxes(knl_, "knl", {{"MBOX2C0", "MC_CAS_READS", "uncore_imc_2", unc(0x03, 0x01)},
                                  {"MBOX4C0", "MC_CAS_READS", "uncore_imc_3", unc(0x03, 0x01)},
                                  {"MBOX6C1", "MC_CAS_WRITES", "uncore_imc_5", unc(0x03, 0x02)},
                                  {"EDBOX7C0", "EDC_RPQ_INSERTS", "uncore_edc_eclk_7", unc(0x01, 0x01)},
                                  {"EUBOX3C1", "EDC_MISS_DIRTY", "uncore_edc_uclk_3", unc(0x02, 0x08)}});
        const std::string uclk = reason(knl_, "knl", slot("MBOX3C0", "MC_CAS_READS"));
        QVERIFY2(contains(uclk, "is not a uncore_imc box"), uclk.c_str());
    }

    // ivybridgeEP on an Ivy Bridge-EP's PMUs: a DRAM clock on the channel's
    // fixed counter is the kernel's clockticks (event 0xff), on a general
    // counter UNC_M_DCLOCKTICKS (event 0x00); likwid's SBOX is the QPI link.
    void ivyBridgeEPClocksAndLinks() {
        const SlotResolver naming(ivt_, "ivybridgeEP");
        auto fixed = naming.resolve(slot("MBOX3FIX", "DRAM_CLOCKTICKS"));
        QVERIFY2(fixed.ok(), fixed ? "" : fixed.error().message.c_str());
        QCOMPARE(fixed->name, std::string("uncore_imc_3/clockticks/"));
        QCOMPARE(quint64(fixed->encoding.config), quint64(0xff));
        auto general = naming.resolve(slot("MBOX3C2", "DRAM_CLOCKTICKS"));
        QVERIFY(general.ok());
        QCOMPARE(quint64(general->encoding.config), quint64(0x00));
        auto link = naming.resolve(slot("SBOX2C3", "SBOX_CLOCKTICKS"));
        QVERIFY(link.ok());
        QCOMPARE(link->pmu, std::string("uncore_qpi_2"));
        QCOMPARE(quint64(link->encoding.config), quint64(0x14));
        const std::string third = reason(ivt_, "ivybridgeEP", slot("RBOX2C0", "RBOX_CLOCKTICKS"));
        QVERIFY2(contains(third, "RBOX2 is absent on this machine: it has 2 uncore_r3qpi PMUs (RBOX0 to RBOX1)"),
                 third.c_str());
    }

    // skylakeX/ENERGY.txt: PWR0 package, PWR1 cores (PP0), PWR3 DRAM, in
    // Joules (the kernel's scale applied: likwid's formulas read Joules);
    // TMP0 the core temperature from the tree's coretemp files, a gauge.
    void skylakeXEnergyInJoules() {
        std::vector<std::string> reasons;
        const auto events = resolveFile(skx_, "skylakeX", "ENERGY.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        QVERIFY(std::any_of(events.begin(), events.end(), [](const ResolvedEvent& e) {
            return e.gauge() && e.pmu == "coretemp" && e.sysfsInputs.size() == 4;
        }));
        std::map<std::string, uint64_t> power;
        for (const auto& e : events)
            if (e.pmu == "power") {
                power[e.name] = e.encoding.config;
                QCOMPARE(e.scale, kRaplJoules);
                QCOMPARE(e.unit, std::string("Joules"));
                QCOMPARE(e.cpus, std::vector<int>{0});
            }
        // rapl.c's event codes: cores 0x01, pkg 0x02, ram 0x03.
        QCOMPARE(power, (std::map<std::string, uint64_t>{
                            {"power/energy-cores/", 0x01}, {"power/energy-pkg/", 0x02}, {"power/energy-ram/", 0x03}}));
    }

    // skylake/MEM.txt: the client IMC's free-running counters, raw lines.
    void skylakeClientMemory() {
        std::vector<std::string> reasons;
        const auto events = resolveFile(skl_, "skylake", "MEM.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        QCOMPARE(events[3].name, std::string("uncore_imc/data_reads/"));
        QCOMPARE(events[3].encoding.type, typeOf(skl_, "uncore_imc"));
        QCOMPARE(quint64(events[3].encoding.config), quint64(0x01));
        QCOMPARE(events[4].name, std::string("uncore_imc/data_writes/"));
        QCOMPARE(quint64(events[4].encoding.config), quint64(0x02));
        for (int i : {3, 4}) {
            QCOMPARE(events[i].scale, 1.0); // not the kernel's 6.103515625e-5 MiB per line
            QCOMPARE(events[i].unit, std::string());
            QVERIFY2(contains(events[i].description, "without the kernel's scale to MiB"), events[i].description.c_str());
        }
        // skylake/ENERGY.txt has PP1 (graphics) on PWR2.
        const auto energy = resolveFile(skl_, "skylake", "ENERGY.txt", reasons);
        bool gpu = false;
        for (const auto& e : energy) gpu = gpu || (e.name == "power/energy-gpu/" && e.encoding.config == 0x04);
        QVERIFY(gpu);
        // The client's uncore clock is the C-box's shared fixed counter.
        const auto uclk = SlotResolver(skl_, "skylake").resolve(slot("UBOXFIX", "UNCORE_CLOCK"));
        QVERIFY(uclk.ok());
        QCOMPARE(uclk->name, std::string("uncore_cbox_0/clockticks/"));
        QCOMPARE(quint64(uclk->encoding.config), quint64(0xff));
    }

    // Ice Lake client: the uncore clock is a box of its own (its C-boxes have
    // no clockticks), and the top-down shares exist as on Ice Lake-SP.
    void iceLakeClientClockAndTopDown() {
        const auto uclk = SlotResolver(icl_, "ICL").resolve(slot("UBOXFIX", "UNCORE_CLOCK"));
        QVERIFY(uclk.ok());
        QCOMPARE(uclk->name, std::string("uncore_clock/clockticks/"));
        QCOMPARE(uclk->encoding.type, typeOf(icl_, "uncore_clock"));
        QCOMPARE(quint64(uclk->encoding.config), quint64(0xff));
        std::vector<std::string> reasons;
        const auto tma = resolveFile(icl_, "ICL", "TMA.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        QCOMPARE(tma[7].name, std::string("cpu/topdown-be-bound/"));
        const auto energy = resolveFile(icl_, "ICL", "ENERGY.txt", reasons);
        bool psys = false;
        for (const auto& e : energy) psys = psys || (e.name == "power/energy-psys/" && e.encoding.config == 0x05);
        QVERIFY(psys); // PWR4, the platform domain
    }

    // zen3/MEM1.txt and L3CACHE.txt: DFCn on amd_df with AMD's DRAM channel
    // events (0x07 + 0x40 per channel, umask 0x38; bit 8 of the event code
    // goes to config bit 32), CPMCn on amd_l3; ENERGY.txt: PWR1 is the package.
    void zen3DataFabricL3AndEnergy() {
        std::vector<std::string> reasons;
        const auto mem = resolveFile(zen3_, "zen3", "MEM1.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        std::vector<uint64_t> df;
        for (const auto& e : mem)
            if (e.pmu == "amd_df") {
                QCOMPARE(e.encoding.type, typeOf(zen3_, "amd_df"));
                df.push_back(e.encoding.config);
            }
        QCOMPARE(df.size(), size_t(4));
        QCOMPARE(quint64(df[0]), quint64(0x3807));
        QCOMPARE(quint64(df[3]), quint64(0x38c7));
        const auto ch4 = SlotResolver(zen3_, "zen3").resolve(slot("DFC0", "DRAM_CHANNEL_4"));
        QVERIFY(ch4.ok());
        QCOMPARE(quint64(ch4->encoding.config), quint64(0x3807 | 1ull << 32));

        const auto l3 = resolveFile(zen3_, "zen3", "L3CACHE.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        std::vector<uint64_t> configs;
        for (const auto& e : l3)
            if (e.pmu == "amd_l3") configs.push_back(e.encoding.config);
        QCOMPARE(configs, (std::vector<uint64_t>{0xff04, 0xff9a, 0x0104}));

        reasons.clear();
        const auto energy = resolveFile(zen3_, "zen3", "ENERGY.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        bool pkg = false;
        for (const auto& e : energy) pkg = pkg || (e.name == "power/energy-pkg/" && e.scale == kRaplJoules);
        QVERIFY(pkg);
        // PWR0, the per-core energy, is rapl.c's power_core (Linux 6.14 and later, every AMD CPU with
        // the RAPL feature: Zen to Zen 3 alike), event 0x01; a kernel without that PMU (the msr-only
        // tree) gets the reason with the version that adds it.
        for (const char* arch : {"zen", "zen2", "zen3"})
            expectBoxes(zen3_, arch, {{"PWR0", "RAPL_CORE_ENERGY", "power_core", 0x01}});
        const EventResolver noRapl{tree("sysfs-aperf")};
        const std::string old = reason(noRapl, "zen3", slot("PWR0", "RAPL_CORE_ENERGY"));
        QVERIFY2(contains(old, "power_core (Linux 6.14 and later)"), old.c_str());
    }

    // Zen 4 (likwid's upstream zen4/ENERGY.txt) on a 6.14 kernel: RAPL_CORE_ENERGY (AMD's core energy,
    // MSR C001_029A) is power_core's energy-core, rapl.c's event 0x01, in Joules like the package.
    void zen4CoreEnergy() {
        const auto core = SlotResolver(zen4_, "zen4").resolve(slot("PWR0", "RAPL_CORE_ENERGY"));
        QVERIFY2(core.ok(), core ? "" : core.error().message.c_str());
        QCOMPARE(core->name, std::string("power_core/energy-core/"));
        QCOMPARE(core->encoding.type, typeOf(zen4_, "power_core"));
        QCOMPARE(quint64(core->encoding.config), quint64(0x01));
        QCOMPARE(core->scale, kRaplJoules);
        const auto pkg = SlotResolver(zen4_, "zen4").resolve(slot("PWR1", "RAPL_PKG_ENERGY"));
        QVERIFY(pkg.ok());
        QCOMPARE(quint64(pkg->encoding.config), quint64(0x02));
    }

    // Sapphire Rapids (likwid's upstream SPR groups) on a Xeon CPU Max with Linux 6.11 or later:
    // UNC_MCHBM_CAS_COUNT.RD/WR (event 0x05, umask 0xcf/0xf0) on the HBM units, UNC_M_CAS_COUNT.RD on
    // the DDR channels, UNC_UPI_TxL_FLITS.ALL_DATA (0x02/0x0f) on the links, and
    // UNC_CHA_TOR_INSERTS.IA_SPECITOM (event 0x35, umask 0x01, extended umask 0xcc57ff in config bits
    // 32-57) on the CHAs (Intel perfmon SPR V1.39).
    void sapphireRapidsHbmLinksAndChas() {
        constexpr uint64_t specItoM = unc(0x35, 0x01) | 0xcc57ffull << 32;
        expectBoxes(sprMax_, "SPR",
                    {{"HBM0C0", "CAS_COUNT_RD", "uncore_hbm_0", unc(0x05, 0xcf)},
                     {"HBM15C1", "CAS_COUNT_WR", "uncore_hbm_15", unc(0x05, 0xf0)},
                     {"MBOX7C0", "CAS_COUNT_RD", "uncore_imc_7", unc(0x05, 0xcf)},
                     {"UPI3C0", "TXL_FLITS_ALL_DATA", "uncore_upi_3", unc(0x02, 0x0f)},
                     {"UPI0C2", "RXL_FLITS_ALL_DATA", "uncore_upi_0", unc(0x03, 0x0f)},
                     {"CBOX55C0", "TOR_INSERTS_IA_SPECITOM", "uncore_cha_55", specItoM},
                     // CLOCK.txt's M2MC0 (box 0): UNC_M2M_CLOCKTICKS, event 0x01.
                     {"M2MC0", "M2M_CLOCKTICKS", "uncore_m2m_0", unc(0x01, 0x00)}});
        // Emerald Rapids: the same codes (Intel perfmon EMR V1.24).
        expectBoxes(emr_, "EMR",
                    {{"CBOX0C0", "TOR_INSERTS_IA_SPECITOM", "uncore_cha_0", specItoM},
                     {"MBOX0C0", "CAS_COUNT_RD", "uncore_imc_0", unc(0x05, 0xcf)},
                     {"MBOX7C1", "CAS_COUNT_WR", "uncore_imc_7", unc(0x05, 0xf0)},
                     {"UPI1C2", "RXL_FLITS_ALL_DATA", "uncore_upi_1", unc(0x03, 0x0f)}});
        // A Sapphire Rapids identifies as the native sapphirerapids, whose fallback is likwid's SPR directory.
        expectBoxes(sprMax_, "sapphirerapids", {{"HBM3C0", "CAS_COUNT_RD", "uncore_hbm_3", unc(0x05, 0xcf)}});
        // Sapphire and Emerald Rapids have 8 DDR5 channels: likwid's MBOX8 to MBOX11 name none.
        const std::string eight = reason(sprMax_, "SPR", slot("MBOX8C0", "CAS_COUNT_RD"));
        QVERIFY2(contains(eight, "MBOX8 is absent on this machine: it has 8 uncore_imc PMUs (MBOX0 to MBOX7)"),
                 eight.c_str());
        // A kernel before 6.11 names no HBM PMU, and Emerald Rapids has no HBM: the reason says which
        // kernel registers it.
        for (const auto* events : {&spr61_, &emr_}) {
            const std::string hbm = reason(*events, "SPR", slot("HBM0C0", "CAS_COUNT_RD"));
            QVERIFY2(contains(hbm, "uncore_hbm (Linux 6.11 and later"), hbm.c_str());
        }
    }

    // Granite Rapids and Sierra Forest (likwid's upstream GNR and SRF groups): two command schedulers per
    // channel, UNC_M_CAS_COUNT_SCH0.RD/WR event 0x05 and UNC_M_CAS_COUNT_SCH1.RD/WR event 0x06 (umask
    // 0xcf reads, 0xf0 writes; Intel perfmon GNR V1.20, SRF V1.18); TOR_INSERTS_IA_SPECITOM as on
    // Sapphire Rapids; the top-down metrics on the Granite Rapids cores.
    void graniteRapidsAndSierraForest() {
        expectBoxes(gnr_, "GNR",
                    {{"MBOX0C0", "CAS_COUNT_SCH0_RD", "uncore_imc_0", unc(0x05, 0xcf)},
                     {"MBOX0C1", "CAS_COUNT_SCH0_WR", "uncore_imc_0", unc(0x05, 0xf0)},
                     {"MBOX11C2", "CAS_COUNT_SCH1_RD", "uncore_imc_11", unc(0x06, 0xcf)},
                     {"MBOX11C3", "CAS_COUNT_SCH1_WR", "uncore_imc_11", unc(0x06, 0xf0)},
                     {"CBOX125C0", "TOR_INSERTS_IA_SPECITOM", "uncore_cha_125", unc(0x35, 0x01) | 0xcc57ffull << 32},
                     {"TMA7", "MEM_BOUND", "cpu", 0x8700}});
        expectBoxes(srf_, "SRF",
                    {{"MBOX3C0", "CAS_COUNT_SCH0_RD", "uncore_imc_3", unc(0x05, 0xcf)},
                     {"MBOX5C3", "CAS_COUNT_SCH1_WR", "uncore_imc_5", unc(0x06, 0xf0)},
                     {"MBOX10C2", "CAS_COUNT_SCH1_RD", "uncore_imc_10", unc(0x06, 0xcf)}});
        // What Intel lists per scheduler only is not guessed as one count; no kernel has a power PMU
        // for these CPUs.
        const std::string both = reason(gnr_, "GNR", slot("MBOX0C0", "CAS_COUNT_RD"));
        QVERIFY2(contains(both, "per scheduler only") && contains(both, "CAS_COUNT_SCH1_RD"), both.c_str());
        // The U-box clock Intel does not document is likwid's own code 0x01, labelled so.
        for (auto* tree : {&gnr_, &srf_}) {
            const std::string arch = tree == &gnr_ ? "GNR" : "SRF";
            expectBoxes(*tree, arch, {{"UBOX0", "UNCORE_CLOCKTICKS", "uncore_ubox", 0x01}});
            expectLikwidOwn(*tree, arch, slot("UBOX0", "UNCORE_CLOCKTICKS"), "no U-box clock event");
        }
        // rapl.c has no power PMU for them; intel_rapl_tpmi's powercap zones have the package and DRAM
        // energy (the tree's intel-rapl:0 "package-0" and intel-rapl:0:0 "dram"), not the cores'.
        for (const auto* tree : {&gnr_, &srf_}) {
            const std::string arch = tree == &gnr_ ? "GNR" : "SRF";
            const auto pkg = SlotResolver(*tree, arch).resolve(slot("PWR0", "PWR_PKG_ENERGY"));
            QVERIFY2(pkg.ok(), pkg.ok() ? "" : pkg.error().message.c_str());
            QCOMPARE(pkg->source, EventSource::Powercap);
            QCOMPARE(pkg->sysfsInputs.front().path, tree->sysfsRoot() + "/class/powercap/intel-rapl:0/energy_uj");
            QVERIFY2(contains(pkg->description, "read through the kernel's powercap framework") &&
                         contains(pkg->description, "no perf PMU counts here"),
                     pkg->description.c_str());
            const auto dram = SlotResolver(*tree, arch).resolve(slot("PWR3", "PWR_DRAM_ENERGY"));
            QVERIFY2(dram.ok(), dram.ok() ? "" : dram.error().message.c_str());
            QCOMPARE(dram->sysfsInputs.front().path, tree->sysfsRoot() + "/class/powercap/intel-rapl:0:0/energy_uj");
            const std::string cores = reason(*tree, arch, slot("PWR1", "PWR_PP0_ENERGY"));
            QVERIFY2(contains(cores, "rapl.c has no model for Granite Rapids") &&
                         contains(cores, "nor through powercap") && contains(cores, "no 'core' zone"),
                     cores.c_str());
        }
        // Where the kernel has a U-box fixed clock (Ice Lake-SP), it is that counter (config 0xff).
        expectBoxes(icx_, "ICX", {{"UBOXFIX", "UNCORE_CLOCKTICKS", "uncore_ubox", 0xff}});
    }

    // Silvermont and Airmont (silvermont/ENERGY.txt, CLOCK.txt): rapl.c has no model for them, so no
    // power PMU; intel_rapl_msr's powercap zones are read instead, the package's (PWR0) and the
    // cores' (PWR1). A tree without powercap says that it was looked for.
    void silvermontEnergyThroughPowercap() {
        const EventResolver silvermont(tree("sysfs-silvermont"));
        SlotResolver naming(silvermont, "silvermont");
        const auto pkg = naming.resolve(slot("PWR0", "PWR_PKG_ENERGY"));
        QVERIFY2(pkg.ok(), pkg.ok() ? "" : pkg.error().message.c_str());
        QCOMPARE(pkg->name, std::string("powercap/package/"));
        QCOMPARE(pkg->unit, std::string("Joules"));
        QCOMPARE(pkg->cpus, std::vector<int>{0});
        const auto cores = naming.resolve(slot("PWR1", "PWR_PP0_ENERGY"));
        QVERIFY2(cores.ok(), cores.ok() ? "" : cores.error().message.c_str());
        QCOMPARE(cores->sysfsInputs.front().path, silvermont.sysfsRoot() + "/class/powercap/intel-rapl:0:0/energy_uj");
        // Options are likwid's counter options, which an energy counter has none of.
        const std::string option = reason(silvermont, "silvermont", slot("PWR0", "PWR_PKG_ENERGY", {{"EDGEDETECT", ""}}));
        QVERIFY2(contains(option, "takes no options"), option.c_str());
        const EventResolver none(tree("sysfs-aperf"));
        const std::string neither = reason(none, "silvermont", slot("PWR0", "PWR_PKG_ENERGY"));
        QVERIFY2(contains(neither, "rapl.c has no Silvermont or Airmont model") &&
                     contains(neither, "nor through powercap") && contains(neither, "has no intel-rapl zone"),
                 neither.c_str());
        // Where rapl.c's power PMU lacks a domain (Ice Lake-SP has no energy-psys), powercap was looked for too.
        const std::string psys = reason(icx_, "ICX", slot("PWR4", "PWR_PLATFORM_ENERGY"));
        QVERIFY2(contains(psys, "which PMU power does not list here") && contains(psys, "nor through powercap"),
                 psys.c_str());
    }

    // Zen 5 (likwid's upstream zen5/MEM.txt, L3CACHE.txt): UMCn is the n-th
    // memory channel's amd_umc_n, CAS commands event 0x0A with read/write mask
    // 1 (reads) or 2 (writes) in bits 8-9; the L3 lookups L3PMCx04 all unit
    // masks and 0x01 (misses) on amd_l3 (AMD PPR 57238).
    void zen5MemoryControllersAndL3() {
        expectBoxes(zen5_, "zen5",
                    {{"UMC0C0", "CAS_CMD_RD", "amd_umc_0", 0x10a},
                     {"UMC0C1", "CAS_CMD_WR", "amd_umc_0", 0x20a},
                     {"UMC11C0", "CAS_CMD_RD", "amd_umc_11", 0x10a},
                     {"CPMC0", "L3_LOOKUP_STATE_ALL_TYPES", "amd_l3", 0xff04},
                     {"CPMC1", "L3_LOOKUP_STATE_MISS", "amd_l3", 0x0104}});
        // A channel the machine does not have is no event, with the reason.
        const std::string missing = reason(zen5_, "zen5", slot("UMC12C0", "CAS_CMD_RD"));
        QVERIFY2(contains(missing, "amd_umc"), missing.c_str());
    }

    // Interlagos (AMD BKDG for family 15h, 42301, northbridge events): the
    // UPMCn counters are the northbridge's amd_nb, whose event select has
    // bits 8-11 at config bits 32-35. DRAM accesses NBPMCx0E0 (DCT0 0x07,
    // DCT1 0x38), CPU to DRAM requests to node 5 NBPMCx1E0 unit mask 0x20,
    // L3 misses NBPMCx4E1 from any core (0xF7), link 3 transmit bandwidth
    // NBPMCx1F9 without NOPs (0x37).
    void interlagosNorthbridge() {
        expectBoxes(interlagos_, "interlagos",
                    {{"UPMC0", "UNC_DRAM_ACCESSES_DCT0_ALL", "amd_nb", 0x07e0},
                     {"UPMC1", "UNC_DRAM_ACCESSES_DCT1_ALL", "amd_nb", 0x38e0},
                     {"UPMC1", "UNC_CPU_TO_DRAM_LOCAL_TO_5", "amd_nb", 0x20e0 | 1ull << 32},
                     {"UPMC1", "UNC_L3_CACHE_MISS_ALL", "amd_nb", 0xf7e1 | 4ull << 32},
                     {"UPMC3", "UNC_LINK_TRANSMIT_BW_L3_USE", "amd_nb", 0x37f9 | 1ull << 32}});
        std::vector<std::string> reasons;
        resolveFile(interlagos_, "interlagos", "L3CACHE.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        // Kabini (family 16h, whose BKDG was not available to check): likwid's own code, family 15h's
        // NBPMCx1E0, on the same amd_nb PMU, labelled as likwid's.
        expectBoxes(interlagos_, "kabini",
                    {{"UPMC0", "UNC_CPU_TO_DRAM_LOCAL_TO_0", "amd_nb", 0x01e0 | 1ull << 32},
                     {"UPMC3", "UNC_CPU_TO_DRAM_LOCAL_TO_7", "amd_nb", 0x80e0 | 1ull << 32}});
        expectLikwidOwn(interlagos_, "kabini", slot("UPMC0", "UNC_CPU_TO_DRAM_LOCAL_TO_0"), "(48751)");
        // An Interlagos name likwid's Kabini list does not have stays unresolved (a slip in kabini/MEM.txt).
        const std::string slip = reason(interlagos_, "kabini", slot("UPMC0", "UNC_DRAM_ACCESSES_DCT0_ALL"));
        QVERIFY2(contains(slip, "not mapped on kabini") && contains(slip, "no UNC_DRAM_ACCESSES event"), slip.c_str());
    }

    // Nehalem-EX and Westmere-EX (likwid's MEM.txt): the kernel's uncore_nhmex.c names the M-box's
    // B-box read commands bbox_cmds_read, inc_sel 0xd (config bits 9-13) with the FVC register value in
    // config1, 0x2800 on Nehalem-EX and 0x5000 on Westmere-EX (0x2820/0x5040 for writes), and the W-box's
    // fixed uncore clock clockticks, event 0xff.
    void nehalemWestmereExMemoryAndClock() {
        for (const auto& [dir, arch, reads, writes] :
             {std::tuple{"sysfs-nhmex", "nehalemEX", 0x2800, 0x2820}, {"sysfs-wsmex", "westmereEX", 0x5000, 0x5040}}) {
            const EventResolver events{tree(dir)};
            expectBoxes(events, arch,
                        {{"MBOX0C0", "FVC_EV0_BBOX_CMDS_READS", "uncore_mbox_0", 0xdull << 9},
                         {"MBOX1C1", "FVC_EV0_BBOX_CMDS_WRITES", "uncore_mbox_1", 0xdull << 9},
                         {"WBOXFIX", "UNCORE_CLOCK", "uncore_wbox", 0xff}});
            const SlotResolver naming(events, arch);
            QCOMPARE(quint64(naming.resolve(slot("MBOX0C0", "FVC_EV0_BBOX_CMDS_READS"))->encoding.config1),
                     quint64(reads));
            QCOMPARE(quint64(naming.resolve(slot("MBOX1C0", "FVC_EV0_BBOX_CMDS_WRITES"))->encoding.config1),
                     quint64(writes));
            // What neither the kernel nor an Intel document available here gives is likwid's own code,
            // labelled so: C-box LLC hits (0x15/0x0F) and misses (0x14/0x07); M-box CAS writes to an open
            // page, inc_sel 0xa (config bits 9-13) with command 0x04 in PLD bits 8-12 (config1 32-63).
            expectBoxes(events, arch,
                        {{"CBOX0C0", "LLC_HITS_ALL", "uncore_cbox_0", 0x0f15},
                         {"CBOX7C1", "LLC_MISSES_ALL", "uncore_cbox_7", 0x0714},
                         {"MBOX1C1", "DRAM_CMD_CAS_WR_OPN", "uncore_mbox_1", 0xaull << 9}});
            QCOMPARE(quint64(naming.resolve(slot("MBOX1C1", "DRAM_CMD_CAS_WR_OPN"))->encoding.config1),
                     quint64(0x400ull << 32));
            expectLikwidOwn(events, arch, slot("CBOX0C0", "LLC_HITS_ALL"), "323535");
            expectLikwidOwn(events, arch, slot("MBOX0C1", "DRAM_CMD_CAS_WR_OPN"), "323535");
        }
    }

    // ThunderX2 (arm8_tx2/MEM.txt): MBOXn is socket n's memory controllers, drivers/perf/thunderx2_pmu.c's
    // uncore_dmc_n, read_txns event 0xf and write_txns event 0xb.
    void thunderX2MemoryControllers() {
        const EventResolver tx2{tree("sysfs-tx2")};
        expectBoxes(tx2, "arm8_tx2",
                    {{"MBOX0C0", "MEMORY_READS", "uncore_dmc_0", 0xf},
                     {"MBOX0C1", "MEMORY_WRITES", "uncore_dmc_0", 0xb},
                     {"MBOX1C0", "MEMORY_READS", "uncore_dmc_1", 0xf},
                     {"MBOX1C1", "MEMORY_WRITES", "uncore_dmc_1", 0xb}});
    }

    // POWER9 (power9/MEM.txt): MBOXn is the nest IMC PMU nest_mban_imc, whose PM_MBAn_READ_BYTES and
    // _WRITE_BYTES are the firmware IMC catalog's offsets (open-power/ima-catalog, POWER9: unit bases
    // 0x448, 0x460, 0x478, 0x490, 0x558, 0x570, 0x588, 0x5a0; reads at +0, writes at +8).
    void power9NestMemoryControllers() {
        const EventResolver p9{tree("sysfs-power9")};
        expectBoxes(p9, "power9",
                    {{"MBOX0C0", "PM_MBA0_READ_BYTES", "nest_mba0_imc", 0x448},
                     {"MBOX0C1", "PM_MBA0_WRITE_BYTES", "nest_mba0_imc", 0x450},
                     {"MBOX3C0", "PM_MBA3_READ_BYTES", "nest_mba3_imc", 0x490},
                     {"MBOX4C1", "PM_MBA4_WRITE_BYTES", "nest_mba4_imc", 0x560},
                     {"MBOX7C1", "PM_MBA7_WRITE_BYTES", "nest_mba7_imc", 0x5a8}});
        // A unit's event on another unit's box is no event, with the reason.
        const std::string other = reason(p9, "power9", slot("MBOX2C0", "PM_MBA3_READ_BYTES"));
        QVERIFY2(contains(other, "not a nest_mba3_imc box"), other.c_str());
    }

    // ICX/CLOCK.txt: UBOXFIX UNCORE_CLOCKTICKS is the U-box's fixed uncore
    // clock, which the kernel selects with event 0xff (Ice Lake-SP registers
    // Skylake-SP's U-box).
    void iceLakeXUncoreClock() {
        expectBoxes(icx_, "ICX", {{"UBOXFIX", "UNCORE_CLOCKTICKS", "uncore_ubox", 0xff}});
    }

    // goldmont/ENERGY.txt: likwid's PWR0 package, PWR1 cores, PWR3 DRAM are
    // the kernel's RAPL events energy-pkg (0x02), energy-cores (0x01) and
    // energy-ram (0x03), which rapl.c gives Goldmont.
    void goldmontEnergy() {
        expectBoxes(goldmont_, "goldmont",
                    {{"PWR0", "PWR_PKG_ENERGY", "power", 0x02},
                     {"PWR1", "PWR_PP0_ENERGY", "power", 0x01},
                     {"PWR3", "PWR_DRAM_ENERGY", "power", 0x03}});
    }

    // ICX/MEM.txt: the kernel numbers 3 channels per memory controller, Ice
    // Lake-SP has 2: MBOX0..7 are uncore_imc_0, 1, 3, 4, 6, 7, 9, 10 with
    // UNC_M_CAS_COUNT.RD/WR (event 0x04, umask 0x0f/0x30); MEM_FREERUN.txt:
    // the free-running DDR counters, raw lines too; UPI.txt: QBOXn on UPI n.
    void iceLakeXMemoryAndLinks() {
        std::vector<std::string> reasons;
        const auto mem = resolveFile(icx_, "ICX", "MEM.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        std::vector<std::string> pmus;
        for (const auto& e : mem)
            if (e.pmu.starts_with("uncore_imc_")) {
                pmus.push_back(e.pmu);
                QCOMPARE(e.encoding.type, typeOf(icx_, e.pmu));
                QVERIFY(e.encoding.config == unc(0x04, 0x0f) || e.encoding.config == unc(0x04, 0x30));
                QCOMPARE(e.scale, 1.0);
            }
        QCOMPARE(pmus, (std::vector<std::string>{"uncore_imc_0", "uncore_imc_0", "uncore_imc_1", "uncore_imc_1",
                                                 "uncore_imc_3", "uncore_imc_3", "uncore_imc_4", "uncore_imc_4",
                                                 "uncore_imc_6", "uncore_imc_6", "uncore_imc_7", "uncore_imc_7",
                                                 "uncore_imc_9", "uncore_imc_9", "uncore_imc_10", "uncore_imc_10"}));
        const std::string eight = reason(icx_, "ICX", slot("MBOX8C0", "CAS_COUNT_RD"));
        QVERIFY2(contains(eight, "likwid's ICX has 8: MBOX0 to MBOX7"), eight.c_str());

        const auto freerun = resolveFile(icx_, "ICX", "MEM_FREERUN.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        int free = 0;
        for (const auto& e : freerun)
            if (e.pmu.starts_with("uncore_imc_free_running_")) {
                ++free;
                QVERIFY(e.encoding.config == unc(0xff, 0x20) || e.encoding.config == unc(0xff, 0x21));
                QCOMPARE(e.scale, 1.0);
                QCOMPARE(e.unit, std::string());
            }
        QCOMPARE(free, 8);

        const auto upi = resolveFile(icx_, "ICX", "UPI.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        int links = 0;
        for (const auto& e : upi)
            if (e.pmu.starts_with("uncore_upi_")) {
                ++links;
                // UNC_UPI_TxL_FLITS.ALL_DATA 0x02/0x0f, UNC_UPI_RxL_FLITS.ALL_DATA 0x03/0x0f.
                QVERIFY(e.encoding.config == unc(0x02, 0x0f) || e.encoding.config == unc(0x03, 0x0f));
            }
        QCOMPARE(links, 6);
    }

    // ICX/TMA.txt: TMAn are the kernel's topdown events (event 0x00, umask
    // 0x80..0x83), counted in issue slots; likwid's formulas take them as
    // shares of all slots (FIXC3, TOPDOWN_SLOTS: event 0x00 umask 0x04), so
    // the formulas divide by FIXC3 and "Retiring [%]" is a percentage.
    void iceLakeXTopDown() {
        std::vector<std::string> reasons;
        const auto events = resolveFile(icx_, "ICX", "TMA.txt", reasons);
        QVERIFY2(reasons.empty(), joined(reasons).c_str());
        QCOMPARE(events.size(), size_t(8));
        QCOMPARE(quint64(events[3].encoding.config), quint64(unc(0x00, 0x04))); // FIXC3
        const char* names[] = {"cpu/topdown-retiring/", "cpu/topdown-bad-spec/", "cpu/topdown-fe-bound/",
                               "cpu/topdown-be-bound/"};
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(events[4 + i].name, std::string(names[i]));
            QCOMPARE(events[4 + i].encoding.type, typeOf(icx_, "cpu"));
            QCOMPARE(quint64(events[4 + i].encoding.config), quint64(unc(0x00, 0x80 + i)));
        }
        // likwid puts each share on its own counter.
        const std::string moved = reason(icx_, "ICX", slot("TMA0", "BACKEND_BOUND"));
        QVERIFY2(contains(moved, "on TMA3 only"), moved.c_str());

        // The formulas, evaluated on counts as the kernel gives them: slots.
        auto group = parseGroupFile(kLikwid + "ICX/TMA.txt");
        QVERIFY(group.ok());
        MeasurementPlan plan;
        PlannedGroup planned;
        planned.group = *group;
        std::vector<CountValue> counts;
        const std::map<std::string, double> shares = {{"FIXC3", 1000}, {"TMA0", 250}, {"TMA1", 50},
                                                     {"TMA2", 300},   {"TMA3", 400}};
        for (const auto& s : group->events) {
            PlannedEvent e;
            e.counter = e.name = e.spec = s.counter;
            e.availability.state = Availability::State::Countable;
            e.eventSetSlot = static_cast<int>(plan.eventSet.size());
            plan.eventSet.push_back(EventSlot{s.counter, ResolvedEvent{}, 0});
            planned.events.push_back(e);
            counts.push_back(CountValue{shares.count(s.counter) ? shares.at(s.counter) : 1e6, 1.0});
        }
        plan.groups.push_back(planned);
        auto builder = ResultBuilder::create(plan, {{LocationKind::Cpu, 0}}, MetricEnvironment{}, {});
        QVERIFY(builder.ok());
        const auto result = builder->build(counts, 1.0);
        std::map<std::string, double> metrics;
        for (const auto& m : result[0].metrics) metrics[m.name] = m.aggregate;
        QCOMPARE(metrics["Retiring [%]"], 25.0);
        QCOMPARE(metrics["Speculation [%]"], 5.0);
        QCOMPARE(metrics["Front End [%]"], 30.0);
        QCOMPARE(metrics["Back End [%]"], 40.0);

        // Without FIXC3 the shares have nothing to be shares of: the file says so.
        auto noSlots = parseGroupText("SHORT t\n\nEVENTSET\nTMA0 RETIRING\n\nMETRICS\nRetiring TMA0*100\n", "T.txt", "T");
        QVERIFY(!noSlots.ok());
        QVERIFY2(contains(noSlots.error().message, "add FIXC3"), noSlots.error().message.c_str());
    }

    void optionsBecomeFormatTerms() {
        const SlotResolver naming(skx_, "skylakeX");
        auto edge = naming.resolve(slot("MBOX2C0", "CAS_COUNT_RD", {{"EDGEDETECT", ""}, {"THRESHOLD", "0x2"}}));
        QVERIFY2(edge.ok(), edge ? "" : edge.error().message.c_str());
        QCOMPARE(quint64(edge->encoding.config), quint64(unc(0x04, 0x03) | 1ull << 18 | 2ull << 24));
        // A STATE option replaces likwid's default of every state.
        auto state = naming.resolve(slot("CBOX1C0", "LLC_LOOKUP_DATA_READ", {{"STATE", "0x1"}}));
        QVERIFY(state.ok());
        QCOMPARE(quint64(state->encoding.config1), quint64(1ull << 17));
        auto tid = naming.resolve(slot("CBOX1C1", "LLC_VICTIMS_M_STATE", {{"TID", "0x5"}, {"INVERT", ""}}));
        QVERIFY(tid.ok());
        QCOMPARE(quint64(tid->encoding.config1), quint64(0x5));
        QCOMPARE(quint64(tid->encoding.config), quint64(unc(0x37, 0x01) | 1ull << 23));
        // No format term for it on that PMU: unresolved, naming the option.
        for (const char* option : {"MATCH0", "NID", "ANYTHREAD"}) {
            const bool flag = std::string(option) == "ANYTHREAD";
            const std::string why = reason(skx_, "skylakeX", slot("MBOX0C0", "CAS_COUNT_RD", {{option, flag ? "" : "0x1"}}));
            QVERIFY2(contains(why, std::string("likwid option ") + option) && contains(why, "uncore_imc_0"), why.c_str());
        }
    }

    void whatDoesNotMapSaysWhy_data() {
        QTest::addColumn<QString>("tree");
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("counter");
        QTest::addColumn<QString>("event");
        QTest::addColumn<QStringList>("parts");
        QTest::newRow("a box the machine lacks") << "skx" << "skylakeX" << "MBOX6C0" << "CAS_COUNT_RD"
                                                 << QStringList{"MBOX6 is absent on this machine",
                                                                "6 uncore_imc PMUs (MBOX0 to MBOX5)"};
        QTest::newRow("a unit the machine lacks") << "skl" << "skylakeX" << "CBOX0C0" << "LLC_LOOKUP_DATA_READ"
                                                  << QStringList{"uncore_cha", "has none here"};
        QTest::newRow("energy on another counter than likwid's") << "skx" << "skylakeX" << "PWR1" << "PWR_DRAM_ENERGY"
                                                                 << QStringList{"on PWR3 only"};
        QTest::newRow("one architecture's codes on another") << "skx" << "nehalemEX" << "CBOX0C0"
                                                             << "LLC_LOOKUP_DATA_READ"
                                                             << QStringList{"not for architecture nehalemEX"};
        QTest::newRow("a name the table lacks") << "skx" << "skylakeX" << "MBOX0C0" << "NO_SUCH_THING"
                                                << QStringList{"uncore.json", "NO_SUCH_THING"};
        QTest::newRow("top-down without the core PMU's events") << "skx" << "ICX" << "TMA0" << "RETIRING"
                                                                << QStringList{"'topdown-retiring'", "does not list"};
        QTest::newRow("the thermal sensor's one event") << "skx" << "skylakeX" << "TMP0" << "TEMP_PKG"
                                                        << QStringList{"has one event, TEMP_CORE", "'TEMP_PKG'"};
    }
    void whatDoesNotMapSaysWhy() {
        QFETCH(QString, tree);
        QFETCH(QString, arch);
        QFETCH(QString, counter);
        QFETCH(QString, event);
        QFETCH(QStringList, parts);
        const EventResolver& events = tree == "skx" ? skx_ : skl_;
        const std::string why = reason(events, arch.toStdString(), slot(counter.toStdString(), event.toStdString()));
        for (const auto& part : parts) QVERIFY2(contains(why, part.toStdString()), why.c_str());
    }

    // Why a box is absent, and that it is the absent state (Error::absent),
    // not a failure: a box beyond the instances of a unit the machine has.
    void boxBeyondTheInstancesIsAbsent() {
        auto beyond = SlotResolver(skx_, "skylakeX").resolve(slot("MBOX6C0", "CAS_COUNT_RD"));
        QVERIFY(!beyond.ok());
        QVERIFY(beyond.error().absent);
        QVERIFY2(contains(beyond.error().message,
                          "MBOX6 is absent on this machine: it has 6 uncore_imc PMUs (MBOX0 to MBOX5)"),
                 beyond.error().message.c_str());
        // A unit with no instance at all here stays unresolved (n/a), not absent.
        auto none = SlotResolver(skl_, "skylakeX").resolve(slot("CBOX0C0", "LLC_LOOKUP_DATA_READ"));
        QVERIFY(!none.ok());
        QVERIFY(!none.error().absent);
        // Emerald Rapids has no HBM at all: unresolved, so its HBM metrics are n/a.
        auto hbm = SlotResolver(emr_, "EMR").resolve(slot("HBM0C0", "CAS_COUNT_RD"));
        QVERIFY(!hbm.ok());
        QVERIFY(!hbm.error().absent);
        // likwid's own numbering beyond its architecture's boxes is a slip of the file, not absent.
        auto icx = SlotResolver(icx_, "ICX").resolve(slot("MBOX8C0", "CAS_COUNT_RD"));
        QVERIFY(!icx.ok());
        QVERIFY(!icx.error().absent);
    }

    // likwid's upstream Sapphire Rapids MEM on a Sapphire Rapids' tree (8
    // channels) with known counts: each bandwidth is the present boxes' sum
    // exactly, and names MBOX8 to MBOX11.
    void sapphireRapidsMemoryBandwidthFromThePresentChannels() {
        auto group = parseGroupFile(fixture("likwid/upstream/SPR/MEM.txt"));
        QVERIFY2(group.ok(), group ? "" : group.error().message.c_str());
        auto evaluator = MetricEvaluator::compile(*group);
        QVERIFY2(evaluator.ok(), evaluator ? "" : evaluator.error().message.c_str());
        const SlotResolver naming(spr61_, "SPR");
        std::vector<EventResult> events;
        double reads = 0, writes = 0;
        for (const auto& s : group->events) {
            EventResult e;
            e.counter = s.counter;
            auto r = naming.resolve(s);
            if (s.counter.starts_with("MBOX")) {
                const int box = std::stoi(s.counter.substr(4));
                if (box >= 8) {
                    QVERIFY2(!r.ok() && r.error().absent, s.counter.c_str());
                    e.absent = true;
                    e.reason = r.error().message;
                } else {
                    QVERIFY2(r.ok(), r ? "" : r.error().message.c_str());
                    QCOMPARE(r->pmu, "uncore_imc_" + std::to_string(box));
                    // Known counts: box b reads 1000 * (b + 1) lines and writes 10 * (b + 1).
                    const bool read = s.counter.ends_with("C0");
                    e.counted = true;
                    e.total = {(read ? 1000.0 : 10.0) * (box + 1), 1.0};
                    (read ? reads : writes) += e.total.value;
                }
            } else {
                e.counted = true;
                e.total = {1e9, 1.0}; // FIXC0..2: the core metrics are not checked here
            }
            events.push_back(std::move(e));
        }
        QCOMPARE(reads, 36000.0);
        QCOMPARE(writes, 360.0);
        MetricEnvironment env;
        env.time = 2.0;
        env.inverseClock = 1e-9;
        const auto metrics = evaluateMetrics(*evaluator, group->metrics, events, {}, env);
        const auto metric = [&](const std::string& name) -> const MetricResult& {
            for (const auto& m : metrics)
                if (m.name == name) return m;
            qFatal("no metric %s", name.c_str());
        };
        QCOMPARE(metric("Memory read bandwidth [MBytes/s]").aggregate, 1.0E-06 * reads * 64.0 / 2.0);
        QCOMPARE(metric("Memory write data volume [GBytes]").aggregate, 1.0E-09 * writes * 64.0);
        QCOMPARE(metric("Memory bandwidth [MBytes/s]").aggregate, 1.0E-06 * (reads + writes) * 64.0 / 2.0);
        QCOMPARE(metric("Memory read bandwidth [MBytes/s]").absentInputs,
                 (std::vector<std::string>{"MBOX8C0", "MBOX9C0", "MBOX10C0", "MBOX11C0"}));
        QCOMPARE(metric("Memory bandwidth [MBytes/s]").absentInputs.size(), size_t(8));
        QVERIFY(metric("CPI").absentInputs.empty());
    }

    // A slot of likwid's own code (Skylake's UOPS_RETIRED_USED_CYCLES: no
    // version of Intel's list has 0xc2/0x01) keeps its source and note from
    // the resolver through the plan into the result, and each metric that
    // reads it names it; a vendor's code has neither.
    void likwidsOwnCodesReachTheResult() {
        QTemporaryDir dir;
        const std::string file = dir.path().toStdString() + "/USED.txt";
        std::ofstream(file) << "SHORT used cycles\n\nEVENTSET\nFIXC1 CPU_CLK_UNHALTED_CORE\n"
                               "PMC0 UOPS_RETIRED_USED_CYCLES\nSW page-faults\n\nMETRICS\n"
                               "Used cycles ratio [%] 100*PMC0/FIXC1\nCycles FIXC1\n";
        MachineContext machine(MachinePaths{MachineSources::host(), tree("sysfs-skl"), ArchOverride{"skylake", "--arch"}});
        MeasurementRequest request;
        request.command = {"/bin/true"};
        request.groups = {file};
        // A plan needs one event it can count here: the software event.
        auto plan = MeasurementPlan::prepare(request, machine);
        QVERIFY2(plan.ok(), plan ? "" : plan.error().message.c_str());
        const auto& planned = plan->groups[0].events;
        QCOMPARE(planned[0].codeSource, std::string());
        QCOMPARE(planned[1].codeSource, std::string("likwid"));
        QVERIFY2(planned[1].codeNote.starts_with("UOPS_RETIRED_USED_CYCLES: likwid's code 0xc2/0x1 cmask=1, not in "
                                                 "the vendor's list"),
                 planned[1].codeNote.c_str());

        // As if both counted (this machine has no PMU to count them).
        MeasurementPlan counted = *plan;
        auto& events = counted.groups[0].events;
        for (int i : {0, 1, 2}) {
            events[size_t(i)].eventSetSlot = i;
            events[size_t(i)].availability.state = Availability::State::Countable;
        }
        counted.eventSet = {EventSlot{"FIXC1", ResolvedEvent{}, 0}, EventSlot{"PMC0", ResolvedEvent{}, 0},
                            EventSlot{"SW", ResolvedEvent{}, 0}};
        auto builder = ResultBuilder::create(counted, {{LocationKind::Cpu, 0}}, MetricEnvironment{}, {"", "", ""});
        QVERIFY(builder.ok());
        const auto groups =
            builder->build({CountValue{1000, 1.0}, CountValue{250, 1.0}, CountValue{3, 1.0}}, 1.0);
        QVERIFY(!groups[0].events[0].likwidCode());
        QVERIFY(groups[0].events[1].likwidCode());
        QCOMPARE(groups[0].events[1].codeNote, planned[1].codeNote);
        QCOMPARE(groups[0].metrics[0].aggregate, 25.0);
        QCOMPARE(groups[0].metrics[0].likwidCodeInputs, std::vector<std::string>{"PMC0"});
        QVERIFY(groups[0].metrics[1].likwidCodeInputs.empty());
    }

    // A formula over boxes the machine lacks is computed from the boxes it
    // has, exactly their sum, and names the absent ones; a unit the machine
    // has no instance of, and a slot that failed to open, stay n/a (NaN).
    void absentBoxesContributeNothingAndAreNamed() {
        QTemporaryDir dir;
        const std::string file = dir.path().toStdString() + "/MEMX.txt";
        std::ofstream(file) << "SHORT two channels\n\nEVENTSET\nMBOX0C0 CAS_COUNT_RD\nMBOX6C0 CAS_COUNT_RD\n"
                               "MBOX7C0 CAS_COUNT_RD\nCBOX0C0 LLC_LOOKUP_DATA_READ\nSW page-faults\n\n"
                               "METRICS\nOne channel [MBytes] 1.0E-06*MBOX0C0*64.0\n"
                               "All channels [MBytes] 1.0E-06*(MBOX0C0+MBOX6C0+MBOX7C0)*64.0\n"
                               "No unit [MBytes] 1.0E-06*(MBOX0C0+CBOX0C0)*64.0\n"
                               "Faults SW\n";
        // The tree is a Skylake-SP's: name its architecture, never the host's.
        MachineContext machine(MachinePaths{MachineSources::host(), tree("sysfs-skx"), ArchOverride{"skylakeX", "--arch"}});
        MeasurementRequest request;
        request.command = {"/bin/true"};
        request.groups = {file};
        auto plan = MeasurementPlan::prepare(request, machine);
        QVERIFY2(plan.ok(), plan ? "" : plan.error().message.c_str());
        const auto& planned = plan->groups[0].events;
        for (size_t i : {size_t(1), size_t(2)}) {
            QCOMPARE(planned[i].eventSetSlot, -1);
            QVERIFY(planned[i].absent());
            QVERIFY2(contains(planned[i].availability.reason, "6 uncore_imc PMUs (MBOX0 to MBOX5)"),
                     planned[i].availability.reason.c_str());
        }
        QVERIFY(std::any_of(plan->warnings.begin(), plan->warnings.end(), [](const std::string& w) {
            return contains(w, "MBOX6C0, MBOX7C0 of group MEMX name boxes this machine lacks");
        }));

        // The results of such a plan where MBOX0C0 counted (this machine has no
        // uncore to count it, and a program is not counted by an uncore PMU).
        // CBOX0C0 is made a slot that failed to open: it must stay NaN.
        MeasurementPlan counted = *plan;
        auto& events = counted.groups[0].events;
        QVERIFY(!events[3].absent());
        events[0].eventSetSlot = 0;
        events[0].availability.state = Availability::State::Countable;
        events[3].eventSetSlot = 1;
        events[3].availability.state = Availability::State::Countable;
        events[4].eventSetSlot = 2;
        counted.eventSet = {EventSlot{"MBOX0C0", ResolvedEvent{}, 0}, EventSlot{"CBOX0C0", ResolvedEvent{}, 0},
                            EventSlot{"SW", ResolvedEvent{}, 0}};
        auto builder = ResultBuilder::create(counted, {{LocationKind::Cpu, 0}}, MetricEnvironment{},
                                             {"", "permission denied", ""});
        QVERIFY(builder.ok());
        const auto groups =
            builder->build({CountValue{1e6, 1.0}, CountValue{7, 1.0}, CountValue{5, 1.0}}, 1.0);
        QCOMPARE(groups.size(), size_t(1));
        const auto& metrics = groups[0].metrics;
        QCOMPARE(metrics[0].aggregate, 64.0);
        // Exactly MBOX0C0's term: the absent boxes add nothing.
        QCOMPARE(metrics[1].aggregate, 1.0E-06 * 1e6 * 64.0);
        QCOMPARE(metrics[1].perLocation.at(0), 1.0E-06 * 1e6 * 64.0);
        QCOMPARE(metrics[1].absentInputs, (std::vector<std::string>{"MBOX6C0", "MBOX7C0"}));
        QCOMPARE(absentInputsNote(metrics[1].absentInputs),
                 std::string("computed without MBOX6C0, MBOX7C0 (boxes this machine lacks)"));
        QVERIFY(metrics[0].absentInputs.empty());
        // A slot that failed to open stays n/a, with no note.
        QVERIFY(std::isnan(metrics[2].aggregate));
        QVERIFY(metrics[2].absentInputs.empty());
        QCOMPARE(metrics[3].aggregate, 5.0);
        QCOMPARE(groups[0].events[1].counted, false);
        QVERIFY(groups[0].events[1].absent);
        QVERIFY(!groups[0].events[3].absent);
        QVERIFY2(contains(groups[0].events[1].reason, "6 uncore_imc PMUs"), groups[0].events[1].reason.c_str());
    }
};

QTEST_GUILESS_MAIN(TestUncoreSlots)
#include "test_uncore_slots.moc"
