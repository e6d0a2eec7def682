// The Hotspots page on the session size issue 31 names: 1 M samples over
// 10 000 functions. The profile is SYNTHETIC, generated here (this machine
// has no PMU to record a CPI group, and a recording of that size would take
// hours of sampling; nothing in it was measured, and the first line says
// so): a CPI-like group (instructions and cycles in every sample, CPI over
// them), 4 threads, call paths of 3 to 14 frames whose functions follow a
// Zipf law, 600 intervals of 0.1 s.
//
// It measures, side by side in one run:
//  - re-aggregation: the page's whole worker (table, flame graph, trees) from
//    a new time range to the page showing it, on the real HotspotsPage;
//    target 100 ms;
//  - a frame: what the GUI thread does with a new aggregation (the table's
//    rows, the flame graph's tree, the two trees' models) and the repaint of
//    the table and the flame graph at 1280x800; target 16 ms, median;
//  - memory: the RSS the page adds to the process over the profile it shows,
//    all tabs summed; target 100 MB.
// Each figure is printed with its ratio to the target (at most 1 meets it).
#include <QApplication>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QEventLoop>
#include <QTimer>
#include <QTableView>
#include <QTreeView>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <unordered_map>
#include <vector>

#include "bench/ProcessFigures.h"
#include "core/profile/FlameTree.h"
#include "core/profile/ProfileMetrics.h"
#include "core/profile/ProfileViews.h"
#include "widgets/hotspots/CallTreeModel.h"
#include "widgets/hotspots/FlameGraphPanel.h"
#include "widgets/common/FlameGraphView.h"
#include "widgets/hotspots/FunctionTableModel.h"
#include "widgets/hotspots/HotspotsPage.h"

using namespace perfdash;
using namespace perfdash::bench;

