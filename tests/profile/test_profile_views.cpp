// The views over a profile built here, where every figure is known: self
// and total (a recursive function once per sample), lines, callers, folded
// stacks, the selection's errors; and the session file: written and read
// back identically, its counts read by the report reader that knows nothing
// of profiles, bad indices refused with the field named.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>
#include <tuple>

#include <nlohmann/json.hpp>

#include "core/profile/Disassembly.h"
#include "core/profile/FlameTree.h"
#include "core/profile/ProfileJson.h"
#include "core/profile/ProfileViews.h"
#include "core/profile/SourceFiles.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"

using namespace perfdash;

namespace {

// main → solve → solve (recursion) → kernel_k; main → helper (inlined into main).
// Rows: [main, solve, solve] 6 samples in interval 0; [main, helper(inlined)] 3 in 1;
// [main, solve, kernel] 1 incomplete in interval 1, region "r".
Profile handMade() {
    Profile p;
    p.events = {{"EV", "ev", true, ""}};
    p.sampling.leader = "ev";
    p.intervalS = 1;
    p.durationS = 2;
    p.strings = {"", "main", "solve", "helper", "kernel_k", "/src/a.c"};
    p.modules = {{"/bin/a", "abcd", "", ""}, {"[kernel.kallsyms]", "", "", ""}};
    p.frames = {{1, 0, 5, 10, 0}, {2, 0, 5, 20, 0}, {2, 0, 5, 21, 0}, {3, 0, 5, 30, ProfileFrame::kInlined},
                {4, 1, 0, 0, ProfileFrame::kKernel}};
    p.nodes = {{0, 0}, {0, 0}, {1, 1}, {2, 2}, {1, 3}, {2, 4}}; // 1 main, 2 solve, 3 solve(rec), 4 helper, 5 kernel
    p.threads = {{7, 7, "app"}};
    p.regions = {"r"};
    p.regionSets = {{}, {0}};
    auto row = [&](uint32_t interval, uint32_t regions, uint32_t node, StackState stack, double samples) {
        p.keys.push_back({interval, 0, regions, node, stack});
        for (double v : {samples, samples * 10, samples * 100, samples * 1000}) p.values.push_back(v);
    };
    row(0, 0, 3, StackState::Complete, 6);
    row(1, 0, 4, StackState::Complete, 3);
    row(1, 1, 5, StackState::Incomplete, 1);
    // The same samples per instruction: solve's 6 at two addresses, main's
    // 3 (helper's code, inlined into it), kernel_k's 1 (no bounds).
    p.instructionsKept = true;
    p.codes = {{2, 0, 0x100, 0x40}, {1, 0, 0x40, 0x20}, {4, 1, 0xffffffff81000000, 0}};
    p.instructions = {{0, 0x110}, {0, 0x120}, {1, 0x50}, {2, 0xffffffff81000010}};
    auto instructionRow = [&](uint32_t interval, uint32_t regions, uint32_t instruction, double samples) {
        p.instructionKeys.push_back({interval, 0, regions, instruction, StackState::Complete});
        for (double v : {samples, samples * 10, samples * 100, samples * 1000}) p.instructionValues.push_back(v);
    };
    instructionRow(0, 0, 0, 4);
    instructionRow(0, 0, 1, 2);
    instructionRow(1, 0, 2, 3);
    instructionRow(1, 1, 3, 1);
    return p;
}

const FunctionRow* find(const std::vector<FunctionRow>& rows, const std::string& name) {
    for (const auto& r : rows)
        if (r.name == name) return &r;
    return nullptr;
}

} // namespace

class TestProfileViews : public QObject {
    Q_OBJECT
private slots:
    void functionsSelfAndTotal() {
        const Profile p = handMade();
        auto selection = selectRows(p, {});
        QVERIFY(selection.ok());
        auto metrics = ProfileMetrics::compile(p);
        QVERIFY(metrics.ok());
        const auto rows = functionTable(p, *selection, *metrics);
        const FunctionRow* solve = find(rows, "solve");
        const FunctionRow* main = find(rows, "main");
        const FunctionRow* helper = find(rows, "helper");
        QVERIFY(solve && main && helper);
        QCOMPARE(solve->self[ProfileColumns::kSamples], 6.0);
        QCOMPARE(solve->total[ProfileColumns::kSamples], 7.0); // recursion counted once
        QCOMPARE(solve->incompleteStacks, 1.0);
        QCOMPARE(main->self[ProfileColumns::kSamples], 0.0);
        QCOMPARE(main->total[ProfileColumns::kSamples], 10.0);
        QCOMPARE(helper->inlinedInto, std::string("main"));
        QCOMPARE(solve->selfShare.value, 0.6);
        QVERIFY(find(rows, "kernel_k")->kernel);
        QCOMPARE(rows.front().name, std::string("solve")); // heaviest self first
    }

