// The dashboard's whole-process memory over a long live run, on the shape
// issue 15 names (64 CPUs, 2 groups, a 10 ms interval): a 1 h session must
// stay within 150 MB and memory must stay flat. The session is SYNTHETIC,
// generated here (this machine has no PMU and cannot record one).
//
// It goes through the objects a live run of the GUI goes through: a real
// MeasurementController runs a real Measurement (a `sleep` counted with the
// SOFTWARE group, so the RunRecorder starts its session file as for any
// run); the synthetic intervals are emitted through the controller's
// intervalsArrived, as its poll emits the measured ones, in batches of 3 (its
// 30 Hz poll at 10 ms) unless told otherwise; the recorder, the Live page (timeline, heat map,
// top-down, the tables) and the Overview page take them from there. The
// measurement's own intervals (one task) are never pulled, so they do not
// mix with the synthetic 64 CPUs.
//
// It runs as fast as it can, not in real time: the recorder autosaves every
// 100 intervals (at 10 ms they come before its 3 s period), and every 100
// intervals the bench waits for the last autosave to be written (a disk that
// keeps up, as it does at 10 ms intervals in real time: the wait is printed);
// every 300 it lets the event loop draw the pages.
//
// Prints, each minute of the session: VmRSS and VmHWM of the whole process,
// the timeline store's own allocation and the session file's size; then the
// hour's figures against the target and whether the second half of the hour
// grew. The session file goes to a temporary directory (argument 3, default
// the system's temporary directory) and is removed at the end; see
// freeSavedBlocks() for its size. Argument 4: intervals per batch (default 3,
// the controller's 30 Hz poll; more only to save wall time). See README.md.
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFile>
#include <QTemporaryDir>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <vector>

#include "bench/ProcessFigures.h"
#include "bench/frame/SyntheticSession.h"
#include "core/measurement/MachineContext.h"
#include "widgets/live/LiveView.h"
#include "widgets/overview/OverviewPage.h"
#include "widgets/common/TimelineData.h"
#include "widgets/live/TimelineView.h"
#include "widgets/run/MeasurementController.h"
#include "widgets/run/RunRecorder.h"

using namespace perfdash;
using namespace perfdash::bench;
using namespace std::chrono_literals;

