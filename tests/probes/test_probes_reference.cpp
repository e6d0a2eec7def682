// Reference tables (CSV import, matching, deviation) and the JSON of results.
// The fixture's numbers are made up and labelled as such.
#include <QtTest>

#include "core/probes/ProbeJson.h"
#include "core/probes/ProbeText.h"
#include "core/probes/ReferenceTable.h"

using namespace perfdash;

namespace {

std::string fixture(const std::string& name) { return qgetenv("PERFDASH_FIXTURES").toStdString() + "/probes/" + name; }

BenchResult measured(const std::string& mnemonic, const std::string& operands, double latency, double recip) {
    BenchResult r;
    r.name = mnemonic + "_test";
    r.mnemonic = mnemonic;
    r.operands = operands;
    r.kind = "SD";
    Summary l, t;
    l.min = l.q1 = l.median = l.q3 = l.max = latency;
    t.min = t.q1 = t.median = t.q3 = t.max = recip;
    l.count = t.count = 5;
    r.latency.cycles = l;
    r.throughput.cycles = t;
    r.cyclesSource = "measured-clock";
    return r;
}

} // namespace

class TestProbesReference : public QObject {
    Q_OBJECT
private slots:
    void importsTheCsv() {
        auto t = ReferenceTable::load(fixture("made-up-reference.csv"));
        QVERIFY2(t.ok(), t.ok() ? "" : t.error().message.c_str());
        QCOMPARE(t->rows().size(), size_t(4));
        const auto& imul2 = t->rows()[2];
        QCOMPARE(imul2.source, std::string("made up, second row")); // a quoted cell keeps its comma
        QCOMPARE(imul2.latency.value(), 4.0);
        QVERIFY(!t->rows()[3].latency); // "n/a" is unknown, not 0
        QCOMPARE(t->rows()[3].reciprocalThroughput.value(), 0.5);
    }

    void matchesByMnemonicAndOperands() {
        auto t = ReferenceTable::load(fixture("made-up-reference.csv"));
        QCOMPARE(t->find("IMUL", "r64,r64").size(), size_t(2)); // case and spaces do not matter
        QCOMPARE(t->find("imul", "r64, r64", "imaginary-2").size(), size_t(1));
        QVERIFY(t->find("imul", "r32, r32").empty());
        QVERIFY(t->find("mul", "r64, r64").empty());
    }

    void columnsGoByHeaderName() {
        auto t = ReferenceTable::parseCsv("latency,recip_throughput,operands,mnemonic\n2,0.5,\"x, x\",mul\n", "mine.csv");
        QVERIFY(t.ok());
        QCOMPARE(t->rows()[0].mnemonic, std::string("mul"));
        QCOMPARE(t->rows()[0].operands, std::string("x, x"));
        QCOMPARE(t->rows()[0].latency.value(), 2.0);
    }

    void badCsvNamesTheLine() {
        auto noColumn = ReferenceTable::parseCsv("mnemonic,operands,latency\n", "r.csv");
        QVERIFY(!noColumn);
        QVERIFY(noColumn.error().message.find("r.csv:1:") != std::string::npos);
        QVERIFY(noColumn.error().message.find("recip_throughput") != std::string::npos);
        auto badNumber = ReferenceTable::parseCsv("mnemonic,operands,latency,recip_throughput\nadd,r64,fast,1\n", "r.csv");
        QVERIFY(!badNumber);
        QVERIFY(badNumber.error().message.find("r.csv:2: latency: 'fast'") != std::string::npos);
        auto quote = ReferenceTable::parseCsv("mnemonic,operands,latency,recip_throughput\nadd,\"r64,1,1\n", "r.csv");
        QVERIFY(!quote);
        QVERIFY(quote.error().message.find("not closed") != std::string::npos);
        QVERIFY(!ReferenceTable::parseCsv("", "r.csv"));
        QVERIFY(!ReferenceTable::load("/nonexistent/perfdash.csv"));
    }

