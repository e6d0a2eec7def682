// perfdash-cli report --disasm on sessions recorded here of the profile
// workload (tests/profile/workloads): a function's instructions hold
// exactly the samples the function table gives it; every sampled address is
// an instruction start of objdump's own listing of the function, inside it;
// the loop of PROFILE_SPIN holds nearly all of them; --time and --region
// select the same samples as for the function table; a missing or rebuilt
// binary keeps the samples and says so, with the fix (--symfs).
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "ProfileCli.h"
#include "core/util/Strings.h"

using namespace perfdash;
using namespace perfdash::testing;
using json = nlohmann::json;

namespace {

const std::string kSmallUnit = "4000000";
const std::string kUnit = "10000000";

std::string workload() { return PROFILE_WORKLOAD; }
std::string libSource() {
    return std::filesystem::path(PROFILE_WORKLOAD_SOURCE).parent_path().string() + "/profile_lib.c";
}

json viewOf(const std::string& session, std::vector<std::string> args, CliRun* run = nullptr) {
    args.insert(args.begin(), {"report", session});
    args.push_back("--json");
    const CliRun r = runCli(args);
    if (run) *run = r;
    if (r.exitCode != 0) return json();
    json v = json::parse(r.out, nullptr, false);
    if (v.is_discarded()) qFatal("not JSON: %s", r.describe().c_str());
    return v;
}

uint64_t hexValue(const json& text) { return std::stoull(text.get<std::string>(), nullptr, 16); }

double instructionSamples(const json& disasm) {
    double n = 0;
    for (const json& i : disasm["instructions"]) n += i["sums"]["samples"].get<double>();
    return n;
}

// A function's self samples in --functions' JSON; 0 where it is not there.
double selfSamples(const json& functions, const std::string& name) {
    for (const json& f : functions["functions"])
        if (f["name"] == name) return f["self"]["samples"].get<double>();
    return 0;
}

// The instruction starts of [start, end) of `file` in objdump's own listing.
std::set<uint64_t> objdumpStarts(const std::string& file, uint64_t start, uint64_t end) {
    QProcess p;
    p.start("objdump", {"-d", "--no-show-raw-insn", QString::fromStdString(printfString("--start-address=0x%llx", (unsigned long long)start)),
                        QString::fromStdString(printfString("--stop-address=0x%llx", (unsigned long long)end)),
                        QString::fromStdString(file)});
    p.waitForFinished(60000);
    std::set<uint64_t> starts;
    const std::regex line(R"(^\s+([0-9a-f]+):\t)");
    for (const std::string& l : split(p.readAllStandardOutput().toStdString(), '\n')) {
        std::smatch m;
        if (std::regex_search(l, m, line)) starts.insert(std::stoull(m[1].str(), nullptr, 16));
    }
    return starts;
}

// The samples of the instructions of the function's hottest loop: from the
// target of a backward jump to the jump, the loop with the most samples.
double hottestLoopSamples(const json& disasm) {
    const std::regex jump(R"(^j\w+\s+([0-9a-f]+) <)");
    double best = 0;
    for (const json& j : disasm["instructions"]) {
        std::smatch m;
        const std::string text = j["text"];
        if (!std::regex_search(text, m, jump)) continue;
        const uint64_t from = std::stoull(m[1].str(), nullptr, 16), to = hexValue(j["address"]);
        if (from > to) continue;
        double samples = 0;
        for (const json& i : disasm["instructions"])
            if (hexValue(i["address"]) >= from && hexValue(i["address"]) <= to) samples += i["sums"]["samples"].get<double>();
        best = std::max(best, samples);
    }
    return best;
}

} // namespace

