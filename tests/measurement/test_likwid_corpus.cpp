// Every core slot (FIXCn, PMCn) of Debian 12's likwid 5.2.2 group files, and
// of likwid's newer upstream directories (tests/fixtures/likwid/upstream),
// resolves on its architecture, and every file parses, except those listed
// with their reason in
// tests/fixtures/likwid/corpus-unresolved.txt; the list must stay true both
// ways (nothing new unresolved, nothing listed that now resolves). Needs no
// hardware PMU: events of absent models are encoded by libpfm4, and the msr
// PMU comes from a fixture sysfs tree.
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "core/events/EventResolver.h"
#include "core/groups/GroupFileParser.h"
#include "core/groups/LikwidCounters.h"
#include "core/measurement/SlotResolver.h"
#include "core/util/Strings.h"

using namespace perfdash;
namespace fs = std::filesystem;

namespace {

const char* kCorpus = "/usr/share/likwid/perfgroups";

std::string fixtures() { return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString(); }

// "arch/FILE.txt<TAB>COUNTER<TAB>EVENT" -> the reason, a part of the message
// the resolver gives for that slot.
std::map<std::string, std::string> readExpectations(const std::string& path, std::string& problem) {
    std::map<std::string, std::string> out;
    std::ifstream in(path);
    if (!in) {
        problem = "cannot read " + path;
        return out;
    }
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.empty() || line[0] == '#') continue;
        const auto fields = split(line, '\t', /*keepEmpty=*/true);
        if (fields.size() != 4) {
            problem = path + ":" + std::to_string(number) + ": expected FILE<TAB>COUNTER<TAB>EVENT<TAB>REASON";
            return out;
        }
        out[fields[0] + "\t" + fields[1] + "\t" + fields[2]] = fields[3];
    }
    return out;
}

struct ArchCount {
    int files = 0, filesResolved = 0, unparsed = 0;
    int coreSlots = 0, coreResolved = 0, filesCoreComplete = 0;
};

} // namespace