    void groupsByFileModuleProcessAndThread() {
        Profile p = handMade();
        // A second thread of process 7, named apart, sampled in libm's code, which has no source lines.
        p.strings.push_back("sqrt");
        p.modules.push_back({"/lib/libm.so.6", "", "", ""});
        p.frames.push_back({6, 2, 0, 0, 0});
        p.nodes.push_back({1, 5}); // main → sqrt (frame 5)
        p.threads.push_back({7, 8, "worker"});
        p.keys.push_back({1, 1, 0, 6, StackState::Complete});
        for (double v : {2.0, 20.0, 200.0, 2000.0}) p.values.push_back(v);
        auto selection = selectRows(p, {});
        auto metrics = ProfileMetrics::compile(p);
        QVERIFY(selection.ok() && metrics.ok());
        auto row = [](const std::vector<FunctionRow>& rows, const std::string& name, const std::string& module) {
            for (const auto& r : rows)
                if (r.name == name && r.module == module) return &r;
            return static_cast<const FunctionRow*>(nullptr);
        };
        auto samples = [](const std::vector<double>& sums) { return sums[ProfileColumns::kSamples]; };

        const auto files = groupedTable(p, *selection, *metrics, ProfileGrouping::File);
        QCOMPARE(files.size(), size_t{3});
        const FunctionRow* source = row(files, "/src/a.c", "/bin/a");
        QVERIFY(source);
        QCOMPARE(samples(source->self), 9.0);   // solve 6, helper 3
        QCOMPARE(samples(source->total), 12.0); // main is on every stack
        QCOMPARE(source->file, std::string("/src/a.c"));
        QCOMPARE(files.front().name, std::string("/src/a.c"));
        const FunctionRow* libm = row(files, "[no source file]", "/lib/libm.so.6");
        const FunctionRow* kernel = row(files, "[no source file]", "[kernel.kallsyms]");
        QVERIFY(libm && kernel);
        QCOMPARE(samples(libm->self), 2.0);
        QCOMPARE(samples(kernel->total), 1.0);
        QCOMPARE(kernel->incompleteStacks, 1.0);
        QVERIFY(kernel->kernel);
        QCOMPARE(source->selfShare.value, 9.0 / 12.0);

        const auto modules = groupedTable(p, *selection, *metrics, ProfileGrouping::Module);
        QCOMPARE(modules.size(), size_t{3});
        QCOMPARE(modules[0].name, std::string("/bin/a"));
        QCOMPARE(samples(modules[0].self), 9.0);
        QCOMPARE(samples(modules[0].total), 12.0);
        QCOMPARE(modules[1].name, std::string("/lib/libm.so.6"));
        QCOMPARE(modules[2].name, std::string("[kernel.kallsyms]"));

        const auto processes = groupedTable(p, *selection, *metrics, ProfileGrouping::Process);
        QCOMPARE(processes.size(), size_t{1});
        QCOMPARE(processes[0].name, std::string("app [7]")); // its main thread's name, not the worker's
        QCOMPARE(samples(processes[0].self), 12.0);
        QCOMPARE(samples(processes[0].total), 12.0);
        const auto threads = groupedTable(p, *selection, *metrics, ProfileGrouping::Thread);
        QCOMPARE(threads.size(), size_t{2});
        QCOMPARE(threads[0].name, std::string("app [7/7]"));
        QCOMPARE(samples(threads[0].self), 10.0);
        QCOMPARE(threads[1].name, std::string("worker [7/8]"));
        QCOMPARE(threads[1].selfShare.value, 2.0 / 12.0);

        const auto functions = groupedTable(p, *selection, *metrics, ProfileGrouping::Function);
        const auto direct = functionTable(p, *selection, *metrics);
        QCOMPARE(functions.size(), direct.size());
        for (size_t i = 0; i < direct.size(); ++i) QCOMPARE(functions[i].name, direct[i].name);
        QCOMPARE(find(functions, "sqrt")->module, std::string("/lib/libm.so.6"));
    }

