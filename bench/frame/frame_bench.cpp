// Frame cost of the dashboard's three session pictures (the overview's
// tiles, the top-down view and the per-CPU heat map) on the shape the issue
// names: 64 CPUs, 2 groups (a TMA group with its level-1/level-2 hierarchy
// and a CLOCK-like group), a 10 ms interval. The session is SYNTHETIC,
// generated here (this machine has no PMU and cannot record one): nothing
// in it was measured. It is replayed at speed: the timeline is filled with
// `minutes` of intervals, then each frame appends the intervals 16 ms of
// sampling bring (2 at 10 ms) and redraws the three pages, as the GUI's
// frame timers do. Prints the median and p95 frame time per page and all
// three together, the memory the session took (measured: RSS growth and the
// timeline store's allocation), and both as ratios to the targets (16 ms a
// frame; 150 MB for 1 h, so run it with minutes=60 for that one). See README.md.
#include <QApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "bench/ProcessFigures.h"
#include "bench/frame/SyntheticSession.h"
#include "widgets/live/HeatMapView.h"
#include "widgets/overview/OverviewPage.h"
#include "widgets/common/TimelineData.h"
#include "widgets/live/TopDownView.h"

using namespace perfdash;
using namespace perfdash::bench;

namespace {

struct Options {
    size_t cpus = 64;
    double minutes = 2; // of session before the frames are timed
    int frames = 60;
    double intervalS = 0.01;
    size_t perFrame = 2; // intervals a 16 ms frame brings at 10 ms
};

struct Row {
    const char* name;
    std::vector<double> wall, cpu;
};

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    Options o;
    if (argc > 1) o.minutes = std::atof(argv[1]);
    if (argc > 2) o.frames = std::atoi(argv[2]);
    if (argc > 3) o.cpus = size_t(std::atoi(argv[3]));
    std::printf("SYNTHETIC session generated in this process (not measured): %zu CPUs, 2 groups (TMA, CLOCK), "
                "%.0f ms interval, %.1f min replayed at speed, then %d frames of %zu intervals each\n",
                o.cpus, o.intervalS * 1e3, o.minutes, o.frames, o.perFrame);

    TimelineData data;
    const std::vector<LocationInfo> locations = cpuLocations(o.cpus);
    OverviewPage overview(data);
    TopDownView topDown(data);
    HeatMapView heatMap(data);
    for (QWidget* w : {static_cast<QWidget*>(&overview), static_cast<QWidget*>(&topDown), static_cast<QWidget*>(&heatMap)}) {
        w->resize(1280, 720);
        w->show();
    }
    QApplication::processEvents();
    const double rss0 = rssMB();
    data.reset(locations);
    overview.beginRun();
    topDown.beginRun();
    heatMap.beginRun({});

    std::vector<GroupResult> groups = shape(o.cpus);
    const size_t prefill = size_t(o.minutes * 60 / o.intervalS);
    for (size_t i = 0; i < prefill; i += 100) data.append(batch(groups, i, std::min<size_t>(100, prefill - i), o.intervalS));
    overview.timelineGrew();
    topDown.timelineGrew();
    heatMap.timelineGrew();
    overview.flush();
    topDown.flush();
    heatMap.flush();
    QApplication::processEvents();
    const double rssSession = rssMB() - rss0;
    const double storeMB = double(data.store().bytesAllocated()) / 1e6;

    Row rows[] = {{"append 2 intervals", {}, {}}, {"overview", {}, {}}, {"top-down", {}, {}}, {"heat map", {}, {}}, {"whole frame", {}, {}}};
    size_t next = prefill;
    QElapsedTimer timer;
    for (int f = 0; f < o.frames; ++f) {
        const std::vector<IntervalResult> arrived = batch(groups, next, o.perFrame, o.intervalS);
        next += o.perFrame;
        double frameWall = 0, frameCpu = 0;
        auto timed = [&](Row& row, auto&& work) {
            const double cpu0 = threadCpuMs();
            timer.start();
            work();
            const double wall = double(timer.nsecsElapsed()) / 1e6, cpu = threadCpuMs() - cpu0;
            row.wall.push_back(wall);
            row.cpu.push_back(cpu);
            frameWall += wall;
            frameCpu += cpu;
        };
        // Each page as its frame timer redraws it: the figures, then the paint (repaint() paints now).
        timed(rows[0], [&] { data.append(arrived); });
        timed(rows[1], [&] { overview.timelineGrew(); overview.flush(); overview.repaint(); });
        timed(rows[2], [&] { topDown.timelineGrew(); topDown.flush(); topDown.repaint(); });
        timed(rows[3], [&] { heatMap.timelineGrew(); heatMap.flush(); heatMap.repaint(); });
        rows[4].wall.push_back(frameWall);
        rows[4].cpu.push_back(frameCpu);
    }

    std::printf("\n%-20s %22s %22s\n", "per frame", "wall median / p95 [ms]", "CPU median / p95 [ms]");
    for (const Row& row : rows) {
        const auto [wm, wp] = medianP95(row.wall);
        const auto [cm, cp] = medianP95(row.cpu);
        std::printf("%-20s %10.2f / %-9.2f %10.2f / %-9.2f\n", row.name, wm, wp, cm, cp);
    }
    const double frameWall = medianP95(rows[4].wall).first, frameCpu = medianP95(rows[4].cpu).first;
    const TimelineStore& store = data.store();
    std::printf("\noverview: %zu phases (the phase table has a row each, up to 9)\n", overview.phases().size());
    std::printf("session after %.1f min (%zu intervals): RSS growth %.1f MB, timeline store %.1f MB (%zu series; the newest "
                "%zu intervals point by point, older ones in buckets of %zu intervals)\n",
                o.minutes, store.size(), rssSession, storeMB, store.seriesCount(), store.size() - store.coarseEnd(),
                store.bucketSize());
    // Outside the store: a live Measurement that keeps every interval for its
    // final result (MeasurementRequest::keepIntervals; the GUI's session
    // recorder turns it off and keeps them in the session file instead, see
    // README.md) would hold this much. Measured here over one minute of
    // intervals of this shape, held as it holds them.
    const double rssBeforeKept = rssMB();
    std::vector<IntervalResult> kept;
    for (size_t i = 0; i < size_t(60 / o.intervalS); i += 100) {
        std::vector<IntervalResult> more = batch(groups, next + i, 100, o.intervalS);
        kept.insert(kept.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    }
    const double keptPerMinute = rssMB() - rssBeforeKept;
    std::printf("beside the store, NOT bounded by it: the intervals a live Measurement keeps for its final result "
                "with keepIntervals on (the GUI turns it off) take %.0f MB per minute of this shape (measured over %zu "
                "intervals), %.0f MB for 1 h\n",
                keptPerMinute, kept.size(), keptPerMinute * 60);
    std::printf("\nratio to target (<= 1 meets it):\n");
    std::printf("  frame, median wall / 16 ms:         %.2f\n", frameWall / 16);
    std::printf("  frame, median CPU / 16 ms:          %.2f\n", frameCpu / 16);
    // Measured, not projected: the store's size is bounded, so only a session of 1 h says what 1 h takes.
    std::printf("  session memory, RSS growth measured after %.1f min / 150 MB: %.2f%s\n", o.minutes, rssSession / 150,
                o.minutes >= 60 ? "" : " (the 1 h target needs minutes=60)");
    return 0;
}
