// Where groups come from: the search path (user config, ~/.likwid, built-in;
// native arch before generic), overrides, file paths and unknown names.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include "GroupTestSupport.h"
#include "core/groups/GroupArch.h"
#include "core/groups/GroupLibrary.h"

using namespace perfdash;

namespace {

const GroupEntry* entryNamed(const std::vector<GroupEntry>& entries, const std::string& name) {
    auto it = std::find_if(entries.begin(), entries.end(), [&](const GroupEntry& e) { return e.name == name; });
    return it == entries.end() ? nullptr : &*it;
}

} // namespace

class TestGroupLibrary : public QObject {
    Q_OBJECT
private:
    QTemporaryDir tmp_;
    QString data_, config_, home_;

    void write(const QString& path, const std::string& shortText) {
        test::writeFile(path, test::minimalGroup(shortText));
    }

private slots:
    void init() {
        QVERIFY(tmp_.isValid());
        QVERIFY(QDir(tmp_.path()).removeRecursively() && QDir().mkpath(tmp_.path()));
        data_ = tmp_.path() + "/data";
        config_ = tmp_.path() + "/config";
        home_ = tmp_.path() + "/home";
        // The data dir also holds what likwid's architecture names mean (groupArchsFor reads it).
        static const QString resources = qEnvironmentVariable("PERFDASH_DATA_DIR");
        QVERIFY(QDir().mkpath(data_ + "/likwid"));
        for (const char* table : {"/likwid/archs.json", "/likwid/counters.json"})
            QVERIFY2(QFile::copy(resources + table, data_ + table), table);
        qputenv("PERFDASH_DATA_DIR", data_.toUtf8());
        qputenv("XDG_CONFIG_HOME", config_.toUtf8());
        qputenv("HOME", home_.toUtf8());

        write(data_ + "/groups/generic/A.txt", "builtin generic A");
        write(data_ + "/groups/zen4/A.txt", "builtin zen4 A");
        write(data_ + "/groups/generic/B.txt", "builtin generic B");
        write(home_ + "/.likwid/groups/generic/B.txt", "likwid generic B");
        write(config_ + "/perfdash/groups/generic/B.txt", "user generic B");
        write(home_ + "/.likwid/groups/zen4/C.txt", "likwid zen4 C");
        write(data_ + "/groups/zen4/D.txt", "builtin zen4 D");
        write(config_ + "/perfdash/groups/generic/D.txt", "user generic D");
        write(data_ + "/groups/skylake/E.txt", "builtin skylake E");
        test::writeFile(data_ + "/groups/generic/README.md", "not a group");
    }

    void defaultRootsFollowTheEnvironment() {
        const auto roots = GroupLibrary::defaultRoots();
        QCOMPARE(roots.size(), size_t(3));
        QCOMPARE(QString::fromStdString(roots[0].dir), config_ + "/perfdash/groups");
        QCOMPARE(roots[0].origin, GroupOrigin::User);
        QCOMPARE(QString::fromStdString(roots[1].dir), home_ + "/.likwid/groups");
        QCOMPARE(roots[1].origin, GroupOrigin::Likwid);
        QCOMPARE(QString::fromStdString(roots[2].dir), data_ + "/groups");
        QCOMPARE(roots[2].origin, GroupOrigin::BuiltIn);

        qunsetenv("XDG_CONFIG_HOME");
        QCOMPARE(QString::fromStdString(GroupLibrary::defaultRoots()[0].dir), home_ + "/.config/perfdash/groups");
    }

    void firstMatchWinsInSearchOrder() {
        const GroupLibrary library(GroupLibrary::defaultRoots(), groupArchsFor("amd64_fam19h_zen4"));
        const auto entries = library.list();
        QCOMPARE(entries.size(), size_t(4)); // A B C D; E is skylake only, README.md is not a group

        const GroupEntry* a = entryNamed(entries, "A");
        QVERIFY(a);
        QCOMPARE(a->shortDescription, std::string("builtin zen4 A")); // native before generic
        QCOMPARE(a->arch, std::string("zen4"));
        QCOMPARE(a->origin, GroupOrigin::BuiltIn);
        QCOMPARE(a->overrides, std::vector<std::string>{(data_ + "/groups/generic/A.txt").toStdString()});

        const GroupEntry* b = entryNamed(entries, "B");
        QVERIFY(b);
        QCOMPARE(b->shortDescription, std::string("user generic B")); // user before likwid before built-in
        QCOMPARE(b->origin, GroupOrigin::User);
        QCOMPARE(b->overrides, (std::vector<std::string>{(home_ + "/.likwid/groups/generic/B.txt").toStdString(),
                                                         (data_ + "/groups/generic/B.txt").toStdString()}));

        const GroupEntry* c = entryNamed(entries, "C");
        QVERIFY(c);
        QCOMPARE(c->origin, GroupOrigin::Likwid);
        QCOMPARE(c->arch, std::string("zen4"));

        // A user's generic file beats even a native built-in of the same name.
        const GroupEntry* d = entryNamed(entries, "D");
        QVERIFY(d);
        QCOMPARE(d->shortDescription, std::string("user generic D"));
        QCOMPARE(d->origin, GroupOrigin::User);

        QVERIFY(std::is_sorted(entries.begin(), entries.end(),
                               [](const GroupEntry& x, const GroupEntry& y) { return x.name < y.name; }));
    }

