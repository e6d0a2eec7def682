// perfdash_bench_session_autosave: what saving a long session costs.
//
// The claim (core/session/SessionJournal.h): an autosave costs what its new
// intervals cost, whatever the size of the file it appends to. Two journals
// are written the way SessionRecorder writes them, from one real interval of
// the SOFTWARE group (a short measurement of `sleep`): a small one (30 s at
// 10 ms, 3000 intervals) and a large one (20 minutes at 10 ms, 120000
// intervals, about 230 MB). Then, in rounds whose order rotates (so that a change of load hits every
// variant alike), each round times
//   - an autosave of 3 s of intervals (300) to the small file,
//   - the same autosave to the large file,
//   - an autosave of 4x as many intervals (1200) to the large file;
// and in a few rounds of its own, what an autosave that rewrote the whole
// report (serialize + atomic write) would cost at both sizes. It prints the
// medians side by side and their ratios, then the final write's cost.
//
// Usage: perfdash_bench_session_autosave [intervals=120000] [rounds=15] [directory=$TMPDIR]
// Memory: about 17 KB per interval (the timeline in memory and, for the
// rewrite, as a JSON tree): 2 GB by default, 6 GB for an hour (360000).
// The directory should be on the disk the sessions go to: an autosave ends
// with fdatasync, which is free on tmpfs.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/report/ReportJson.h"
#include "core/session/SessionJournal.h"
#include "core/measurement/Measurement.h"
#include "core/util/AtomicFile.h"
#include "core/util/Median.h"

using namespace perfdash;
using Clock = std::chrono::steady_clock;

namespace {

constexpr size_t kSmallIntervals = 3000; // 30 s at 10 ms
constexpr size_t kBatch = 300;           // SessionRecorder autosaves every 3 s; 3 s at 10 ms
constexpr size_t kBigBatch = 4 * kBatch;
constexpr int kRewriteRounds = 3;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

[[noreturn]] void fail(const std::string& message) {
    std::fprintf(stderr, "perfdash_bench_session_autosave: %s\n", message.c_str());
    std::exit(1);
}

MeasurementResult measureTemplate() {
    MachineContext machine;
    MeasurementRequest request;
    request.command = {"sleep", "0.1"};
    request.groups = {"SOFTWARE"};
    request.interval = std::chrono::milliseconds(10);
    request.stdinFromNull = true;
    auto plan = MeasurementPlan::prepare(request, machine);
    if (!plan) fail(plan.error().message);
    auto measurement = Measurement::start(*plan, machine);
    if (!measurement) fail(measurement.error().message);
    MeasurementResult result = (*measurement)->finish();
    if (result.intervals.empty()) fail("the measurement of `sleep 0.1` gave no intervals");
    return result;
}

// The session's intervals, 10 ms apart, all copies of one measured interval.
class IntervalSource {
public:
    explicit IntervalSource(IntervalResult sample) : sample_(std::move(sample)) {}
    std::vector<IntervalResult> next(size_t count) {
        std::vector<IntervalResult> batch(count, sample_);
        for (auto& interval : batch) interval.t = 0.01 * static_cast<double>(++produced_);
        return batch;
    }

private:
    IntervalResult sample_;
    size_t produced_ = 0;
};

struct Session {
    std::string path;
    IntervalSource source;
    std::unique_ptr<SessionJournal> journal;
    MeasurementResult result; // head and every interval, for the rewrite
};

Session openSession(const std::string& path, const MeasurementResult& head, const IntervalResult& sample, size_t intervals) {
    Session s{path, IntervalSource(sample), nullptr, head};
    auto journal = SessionJournal::create(path, head);
    if (!journal) fail(journal.error().message);
    s.journal = std::move(*journal);
    for (size_t done = 0; done < intervals; done += kBatch) {
        std::vector<IntervalResult> batch = s.source.next(std::min(kBatch, intervals - done));
        if (Status appended = s.journal->append(batch); !appended) fail(appended.error().message);
        s.result.intervals.insert(s.result.intervals.end(), std::make_move_iterator(batch.begin()),
                                  std::make_move_iterator(batch.end()));
    }
    return s;
}

double autosave(Session& s, size_t count) {
    std::vector<IntervalResult> batch = s.source.next(count);
    const auto start = Clock::now();
    if (Status appended = s.journal->append(batch); !appended) fail(appended.error().message);
    const double took = secondsSince(start);
    s.result.intervals.insert(s.result.intervals.end(), std::make_move_iterator(batch.begin()),
                              std::make_move_iterator(batch.end()));
    return took;
}

double rewrite(const Session& s) {
    const auto start = Clock::now();
    if (Status written = writeFileAtomically(s.path + ".rewrite", formatReportJsonLine(s.result)); !written)
        fail(written.error().message);
    return secondsSince(start);
}

double megabytes(const std::string& path) { return static_cast<double>(std::filesystem::file_size(path)) / 1e6; }

} // namespace

