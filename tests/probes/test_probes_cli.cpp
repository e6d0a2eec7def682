// perfdash-cli bench | freq | ipc as a user runs them.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "core/probes/Architecture.h"

using nlohmann::json;

namespace {

struct Run {
    int status = -1;
    QString out;
    QString err;
};

Run cli(const QStringList& args) {
    QProcess p;
    p.start(QString::fromLocal8Bit(qgetenv("PERFDASH_CLI")), args);
    if (!p.waitForFinished(110000)) qFatal("perfdash-cli %s did not finish", qPrintable(args.join(' ')));
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

json parse(const Run& r) {
    try {
        return json::parse(r.out.toStdString());
    } catch (const std::exception& e) {
        qFatal("not JSON (%s): %s / %s", e.what(), qPrintable(r.out), qPrintable(r.err));
    }
}

// A figure is a positive number, or null with the reason beside it
// ("<key>_unavailable": the machine was too busy, ...); never a bare null,
// never zero or below.
bool figureOrReason(const json& j, const std::string& key) {
    if (j.at(key).is_number()) return j[key].get<double>() > 0;
    return j[key].is_null() && j.contains(key + "_unavailable") && !j[key + "_unavailable"].get<std::string>().empty();
}

QString hostAdd() {
    switch (perfdash::hostArch().value_or(perfdash::Arch::X86_64)) {
    case perfdash::Arch::X86_64: return "add_r64";
    case perfdash::Arch::AArch64: return "add_x";
    case perfdash::Arch::Mips64: return "daddu";
    }
    return "";
}

} // namespace

class TestProbesCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (qgetenv("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set (run through ctest)");
        if (!perfdash::hostArch()) QSKIP("instruction benchmarks run on x86-64, AArch64 and MIPS64 only");
    }

    void listsTheCatalog() {
        const Run r = cli({"bench", "list", "--json"});
        QCOMPARE(r.status, 0);
        const json j = parse(r);
        QVERIFY(j["entries"].size() >= 20);
        for (const char* field : {"name", "mnemonic", "operands", "type", "template", "requires", "runs_here"})
            QVERIFY2(j["entries"][0].contains(field), field);
        const Run text = cli({"bench", "list", "--arch", "aarch64"});
        QCOMPARE(text.status, 0);
        QVERIFY(text.out.contains("fmla <sd:v.2d>"));
    }

    void runsEntriesAsJson() {
        const Run r = cli({"bench", "run", hostAdd(), "--json", "--repetitions", "5", "--show-asm"});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        const json j = parse(r);
        QCOMPARE(j["schema"].get<std::string>(), std::string("perfdash-bench/2"));
        const json& res = j["results"][0];
        for (const char* field : {"name", "mnemonic", "operands", "latency_cycles", "recip_throughput_cycles", "ipc",
                                  "cycles_source", "assembly"})
            QVERIFY2(res.contains(field), field);
        for (const char* key : {"latency_cycles", "recip_throughput_cycles", "ipc"})
            QVERIFY2(figureOrReason(res, key), (key + std::string(": ") + res.dump()).c_str());
        const std::string source = res["cycles_source"];
        QVERIFY(source == "measured-clock" || source == "cycles-counter");
    }

    void printsATable() {
        const Run r = cli({"bench", "run", hostAdd(), "--repetitions", "3"});
        QCOMPARE(r.status, 0);
        QVERIFY(r.out.contains("cycles from"));
        QVERIFY(r.out.contains(hostAdd()));
        QVERIFY(r.out.contains("LATENCY"));
    }

    void comparesWithAReference() {
        if (perfdash::hostArch() != perfdash::Arch::X86_64) QSKIP("the made-up reference lists x86-64 mnemonics");
        const QString csv = qgetenv("PERFDASH_FIXTURES") + "/probes/made-up-reference.csv";
        // The made-up table covers two microarchitectures: the user names this machine's.
        const Run both = cli({"bench", "run", "imul_r64", "--json", "--repetitions", "3", "--reference", csv});
        QCOMPARE(both.status, 2);
        QVERIFY2(both.err.contains("--uarch") && both.err.contains("Imaginary-2"), qPrintable(both.err));
        const Run wrong = cli({"bench", "run", "imul_r64", "--repetitions", "3", "--reference", csv, "--uarch", "zen9"});
        QCOMPARE(wrong.status, 2);
        QVERIFY2(wrong.err.contains("no rows for --uarch 'zen9'"), qPrintable(wrong.err));
        const Run r = cli({"bench", "run", "imul_r64", "--json", "--repetitions", "3", "--reference", csv, "--uarch",
                           "imaginary-2"});
        QCOMPARE(r.status, 0);
        const json j = parse(r);
        QCOMPARE(j["results"][0]["reference"].size(), size_t(1));
        const json& ref = j["results"][0]["reference"][0];
        QCOMPARE(ref["latency_cycles"].get<double>(), 4.0);
        for (const char* field : {"latency_deviation", "latency_difference", "latency_verdict", "recip_throughput_verdict", "verdict"})
            QVERIFY2(ref.contains(field), field);
    }