namespace {

struct Shape {
    size_t functions = 10000;
    size_t samples = 1000000;
    size_t intervals = 600;
    size_t paths = 60000; // distinct call paths
};

// A made-up profile of that shape: every row's columns as a recording would sum them.
std::shared_ptr<Profile> synthetic(const Shape& shape) {
    auto p = std::make_shared<Profile>();
    p->events = {{"PMC0", "INSTRUCTIONS", true, ""}, {"PMC1", "CYCLES", true, ""}};
    p->metrics = {{"CPI", "PMC1/PMC0"}};
    p->sampling.leader = "CYCLES";
    p->sampling.rate = "every 1000000 events";
    p->sampling.callGraph = "fp";
    p->intervalS = 0.1;
    p->durationS = double(shape.intervals) * p->intervalS;
    for (size_t m = 0; m < 50; ++m) p->modules.push_back({"/usr/lib/libsynthetic_" + std::to_string(m) + ".so", "", "", ""});
    for (size_t f = 0; f < shape.functions; ++f) {
        p->strings.push_back("synthetic_function_" + std::to_string(f));
        p->frames.push_back({uint32_t(p->strings.size() - 1), int32_t(f % 50), 0, 0, 0});
    }
    for (int t = 0; t < 4; ++t) p->threads.push_back({1000, 1000 + t, "synthetic"});
    std::mt19937_64 random(42);
    // Functions by a Zipf law: a few hot, a long tail.
    std::vector<double> weights(shape.functions);
    for (size_t f = 0; f < shape.functions; ++f) weights[f] = 1.0 / double(f + 1);
    std::discrete_distribution<uint32_t> function(weights.begin(), weights.end());
    std::uniform_int_distribution<int> depth(3, 14);
    std::unordered_map<uint64_t, uint32_t> child; // (parent node, frame) → node
    std::vector<uint32_t> leaves;
    for (size_t path = 0; path < shape.paths; ++path) {
        uint32_t node = 0;
        const int d = depth(random);
        for (int level = 0; level < d; ++level) {
            const uint32_t frame = level == 0 ? 0 : function(random); // every path from the same entry
            auto [it, added] = child.try_emplace((uint64_t(node) << 32) | frame, uint32_t(p->nodes.size()));
            if (added) p->nodes.push_back({node, frame});
            node = it->second;
        }
        leaves.push_back(node);
    }
    std::vector<double> pathWeights(leaves.size());
    for (size_t i = 0; i < leaves.size(); ++i) pathWeights[i] = 1.0 / std::sqrt(double(i + 1));
    std::discrete_distribution<size_t> pathOf(pathWeights.begin(), pathWeights.end());
    std::uniform_real_distribution<double> cpi(0.5, 3.0);
    const ProfileColumns c = p->columns();
    const double period = 1e6;
    for (size_t interval = 0; interval < shape.intervals; ++interval) {
        std::unordered_map<uint64_t, size_t> rowOf; // (path, thread) → row
        for (size_t s = 0; s < shape.samples / shape.intervals; ++s) {
            const size_t path = pathOf(random);
            const uint32_t thread = uint32_t(s % 4);
            auto [it, added] = rowOf.try_emplace((uint64_t(path) << 2) | thread, p->keys.size());
            if (added) {
                p->keys.push_back({uint32_t(interval), thread, 0, leaves[path], StackState::Complete});
                p->values.resize(p->values.size() + c.count(), 0.0);
            }
            double* v = p->values.data() + it->second * c.count();
            const double cycles = period, instructions = period / cpi(random), ns = period / 3.0;
            const double x[3] = {instructions, cycles, ns};
            v[ProfileColumns::kSamples] += 1;
            v[ProfileColumns::kWeight] += cycles;
            v[c.event(0)] += instructions;
            v[c.event(1)] += cycles;
            v[c.time()] += ns;
            for (size_t a = 0; a < 3; ++a)
                for (size_t b = a; b < 3; ++b) v[c.moment(a, b)] += x[a] * x[b];
        }
    }
    return p;
}

// Runs the event loop until the page shows what was asked for last.
bool waitReady(HotspotsPage& page, const std::function<void()>& ask) {
    QEventLoop loop;
    bool shown = false;
    const auto done = QObject::connect(&page, &HotspotsPage::tableReady, &loop, [&] {
        shown = true;
        loop.quit();
    });
    QTimer::singleShot(600000, &loop, &QEventLoop::quit);
    ask();
    if (!shown) loop.exec();
    QObject::disconnect(done);
    return shown;
}

double ms(const QElapsedTimer& t) { return double(t.nsecsElapsed()) / 1e6; }

void verdict(const char* what, double value, double target, const char* unit) {
    std::printf("%-58s %9.1f %s   target %5.0f %s   ratio %.2f (%s)\n", what, value, unit, target, unit, value / target,
                value <= target ? "met" : "MISSED");
}

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    Shape shape;
    if (argc > 1) shape.samples = size_t(std::atof(argv[1]));
    if (argc > 2) shape.functions = size_t(std::atoi(argv[2]));
    const int repeats = argc > 3 ? std::atoi(argv[3]) : 15;
    std::printf("SYNTHETIC profile generated in this process (not measured): %zu samples, %zu functions, %zu call paths, "
                "%zu intervals of 0.1 s, 4 threads, a CPI group\n",
                shape.samples, shape.functions, shape.paths, shape.intervals);
    const double before = rssMB();
    std::shared_ptr<const Profile> profile = synthetic(shape);
    const double withProfile = rssMB();
    std::printf("profile: %zu rows, %zu call-path nodes; RSS %.1f MB -> %.1f MB\n", profile->rows(), profile->nodes.size(), before,
                withProfile);

    // The real page: the whole run, then time ranges, each from the request to the page showing it.
    HotspotsPage page;
    page.resize(1280, 800);
    page.show();
    QElapsedTimer t;
    t.start();
    if (!waitReady(page, [&] { page.showProfile(profile, QStringLiteral("synthetic")); }))
        return std::fprintf(stderr, "the page never showed the profile\n"), 1;
    const double wholeRun = ms(t);
    app.processEvents();
    const double withPage = rssMB();
    std::vector<double> ranges;
    for (int i = 0; i < repeats; ++i) {
        const double from = 5.0 + 3.0 * (i % 10);
        page.timeRange()->setText(QStringLiteral("%1-%2").arg(from).arg(from + 6)); // a tenth of the run
        t.restart();
        if (!waitReady(page, [&] { emit page.timeRange()->editingFinished(); }))
            return std::fprintf(stderr, "the page never showed a time range\n"), 1;
        ranges.push_back(ms(t));
    }
    app.processEvents();
    const double peakWithPage = peakRssMB();

