// Replot cost of the live timeline for a long session: 8 per-CPU lines of
// 360 000 points each (1 h at 10 ms), drawn through the live view's own
// storage and chart code (TimelineData → TimelineChart: min/max decimation
// to the plot's width), side by side with a naive baseline that hands every
// point to QCustomPlot. Each side runs in its own child process so that its
// RSS growth is its own. Prints median and p95 replot times at full view and
// zoomed, and the RSS growth. See README.md.
#include <QApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "bench/ProcessFigures.h"
#include "widgets/common/ChartPlan.h"
#include "widgets/common/TimelineChart.h"
#include "widgets/common/TimelineData.h"

using namespace perfdash;
using namespace perfdash::bench;

namespace {

struct Options {
    int replots = 100;
    size_t points = 360000;
    size_t lines = 8;
    double intervalS = 0.01;
    int width = 1280, height = 400;
};

// Median and p95 of one row, in milliseconds: wall time, and the CPU time
// of the GUI thread (what the replot itself cost, whatever else the machine
// was running).
struct Timing {
    double median = 0, p95 = 0;
    double cpuMedian = 0, cpuP95 = 0;
};

// One side's results; passed from the child through a pipe.
struct Figures {
    Timing full;
    Timing reduce; // ours: of a full-view replot, reducing the data
    Timing zoom;   // a 10-minute window, panned a little every replot
    Timing close;  // a 10-second window
    double rssGrowthMB = 0;
    double storeMB = 0;             // ours only: what the store allocated
    double storeBytesPerPoint = 0;  // ours only
    double ingestUsPerInterval = 0; // ours only
    double drawnPointsPerLine = 0;  // at full view
};

// A clock-like signal per CPU, with a short n/a stretch now and then.
double sample(size_t line, size_t i) {
    if (i % 50000 >= 49900) return std::nan("");
    const double t = static_cast<double>(i) * 0.01;
    return 2000 + 300 * std::sin(t / (30 + 7 * static_cast<double>(line))) + 50 * std::sin(t * 3.1 + line) +
           static_cast<double>((i * 2654435761u + line * 40503u) % 97);
}

IntervalResult makeInterval(const Options& o, size_t i) {
    GroupResult group;
    group.name = "BENCH";
    MetricResult clock{"Clock [MHz]", "1.0E-06*PMC0/time", {}, 0};
    for (size_t l = 0; l < o.lines; ++l) clock.perLocation.push_back(sample(l, i));
    clock.aggregate = clock.perLocation[0];
    group.metrics.push_back(std::move(clock));
    return {static_cast<double>(i + 1) * o.intervalS, o.intervalS, {std::move(group)}};
}

// Times `replots` calls of replot(k): for ours that includes reducing the
// data to the plot's width, which is part of what a replot costs us.
template <class Replot> Timing timeReplots(int replots, Replot replot) {
    std::vector<double> wall, cpu;
    QElapsedTimer timer;
    for (int k = 0; k < replots; ++k) {
        const double cpu0 = threadCpuMs();
        timer.start();
        replot(k);
        wall.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        cpu.push_back(threadCpuMs() - cpu0);
    }
    Timing t;
    std::tie(t.median, t.p95) = medianP95(wall);
    std::tie(t.cpuMedian, t.cpuP95) = medianP95(cpu);
    return t;
}

void warmUp(const Options& o) {
    // Fonts, the backing store and QCustomPlot's buffers cost the same on both
    // sides: load them before the baseline RSS is taken.
    QCustomPlot plot;
    plot.resize(o.width, o.height);
    plot.addGraph()->setData({0, 1}, {0, 1});
    plot.show();
    plot.replot(QCustomPlot::rpImmediateRefresh);
    QApplication::processEvents();
}

Figures runOurs(const Options& o) {
    Figures f;
    warmUp(o);
    const double rss0 = rssMB();
    TimelineData data;
    std::vector<LocationInfo> cpus;
    for (size_t l = 0; l < o.lines; ++l) cpus.push_back({LocationKind::Cpu, static_cast<int>(l)});
    data.reset(cpus);
    QElapsedTimer ingest;
    qint64 ingestNs = 0;
    std::vector<IntervalResult> batch;
    for (size_t i = 0; i < o.points; ++i) {
        batch.push_back(makeInterval(o, i));
        if (batch.size() == 100 || i + 1 == o.points) { // one second of intervals, as they arrive live
            ingest.start();
            data.append(batch);
            ingestNs += ingest.nsecsElapsed();
            batch.clear();
        }
    }
    f.ingestUsPerInterval = static_cast<double>(ingestNs) / 1e3 / static_cast<double>(o.points);
    const auto specs = planCharts(data.series(), ChartGrouping::ByUnit, LocationMode::PerLocation);
    TimelineChart chart(data, specs.front());
    chart.resize(o.width, o.height);
    chart.show();
    const double end = data.store().time(data.store().size() - 1);
    chart.setTimeRange(0, end);
    chart.refresh(QCustomPlot::rpImmediateRefresh);
    QApplication::processEvents();
    chart.refresh(QCustomPlot::rpImmediateRefresh);
    f.rssGrowthMB = rssMB() - rss0;
    f.storeMB = static_cast<double>(data.store().bytesAllocated()) / 1e6;
    f.storeBytesPerPoint = static_cast<double>(data.store().bytesAllocated()) /
                           static_cast<double>(data.store().size() * data.store().seriesCount());
    f.drawnPointsPerLine = chart.plot()->graph(0)->dataCount();

    // Reducing the data alone: a queued replot is not drawn while no events are processed.
    f.reduce = timeReplots(o.replots, [&](int) { chart.refresh(QCustomPlot::rpQueuedReplot); });
    f.full = timeReplots(o.replots, [&](int) { chart.refresh(QCustomPlot::rpImmediateRefresh); });
    f.zoom = timeReplots(o.replots, [&](int k) {
        const double from = end / 2 + k * 6.0;
        chart.setTimeRange(from, from + 600);
        chart.refresh(QCustomPlot::rpImmediateRefresh);
    });
    f.close = timeReplots(o.replots, [&](int k) {
        const double from = end / 2 + k * 0.1;
        chart.setTimeRange(from, from + 10);
        chart.refresh(QCustomPlot::rpImmediateRefresh);
    });
    return f;
}

Figures runNaive(const Options& o) {
    Figures f;
    warmUp(o);
    const double rss0 = rssMB();
    QCustomPlot plot;
    plot.resize(o.width, o.height);
    plot.legend->setVisible(true);
    for (size_t l = 0; l < o.lines; ++l) {
        QVector<QCPGraphData> points(static_cast<qsizetype>(o.points));
        for (size_t i = 0; i < o.points; ++i)
            points[static_cast<qsizetype>(i)] = {static_cast<double>(i + 1) * o.intervalS, sample(l, i)};
        QCPGraph* graph = plot.addGraph();
        graph->data()->set(points, true);
        graph->setName(QStringLiteral("CPU %1").arg(l));
    }
    plot.show();
    const double end = static_cast<double>(o.points) * o.intervalS;
    plot.xAxis->setRange(0, end);
    plot.yAxis->setRange(1500, 2600);
    plot.replot(QCustomPlot::rpImmediateRefresh);
    QApplication::processEvents();
    f.rssGrowthMB = rssMB() - rss0;
    f.drawnPointsPerLine = static_cast<double>(o.points);

    f.full = timeReplots(o.replots, [&](int) { plot.replot(QCustomPlot::rpImmediateRefresh); });
    f.zoom = timeReplots(o.replots, [&](int k) {
        const double from = end / 2 + k * 6.0;
        plot.xAxis->setRange(from, from + 600);
        plot.replot(QCustomPlot::rpImmediateRefresh);
    });
    f.close = timeReplots(o.replots, [&](int k) {
        const double from = end / 2 + k * 0.1;
        plot.xAxis->setRange(from, from + 10);
        plot.replot(QCustomPlot::rpImmediateRefresh);
    });
    return f;
}

bool runInChild(int argc, char** argv, Figures (*run)(const Options&), const Options& o, Figures& out) {
    int fds[2];
    if (pipe(fds) != 0) return false;
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        QApplication app(argc, argv);
        const Figures f = run(o);
        const bool complete = write(fds[1], &f, sizeof f) == static_cast<ssize_t>(sizeof f);
        _exit(complete ? 0 : 1);
    }
    close(fds[1]);
    const bool read_ok = pid > 0 && read(fds[0], &out, sizeof out) == static_cast<ssize_t>(sizeof out);
    close(fds[0]);
    int status = 0;
    if (pid > 0) waitpid(pid, &status, 0);
    return read_ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    if (argc > 1) o.replots = std::max(5, std::atoi(argv[1]));
    if (argc > 2) o.points = std::max<size_t>(1000, std::strtoul(argv[2], nullptr, 10));
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");

