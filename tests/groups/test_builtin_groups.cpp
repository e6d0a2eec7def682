// Every built-in group file parses, its formulas compile against its own
// slots, every slot is used, and the formulas compute what their LONG text
// says (checked by construction with chosen counts).
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <map>

#include "core/groups/GroupArch.h"
#include "core/groups/GroupLibrary.h"
#include "core/groups/LikwidEventOptions.h"
#include "core/groups/MetricEvaluator.h"
#include "core/util/DataPaths.h"

using namespace perfdash;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> builtinFiles() {
    std::vector<std::string> out;
    for (const auto& arch : fs::directory_iterator(dataDir() + "/groups"))
        if (arch.is_directory())
            for (const auto& file : fs::directory_iterator(arch.path()))
                if (file.path().extension() == ".txt") out.push_back(file.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

bool formulaUses(const std::string& formula, const std::string& name) {
    for (size_t pos = formula.find(name); pos != std::string::npos; pos = formula.find(name, pos + 1)) {
        const size_t end = pos + name.size();
        auto nameChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
        if ((pos == 0 || !nameChar(formula[pos - 1])) && (end == formula.size() || !nameChar(formula[end])))
            return true;
    }
    return false;
}

// Metric values of built-in group `arch/name` for the given counts per event string.
std::map<std::string, double> metricsOf(const std::string& arch, const std::string& name,
                                        const std::map<std::string, double>& countsByEvent, double time) {
    auto group = loadGroupFile(dataDir() + "/groups/" + arch + "/" + name + ".txt");
    if (!group) qFatal("%s", group.error().message.c_str());
    std::vector<double> counts;
    for (const auto& s : group->events) {
        auto it = countsByEvent.find(s.event);
        counts.push_back(it == countsByEvent.end() ? std::nan("") : it->second);
    }
    auto evaluator = MetricEvaluator::compile(*group);
    if (!evaluator) qFatal("%s", evaluator.error().message.c_str());
    MetricEnvironment env;
    env.time = time;
    env.inverseClock = 1.0 / 2.0e9;
    const auto values = evaluator->evaluate(counts, env);
    std::map<std::string, double> out;
    for (size_t i = 0; i < values.size(); ++i) out[group->metrics[i].name] = values[i];
    return out;
}

} // namespace

class TestBuiltinGroups : public QObject {
    Q_OBJECT
private slots:
    void everyFileIsComplete_data() {
        QTest::addColumn<QString>("file");
        const auto files = builtinFiles();
        QVERIFY(files.size() >= 20);
        for (const auto& f : files)
            QTest::newRow(fs::path(f).lexically_relative(dataDir() + "/groups").string().c_str())
                << QString::fromStdString(f);
    }
    void everyFileIsComplete() {
        QFETCH(QString, file);
        auto group = loadGroupFile(file.toStdString()); // parse + compile every formula
        QVERIFY2(group.ok(), group.ok() ? "" : group.error().message.c_str());
        QVERIFY(!group->shortDescription.empty());
        QVERIFY2(group->longDescription.find("Formulas:") == 0, "LONG starts with the formulas");
        QVERIFY(group->longDescription.size() > 300);
        QVERIFY(!group->events.empty());
        QVERIFY(!group->metrics.empty());

        for (const auto& slot : group->events) {
            auto eventString = perfEventString(slot);
            QVERIFY2(eventString.ok(), eventString.ok() ? "" : eventString.error().message.c_str());
            bool used = false;
            for (const auto& m : group->metrics) used = used || formulaUses(m.formula, slot.counter);
            QVERIFY2(used, ("counter " + slot.counter + " is in no formula").c_str());
        }

        // With every count 1 and every input known, no formula may be n/a.
        auto evaluator = MetricEvaluator::compile(*group);
        QVERIFY(evaluator.ok());
        MetricEnvironment env{1.0, 1.0 / 3.0e9, 1, 1, 1};
        const auto values = evaluator->evaluate(std::vector<double>(group->events.size(), 1.0), env);
        for (size_t i = 0; i < values.size(); ++i)
            QVERIFY2(std::isfinite(values[i]), group->metrics[i].name.c_str());
    }

    void requiredGroupsExist() {
        for (const char* name : {"CPI", "BRANCH", "CACHE", "TLB", "SOFTWARE"})
            QVERIFY2(fs::exists(dataDir() + "/groups/generic/" + std::string(name) + ".txt"), name);
        // the native directories are the ones the PMU models map to
        const std::string zen4 = groupArchsFor("amd64_fam19h_zen4").front();
        const std::string skl = groupArchsFor("skl").front();
        for (const char* name : {"CPI", "BRANCH", "DATA", "L2CACHE", "TLB"})
            QVERIFY2(fs::exists(dataDir() + "/groups/" + zen4 + "/" + name + ".txt"), name);
        for (const char* name : {"CPI", "BRANCH", "DATA", "L2CACHE", "L3CACHE", "TLB_DATA"})
            QVERIFY2(fs::exists(dataDir() + "/groups/" + skl + "/" + name + ".txt"), name);
        // issue 14's list for the AMD archs (TMA comes with the top-down work)
        for (const char* arch : {"zen3", "zen4", "zen5"})
            for (const char* name : {"CPI", "BRANCH", "L2", "L3", "MEM", "ENERGY", "FLOPS_DP", "FLOPS_SP", "TLB"})
                QVERIFY2(fs::exists(dataDir() + "/groups/" + arch + "/" + name + ".txt"),
                         (std::string(arch) + "/" + name).c_str());
    }

    void intelServerArchsHaveTheIssueGroups() {
        // Issue 14's list, found in the arch's own directory or its fallbacks (skylakeX takes
        // CPI, BRANCH and L3 from skylake), never only in generic.
        for (const char* arch : {"skylakeX", "icelakeX", "sapphirerapids"})
            for (const char* name : {"CPI", "BRANCH", "L2", "L3", "MEM", "ENERGY", "FLOPS_DP", "FLOPS_SP", "TLB"}) {
                bool found = false;
                for (const auto& dir : groupArchsFor(arch))
                    found = found || (dir != kGenericGroupArch &&
                                      fs::exists(dataDir() + "/groups/" + dir + "/" + std::string(name) + ".txt"));
                QVERIFY2(found, (std::string(arch) + " has no native " + name).c_str());
            }
    }

    void intelMemoryBandwidthFromCasCounts() {
        // Every channel saw 1e8 read and 5e7 write CAS commands of 64 bytes in 2 s.
        for (const auto& [arch, channels] : {std::pair{"skylakeX", 6}, {"icelakeX", 8}, {"sapphirerapids", 8}}) {
            const auto m = metricsOf(arch, "MEM", {{"CAS_COUNT_RD", 1e8}, {"CAS_COUNT_WR", 5e7}}, 2);
            const double readBytes = channels * 1e8 * 64, writeBytes = channels * 5e7 * 64;
            QCOMPARE(m.at("Memory read data volume [GBytes]"), readBytes * 1e-9);
            QCOMPARE(m.at("Memory write data volume [GBytes]"), writeBytes * 1e-9);
            QCOMPARE(m.at("Memory read bandwidth [MBytes/s]"), readBytes * 1e-6 / 2);
            QCOMPARE(m.at("Memory bandwidth [MBytes/s]"), (readBytes + writeBytes) * 1e-6 / 2);
            QCOMPARE(m.at("Memory data volume [GBytes]"), (readBytes + writeBytes) * 1e-9);
        }
    }

    void intelFlopsWeighTheVectorWidths() {
        // 1, 10, 100 and 1000 million scalar, 128-, 256- and 512-bit instructions in 1 s: each
        // width's weight (elements per register) shows as one digit of the result.
        const std::string fp = "FP_ARITH_INST_RETIRED.";
        for (const char* arch : {"skylakeX", "icelakeX", "sapphirerapids"}) {
            const auto dp = metricsOf(arch, "FLOPS_DP",
                                      {{fp + "SCALAR_DOUBLE", 1e6}, {fp + "128B_PACKED_DOUBLE", 1e7},
                                       {fp + "256B_PACKED_DOUBLE", 1e8}, {fp + "512B_PACKED_DOUBLE", 1e9},
                                       {"CPU_CLK_UNHALTED.THREAD", 8.421e8}},
                                      1);
            QCOMPARE(dp.at("DP [MFLOP/s]"), 1.0 + 20 + 400 + 8000);
            QCOMPARE(dp.at("AVX DP [MFLOP/s]"), 400.0 + 8000);
            QCOMPARE(dp.at("AVX-512 DP [MFLOP/s]"), 8000.0);
            QCOMPARE(dp.at("Scalar [MUOPS/s]"), 1.0);
            QCOMPARE(dp.at("Vectorisation ratio [%]"), 100 * 1110.0 / 1111.0);
            QCOMPARE(dp.at("FLOP per cycle"), 10.0);
            const auto sp = metricsOf(arch, "FLOPS_SP",
                                      {{fp + "SCALAR_SINGLE", 1e6}, {fp + "128B_PACKED_SINGLE", 1e7},
                                       {fp + "256B_PACKED_SINGLE", 1e8}, {fp + "512B_PACKED_SINGLE", 1e9}},
                                      1);
            QCOMPARE(sp.at("SP [MFLOP/s]"), 1.0 + 40 + 800 + 16000);
            QCOMPARE(sp.at("AVX SP [MFLOP/s]"), 800.0 + 16000);
            QCOMPARE(sp.at("AVX-512 SP [MFLOP/s]"), 16000.0);
            QCOMPARE(sp.at("Packed [MUOPS/s]"), 1110.0);
        }
    }

    void intelL3BandwidthFromL2LineCounts() {
        // 1e9 lines in and 2.5e8 modified lines out in 4 s; the silent drops are no traffic.
        for (const char* arch : {"icelakeX", "sapphirerapids"}) {
            const auto m = metricsOf(arch, "L3",
                                     {{"L2_LINES_IN.ALL", 1e9}, {"L2_LINES_OUT.NON_SILENT", 2.5e8},
                                      {"L2_LINES_OUT.SILENT", 4e8}},
                                     4);
            QCOMPARE(m.at("L3 load bandwidth [MBytes/s]"), 1e9 * 64 * 1e-6 / 4);
            QCOMPARE(m.at("L3 evict data volume [GBytes]"), 2.5e8 * 64 * 1e-9);
            QCOMPARE(m.at("L3 bandwidth [MBytes/s]"), 1.25e9 * 64 * 1e-6 / 4);
            QCOMPARE(m.at("Dropped lines bandwidth [MBytes/s]"), 4e8 * 64 * 1e-6 / 4);
        }
    }

    void intelTlbWalkLengthFromPendingCycles() {
        // 1e6 completed load walks with 3e7 walk-cycles pending: 30 cycles each, 3 % of 1e9 cycles.
        const auto m = metricsOf("sapphirerapids", "TLB",
                                 {{"INST_RETIRED.ANY", 2e9}, {"CPU_CLK_UNHALTED.THREAD", 1e9},
                                  {"DTLB_LOAD_MISSES.WALK_COMPLETED", 1e6}, {"DTLB_STORE_MISSES.WALK_COMPLETED", 5e5},
                                  {"ITLB_MISSES.WALK_COMPLETED", 5e5}, {"DTLB_LOAD_MISSES.WALK_PENDING", 3e7}},
                                 1);
        QCOMPARE(m.at("Load walk duration [cycles]"), 30.0);
        QCOMPARE(m.at("Load walk cycles ratio [%]"), 3.0);
        QCOMPARE(m.at("Walks per 1000 instructions"), 1.0);
    }

    void intelEnergyIsJoulesOverTime() {
        // RAPL counts arrive in Joules: 500 J of package and 60 J of DRAM energy in 5 s.
        const auto m = metricsOf("icelakeX", "ENERGY",
                                 {{"INST_RETIRED.ANY", 1e11}, {"PWR_PKG_ENERGY", 500}, {"PWR_DRAM_ENERGY", 60}}, 5);
        QCOMPARE(m.at("Power [W]"), 100.0);
        QCOMPARE(m.at("Power DRAM [W]"), 12.0);
        QCOMPARE(m.at("Energy per instruction [nJ]"), 5.0);
    }

    void genericCpiComputesCpiAndClock() {
        const auto m = metricsOf("generic", "CPI", {{"instructions", 4e9}, {"cycles", 3e9}, {"task-clock", 1e9}}, 2);
        QCOMPARE(m.at("CPI"), 0.75);
        QCOMPARE(m.at("IPC"), 4.0 / 3.0);
        QCOMPARE(m.at("Clock [MHz]"), 3000.0); // 3e9 cycles in 1 s of CPU time
        QCOMPARE(m.at("CPU time [s]"), 1.0);
        QCOMPARE(m.at("Runtime [s]"), 2.0);
    }

    void genericCpiWithoutHardwarePmu() {
        // In a VM cycles and instructions are not counted: n/a, not 0; task-clock still works.
        const auto m = metricsOf("generic", "CPI", {{"task-clock", 5e8}}, 1);
        QVERIFY(std::isnan(m.at("CPI")));
        QVERIFY(std::isnan(m.at("Clock [MHz]")));
        QCOMPARE(m.at("CPU time [s]"), 0.5);
    }

    void genericTlbHitRatio() {
        const auto m = metricsOf("generic", "TLB",
                                 {{"instructions", 1e6}, {"dTLB-loads", 1000}, {"dTLB-load-misses", 10},
                                  {"iTLB-load-misses", 5}},
                                 1);
        QCOMPARE(m.at("dTLB hit ratio"), 0.99);
        QCOMPARE(m.at("dTLB load miss ratio"), 0.01);
        QCOMPARE(m.at("dTLB load miss rate"), 1e-5);
        QCOMPARE(m.at("iTLB miss rate"), 5e-6);
        const auto none =
            metricsOf("generic", "TLB", {{"instructions", 1e6}, {"dTLB-loads", 0}, {"dTLB-load-misses", 0}}, 1);
        QVERIFY(std::isnan(none.at("dTLB hit ratio"))); // no loads: no ratio, not 1 and not 0
    }

    void genericBranchAndCache() {
        const auto b = metricsOf("generic", "BRANCH",
                                 {{"instructions", 1000}, {"cycles", 500}, {"branch-instructions", 200},
                                  {"branch-misses", 10}},
                                 1);
        QCOMPARE(b.at("Branch rate"), 0.2);
        QCOMPARE(b.at("Branch misprediction rate"), 0.01);
        QCOMPARE(b.at("Branch misprediction ratio"), 0.05);
        const auto c = metricsOf("generic", "CACHE",
                                 {{"instructions", 1000}, {"L1-dcache-loads", 400}, {"L1-dcache-load-misses", 40},
                                  {"LLC-loads", 20}, {"LLC-load-misses", 5}},
                                 1);
        QCOMPARE(c.at("L1D miss ratio"), 0.1);
        QCOMPARE(c.at("L1D misses per 1000 instructions"), 40.0);
        QCOMPARE(c.at("LLC miss ratio"), 0.25);
        QCOMPARE(c.at("LLC miss rate"), 0.005);
    }

    void genericSoftware() {
        const auto m = metricsOf("generic", "SOFTWARE",
                                 {{"task-clock", 3e9}, {"context-switches", 40}, {"cpu-migrations", 4},
                                  {"page-faults", 1000}, {"major-faults", 2}},
                                 2);
        QCOMPARE(m.at("CPUs utilised"), 1.5);
        QCOMPARE(m.at("Context switches [1/s]"), 20.0);
        QCOMPARE(m.at("CPU migrations [1/s]"), 2.0);
        QCOMPARE(m.at("Page faults [1/s]"), 500.0);
        QCOMPARE(m.at("Major page faults [1/s]"), 1.0);
    }

    void nativeClockFormulas() {
        // 2e9 reference cycles at a 2 GHz nominal clock while the core ran 3e9 cycles: 3 GHz.
        const auto skl = metricsOf("skylake", "CPI",
                                   {{"INSTRUCTION_RETIRED", 6e9}, {"UNHALTED_CORE_CYCLES", 3e9},
                                    {"UNHALTED_REFERENCE_CYCLES", 2e9}, {"UOPS_RETIRED:RETIRE_SLOTS", 7.2e9}},
                                   1);
        QCOMPARE(skl.at("Clock [MHz]"), 3000.0);
        QCOMPARE(skl.at("CPI"), 0.5);
        QCOMPARE(skl.at("Retired uops per instruction"), 1.2);
        const auto zen4 = metricsOf("zen4", "CPI",
                                    {{"RETIRED_INSTRUCTIONS", 6e9}, {"CYCLES_NOT_IN_HALT", 3e9},
                                     {"P0_FREQ_CYCLES_NOT_IN_HALT", 2e9}, {"RETIRED_OPS", 6.6e9}},
                                    1);
        QCOMPARE(zen4.at("Clock [MHz]"), 3000.0);
        QCOMPARE(zen4.at("IPC"), 2.0);
        QCOMPARE(zen4.at("Ops per instruction"), 1.1);
    }

    void amdMemoryBandwidthFromDataFabricBeats() {
        // Every data fabric beat is one 64-byte line. Zen 4 splits reads and writes:
        // 1e9 read and 5e8 write beats on channel 0 in 2 s.
        const std::string rd0 = "amd_df/event=0x1f,umask=0x7fe/", wr0 = "amd_df/event=0x1f,umask=0x7ff/";
        std::map<std::string, double> counts{{rd0, 1e9}, {wr0, 5e8}};
        for (int channel = 1; channel < 4; ++channel)
            for (const char* umask : {"0x7fe", "0x7ff"}) {
                char event[64];
                std::snprintf(event, sizeof event, "amd_df/event=%#x,umask=%s/", 0x1f + 0x40 * channel, umask);
                counts[event] = 0; // channels 1-3 not populated
            }
        const auto zen4 = metricsOf("zen4", "MEM", counts, 2);
        QCOMPARE(zen4.at("Memory read bandwidth (channels 0-3) [MBytes/s]"), 32000.0);
        QCOMPARE(zen4.at("Memory write bandwidth (channels 0-3) [MBytes/s]"), 16000.0);
        QCOMPARE(zen4.at("Memory bandwidth (channels 0-3) [MBytes/s]"), 48000.0);
        QCOMPARE(zen4.at("Memory data volume (channels 0-3) [GBytes]"), 96.0);
        // Zen 3 counts both directions in one event per channel: 4 x 2.5e8 lines in 1 s.
        const auto zen3 = metricsOf("zen3", "MEM",
                                    {{"DRAM_CHANNEL_0", 2.5e8}, {"DRAM_CHANNEL_1", 2.5e8},
                                     {"DRAM_CHANNEL_2", 2.5e8}, {"DRAM_CHANNEL_3", 2.5e8}},
                                    1);
        QCOMPARE(zen3.at("Memory bandwidth (channels 0-3) [MBytes/s]"), 64000.0);
        QCOMPARE(zen3.at("Memory data volume (channels 0-3) [GBytes]"), 64.0);
        // A channel that was not counted makes the total n/a, not a smaller number.
        const auto partial = metricsOf("zen3", "MEM", {{"DRAM_CHANNEL_0", 2.5e8}}, 1);
        QVERIFY(std::isnan(partial.at("Memory bandwidth (channels 0-3) [MBytes/s]")));
    }

    void amdCacheBandwidthFromLineCounts() {
        // L2: 1e9 requests of 64-byte lines in 4 s; 2.5e8 prefetches found their line in the L2.
        const auto l2 = metricsOf("zen4", "L2",
                                  {{"RETIRED_INSTRUCTIONS", 1e10}, {"CPU_CLOCKS_UNHALTED", 8e9},
                                   {"REQUESTS_TO_L2_GRP1_ALL_NO_PF", 1e9}, {"L2_PF_HIT_IN_L2", 2.5e8}},
                                  4);
        QCOMPARE(l2.at("L2 bandwidth [MBytes/s]"), 16000.0);
        QCOMPARE(l2.at("L2 data volume [GBytes]"), 64.0);
        QCOMPARE(l2.at("L2 prefetch hit bandwidth [MBytes/s]"), 4000.0);
        // L3: 1e8 + 1e8 prefetches and 2e8 demand misses sent to the L3 in 1 s.
        const auto l3 = metricsOf("zen5", "L3",
                                  {{"RETIRED_INSTRUCTIONS", 1e9}, {"CPU_CLOCKS_UNHALTED", 1e9},
                                   {"L2_PF_HIT_IN_L3_ALL", 1e8}, {"L2_PF_MISS_IN_L3_ALL", 1e8},
                                   {"L2_CACHE_MISS_AFTER_L1_MISS", 2e8}},
                                  1);
        QCOMPARE(l3.at("L3 bandwidth [MBytes/s]"), 25600.0);
        QCOMPARE(l3.at("L3 data volume [GBytes]"), 25.6);
        QCOMPARE(l3.at("L3 prefetch share [%]"), 50.0);
    }

    void amdFlopsFromKnownOperationCounts() {
        // Zen 5 splits scalar and packed double precision: 1e9 + 3e9 FLOPs in 2 s.
        const auto zen5 = metricsOf("zen5", "FLOPS_DP",
                                    {{"RETIRED_INSTRUCTIONS", 1e9}, {"CPU_CLOCKS_UNHALTED", 1e9},
                                     {"RETIRED_SSE_AVX_FLOPS_ALL_DP_SCALAR", 1e9},
                                     {"RETIRED_SSE_AVX_FLOPS_ALL_DP_PACKED", 3e9}},
                                    2);
        QCOMPARE(zen5.at("DP [MFLOP/s]"), 2000.0);
        QCOMPARE(zen5.at("DP packed [MFLOP/s]"), 1500.0);
        QCOMPARE(zen5.at("Packed share [%]"), 75.0);
        // Zen 3 counts all precisions in one event: 4e9 FLOPs in 1e9 cycles and 2 s.
        const auto zen3 = metricsOf("zen3", "FLOPS_SP",
                                    {{"RETIRED_INSTRUCTIONS", 1e9}, {"CPU_CLOCKS_UNHALTED", 1e9},
                                     {"RETIRED_SSE_AVX_FLOPS_ALL", 4e9}},
                                    2);
        QCOMPARE(zen3.at("FP [MFLOP/s], all precisions"), 2000.0);
        QCOMPARE(zen3.at("FLOPs per cycle, all precisions"), 4.0);
    }

    void amdPackagePowerFromEnergy() {
        const auto m = metricsOf("zen5", "ENERGY",
                                 {{"RETIRED_INSTRUCTIONS", 1e9}, {"CPU_CLOCKS_UNHALTED", 1e9},
                                  {"RAPL_PKG_ENERGY", 300}},
                                 2);
        QCOMPARE(m.at("Energy PKG [J]"), 300.0);
        QCOMPARE(m.at("Power PKG [W]"), 150.0);
    }

    void skylakeStallLengthUsesTheEdgeDetectSlot() {
        auto group = loadGroupFile(dataDir() + "/groups/skylake/UOPS_ISSUE.txt");
        QVERIFY(group.ok());
        const GroupSlot& edge = group->events.back();
        QCOMPARE(edge.counterSpec, std::string("PMC2:EDGEDETECT"));
        QCOMPARE(*perfEventString(edge), std::string("UOPS_ISSUED:STALL_CYCLES:e=1"));
        auto evaluator = MetricEvaluator::compile(*group);
        QVERIFY(evaluator.ok());
        MetricEnvironment env{1, 1.0 / 2e9, 1, 1, 1};
        // FIXC0..2, PMC0 (issued), PMC1 (stall cycles), PMC2:EDGEDETECT (stalls begun)
        const auto v = evaluator->evaluate(std::vector<double>{100, 200, 200, 300, 50, 10}, env);
        QCOMPARE(v.back(), 5.0);
    }
};

QTEST_APPLESS_MAIN(TestBuiltinGroups)
#include "test_builtin_groups.moc"