namespace {

constexpr double kIntervalS = 0.01;
static size_t kPerPoll = 3;          // intervals one 30 Hz poll of the controller brings at 10 ms
constexpr size_t kPerAutosave = 100; // the recorder autosaves every 100 intervals: 1 s at 10 ms, before its 3 s period
constexpr size_t kPerDraw = 300;     // the pages draw once per 3 s of intervals: the wall time stays as it was
constexpr double kTargetMB = 150;

bool warned = false; // freeSavedBlocks() says once when the file system cannot

struct Mark {
    double minute = 0, rss = 0, peak = 0, storeMB = 0, fileMB = 0, wallS = 0;
};

// An hour of this shape is about 20 GB of session file (20.1 GB measured). The recorder never
// reads back what it saved while the run goes on, so the bench gives the disk
// blocks of the saved part back (the file keeps its size, with a hole): the
// recorder's writes are unchanged, and the disk holds only the newest part.
void freeSavedBlocks(const QString& path) {
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && st.st_size > 0 &&
        ::fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, st.st_size) != 0 && !warned) {
        std::fprintf(stderr, "cannot free the saved blocks of %s: %s (the file takes its whole size on disk)\n",
                     qPrintable(path), std::strerror(errno));
        warned = true;
    }
    ::close(fd);
}

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const double minutes = argc > 1 ? std::atof(argv[1]) : 60;
    const size_t cpus = argc > 2 ? size_t(std::atoi(argv[2])) : 64;
    const QString where = argc > 3 ? QString::fromLocal8Bit(argv[3]) : QDir::tempPath();
    if (argc > 4) kPerPoll = size_t(std::atoi(argv[4]));
    std::printf("SYNTHETIC session generated in this process (not measured): %zu CPUs, 2 groups (TMA, CLOCK), "
                "%.0f ms interval, %.1f min fed as fast as it goes through the live GUI's objects, %zu intervals "
                "a batch\n",
                cpus, kIntervalS * 1e3, minutes, kPerPoll);
    const double rssBefore = rssMB();

    QTemporaryDir sessions(where + QLatin1String("/perfdash-bench-gui-memory-XXXXXX"));
    if (!sessions.isValid()) {
        std::fprintf(stderr, "cannot make a temporary directory in %s for the session file: %s (name another "
                             "directory as the third argument)\n",
                     qPrintable(where), qPrintable(sessions.errorString()));
        return 1;
    }
    MachineContext machine;
    MeasurementController controller(machine);
    RunRecorder recorder(controller);
    recorder.setDirectory(sessions.path());
    recorder.setAutosaveInterval(1h); // never due here: at 10 ms its 100 intervals come first, as they do live
    size_t saves = 0;
    QObject::connect(&recorder, &RunRecorder::sessionSaved, [&] { ++saves; });
    QObject::connect(&recorder, &RunRecorder::saveFailed, [](const QString& message) {
        std::fprintf(stderr, "the session cannot be saved: %s\n", qPrintable(message));
        std::exit(1); // the figures would be those of the memory fallback, not of a recorded run
    });
    LiveView live;
    OverviewPage overview(live.timeline()->data());
    live.attach(&controller); // first: it feeds the timeline the overview draws from
    overview.attach(&controller);
    for (QWidget* page : {static_cast<QWidget*>(&live), static_cast<QWidget*>(&overview)}) {
        page->resize(1280, 720);
        page->show();
    }

    MeasurementRequest request;
    request.command = {"sleep", "86400"};
    request.groups = {"SOFTWARE"};
    request.interval = 10ms;
    auto plan = controller.prepare(request);
    if (!plan) {
        std::fprintf(stderr, "cannot plan the measurement that starts the run: %s\n", plan.error().message.c_str());
        return 1;
    }
    controller.setPollInterval(std::numeric_limits<int>::max()); // its own intervals are never pulled
    if (Status started = controller.start(std::move(*plan)); !started) {
        std::fprintf(stderr, "cannot start the measurement: %s\n", started.error().message.c_str());
        return 1;
    }
    recorder.waitForWrites(); // the session file exists
    // The pages began a session of the measurement's one task: begin it again for the synthetic CPUs.
    live.beginRun(cpuLocations(cpus));
    overview.beginRun();
    QApplication::processEvents();
    const double rssStarted = rssMB();
    std::printf("VmRSS before the GUI's objects %.1f MB, with the run started %.1f MB\n", rssBefore, rssStarted);
    std::printf("\n%8s %10s %10s %10s %12s %8s\n", "minute", "VmRSS MB", "VmHWM MB", "store MB", "written MB", "wall s");

    const TimelineData& data = live.timeline()->data();
    std::vector<GroupResult> groups = shape(cpus);
    const size_t total = size_t(minutes * 60 / kIntervalS);
    const size_t perMinute = size_t(60 / kIntervalS);
    std::vector<Mark> marks;
    QElapsedTimer wall;
    wall.start();
    double waitedS = 0;
    for (size_t fed = 0; fed < total;) {
        const size_t n = std::min(kPerPoll, total - fed);
        emit controller.intervalsArrived(batch(groups, fed, n, kIntervalS));
        fed += n;
        if (fed / kPerAutosave != (fed - n) / kPerAutosave || fed == total) {
            // The recorder queued an autosave on its own in the last batches: wait for it (its outcome reaches
            // the recorder here, so the next one can be queued).
            QElapsedTimer waited;
            waited.start();
            recorder.waitForWrites();
            waitedS += double(waited.nsecsElapsed()) / 1e9;
            freeSavedBlocks(recorder.sessionFile()); // the writer is idle now
        }
        if (fed / kPerDraw != (fed - n) / kPerDraw || fed == total) QApplication::processEvents(); // the pages draw
        if (fed % perMinute == 0 || fed == total) {
            const Mark m{double(fed) / double(perMinute), rssMB(), peakRssMB(), double(data.store().bytesAllocated()) / 1e6,
                         double(QFileInfo(recorder.sessionFile()).size()) / 1e6, double(wall.nsecsElapsed()) / 1e9};
            marks.push_back(m);
            std::printf("%8.1f %10.1f %10.1f %10.1f %12.1f %8.1f\n", m.minute, m.rss, m.peak, m.storeMB, m.fileMB, m.wallS);
            std::fflush(stdout);
        }
    }
    recorder.waitForWrites();
    QApplication::processEvents();

    const Mark& end = marks.back();
    const Mark* half = &marks.front(); // the last mark of the first half
    for (const Mark& m : marks)
        if (m.minute <= end.minute / 2) half = &m;
    std::printf("\nfed %zu intervals in %.1f s of wall time (%.1fx real time); the writer was waited for %.1f s; "
                "%zu autosaves written (the recorder's: each once %zu intervals had gathered)\n",
                total, end.wallS, minutes * 60 / end.wallS, waitedS, saves, kPerAutosave);
    std::printf("after %.1f min: whole process VmRSS %.1f MB (peak VmHWM %.1f MB), of which the run added %.1f MB "
                "since it started; the timeline store's own allocation %.1f MB; session file %.1f MB written\n",
                end.minute, end.rss, end.peak, end.rss - rssStarted, end.storeMB, end.fileMB);
    std::printf("flat: VmRSS at %.1f min %.1f MB, at %.1f min %.1f MB: %+.1f MB in the second half\n", half->minute,
                half->rss, end.minute, end.rss, end.rss - half->rss);
    std::printf("\nratio to target (<= 1 meets it; %.0f MB for a 1 h session%s):\n", kTargetMB,
                minutes >= 60 ? "" : ", which needs minutes=60");
    std::printf("  whole process, VmRSS / %.0f MB:                 %.2f\n", kTargetMB, end.rss / kTargetMB);
    std::printf("  whole process, peak VmHWM / %.0f MB:            %.2f\n", kTargetMB, end.peak / kTargetMB);
    std::printf("  the run's growth (VmRSS - at start) / %.0f MB:  %.2f\n", kTargetMB, (end.rss - rssStarted) / kTargetMB);
    // The recorder's destructor saves what is pending and leaves the file incomplete; the controller's stops the
    // measurement. The run is not finished: its final write would copy the whole file once more.
    return 0;
}