    void linesCallersAndFolded() {
        const Profile p = handMade();
        auto selection = selectRows(p, {});
        auto metrics = ProfileMetrics::compile(p);
        QVERIFY(selection.ok() && metrics.ok());
        // main's own body: helper inlined at its line 10... the helper frame is inlined, so it counts at main's line.
        const auto lines = lineTable(p, *selection, *metrics, "main");
        QCOMPARE(lines.size(), size_t{1});
        QCOMPARE(lines[0].line, 10);
        QCOMPARE(lines[0].sums[ProfileColumns::kSamples], 3.0);
        QCOMPARE(lines[0].inlinedCalls, std::vector<std::string>{"helper"});
        const auto solveLines = lineTable(p, *selection, *metrics, "solve");
        QCOMPARE(solveLines.size(), size_t{1});
        QCOMPARE(solveLines[0].line, 21); // the innermost call of the recursion, where it ran

        const CallerNode callers = callerTree(p, *selection, *metrics, "kernel_k");
        QCOMPARE(callers.callers.size(), size_t{1});
        QCOMPARE(callers.callers[0].name, std::string("solve"));
        const CallerNode& top = callers.callers[0].callers[0];
        QCOMPARE(top.name, std::string("main"));
        QCOMPARE(top.callers[0].name, std::string("[incomplete stack]"));

        QCOMPARE(foldedStacks(p, *selection), std::string("app;[incomplete stack];main;solve;kernel_k_[k] 1\n"
                                                          "app;main;helper 3\n"
                                                          "app;main;solve;solve 6\n"));
    }

    // The flame graph's boxes in samples: widths are the samples through a
    // path, siblings side by side in name order from their caller's left edge.
    void flameTreeLayout() {
        const Profile p = handMade();
        auto selection = selectRows(p, {});
        auto metrics = ProfileMetrics::compile(p);
        QVERIFY(selection.ok() && metrics.ok());
        const FlameTree tree = callTree(p, *selection, CallTreeView::TopDown, {}, "all");
        // path (names from the root's child down) -> x, samples, self samples
        std::map<std::string, std::tuple<double, double, double>> boxes;
        for (uint32_t n = 1; n < tree.nodes.size(); ++n) {
            std::string path = tree.nameOf(n);
            for (uint32_t at = tree.nodes[n].parent; at != 0; at = tree.nodes[at].parent) path = tree.nameOf(at) + ";" + path;
            boxes[path] = {tree.nodes[n].x, tree.samples(n), tree.selfOf(n)[ProfileColumns::kSamples]};
        }
        using Box = std::tuple<double, double, double>;
        const std::map<std::string, Box> expected = {
            {"app", {0, 10, 0}},
            {"app;[incomplete stack]", {0, 1, 0}},
            {"app;[incomplete stack];main", {0, 1, 0}},
            {"app;[incomplete stack];main;solve", {0, 1, 0}},
            {"app;[incomplete stack];main;solve;kernel_k", {0, 1, 1}},
            {"app;main", {1, 9, 0}},
            {"app;main;helper", {1, 3, 3}},
            {"app;main;solve", {4, 6, 0}},
            {"app;main;solve;solve", {4, 6, 6}},
        };
        QCOMPARE(boxes, expected);
        QCOMPARE(tree.samples(0), 10.0);
        QCOMPARE(tree.nameOf(0), std::string("all"));
        QCOMPARE(tree.depth, size_t{5});
        for (uint32_t n = 1; n < tree.nodes.size(); ++n) // every column sums, not only the samples
            QCOMPARE(tree.sumsOf(n)[ProfileColumns::kWeight], tree.samples(n) * 10);

        // Coloured by self share: a leaf's is 1, a caller's 0; the text says both figures.
        const FlameTree lean = colouredTree(p, *selection, CallTreeView::TopDown, {}, "all", &*metrics).tree;
        std::vector<FlameValue> values;
        for (uint32_t n = 0; n < lean.nodes.size(); ++n) values.push_back(selfShare(lean, n));
        uint32_t helper = 0;
        for (uint32_t n = 0; n < tree.nodes.size(); ++n)
            if (tree.nameOf(n) == "helper") helper = n;
        QCOMPARE(values[helper].metric.value, 1.0);
        QCOMPARE(values[tree.nodes[helper].parent].metric.value, 0.0);
        QCOMPARE(flameNodeText(tree, helper, values[helper], ""),
                 std::string("helper (3 samples, 30.00 % of the selection, self 100.00 %)"));
    }