class TestLikwidCorpus : public QObject {
    Q_OBJECT
private slots:
    void everyCoreSlotResolvesOrIsListed() {
        QVERIFY2(fs::is_directory(kCorpus),
                 "/usr/share/likwid/perfgroups is missing: install Debian's likwid package "
                 "(apt-get install likwid; packaging/debian-packages.txt lists it)");
        std::string problem;
        const auto expected = readExpectations(fixtures() + "/likwid/corpus-unresolved.txt", problem);
        QVERIFY2(problem.empty(), problem.c_str());

        EventPaths paths;
        paths.sysfsRoot = fixtures() + "/likwid/sysfs-aperf";
        paths.tracefsRoots = {};
        const EventResolver events(paths);

        // Debian's set, then likwid's newer upstream directories (listed as "upstream/ARCH/FILE").
        std::vector<std::pair<fs::path, std::string>> dirs;
        for (const auto& [root, prefix] : {std::pair<std::string, std::string>{kCorpus, ""},
                                           {fixtures() + "/likwid/upstream", "upstream/"}})
            for (const auto& d : fs::directory_iterator(root))
                if (d.is_directory()) dirs.emplace_back(d.path(), prefix);
        std::sort(dirs.begin(), dirs.end());

        std::map<std::string, ArchCount> counts;
        std::vector<std::string> unexpected, wrongReason;
        std::set<std::string> seen;
        // What did not resolve (or parse), held against the list.
        const auto failed = [&](const std::string& key, const std::string& message) {
            seen.insert(key);
            auto it = expected.find(key);
            if (it == expected.end())
                unexpected.push_back(key + "\t" + message);
            else if (message.find(it->second) == std::string::npos)
                wrongReason.push_back(key + ": listed '" + it->second + "', now '" + message + "'");
        };
        int gpuFiles = 0;
        for (const auto& [dir, prefix] : dirs) {
            const std::string arch = dir.filename().string();
            std::vector<fs::path> files;
            for (const auto& f : fs::directory_iterator(dir))
                if (f.path().extension() == ".txt") files.push_back(f.path());
            std::sort(files.begin(), files.end());
            if (arch.starts_with("nvidia_gpu_")) {
                // likwid's NVIDIA GPU groups count GPU events, which perfdash does
                // not measure; the resolver must say so for each of their slots.
                for (const auto& file : files) {
                    auto group = parseGroupFile(file.string());
                    QVERIFY2(group.ok(), file.c_str());
                    for (const auto& slot : group->events) {
                        auto r = SlotResolver(events, arch).resolve(slot);
                        QVERIFY2(!r.ok() && r.error().message.find("GPU") != std::string::npos, file.c_str());
                    }
                    ++gpuFiles;
                }
                qInfo("%s: %zu GPU group files not checked: GPU events are out of perfdash's scope", arch.c_str(),
                      files.size());
                continue;
            }
            const SlotResolver naming(events, arch);
            QVERIFY2(naming.arch(), ("likwid architecture '" + arch + "' is missing from resources/likwid/archs.json").c_str());
            ArchCount& count = counts[prefix + arch];
            for (const auto& file : files) {
                const std::string rel = prefix + arch + "/" + file.filename().string();
                ++count.files;
                auto group = parseGroupFile(file.string());
                if (!group) {
                    // A slip in likwid's own file: listed like a slot, as "FILE - -".
                    ++count.unparsed;
                    failed(rel + "\t-\t-", group.error().message);
                    continue;
                }
                bool all = true, coreAll = true;
                for (const auto& slot : group->events) {
                    auto r = naming.resolve(slot);
                    all = all && r.ok();
                    auto kind = classifyLikwidCounter(slot.counter);
                    QVERIFY(kind.ok());
                    if (kind->kind != LikwidCounter::Kind::Fixed && kind->kind != LikwidCounter::Kind::Core) continue;
                    ++count.coreSlots;
                    const std::string key = rel + "\t" + slot.counter + "\t" + slot.event;
                    if (r) {
                        ++count.coreResolved;
                        continue;
                    }
                    coreAll = false;
                    failed(key, r.error().message);
                }
                if (all) ++count.filesResolved;
                if (coreAll) ++count.filesCoreComplete;
            }
        }

        // A file counts as core-complete when all its FIXCn/PMCn slots resolve
        // (its uncore and other units are another layer's business).
        std::map<std::string, ArchCount> sets;
        for (const auto& [arch, c] : counts) {
            qInfo("%-22s files %3d, fully resolved %3d, core-complete %3d, unparsable %d; core slots %4d, resolved %4d",
                  arch.c_str(), c.files, c.filesResolved, c.filesCoreComplete, c.unparsed, c.coreSlots, c.coreResolved);
            ArchCount& set = sets[arch.starts_with("upstream/") ? "likwid upstream" : "Debian likwid 5.2.2"];
            set.files += c.files;
            set.filesResolved += c.filesResolved;
            set.filesCoreComplete += c.filesCoreComplete;
            set.coreSlots += c.coreSlots;
            set.coreResolved += c.coreResolved;
        }
        int core = 0;
        for (const auto& [name, c] : sets) {
            qInfo("%s CPU sets: files %d, fully resolved %d, core-complete %d; core slots %d, resolved %d", name.c_str(),
                  c.files, c.filesResolved, c.filesCoreComplete, c.coreSlots, c.coreResolved);
            core += c.coreSlots;
        }
        qInfo("%d GPU files not checked", gpuFiles);

        std::vector<std::string> nowResolved;
        for (const auto& [key, reason] : expected)
            if (!seen.count(key)) nowResolved.push_back(key);
        for (const auto& u : unexpected) qWarning("new unresolved core slot: %s", u.c_str());
        for (const auto& w : wrongReason) qWarning("reason changed: %s", w.c_str());
        for (const auto& n : nowResolved) qWarning("listed but resolves now (remove it from the list): %s", n.c_str());
        QVERIFY2(unexpected.empty(), "core slots unresolved that corpus-unresolved.txt does not list (see above)");
        QVERIFY2(wrongReason.empty(), "listed core slots unresolved for another reason (see above)");
        QVERIFY2(nowResolved.empty(), "corpus-unresolved.txt lists core slots that resolve now (see above)");
        QVERIFY(core > 0);
    }
};

QTEST_APPLESS_MAIN(TestLikwidCorpus)
#include "test_likwid_corpus.moc"