    void flagsDeviations() {
        auto t = ReferenceTable::load(fixture("made-up-reference.csv"));
        const auto rows = t->find("imul", "r64, r64", "Imaginary-1");
        const auto close = compareWithReference(measured("imul", "r64, r64", 3.05, 1.0), *rows[0]);
        QVERIFY(close.latencyDeviation && std::fabs(*close.latencyDeviation - 0.05 / 3) < 1e-12);
        QVERIFY(!close.latencyFlagged);
        const auto off = compareWithReference(measured("imul", "r64, r64", 4.0, 2.0), *rows[0]);
        QVERIFY(off.latencyFlagged);
        QVERIFY(off.throughputFlagged);
        QCOMPARE(*off.throughputDeviation, 1.0);
        // Small absolute differences are not flagged even when large relatively.
        const auto addRow = t->find("add", "r64, r64")[0];
        QVERIFY(!compareWithReference(measured("add", "r64, r64", 1.0, 0.3), *addRow).throughputFlagged);
        // Unknown reference values give no deviation at all.
        const auto pop = compareWithReference(measured("popcnt", "r64, r64", 1, 0.25), *t->find("popcnt", "r64, r64")[0]);
        QVERIFY(!pop.latencyDeviation);
    }

    void importsInstLatx64() {
        auto t = ReferenceTable::load(fixture("made-up-instlatx64.txt"));
        QVERIFY2(t.ok(), t.ok() ? "" : t.error().message.c_str());
        // The two-register SUB row is "r64, r64"; the one-register row is the zeroing idiom.
        const auto sub = t->find("sub", "r64, r64");
        QCOMPARE(sub.size(), size_t(1));
        QCOMPARE(sub[0]->reciprocalThroughput.value(), 1.0);
        const auto idiom = t->find("sub", "r64, r64 (same register)");
        QCOMPARE(idiom.size(), size_t(1));
        QCOMPARE(idiom[0]->latency.value(), 0.2);
        // ADD has no two-register row: its one row serves the two-register form; the repeat is dropped.
        QCOMPARE(t->find("add", "r64, r64").size(), size_t(1));
        QCOMPARE(t->find("add", "r64, imm").size(), size_t(1));
        // Exact memory forms: an address by its components (any scale), a load by its size.
        const auto lea = t->find("lea", "r64, [r64+r64*4+disp8]");
        QCOMPARE(lea.size(), size_t(1));
        QCOMPARE(lea[0]->latency.value(), 2.0);
        QVERIFY(t->find("lea", "r64, [r64+disp8]").empty());
        QCOMPARE(t->find("mov", "r64, m64")[0]->latency.value(), 4.0);
        // "[no true dep.]" is unknown, not 0; rows that are not one instruction are left out.
        QVERIFY(!t->find("nop", "")[0]->latency);
        QCOMPARE(t->microarchitectures(), std::vector<std::string>{"Imaginary CPU 1"});
        for (const auto& r : t->rows()) {
            QVERIFY2(r.mnemonic != "2x", r.operands.c_str());
            QVERIFY2(r.operands.find("+MOV") == std::string::npos, r.operands.c_str());
        }
        QCOMPARE(t->rows().size(), size_t(7)); // nop, add twice (once kept), sub twice, lea, mov, add imm
    }

    void importsUopsInfoXml() {
        auto t = ReferenceTable::load(fixture("made-up-uops-info.xml"));
        QVERIFY2(t.ok(), t.ok() ? "" : t.error().message.c_str());
        QCOMPARE(t->microarchitectures(), (std::vector<std::string>{"IMAG1", "IMAG2"}));
        const auto add = t->find("add", "r64, r64", "IMAG1");
        QCOMPARE(add.size(), size_t(1));
        QCOMPARE(add[0]->reciprocalThroughput.value(), 0.25); // the unrolled figure before the loop's
        QCOMPARE(add[0]->latency.value(), 1.0);
        QCOMPARE(t->find("add", "r64, r64", "IMAG2")[0]->latency.value(), 2.0);
        const auto idiom = t->find("xor", "r32, r32 (same register)", "IMAG1");
        QCOMPARE(idiom.size(), size_t(1));
        QCOMPARE(idiom[0]->latency.value(), 0.0);
        QCOMPARE(idiom[0]->reciprocalThroughput.value(), 0.17);
        QCOMPARE(t->find("xor", "r32, r32", "IMAG1")[0]->latency.value(), 1.0);
        // LEA's address form comes from its name.
        const auto lea = t->find("lea", "r64, [r64+r64*8+disp8]", "IMAG1");
        QCOMPARE(lea.size(), size_t(1));
        QCOMPARE(lea[0]->latency.value(), 2.0);
        // A load's memory latency is not a register latency: unknown.
        const auto load = t->find("mov", "r64, m64", "IMAG1");
        QCOMPARE(load.size(), size_t(1));
        QVERIFY(!load[0]->latency);
    }