    // A frame: a new aggregation applied on the GUI thread and the table and flame graph repainted.
    auto selection = selectRows(*profile, {});
    auto metrics = ProfileMetrics::compile(*profile);
    if (!selection || !metrics) return std::fprintf(stderr, "cannot select or compile\n"), 1;
    // The worker's steps one by one (the page sums the table beside the tree, on two threads): where the time goes.
    auto steps = [&](const ProfileSelection& selected, const char* what) {
        t.restart();
        const size_t functions = functionTable(*profile, selected, *metrics).size();
        const double tableMs = ms(t);
        t.restart();
        const ColouredTree top = colouredTree(*profile, selected, CallTreeView::TopDown, {}, "all", &*metrics);
        const double topMs = ms(t);
        t.restart();
        const ColouredTree bottom = colouredTree(*profile, selected, CallTreeView::BottomUp, {}, {}, &*metrics);
        std::printf("worker steps, %s (%zu rows): function table %.1f ms (%zu functions), flame tree and its colours %.1f ms "
                    "(%zu nodes), bottom-up tree and its colours %.1f ms (%zu nodes)\n",
                    what, selected.rows.size(), tableMs, functions, topMs, top.tree.nodes.size(), ms(t), bottom.tree.nodes.size());
    };
    ProfileFilter tenth;
    tenth.fromS = 20;
    tenth.toS = 26;
    steps(*selectRows(*profile, tenth), "a tenth of the run");
    steps(*selection, "the whole run");
    const std::vector<FunctionRow> rows = functionTable(*profile, *selection, *metrics);
    ColouredTree top = colouredTree(*profile, *selection, CallTreeView::TopDown, {}, "all", &*metrics);
    auto flame = std::make_shared<const FlameTree>(std::move(top.tree));
    auto values = std::make_shared<const FlameColourings>(std::move(top.values));
    ColouredTree bottom = colouredTree(*profile, *selection, CallTreeView::BottomUp, {}, {}, &*metrics);
    auto bottomUp = std::make_shared<const FlameTree>(std::move(bottom.tree));
    auto bottomUpValues = std::make_shared<const FlameColourings>(std::move(bottom.values));
    FunctionTableModel model;
    QTableView table;
    table.setModel(&model);
    table.resize(1280, 600);
    FlameGraphPanel panel;
    panel.resize(1280, 600);
    CallTreeModel topDown, bottomUpModel;
    QTreeView topDownView, bottomUpView;
    topDownView.setModel(&topDown);
    bottomUpView.setModel(&bottomUpModel);
    table.show();
    panel.show();
    std::vector<double> frames, applyOnly;
    for (int i = 0; i < repeats; ++i) {
        t.restart();
        model.setRows(*profile, rows, ProfileGrouping::Function, metrics->names());
        panel.setFlame(flame, values, metrics->names());
        topDown.setTree(flame, values, metrics->names(), selection->sums, false);
        bottomUpModel.setTree(bottomUp, bottomUpValues, metrics->names(), selection->sums, false);
        applyOnly.push_back(ms(t));
        table.repaint();
        panel.view()->repaint();
        frames.push_back(ms(t));
    }
    const auto [rangeMedian, rangeP95] = medianP95(ranges);
    const auto [frameMedian, frameP95] = medianP95(frames);
    std::printf("whole run shown by the page (worker and GUI): %.1f ms\n", wholeRun);
    std::printf("time range (a tenth of the run), request to shown: median %.1f ms, p95 %.1f ms over %d\n", rangeMedian,
                rangeP95, repeats);
    std::printf("frame: models %.1f ms + repaint, median %.1f ms, p95 %.1f ms over %d\n", medianP95(applyOnly).first,
                frameMedian, frameP95, repeats);
    std::printf("RSS: profile %.1f MB; page over it %.1f MB (peak of the process %.1f MB)\n", withProfile - before,
                withPage - withProfile, peakWithPage);
    verdict("re-aggregation of a time range, median", rangeMedian, 100, "ms");
    verdict("a frame (models and repaint of table and flame graph), median", frameMedian, 16, "ms");
    verdict("memory the page adds", withPage - withProfile, 100, "MB");
    return 0;
}