    Figures ours, naive;
    if (!runInChild(argc, argv, runOurs, o, ours) || !runInChild(argc, argv, runNaive, o, naive)) {
        std::fprintf(stderr, "perfdash_bench_replot: a benchmark process failed\n");
        return 1;
    }
    std::printf("replot: %zu lines x %zu points (%.0f s at %.0f ms), plot %dx%d, %d replots per row, platform %s\n",
                o.lines, o.points, static_cast<double>(o.points) * o.intervalS, o.intervalS * 1e3, o.width, o.height,
                o.replots, qgetenv("QT_QPA_PLATFORM").constData());
    // Cells: median/p95 of wall time, then of the GUI thread's CPU time; the
    // ratio column is naive / perfdash of the medians (how many times faster).
    std::printf("%-30s %-27s %-27s %s\n", "", "perfdash (store+decimation)", "naive (every point to QCP)",
                "naive/perfdash");
    std::printf("%-30s %-27s %-27s %s\n", "median/p95 [ms]", "   wall         GUI CPU", "   wall         GUI CPU",
                "  wall  GUI CPU");
    const auto cells = [](const Timing& t) {
        std::printf(" %6.1f/%-6.1f %6.1f/%-6.1f", t.median, t.p95, t.cpuMedian, t.cpuP95);
    };
    const auto row = [&](const char* name, const Timing& a, const Timing* b) {
        std::printf("%-30s", name);
        cells(a);
        if (b) {
            cells(*b);
            std::printf(" %5.1fx %6.1fx", b->median / a.median, b->cpuMedian / a.cpuMedian);
        }
        std::printf("\n");
    };
    row("full view", ours.full, &naive.full);
    row("  of which reducing the data", ours.reduce, nullptr);
    row("10 min window (panned)", ours.zoom, &naive.zoom);
    row("10 s window (panned)", ours.close, &naive.close);
    // Single figures sit under the medians' column.
    std::printf("%-30s %6.1f%21s %6.1f%21s %5.1fx\n", "RSS growth for the session [MB]", ours.rssGrowthMB, "",
                naive.rssGrowthMB, "", naive.rssGrowthMB / ours.rssGrowthMB);
    std::printf("%-30s %6.1f\n", "store allocated [MB]", ours.storeMB);
    std::printf("%-30s %6.2f\n", "store bytes per point", ours.storeBytesPerPoint);
    std::printf("%-30s %6.0f%21s %6.0f\n", "points handed to QCP per line", ours.drawnPointsPerLine, "",
                naive.drawnPointsPerLine);
    std::printf("%-30s %6.3f\n", "append per interval [us]", ours.ingestUsPerInterval);
    std::printf("target: full-view replot median <= 16 ms: %s (wall), %s (GUI thread CPU); "
                "session memory <= 100 MB: %s (store), %s (RSS growth)\n",
                ours.full.median <= 16 ? "met" : "missed", ours.full.cpuMedian <= 16 ? "met" : "missed",
                ours.storeMB <= 100 ? "met" : "missed", ours.rssGrowthMB <= 100 ? "met" : "missed");
    return 0;
}