    void detectsTheFormatAndNamesBadFiles() {
        QCOMPARE(ReferenceTable::detectFormat("mnemonic,operands,latency,recip_throughput\n"), ReferenceTable::Format::Csv);
        QCOMPARE(ReferenceTable::detectFormat("<?xml version=\"1.0\"?><root/>"), ReferenceTable::Format::UopsInfoXml);
        QCOMPARE(ReferenceTable::detectFormat("x\nInst   73 AMD64 : ADD r64, r64  L: 0.4ns= 1.0c  T: 0.1ns= 0.25c\n"),
                 ReferenceTable::Format::InstLatx64);
        auto empty = ReferenceTable::parse("<root></root>", "u.xml");
        QVERIFY(!empty);
        QVERIFY(empty.error().message.find("u.xml") != std::string::npos);
        auto open = ReferenceTable::parse("<root><instruction asm=\"ADD\"", "u.xml");
        QVERIFY(!open);
        QVERIFY(open.error().message.find("not closed") != std::string::npos);
    }

    void verdictUsesTheAccuracyTolerances() {
        ReferenceRow row;
        row.mnemonic = "add";
        row.operands = "r64, r64";
        row.latency = 1.0;
        row.reciprocalThroughput = 0.25;
        // Latency: max(0.15, 10 %) of 1 is 0.15; throughput: max(0.05, 15 %) of 0.25 is 0.05.
        auto c = compareWithReference(measured("add", "r64, r64", 1.14, 0.30), row);
        QCOMPARE(c.latencyVerdict(), std::string("agrees"));
        QCOMPARE(c.throughputVerdict(), std::string("agrees"));
        QCOMPARE(c.verdict(), std::string("agrees"));
        c = compareWithReference(measured("add", "r64, r64", 1.16, 0.31), row);
        QCOMPARE(c.latencyVerdict(), std::string("differs"));
        QCOMPARE(c.throughputVerdict(), std::string("differs"));
        QVERIFY(std::fabs(*c.throughputDifference - 0.06) < 1e-12);
        // Large values: the relative part decides (10 % of 20 is 2 cycles).
        row.latency = 20;
        QCOMPARE(compareWithReference(measured("add", "r64, r64", 21.9, 0.25), row).latencyVerdict(), std::string("agrees"));
        QCOMPARE(compareWithReference(measured("add", "r64, r64", 22.1, 0.25), row).latencyVerdict(), std::string("differs"));
        row.latency.reset();
        QCOMPARE(compareWithReference(measured("add", "r64, r64", 1, 0.25), row).latencyVerdict(), std::string());
    }

    void throughputAboveThePhysicalBoundIsFlagged() {
        BenchResult r = measured("add", "r64, r64", 1, 0.25); // 4 per cycle
        QVERIFY(!r.aboveBound());                              // no bound, no flag
        r.bound = PhysicalBound{"int-add", 4.0};
        QVERIFY(!r.aboveBound());
        r.bound->ipc = 3.7; // 4 is within 10 % of 3.7
        QVERIFY(!r.aboveBound());
        r.bound->ipc = 3.5; // 4 is 14 % above 3.5
        QVERIFY(r.aboveBound());
        BenchRun run;
        run.results.push_back(r);
        const auto j = benchRunToJson(run, false, {});
        QCOMPARE(j["results"][0]["physical_bound"]["class"].get<std::string>(), std::string("int-add"));
        QCOMPARE(j["results"][0]["physical_bound"]["exceeded"].get<bool>(), true);
        QVERIFY(benchTableText(run, {}, false).find("above the max-IPC probe's int-add plateau") != std::string::npos);
        run.results[0].bound.reset();
        QVERIFY(benchRunToJson(run, false, {})["results"][0]["physical_bound"].is_null());
    }