    // find() looks at one name's files only; it must rank them as list() does.
    void findAgreesWithList() {
        const GroupLibrary library(GroupLibrary::defaultRoots(), groupArchsFor("amd64_fam19h_zen4"));
        for (const GroupEntry& listed : library.list()) {
            const auto found = library.find(listed.name);
            QVERIFY2(found, listed.name.c_str());
            QCOMPARE(found->file, listed.file);
            QCOMPARE(found->arch, listed.arch);
            QCOMPARE(found->origin, listed.origin);
            QCOMPARE(found->overrides, listed.overrides);
            QCOMPARE(found->shortDescription, listed.shortDescription);
            QCOMPARE(found->problem, listed.problem);
        }
        QVERIFY(!library.find("E").has_value());
        QVERIFY(!library.find("").has_value());
        QVERIFY(!library.find("zen4/A").has_value());
    }

    void archDecidesWhatIsVisible() {
        const GroupLibrary generic(GroupLibrary::defaultRoots(), groupArchsFor(kGenericGroupArch));
        QCOMPARE(QString::fromStdString(generic.find("A")->shortDescription), QString("builtin generic A"));
        QVERIFY(!generic.find("C").has_value());
        QVERIFY(!generic.find("E").has_value());
        const GroupLibrary skx(GroupLibrary::defaultRoots(), groupArchsFor("skx"));
        QCOMPARE(skx.find("E")->arch, std::string("skylake")); // skx falls back to skylake
    }

    void searchDirsAreInPriorityOrder() {
        const GroupLibrary library(GroupLibrary::defaultRoots(), groupArchsFor("zen4"));
        const auto dirs = library.searchDirs();
        const std::vector<std::string> expected = {
            (config_ + "/perfdash/groups/zen4").toStdString(), (config_ + "/perfdash/groups/generic").toStdString(),
            (home_ + "/.likwid/groups/zen4").toStdString(),    (home_ + "/.likwid/groups/generic").toStdString(),
            (data_ + "/groups/zen4").toStdString(),            (data_ + "/groups/generic").toStdString(),
        };
        QCOMPARE(dirs, expected);
    }

    void loadsByNameAndByPath() {
        const GroupLibrary library(GroupLibrary::defaultRoots(), groupArchsFor("zen4"));
        auto byName = library.load("B");
        QVERIFY2(byName.ok(), byName.ok() ? "" : byName.error().message.c_str());
        QCOMPARE(byName->shortDescription, std::string("user generic B"));
        QCOMPARE(QString::fromStdString(byName->sourceFile), config_ + "/perfdash/groups/generic/B.txt");

        // A path is used as is, even outside the search path and under another name.
        test::writeFile(tmp_.path() + "/elsewhere/MINE.txt", test::minimalGroup("my own"));
        auto byPath = library.load((tmp_.path() + "/elsewhere/MINE.txt").toStdString());
        QVERIFY(byPath.ok());
        QCOMPARE(byPath->name, std::string("MINE"));
        QVERIFY(GroupLibrary::looksLikePath("x/CPI"));
        QVERIFY(GroupLibrary::looksLikePath("CPI.txt"));
        QVERIFY(!GroupLibrary::looksLikePath("CPI"));
    }

    void unknownNameListsClosestAndWhereItLooked() {
        const GroupLibrary library(GroupLibrary::defaultRoots(), groupArchsFor("zen4"));
        auto missing = library.load("AA");
        QVERIFY(!missing.ok());
        const std::string& message = missing.error().message;
        QVERIFY2(message.find("unknown performance group 'AA'") != std::string::npos, message.c_str());
        QVERIFY2(message.find("did you mean A") != std::string::npos, message.c_str());
        QVERIFY2(message.find((data_ + "/groups/zen4").toStdString()) != std::string::npos, message.c_str());
    }

    void brokenFileIsListedAndExplained() {
        test::writeFile(config_ + "/perfdash/groups/generic/BAD.txt",
                        "SHORT bad\nEVENTSET\nPMC0 instructions\nMETRICS\nIPC  PMC7/PMC0\n");
        const GroupLibrary library(GroupLibrary::defaultRoots(), groupArchsFor("zen4"));
        const auto entries = library.list();
        const GroupEntry* bad = entryNamed(entries, "BAD");
        QVERIFY(bad);
        QVERIFY(bad->shortDescription.empty());
        QVERIFY2(bad->problem.find("BAD.txt:5: metric 'IPC': unknown name 'PMC7'") != std::string::npos,
                 bad->problem.c_str());
        QVERIFY(entryNamed(entries, "A")); // one bad file does not hide the others
        auto loaded = library.load("BAD");
        QVERIFY(!loaded.ok());
        QVERIFY(loaded.error().message.find("BAD.txt:5:") != std::string::npos);
    }

    void missingDirectoriesAreNotAnError() {
        const GroupLibrary library({{(tmp_.path() + "/nowhere").toStdString(), GroupOrigin::BuiltIn}},
                                   groupArchsFor("zen4"));
        QVERIFY(library.list().empty());
        QVERIFY(!library.find("A").has_value());
    }
};

QTEST_APPLESS_MAIN(TestGroupLibrary)
#include "test_group_library.moc"