    // The other trees of the same samples: bottom-up from where samples ended, and one function's callers
    // and callees, each sample once (solve's recursion counts at its outermost call).
    void callTrees() {
        const Profile p = handMade();
        auto selection = selectRows(p, {});
        QVERIFY(selection.ok());
        auto paths = [](const FlameTree& tree) {
            std::map<std::string, std::pair<double, double>> out; // path → samples, self samples
            for (uint32_t n = 1; n < tree.nodes.size(); ++n) {
                std::string path = tree.nameOf(n);
                for (uint32_t at = tree.nodes[n].parent; at != 0; at = tree.nodes[at].parent) path = tree.nameOf(at) + ";" + path;
                out[path] = {tree.samples(n), tree.selfOf(n)[ProfileColumns::kSamples]};
            }
            return out;
        };
        using Paths = std::map<std::string, std::pair<double, double>>;
        const FlameTree bottomUp = callTree(p, *selection, CallTreeView::BottomUp, {}, "all");
        QCOMPARE(bottomUp.samples(0), 10.0);
        QCOMPARE(paths(bottomUp), (Paths{{"helper", {3, 0}},
                                         {"helper;main", {3, 3}},
                                         {"kernel_k", {1, 0}},
                                         {"kernel_k;solve", {1, 0}},
                                         {"kernel_k;solve;main", {1, 1}},
                                         {"solve", {6, 0}},
                                         {"solve;solve", {6, 0}},
                                         {"solve;solve;main", {6, 6}}}));
        QCOMPARE(bottomUp.nameOf(bottomUp.children(0).front()), std::string("helper")); // in name order

        const FlameTree callees = callTree(p, *selection, CallTreeView::Callees, "solve", "solve");
        QCOMPARE(callees.samples(0), 7.0);
        QCOMPARE(paths(callees), (Paths{{"solve", {6, 6}}, {"kernel_k", {1, 1}}}));
        const FlameTree callers = callTree(p, *selection, CallTreeView::Callers, "solve", "solve");
        QCOMPARE(callers.samples(0), 7.0);
        QCOMPARE(paths(callers), (Paths{{"main", {7, 6}}, {"main;[incomplete stack]", {1, 1}}}));
        // A function no sample has: an empty tree.
        QCOMPARE(callTree(p, *selection, CallTreeView::Callers, "nowhere", "nowhere").samples(0), 0.0);
    }