int main(int argc, char** argv) {
    const size_t large = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 120000; // 20 min at 10 ms
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 15;
    const std::string dir = argc > 3 ? argv[3] : std::filesystem::temp_directory_path().string();
    if (large <= kSmallIntervals || rounds < 1) fail("usage: perfdash_bench_session_autosave [intervals>3000] [rounds>=1] [directory]");

    MeasurementResult head = measureTemplate();
    const IntervalResult sample = head.intervals.front();
    head.intervals.clear();
    std::printf("intervals of %zu location(s) in %zu group(s); autosave = %zu intervals (3 s at 10 ms); files in %s\n",
                head.locations.size(), sample.groups.size(), kBatch, dir.c_str());

    Session small = openSession(dir + "/perfdash_bench_session_small.json", head, sample, kSmallIntervals);
    Session big = openSession(dir + "/perfdash_bench_session_large.json", head, sample, large);
    const double smallMb = megabytes(small.path), bigMb = megabytes(big.path);

    std::vector<double> atSmall, atLarge, atLargeBig;
    const std::array<std::function<void()>, 3> variants = {
        [&] { atSmall.push_back(autosave(small, kBatch)); },
        [&] { atLarge.push_back(autosave(big, kBatch)); },
        [&] { atLargeBig.push_back(autosave(big, kBigBatch)); },
    };
    for (int r = 0; r < rounds; ++r)
        for (size_t v = 0; v < variants.size(); ++v) variants[(v + static_cast<size_t>(r)) % variants.size()]();

    std::vector<double> rewriteSmall, rewriteLarge;
    for (int r = 0; r < kRewriteRounds; ++r) {
        if (r % 2 == 0) rewriteSmall.push_back(rewrite(small));
        rewriteLarge.push_back(rewrite(big));
        if (r % 2 != 0) rewriteSmall.push_back(rewrite(small));
    }

    const double aS = median(atSmall), aL = median(atLarge), aL4 = median(atLargeBig);
    const double rS = median(rewriteSmall), rL = median(rewriteLarge);
    std::printf("\nmedians of %d rounds (autosaves) and %d rounds (rewrites):\n", rounds, kRewriteRounds);
    std::printf("%-34s %14s %14s %8s\n", "", "small file", "large file", "ratio");
    std::printf("%-34s %11.1f MB %11.1f MB %8.0f\n", "file size before the rounds", smallMb, bigMb, bigMb / smallMb);
    std::printf("%-34s %11.2f ms %11.2f ms %8.2f\n", "autosave, 300 intervals", aS * 1e3, aL * 1e3, aL / aS);
    std::printf("%-34s %14s %11.2f ms %8.2f\n", "autosave, 1200 intervals", "", aL4 * 1e3, aL4 / aL);
    std::printf("%-34s %11.2f ms %11.2f ms %8.2f\n", "rewrite of the whole report", rS * 1e3, rL * 1e3, rL / rS);
    std::printf("%-34s %11.0fx %12.0fx\n", "rewrite / autosave", rS / aS, rL / aL);

    auto start = Clock::now();
    SessionJournal::Ending ending = SessionJournal::prepareEnding(big.result, big.journal->intervalCount());
    const double prepare = secondsSince(start);
    start = Clock::now();
    if (Status finished = big.journal->finish(std::move(ending)); !finished) fail(finished.error().message);
    std::printf("\nend of the large session: the GUI thread's part (prepareEnding) %.2f ms, "
                "final write (head + in-kernel copy of %.0f MB, fsync, rename) %.2f s\n",
                prepare * 1e3, megabytes(big.path), secondsSince(start));

    for (const Session* s : {&small, &big}) {
        std::filesystem::remove(s->path);
        std::filesystem::remove(s->path + ".rewrite");
    }
    return 0;
}
