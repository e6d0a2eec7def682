// Every built-in native group encodes, on a fixture sysfs tree of its
// architecture, exactly to the codes the vendor publishes. The expected codes
// are data written from the vendors' documents (tests/fixtures/groups/
// encodings/<arch>/<GROUP>.json, format in tests/fixtures/groups/README.md),
// never copied from perfdash's own output; the sysfs tree the arch is checked
// on is named in <arch>/sysfs.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "core/events/EventResolver.h"
#include "core/groups/GroupArch.h"
#include "core/groups/GroupFileParser.h"
#include "core/measurement/SlotResolver.h"
#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

using namespace perfdash;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string fixtures() { return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString(); }
std::string encodingsDir() { return fixtures() + "/groups/encodings"; }

std::string readLine(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return trim(line);
}

// The built-in groups `arch` sees: its own directory and its fallbacks, the
// first file of a name winning as in GroupLibrary; the portable "generic" set
// is left out (perf's generic events are the same everywhere).
std::map<std::string, std::string> groupsSeenBy(const std::string& arch) {
    std::map<std::string, std::string> files;
    for (const auto& dir : groupArchsFor(arch)) {
        if (dir == kGenericGroupArch) continue;
        const fs::path path = dataDir() + "/groups/" + dir;
        if (!fs::is_directory(path)) continue;
        for (const auto& f : fs::directory_iterator(path))
            if (f.path().extension() == ".txt") files.emplace(f.path().stem().string(), f.path().string());
    }
    return files;
}

// The kernel PMU an encoding opens on, by its type as the tree registers it.
std::string kernelPmu(const EventResolver& events, uint32_t type) {
    for (const auto& pmu : events.pmus().all())
        if (pmu.type == type) return pmu.name;
    return "type " + std::to_string(type);
}

// QString, so that a failed QCOMPARE prints both values.
QString q(const std::string& s) { return QString::fromStdString(s); }

} // namespace

class TestNativeGroupEncodings : public QObject {
    Q_OBJECT
private slots:
    void groupEncodesToTheVendorsCodes_data() {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("group");
        QTest::addColumn<QString>("file");
        int rows = 0;
        for (const auto& archDir : fs::directory_iterator(encodingsDir())) {
            if (!archDir.is_directory()) continue;
            const std::string arch = archDir.path().filename().string();
            QVERIFY2(findGroupArch(arch), ("encodings/" + arch + ": not an architecture of archs.json").c_str());
            const auto groups = groupsSeenBy(arch);
            QVERIFY2(!groups.empty(), ("encodings/" + arch + ": the arch sees no built-in native group").c_str());
            for (const auto& [name, file] : groups) {
                QTest::newRow((arch + "/" + name).c_str())
                    << QString::fromStdString(arch) << QString::fromStdString(name) << QString::fromStdString(file);
                ++rows;
            }
            // An expectation for a group that does not exist is a stale file.
            for (const auto& f : fs::directory_iterator(archDir.path()))
                if (f.path().extension() == ".json")
                    QVERIFY2(groups.count(f.path().stem().string()),
                             (f.path().string() + ": no built-in group of that name for " + arch).c_str());
        }
        QVERIFY2(rows > 0, "no expectations under tests/fixtures/groups/encodings");
        // Every built-in native directory is checked; loongson2f's events are the
        // Loongson backend's own table, not a kernel PMU's (test_loongson_backend).
        for (const auto& dir : fs::directory_iterator(dataDir() + "/groups")) {
            const std::string arch = dir.path().filename().string();
            if (!dir.is_directory() || arch == kGenericGroupArch || arch == "loongson2f") continue;
            QVERIFY2(fs::is_directory(encodingsDir() + "/" + arch),
                     ("resources/groups/" + arch + " has no expected encodings under tests/fixtures/groups/encodings")
                         .c_str());
        }
    }

    void groupEncodesToTheVendorsCodes() {
        QFETCH(QString, arch);
        QFETCH(QString, group);
        QFETCH(QString, file);
        const std::string dir = encodingsDir() + "/" + arch.toStdString();
        const std::string tree = readLine(dir + "/sysfs");
        QVERIFY2(!tree.empty(), (dir + "/sysfs: names no fixture tree").c_str());
        QVERIFY2(fs::is_directory(fixtures() + "/" + tree), ("no fixture tree " + tree).c_str());

        const std::string expectPath = dir + "/" + group.toStdString() + ".json";
        QVERIFY2(fs::exists(expectPath), (expectPath + " is missing: every group the arch sees needs one").c_str());
        std::ifstream in(expectPath);
        const json expect = json::parse(in);
        QVERIFY2(!expect.value("source", std::string()).empty(), "an expectation names its vendor document");
        const json& expected = expect.at("slots");

        auto parsed = parseGroupFile(file.toStdString());
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
        EventPaths paths;
        paths.sysfsRoot = fixtures() + "/" + tree;
        paths.tracefsRoots = {};
        const EventResolver events(paths);
        const SlotResolver naming(events, arch.toStdString());

        QCOMPARE(expected.size(), parsed->events.size());
        for (const auto& slot : parsed->events) {
            const std::string where = group.toStdString() + " " + slot.counter + " " + slot.event;
            QVERIFY2(expected.contains(slot.counter), (where + ": no expected encoding").c_str());
            // On a hybrid CPU a slot expects a list: one entry per core PMU, in
            // archs.json's order, each an encoding or {"pmu", "unresolved": a
            // part of the reason} where that core type has no such event.
            const json& wantAll = expected.at(slot.counter);
            const std::vector<json> wants = wantAll.is_array() ? wantAll.get<std::vector<json>>() : std::vector<json>{wantAll};
            const auto gotAll = naming.resolveCoreTypes(slot);
            QCOMPARE(q(where + " encodings " + std::to_string(gotAll.size())),
                     q(where + " encodings " + std::to_string(wants.size())));
            for (size_t i = 0; i < wants.size(); ++i) {
                const json& want = wants[i];
                const auto& got = gotAll[i].event;
                if (want.contains("unresolved")) {
                    QCOMPARE(q(where + " core PMU " + gotAll[i].corePmu), q(where + " core PMU " + want.at("pmu").get<std::string>()));
                    QVERIFY2(!got.ok(), (where + " on " + gotAll[i].corePmu + " should not resolve").c_str());
                    const std::string part = want.at("unresolved").get<std::string>();
                    QVERIFY2(got.error().message.find(part) != std::string::npos,
                             (where + ": the reason '" + got.error().message + "' does not say '" + part + "'").c_str());
                    continue;
                }
                QVERIFY2(got.ok(), (where + ": " + (got.ok() ? "" : got.error().message)).c_str());
                QCOMPARE(q(where + " pmu " + kernelPmu(events, got->encoding.type)),
                         q(where + " pmu " + want.at("pmu").get<std::string>()));
                QCOMPARE(q(where + " config " + hex(got->encoding.config)),
                         q(where + " config " + want.at("config").get<std::string>()));
                if (want.contains("config1"))
                    QCOMPARE(q(where + " config1 " + hex(got->encoding.config1)),
                             q(where + " config1 " + want["config1"].get<std::string>()));
                if (want.contains("config2"))
                    QCOMPARE(q(where + " config2 " + hex(got->encoding.config2)),
                             q(where + " config2 " + want["config2"].get<std::string>()));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestNativeGroupEncodings)
#include "test_native_group_encodings.moc"