    void unknownNamesGetSuggestions() {
        const Run r = cli({"bench", "run", hostAdd() + "x"});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains("did you mean"), qPrintable(r.err));
        QCOMPARE(cli({"bench", "run"}).status, 2);
        QCOMPARE(cli({"bench", "frobnicate"}).status, 2);
    }

    void badCustomTemplatesAreUsageErrors() {
        const Run r = cli({"bench", "custom", "add <sd:gpr65>, <s:gpr64>"});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains("unknown register class 'gpr65'"), qPrintable(r.err));
    }

    void customTemplatesRun() {
        if (perfdash::hostArch() != perfdash::Arch::X86_64) QSKIP("the templates are x86-64");
        const Run ok = cli({"bench", "custom", "imul <sd:gpr64>, <s:gpr64>", "--json", "--repetitions", "3"});
        QVERIFY2(ok.status == 0, qPrintable(ok.err));
        QVERIFY(figureOrReason(parse(ok)["results"][0], "latency_cycles"));
        // An instruction that traps kills only the child it runs in.
        const Run trap = cli({"bench", "custom", "ud2", "--repetitions", "3"});
        QCOMPARE(trap.status, 1);
        QVERIFY2(trap.out.contains("SIGILL"), qPrintable(trap.out));
        // The assembler's complaint reaches the user.
        const Run bad = cli({"bench", "custom", "frobnicate <sd:gpr64>"});
        QCOMPARE(bad.status, 1);
        QVERIFY2(bad.out.contains("assembler") && bad.out.contains("frobnicate"), qPrintable(bad.out));
    }

    void showsGeneratedCodeForOtherArchitectures() {
        const Run r = cli({"bench", "run", "--arch", "aarch64", "--asm-only", "fmla_v2d"});
        QCOMPARE(r.status, 0);
        QVERIFY(r.out.contains("fmla v"));
        QVERIFY(r.out.contains("b.ne"));
        QCOMPARE(cli({"bench", "run", "--arch", "mips64", "daddu"}).status, 2); // cannot run here without --asm-only
    }

    void measuresTheClock() {
        const Run r = cli({"freq", "--cpu", "0", "--json", "--tries", "15"});
        const json j = parse(r);
        const json& cpu = j["cpus"][0];
        QCOMPARE(cpu["cpu"].get<int>(), 0);
        // A clock, or (exit status 1) n/a with the reason: a disturbed chain gives no clock.
        QVERIFY2(figureOrReason(cpu, "measured_hz"), qPrintable(r.out));
        QCOMPARE(r.status, cpu["measured_hz"].is_null() ? 1 : 0);
        QCOMPARE(cpu["references"].size(), size_t(5));
        for (const auto& ref : cpu["references"]) QVERIFY(!ref["hz"].is_null() || !ref["note"].get<std::string>().empty());
        QCOMPARE(cli({"freq", "--cpu", "3-1"}).status, 2);
    }

    void measuresTheIpcCurve() {
        const Run r = cli({"ipc", "--json", "--class", "int-add", "--max-chains", "3", "--repetitions", "3"});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        const json j = parse(r);
        QCOMPARE(j["curves"].size(), size_t(1));
        QCOMPARE(j["curves"][0]["points"].size(), size_t(3));
        QVERIFY2(figureOrReason(j["curves"][0], "plateau_ipc"), qPrintable(r.out));
        for (const auto& point : j["curves"][0]["points"]) QVERIFY2(figureOrReason(point, "ipc"), qPrintable(r.out));
        QCOMPARE(cli({"ipc", "--class", "vector-magic"}).status, 2);
    }
};

QTEST_GUILESS_MAIN(TestProbesCli)
#include "test_probes_cli.moc"