    // What the views draw is callTree's tree node for node, kept to samples and weight; its metric values are
    // the formula on callTree's full sums wherever a node has enough samples to tell, and unknown elsewhere.
    void colouredTreesAreCallTreesKeptLean() {
        Profile p = handMade();
        const size_t plain = p.columns().count();
        p.metrics = {{"rate", "EV/time"}}; // with a metric, each row has its variables' moments too
        const ProfileColumns c = p.columns();
        // Ten times the samples, so some boxes have enough for a metric, and each row its own rate.
        std::vector<double> values;
        for (size_t r = 0; r < p.rows(); ++r) {
            const double n = p.values[r * plain + ProfileColumns::kSamples] * 10;
            const double perSample[] = {100.0 * double(r + 1), 1000.0}; // EV, time
            std::vector<double> v(c.count(), 0.0);
            v[ProfileColumns::kSamples] = n;
            v[ProfileColumns::kWeight] = n * 10;
            v[c.event(0)] = n * perSample[0];
            v[c.time()] = n * perSample[1];
            for (size_t a = 0; a < 2; ++a)
                for (size_t b = a; b < 2; ++b) v[c.moment(a, b)] = n * perSample[a] * perSample[b];
            values.insert(values.end(), v.begin(), v.end());
        }
        p.values = std::move(values);
        auto selection = selectRows(p, {});
        auto metrics = ProfileMetrics::compile(p);
        QVERIFY(selection.ok() && metrics.ok());
        const std::pair<CallTreeView, std::string> views[] = {{CallTreeView::TopDown, ""},
                                                               {CallTreeView::BottomUp, ""},
                                                               {CallTreeView::Callers, "solve"},
                                                               {CallTreeView::Callees, "solve"}};
        size_t told = 0, few = 0;
        for (const auto& [view, function] : views) {
            const FlameTree full = callTree(p, *selection, view, function, "root");
            const ColouredTree lean = colouredTree(p, *selection, view, function, "root", &*metrics);
            QCOMPARE(lean.tree.nodes.size(), full.nodes.size());
            QCOMPARE(lean.tree.columns, FlameTree::kSelfColumns);
            QCOMPARE(lean.values.size(), size_t{1});
            for (uint32_t n = 0; n < full.nodes.size(); ++n) {
                QCOMPARE(lean.tree.nameOf(n), full.nameOf(n));
                QCOMPARE(lean.tree.nodes[n].parent, full.nodes[n].parent);
                QCOMPARE(lean.tree.nodes[n].x, full.nodes[n].x);
                QVERIFY(std::equal(lean.tree.children(n).begin(), lean.tree.children(n).end(), full.children(n).begin(),
                                   full.children(n).end()));
                for (size_t c = 0; c < FlameTree::kSelfColumns; ++c) {
                    QCOMPARE(lean.tree.sumsOf(n)[c], full.sumsOf(n)[c]);
                    QCOMPARE(lean.tree.selfOf(n)[c], full.selfOf(n)[c]);
                }
                const double weight = full.sumsOf(n)[ProfileColumns::kWeight];
                if (weight > 0) QCOMPARE(selfShare(lean.tree, n).metric.value, full.selfOf(n)[ProfileColumns::kWeight] / weight);
                const FlameValue& rate = lean.values[0][n];
                if (full.samples(n) < ProfileMetrics::kMinSamples) {
                    QVERIFY(!rate.known);
                    ++few;
                    continue;
                }
                const std::vector<double> sums(full.sumsOf(n), full.sumsOf(n) + full.columns);
                const MetricValue expected = metrics->evaluate(sums)[0];
                QVERIFY(rate.known);
                QCOMPARE(rate.metric.value, expected.value);
                QCOMPARE(rate.metric.error, expected.error);
                ++told;
            }
        }
        QVERIFY(told >= 8 && few >= 4); // both kinds of node, in several views
        // Without metrics: no values (the self share is the tree's).
        QVERIFY(colouredTree(p, *selection, CallTreeView::TopDown, {}, "root", nullptr).values.empty());
    }