    void jsonHasTheRequiredFieldsAndNullsForMissingValues() {
        BenchRun run;
        run.environment.arch = "x86_64";
        run.environment.cpu = 1;
        run.environment.cyclesSource = "measured-clock";
        run.environment.clockHz = 3e9;
        run.results.push_back(measured("imul", "r64, r64", 3, 1));
        run.results[0].latency.loopBody = "imul rax, rcx\n";
        BenchResult noLatency = measured("cmp", "r64, r64", 0, 0.25);
        noLatency.latency.cycles.reset();
        noLatency.latency.unavailable = "writes no register";
        run.results.push_back(noLatency);
        BenchResult unsupported;
        unsupported.name = "vaddpd_zmm";
        unsupported.status = BenchStatus::Unsupported;
        unsupported.reason = "not supported by this CPU: needs avx512f";
        run.results.push_back(unsupported);
        auto table = ReferenceTable::load(fixture("made-up-reference.csv"));
        std::map<size_t, std::vector<ReferenceComparison>> refs;
        refs[0].push_back(compareWithReference(run.results[0], *table->find("imul", "r64, r64")[0]));

        const auto j = benchRunToJson(run, true, refs);
        QCOMPARE(j["schema"].get<std::string>(), std::string(kBenchSchema));
        QCOMPARE(j["environment"]["clock_hz"].get<double>(), 3e9);
        const auto& r0 = j["results"][0];
        for (const char* field : {"name", "mnemonic", "operands", "latency_cycles", "recip_throughput_cycles", "ipc",
                                  "cycles_source", "assembly", "type", "status"})
            QVERIFY2(r0.contains(field), field);
        QCOMPARE(r0["latency_cycles"].get<double>(), 3.0);
        QCOMPARE(r0["latency"]["loop_body"].get<std::string>(), std::string("imul rax, rcx\n"));
        QCOMPARE(r0["ipc"].get<double>(), 1.0);
        QCOMPARE(r0["reference"][0]["latency_deviation"].get<double>(), 0.0);
        QCOMPARE(r0["reference"][0]["latency_difference"].get<double>(), 0.0);
        QCOMPARE(r0["reference"][0]["verdict"].get<std::string>(), std::string("agrees"));
        const auto& r1 = j["results"][1];
        QVERIFY(r1["latency_cycles"].is_null());
        QCOMPARE(r1["latency"]["unavailable"].get<std::string>(), std::string("writes no register"));
        QCOMPARE(r1["ipc"].get<double>(), 4.0);
        const auto& r2 = j["results"][2];
        QCOMPARE(r2["status"].get<std::string>(), std::string("unsupported"));
        QVERIFY(r2["ipc"].is_null());
        QVERIFY(r2["recip_throughput_cycles"].is_null());
        QVERIFY(!benchRunToJson(run, false)["results"][0].contains("assembly"));
    }

    void clockAndIpcJson() {
        CpuClockReport r;
        r.cpu = 2;
        r.error = "every try was disturbed";
        r.references.push_back({"cpufreq", std::nullopt, "no cpufreq driver"});
        r.references.push_back({"TSC", 2.5e9, "ticks"});
        const auto j = clockReportsToJson({r});
        QVERIFY(j["cpus"][0]["measured_hz"].is_null());
        QVERIFY(j["cpus"][0]["references"][0]["hz"].is_null());
        QCOMPARE(j["cpus"][0]["references"][1]["hz"].get<double>(), 2.5e9);
        IpcCurve c;
        c.cls = IpcClass::FloatAdd;
        IpcPoint p;
        p.chains = 1;
        p.cyclesPerInstruction = Summary{0.5, 0.5, 0.5, 0.5, 0.5, 3};
        c.points.push_back(p);
        findPlateau(c);
        const auto ij = ipcCurvesToJson({}, {c});
        QCOMPARE(ij["curves"][0]["class"].get<std::string>(), std::string("fp-add"));
        QCOMPARE(ij["curves"][0]["points"][0]["ipc"].get<double>(), 2.0);
        QCOMPARE(ij["curves"][0]["plateau_chains"].get<int>(), 1);
    }
};

QTEST_GUILESS_MAIN(TestProbesReference)
#include "test_probes_reference.moc"