class TestProfileDisasm : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        if (auto why = whyProfileTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
        QVERIFY(dir_.isValid());
    }

    void libWorkPerInstruction() {
        auto session = record(dir_, "shares.json", {"-e", "cpu-clock", "-F", "4000"}, {workload(), "shares", kSmallUnit});
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        const std::string path = dir_.filePath("shares.json").toStdString();
        CliRun run;
        const json disasm = viewOf(path, {"--disasm", "lib_work"}, &run);
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        const json functions = viewOf(path, {"--functions", "--limit", "0"});
        QCOMPARE(disasm["type"], "profile_disasm");
        QVERIFY2(disasm["problems"].empty(), disasm["problems"].dump().c_str());

        // Exactly the function's own samples.
        const double samples = instructionSamples(disasm);
        QVERIFY2(samples > 300, std::to_string(samples).c_str());
        QCOMPARE(samples, selfSamples(functions, "lib_work"));
        QCOMPARE(disasm["sums"]["samples"].get<double>(), samples);

        // Every instruction objdump lists, in order; every sampled one at an instruction start inside the function.
        const std::string file = disasm["file"];
        QVERIFY2(file.ends_with("libprofile_workload_lib.so"), file.c_str());
        const uint64_t start = hexValue(disasm["start"]), end = start + disasm["size"].get<uint64_t>();
        const std::set<uint64_t> starts = objdumpStarts(file, start, end);
        QVERIFY(starts.size() > 5);
        QCOMPARE(disasm["instructions"].size(), starts.size());
        uint64_t previous = 0;
        int hottest = 0;
        double most = 0;
        for (const json& i : disasm["instructions"]) {
            const uint64_t address = hexValue(i["address"]);
            QVERIFY2(starts.count(address), i.dump().c_str());
            QVERIFY(address >= start && address < end && address >= previous);
            QVERIFY(!i["text"].get<std::string>().empty());
            previous = address;
            most = std::max(most, i["sums"]["samples"].get<double>());
            hottest += i["hottest"].get<bool>();
        }
        QCOMPARE(hottest, 1);
        for (const json& i : disasm["instructions"])
            if (i["hottest"]) QCOMPARE(i["sums"]["samples"].get<double>(), most);

        // The loop of PROFILE_SPIN, on the line that uses it, holds nearly all.
        const double loop = hottestLoopSamples(disasm);
        QVERIFY2(loop >= 0.9 * samples, printfString("%.0f of %.0f in the loop", loop, samples).c_str());
        const int body = markedLine(libSource(), "lib_body");
        double onBody = 0;
        for (const json& i : disasm["instructions"])
            if (i["line"] == body && i["file"].get<std::string>().ends_with("profile_lib.c"))
                onBody += i["sums"]["samples"].get<double>();
        QVERIFY2(onBody >= 0.9 * samples, printfString("%.0f of %.0f at line %d", onBody, samples, body).c_str());

        // The text view: the hottest marked, the source line, the note on where the code came from.
        const CliRun text = runCli({"report", path, "--disasm", "lib_work"});
        QVERIFY2(text.exitCode == 0 && contains(text.out, "| * |") && contains(text.out, "profile_lib.c:" + std::to_string(body)) &&
                     contains(text.out, "objdump of " + file),
                 text.describe().c_str());
        // main_work's code: its own samples and inlined_work's, which runs in it.
        const json main = viewOf(path, {"--disasm", "main_work"});
        QCOMPARE(instructionSamples(main), selfSamples(functions, "main_work") + selfSamples(functions, "inlined_work"));
        CliRun inlined;
        viewOf(path, {"--disasm", "inlined_work"}, &inlined);
        QVERIFY2(inlined.exitCode == 1 && contains(inlined.err, "sampled only inlined"), inlined.describe().c_str());
    }

    // The selection by time and region is the function table's, sample for sample.
    void timeAndRegionSelectAsForFunctions() {
        auto session = record(dir_, "regions.json", {"-m", "-e", "cpu-clock", "--interval", "100ms"},
                              {workload(), "regions", kUnit});
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        const std::string path = dir_.filePath("regions.json").toStdString();
        const std::vector<std::vector<std::string>> selections = {
            {}, {"--region", "setup"}, {"--region", "solve"}, {"--time", "100ms-500ms"}, {"--time", "300ms-", "--region", "solve"}};
        int compared = 0;
        for (const auto& selection : selections) {
            std::vector<std::string> args = selection;
            args.insert(args.end(), {"--functions", "--limit", "0"});
            const json functions = viewOf(path, args);
            QVERIFY2(!functions.is_null(), join(selection, " ").c_str());
            const std::map<std::string, double> expected = {
                {"lib_work", selfSamples(functions, "lib_work")},
                {"main_work", selfSamples(functions, "main_work") + selfSamples(functions, "inlined_work")}};
            for (const auto& [name, samples] : expected) {
                args = selection;
                args.insert(args.end(), {"--disasm", name});
                CliRun run;
                const json disasm = viewOf(path, args, &run);
                const std::string what = join(selection, " ") + " --disasm " + name;
                if (samples == 0) {
                    QVERIFY2(run.exitCode == 1 && contains(run.err, "no function '" + name + "'"), (what + run.describe()).c_str());
                    continue;
                }
                QVERIFY2(run.exitCode == 0, (what + ": " + run.describe()).c_str());
                QVERIFY2(instructionSamples(disasm) == samples,
                         printfString("%s: %.0f samples per instruction, %.0f per function", what.c_str(),
                                      instructionSamples(disasm), samples).c_str());
                QCOMPARE(disasm["selection"], functions["selection"]);
                ++compared;
            }
        }
        QVERIFY(compared >= 6);
    }

    // A binary replaced after the recording, then gone: the samples stay,
    // the note names the file and the fix; --symfs finds a copy.
    void aRebuiltOrMissingBinary() {
        const std::string bin = dir_.filePath("bin").toStdString();
        std::filesystem::create_directories(bin);
        const std::string copy = bin + "/profile_workload";
        std::filesystem::copy_file(workload(), copy);
        auto session = record(dir_, "copy.json", {"-e", "cpu-clock"}, {copy, "shares", kSmallUnit});
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        const std::string path = dir_.filePath("copy.json").toStdString();
        const json before = viewOf(path, {"--disasm", "main_work"});
        QVERIFY2(before["problems"].empty() && before["file"] == copy, before.dump().c_str());

        std::filesystem::remove(copy);
        std::filesystem::copy_file(PROFILE_WORKLOAD_NOFP, copy); // another build: another build-id
        const CliRun rebuilt = runCli({"report", path, "--disasm", "main_work"});
        QVERIFY2(rebuilt.exitCode == 0 && contains(rebuilt.out, "was rebuilt or replaced") && contains(rebuilt.out, copy) &&
                     contains(rebuilt.out, "--symfs DIR"),
                 rebuilt.describe().c_str());
        const json stale = viewOf(path, {"--disasm", "main_work"});
        QCOMPARE(stale["file"], "");
        QCOMPARE(instructionSamples(stale), instructionSamples(before)); // the samples, without the code
        for (const json& i : stale["instructions"]) QVERIFY(i["sums"]["samples"].get<double>() > 0 && i["text"] == "");

        const std::string root = dir_.filePath("symfs").toStdString();
        std::filesystem::create_directories(root + bin);
        std::filesystem::copy_file(workload(), root + copy);
        const json found = viewOf(path, {"--disasm", "main_work", "--symfs", root});
        QVERIFY2(found["problems"].empty() && found["file"] == root + copy, found.dump().c_str());
        QCOMPARE(found["instructions"].size(), before["instructions"].size());

        std::filesystem::remove(copy);
        const CliRun missing = runCli({"report", path, "--disasm", "main_work"});
        QVERIFY2(missing.exitCode == 0 && contains(missing.out, "the binary is missing") && contains(missing.out, copy),
                 missing.describe().c_str());
    }
};

QTEST_GUILESS_MAIN(TestProfileDisasm)
#include "test_profile_disasm.moc"