    // A source file is looked for at its own path, then under each folder with its path's trailing parts.
    void sourceFilesAreFoundUnderFolders() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("checkout/src"));
        const std::string file = dir.filePath("checkout/src/a.c").toStdString();
        {
            std::ofstream out(file);
            out << "int main() {\r\n  return 0;\n}\n";
        }
        const SourceLookup atItsPath = findSourceFile(file, {});
        QCOMPARE(atItsPath.found, file);
        QCOMPARE(atItsPath.looked, std::vector<std::string>{file});

        // Built elsewhere: /build/app/src/a.c is FOLDER/src/a.c, tried after FOLDER/build/app/src/a.c and FOLDER/app/src/a.c.
        const std::string folder = dir.filePath("checkout").toStdString();
        const SourceLookup moved = findSourceFile("/build/app/src/a.c", {"/nowhere", folder + "/"});
        QCOMPARE(moved.found, folder + "/src/a.c");
        QCOMPARE(moved.looked, (std::vector<std::string>{"/build/app/src/a.c", "/nowhere/build/app/src/a.c", "/nowhere/app/src/a.c",
                                                         "/nowhere/src/a.c", "/nowhere/a.c", folder + "/build/app/src/a.c",
                                                         folder + "/app/src/a.c", folder + "/src/a.c"}));
        const SourceLookup missing = findSourceFile("/build/app/src/b.c", {folder});
        QVERIFY(missing.found.empty());
        QCOMPARE(missing.looked.size(), size_t{5});

        auto lines = readSourceLines(file);
        QVERIFY(lines.ok());
        QCOMPARE(*lines, (std::vector<std::string>{"int main() {", "  return 0;", "}"})); // a CR LF file too
        auto unreadable = readSourceLines(folder + "/none.c");
        QVERIFY(!unreadable.ok());
        QVERIFY(unreadable.error().message.find(folder + "/none.c") != std::string::npos);
    }

    void selectionsAndTheirErrors() {
        const Profile p = handMade();
        ProfileFilter late;
        late.fromS = 1.2;
        auto s = selectRows(p, late);
        QVERIFY(s.ok());
        QCOMPARE(s->sums[ProfileColumns::kSamples], 4.0);
        QCOMPARE(s->fromS, 1.0);
        ProfileFilter past;
        past.fromS = 5;
        past.toS = 6;
        auto none = selectRows(p, past);
        QVERIFY(!none.ok());
        QVERIFY(none.error().message.find("span 0 s to 2 s") != std::string::npos);
        ProfileFilter region;
        region.region = "x";
        auto unknown = selectRows(p, region);
        QVERIFY(!unknown.ok() && unknown.error().message.find("its regions: r") != std::string::npos);
        auto range = parseTimeRange("5s-2s");
        QVERIFY(!range.ok() && range.error().message.find("empty") != std::string::npos);
        QVERIFY(parseTimeRange("0-500ms").ok());
        QVERIFY(!selectRows(Profile{}, {}).ok());
        auto missing = findFunction(p, *selectRows(p, {}), "solv");
        QVERIFY(!missing.ok() && missing.error().message.find("solve") != std::string::npos);
    }

    // A function's samples per instruction, for the selection selectRows
    // makes: the same intervals and regions as the call paths'.
    void sampledInstructionsOfAFunction() {
        const Profile p = handMade();
        auto all = selectRows(p, {});
        QVERIFY(all.ok());
        QCOMPARE(all->instructionRows.size(), size_t{4});
        auto solve = sampledInstructions(p, *all, "solve");
        QVERIFY2(solve.ok(), solve.ok() ? "" : solve.error().message.c_str());
        QCOMPARE(solve->rows.size(), size_t{2});
        QCOMPARE(solve->sums[ProfileColumns::kSamples], 6.0);
        QCOMPARE(solve->rows[0].address, uint64_t{0x110});
        QVERIFY(solve->rows[0].hottest && !solve->rows[1].hottest);
        QCOMPARE(solve->rows[0].share.value, 4.0 / 6.0);
        QCOMPARE(solve->rows[1].sums[p.instructionColumns().event(0)], 200.0);
        QCOMPARE(solve->module, std::string("/bin/a"));
        QCOMPARE(solve->start, uint64_t{0x100});

        ProfileFilter late;
        late.fromS = 1.2;
        auto later = selectRows(p, late);
        QCOMPARE(later->instructionRows.size(), size_t{2});
        auto gone = sampledInstructions(p, *later, "solve");
        QVERIFY(!gone.ok() && gone.error().message.find("no function 'solve'") != std::string::npos);
        auto main = sampledInstructions(p, *later, "main"); // helper's samples, in main's code
        QVERIFY(main.ok() && main->sums[ProfileColumns::kSamples] == 3.0);
        ProfileFilter region;
        region.region = "r";
        auto inRegion = selectRows(p, region);
        QVERIFY(inRegion->instructionRows == std::vector<uint32_t>{3});

        auto helper = sampledInstructions(p, *all, "helper");
        QVERIFY(!helper.ok() && helper.error().message.find("sampled only inlined") != std::string::npos);
        Profile old = p;
        old.instructionsKept = false;
        auto before = sampledInstructions(old, *selectRows(old, {}), "solve");
        QVERIFY(!before.ok() && before.error().message.find("recorded before perfdash kept instruction addresses: "
                                                            "record it again") != std::string::npos);
    }

    // What cannot be disassembled keeps its samples and says why.
    void disassemblyProblems() {
        const Profile p = handMade();
        auto all = selectRows(p, {});
        auto kernel = disassemble(p, *all, "kernel_k");
        QVERIFY(kernel.ok() && kernel->rows.size() == 1 && kernel->problems.size() == 1);
        QVERIFY2(kernel->problems[0].find("kernel code") != std::string::npos, kernel->problems[0].c_str());
        auto missing = disassemble(p, *all, "solve"); // /bin/a is not there
        QVERIFY(missing.ok() && missing->rows.size() == 2 && missing->file.empty());
        QVERIFY2(missing->problems.size() == 1 && missing->problems[0].find("the binary is missing") != std::string::npos &&
                     missing->problems[0].find("/bin/a") != std::string::npos &&
                     missing->problems[0].find("--symfs DIR") != std::string::npos,
                 missing->problems[0].c_str());
    }

    // Written, read and written again: the same text; the report reader, which
    // knows nothing of profiles, reads the counts as before.
    void sessionRoundTrip() {
        MeasurementResult counts;
        counts.startedAt = "2026-01-01T00:00:00+00:00";
        counts.version = "test";
        const Profile p = handMade();
        const std::string text = formatSessionJson(counts, p);
        auto read = readSessionJson(text, "mem");
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QVERIFY(read->profile);
        QCOMPARE(formatSessionJson(read->result, *read->profile), text);
        auto plain = readReportJson(text, "mem");
        QVERIFY(plain.ok());
        QCOMPARE(formatReportJson(*plain), formatReportJson(read->result));
        auto noProfile = readSessionJson(formatReportJson(counts), "mem");
        QVERIFY(noProfile.ok() && !noProfile->profile);
    }

    void badSectionsAreRefusedByName_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("saying");
        QTest::newRow("newer format") << "/profile/format" << "99" << "newer than this perfdash reads";
        QTest::newRow("frame module") << "/profile/frames/0/1" << "9" << "a frame's module is 9";
        QTest::newRow("node parent ahead") << "/profile/nodes/0/0" << "3" << "a node's parent is 3";
        QTest::newRow("row thread") << "/profile/rows/0/1" << "4" << "row 0's thread is 4";
        QTest::newRow("row length") << "/profile/rows/0" << "[0,0,0,1,0]" << "does not have the 5 key fields";
        QTest::newRow("negative count") << "/profile/rows/1/5" << "-3" << "is not a count";
        QTest::newRow("interval past the end") << "/profile/rows/0/0" << "7" << "past duration_s";
        QTest::newRow("columns") << "/profile/columns" << "[\"samples\"]" << "columns, where its events";
        QTest::newRow("strings") << "/profile/strings/0" << "\"x\"" << "must start with the empty string";
        QTest::newRow("code module") << "/profile/codes/0/1" << "9" << "a code's module is 9";
        QTest::newRow("code function") << "/profile/codes/0/0" << "0" << "a code's function is 0";
        QTest::newRow("code past the end") << "/profile/codes/0/3" << "18446744073709551615" << "pass the end";
        QTest::newRow("instruction code") << "/profile/instructions/0/0" << "3" << "an instruction's code is 3";
        QTest::newRow("instruction address") << "/profile/instructions/0/1" << "-1" << "an instruction's address is not";
        QTest::newRow("instruction outside") << "/profile/instructions/0/1" << "4096" << "outside its function's code";
        QTest::newRow("instruction row index") << "/profile/instruction_rows/0/3" << "4" << "instruction row 0's instruction is 4";
        QTest::newRow("instruction row length") << "/profile/instruction_rows/1" << "[0,0,0,1]" << "does not have the 4 key fields";
        QTest::newRow("instruction row count") << "/profile/instruction_rows/2/4" << "\"x\"" << "column samples is not a count";
        QTest::newRow("instruction columns") << "/profile/instruction_columns" << "[]" << "instruction_columns has 0 columns";
        QTest::newRow("codes missing") << "/profile/codes" << "{}" << "'codes' has the wrong type";
    }
    void badSectionsAreRefusedByName() {
        QFETCH(QString, path);
        QFETCH(QString, value);
        QFETCH(QString, saying);
        MeasurementResult counts;
        nlohmann::json j = nlohmann::json::parse(formatSessionJson(counts, handMade()));
        j[nlohmann::json::json_pointer(path.toStdString())] = nlohmann::json::parse(value.toStdString());
        auto read = readSessionJson(j.dump(), "bad.json");
        QVERIFY(!read.ok());
        QVERIFY2(read.error().message.find(saying.toStdString()) != std::string::npos, read.error().message.c_str());
        QVERIFY(read.error().message.starts_with("bad.json"));
    }
};

QTEST_GUILESS_MAIN(TestProfileViews)
#include "test_profile_views.moc"
