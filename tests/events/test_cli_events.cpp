// `perfdash-cli list` and `perfdash-cli describe`, run as the binary users run.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "events/EventFixtures.h"

using nlohmann::json;

namespace {

struct Run {
    int status = -1;
    std::string out;
    std::string err;
};

Run cli(const QStringList& args) {
    QProcess p;
    p.start(QString::fromLocal8Bit(qgetenv("PERFDASH_CLI")), args);
    Run r;
    if (!p.waitForFinished(60000)) return r;
    r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput().toStdString();
    r.err = p.readAllStandardError().toStdString();
    return r;
}

QString fixtureSysfs() { return QString::fromStdString(perfdash::test::eventFixtures() + "/sysfs"); }

} // namespace

class TestCliEvents : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        if (qEnvironmentVariableIsEmpty("PERFDASH_CLI")) QSKIP("PERFDASH_CLI is not set (run through ctest)");
    }

    void listsWithPatternAndSource() {
        Run r = cli({"list", "tlb", "--source", "cache"});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.out.find("dTLB-load-misses") != std::string::npos, r.out.c_str());
        QVERIFY(r.out.find("iTLB-loads") != std::string::npos);
        QVERIFY(r.out.find("L1-dcache") == std::string::npos);
        QVERIFY(r.out.find("Hardware cache events") != std::string::npos);
        QVERIFY(r.out.find("8 events listed") != std::string::npos);
    }

    void listsJson() {
        Run r = cli({"list", "--source", "cache", "--json"});
        QCOMPARE(r.status, 0);
        const json j = json::parse(r.out);
        QCOMPARE(j["schema"].get<int>(), 1);
        QCOMPARE(j["events"].size(), size_t(32));
        for (const auto& e : j["events"]) {
            QCOMPARE(e["source"].get<std::string>(), std::string("cache"));
            QVERIFY(e.contains("available") && e.contains("reason") && e.contains("description"));
        }
        Run sw = cli({"list", "task-clock", "--source", "software", "--json"});
        QCOMPARE(sw.status, 0);
        const json clock = json::parse(sw.out)["events"];
        QCOMPARE(clock.size(), size_t(1));
        QCOMPARE(clock[0]["name"].get<std::string>(), std::string("task-clock"));
        QVERIFY(clock[0]["available"].get<bool>()); // software events count here
    }

    void listsAPmuOfAFixtureTree() {
        Run r = cli({"list", "--sysfs", fixtureSysfs(), "--pmu", "power", "--json"});
        QCOMPARE(r.status, 0);
        const json events = json::parse(r.out)["events"];
        QCOMPARE(events.size(), size_t(2));
        QCOMPARE(events[0]["name"].get<std::string>(), std::string("power/energy-cores/"));
        QVERIFY(events[0]["description"].get<std::string>().find("Joules") != std::string::npos);
    }

    void hidesAbsentModelsUnlessAsked() {
        Run hidden = cli({"list", "INST_RETIRED", "--json"});
        QCOMPARE(hidden.status, 0);
        const json h = json::parse(hidden.out);
        QVERIFY(h["hidden_absent_model_events"].get<size_t>() > 10);
        Run shown = cli({"list", "INST_RETIRED", "--pmu", "skl", "--json"});
        const json s = json::parse(shown.out);
        bool found = false;
        for (const auto& e : s["events"]) {
            QCOMPARE(e["pmu"].get<std::string>(), std::string("skl"));
            if (e["name"].get<std::string>() != "skl::INST_RETIRED") continue;
            found = true;
            QCOMPARE(e["available"].get<bool>(), false);
            QVERIFY(e["reason"].get<std::string>().find("not present on this machine") != std::string::npos);
        }
        QVERIFY(found);
    }

    void describesDtlbLoadMisses() {
        Run r = cli({"describe", "dTLB-load-misses", "--json"});
        QCOMPARE(r.status, 0);
        const json j = json::parse(r.out);
        QCOMPARE(j["name"].get<std::string>(), std::string("dTLB-load-misses"));
        QCOMPARE(j["type"].get<int>(), 3);
        QCOMPARE(j["config"].get<uint64_t>(), uint64_t(0x10003));
        QCOMPARE(j["config_hex"].get<std::string>(), std::string("0x10003"));
        QCOMPARE(j["config1"].get<uint64_t>(), uint64_t(0));
        QCOMPARE(j["config2"].get<uint64_t>(), uint64_t(0));
        QCOMPARE(j["exclude_user"].get<bool>(), false);
        QCOMPARE(j["exclude_kernel"].get<bool>(), false);
        QCOMPARE(j["exclude_hv"].get<bool>(), false);
        QCOMPARE(j["source"].get<std::string>(), std::string("cache"));
        QVERIFY(j.contains("available") && j.contains("reason") && j.contains("pmu") && j.contains("description") &&
                j.contains("unit") && j.contains("scale"));
        // Honest either way: unavailable needs a reason.
        if (!j["available"].get<bool>()) QVERIFY(!j["reason"].get<std::string>().empty());
    }

    // likwid's names as on another architecture.
    void describesLikwidNamesForAnArchitecture() {
        Run r = cli({"describe", "L1D_REPLACEMENT", "--arch", "skylake", "--json"});
        QCOMPARE(r.status, 0);
        auto j = json::parse(r.out);
        // From Intel's perfmon table for Skylake, read before libpfm4's model.
        QCOMPARE(j.at("name").get<std::string>(), std::string("intel/SKL::L1D.REPLACEMENT"));
        QCOMPARE(j.at("pmu").get<std::string>(), std::string("cpu"));
        QCOMPARE(j.at("config").get<uint64_t>(), uint64_t(0x151)); // Skylake L1D.REPLACEMENT: event 0x51, umask 0x01
        Run unknownArch = cli({"describe", "L1D_REPLACEMENT", "--arch", "nosuchcpu"});
        QCOMPARE(unknownArch.status, 2);
        QVERIFY2(unknownArch.err.find("unknown architecture 'nosuchcpu'") != std::string::npos, unknownArch.err.c_str());
        // Without a libpfm4 model, the arch's event tables answer and say so.
        Run table = cli({"describe", "RETIRED_INSTRUCTIONS", "--arch", "zen5", "--json"});
        QCOMPARE(table.status, 0);
        auto t = json::parse(table.out);
        QCOMPARE(t.at("name").get<std::string>(), std::string("amd/zen5::RETIRED_INSTRUCTIONS"));
        QCOMPARE(t.at("config").get<uint64_t>(), uint64_t(0xc0)); // AMD PPR family 1Ah: PMCx0C0 retired instructions
        QVERIFY(t.at("description").get<std::string>().find("event table amd/zen5") != std::string::npos);
        Run noModel = cli({"describe", "NO_SUCH_EVENT_AT_ALL", "--arch", "zen5"});
        QVERIFY(noModel.status != 0);
        QVERIFY2(noModel.err.find("no Zen 5") != std::string::npos, noModel.err.c_str());
        QVERIFY2(noModel.err.find("amd/zen5") != std::string::npos, noModel.err.c_str());
    }

    // Whose code an event is: likwid's own (with what Intel's list has
    // instead), the vendor's, the kernel's; in JSON and in text.
    void describesWhoseCodeItIs() {
        Run r = cli({"describe", "UOPS_RETIRED_USED_CYCLES", "--arch", "skylake", "--json"});
        QCOMPARE(r.status, 0);
        const json j = json::parse(r.out);
        QCOMPARE(j.at("code_source").get<std::string>(), std::string("likwid"));
        const std::string note = j.at("code_note").get<std::string>();
        QVERIFY2(note.starts_with("UOPS_RETIRED_USED_CYCLES: likwid's code 0xc2/0x1 cmask=1, not in the vendor's list"),
                 note.c_str());
        Run vendor = cli({"describe", "L1D_REPLACEMENT", "--arch", "skylake", "--json"});
        QCOMPARE(json::parse(vendor.out).at("code_source").get<std::string>(), std::string("vendor"));
        QVERIFY(!json::parse(vendor.out).contains("code_note"));
        Run kernel = cli({"describe", "task-clock", "--json"});
        QCOMPARE(json::parse(kernel.out).at("code_source").get<std::string>(), std::string("kernel"));
        Run text = cli({"describe", "UOPS_RETIRED_USED_CYCLES", "--arch", "skylake"});
        QCOMPARE(text.status, 0);
        QVERIFY2(text.out.find("  code          likwid's own: " + note + "\n") != std::string::npos, text.out.c_str());
        Run vendorText = cli({"describe", "L1D_REPLACEMENT", "--arch", "skylake"});
        QVERIFY2(vendorText.out.find("  code          the vendor's\n") != std::string::npos, vendorText.out.c_str());
    }

    void describesInText() {
        Run r = cli({"describe", "--sysfs", fixtureSysfs(), "cpu/event=0x3c,umask=0x0,cmask=2/u"});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.out.find("config        0x200003c") != std::string::npos, r.out.c_str());
        QVERIFY(r.out.find("user=0 kernel=1 hv=1") != std::string::npos);
        Run two = cli({"describe", "task-clock,cs", "--json"});
        QCOMPARE(two.status, 0);
        const json j = json::parse(two.out);
        QVERIFY(j.is_array());
        QCOMPARE(j.size(), size_t(2));
        QCOMPARE(j[1]["config"].get<int>(), 3);
        QVERIFY(j[0]["available"].get<bool>());
    }

    void unknownEventExitsOneWithSuggestions() {
        Run r = cli({"describe", "cylces"});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.find("unknown event 'cylces'") != std::string::npos, r.err.c_str());
        QVERIFY2(r.err.find("cycles") != std::string::npos, r.err.c_str());
        QVERIFY(r.out.empty());
    }

    void badFlagsExitTwo() {
        QCOMPARE(cli({"list", "--bogus"}).status, 2);
        Run source = cli({"list", "--source", "gpu"});
        QCOMPARE(source.status, 2);
        QVERIFY(source.err.find("hardware, cache, software") != std::string::npos);
        QCOMPARE(cli({"describe"}).status, 2);
        QCOMPARE(cli({"describe", "cycles", "--jsn"}).status, 2);
        QCOMPARE(cli({"list", "a", "b"}).status, 2);
        Run help = cli({"describe", "--help"});
        QCOMPARE(help.status, 0);
        QVERIFY(help.out.find("order") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCliEvents)
#include "test_cli_events.moc"
