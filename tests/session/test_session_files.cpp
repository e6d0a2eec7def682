#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "report/ReportSamples.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/session/SessionFiles.h"
#include "core/session/SessionJournal.h"
#include "core/groups/FormulaConstants.h"
#include "core/result/MetricCoverage.h"
#include "core/util/Strings.h"
#include "util/FullFileSystem.h"

using namespace perfdash;

namespace {

// The rich sample as a launched program's session with a longer timeline.
MeasurementResult sessionSample(int intervals) {
    MeasurementResult r = samples::richResult();
    r.config.mode = "launch";
    r.config.command = {"/usr/bin/stream", "--size", "1 GB"};
    r.config.pid = 4242;
    r.exitStatus = 0;
    r.interrupted = false;
    const IntervalResult first = r.intervals.front();
    r.intervals.clear();
    for (int i = 1; i <= intervals; ++i) {
        IntervalResult interval = first;
        interval.t = 0.5 * i;
        interval.groups[0].events[0].total.value = 1000.0 * i; // tells the intervals apart
        r.intervals.push_back(interval);
    }
    return r;
}

std::vector<IntervalResult> slice(const std::vector<IntervalResult>& all, size_t begin, size_t end) {
    return {all.begin() + static_cast<std::ptrdiff_t>(begin), all.begin() + static_cast<std::ptrdiff_t>(end)};
}

// The autosave of a run killed after its first 3 intervals were saved.
bool writeKilledAutosave(const std::string& path, const MeasurementResult& run) {
    auto journal = SessionJournal::create(path, run);
    return journal.ok() && (*journal)->append(slice(run.intervals, 0, 3)).ok();
}

// Same data, as the writer sees it (a round trip through JSON must not change it).
std::string canonical(const MeasurementResult& r) { return formatReportJson(r); }

} // namespace

class TestSessionFiles : public QObject {
    Q_OBJECT
private slots:
    void journalIsACompleteIncompleteReportAfterEveryAutosave() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.json").toStdString();
        const MeasurementResult full = sessionSample(7);
        auto journal = SessionJournal::create(path, full);
        QVERIFY2(journal.ok(), journal.ok() ? "" : journal.error().message.c_str());

        auto read = readReportFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QVERIFY(read->incomplete);
        QCOMPARE(read->intervals.size(), size_t(0));
        QCOMPARE(read->config.command, full.config.command);
        QCOMPARE(read->locations.size(), size_t(3));

        size_t appended = 0;
        for (size_t end : {size_t(1), size_t(4), size_t(4), size_t(6)}) {
            QVERIFY((*journal)->append(slice(full.intervals, appended, end)).ok());
            appended = end;
            read = readReportFile(path);
            QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
            QVERIFY(read->incomplete);
            QCOMPARE(read->intervals.size(), appended);
            QCOMPARE(read->intervals.back().groups[0].events[0].total.value, 1000.0 * double(appended));
        }
        QCOMPARE((*journal)->intervalCount(), size_t(6));

        // The final report repeats every interval (a result that kept them all): the journal's six and the seventh.
        QVERIFY((*journal)->finish(full).ok());
        read = readReportFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QVERIFY(!read->incomplete);
        QCOMPARE(canonical(*read), canonical(full));
        QVERIFY(!(*journal)->append(full.intervals).ok()); // finished: no more
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"s.json"}); // no temporary left behind
    }

    void finishKeepsTheJournalsIntervalsWhenTheResultKeptNone() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.json").toStdString();
        const MeasurementResult full = sessionSample(5);
        auto journal = SessionJournal::create(path, full);
        QVERIFY(journal.ok());
        QVERIFY((*journal)->append(full.intervals).ok());
        MeasurementResult withoutTimeline = full;
        withoutTimeline.intervals.clear();
        QVERIFY((*journal)->finish(withoutTimeline).ok());
        auto read = readReportFile(path);
        QVERIFY(read.ok());
        QCOMPARE(canonical(*read), canonical(full));
    }

    // What only the run's end knows (a sampled run's profile) follows the intervals as members of the report.
    void finishAppendsTheEndingsTrailerAfterTheIntervals() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.json").toStdString();
        const MeasurementResult full = sessionSample(4);
        auto journal = SessionJournal::create(path, full);
        QVERIFY(journal.ok());
        QVERIFY((*journal)->append(slice(full.intervals, 0, 3)).ok());
        SessionJournal::Ending ending = SessionJournal::prepareEnding(full, 3);
        ending.trailer = ",\n  \"extra\": {\"rows\": [1, 2]}";
        QVERIFY((*journal)->finish(std::move(ending)).ok());
        auto read = readReportFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(canonical(*read), canonical(full));
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto json = nlohmann::json::parse(file.readAll().toStdString());
        QCOMPARE(json["extra"]["rows"], nlohmann::json::parse("[1, 2]"));
        QCOMPARE(json["intervals"].size(), size_t(4));
    }

    void opensAnIncompleteSessionWithRebuiltTotals() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.json").toStdString();
        const MeasurementResult full = sessionSample(4);
        QVERIFY(writeKilledAutosave(path, full));

        auto opened = openSessionFile(path);
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().message.c_str());
        QVERIFY(opened->incomplete);
        QVERIFY(opened->replay);
        QCOMPARE(opened->durationS, 1.5);
        QCOMPARE(opened->groups.size(), full.groups.size());
        const EventResult& instr = opened->groups[0].events[0];
        QCOMPARE(instr.perLocation[1].value, 3 * 2e6); // per location: 2e6 in each interval
        QCOMPARE(instr.total.value, 3 * (1e6 + 2e6 + 3e6)); // over the locations, as a live run sums
        const EventResult& clk = opened->groups[0].events[1];
        QCOMPARE(clk.perLocation[0].coverage, 0.625);       // the intervals' coverage, weighted by their length
        QVERIFY(!isAvailable(clk.perLocation[2].value));    // n/a in the intervals stays n/a
        QVERIFY(!isAvailable(clk.total.value));             // so the total is partial, not the total
        QVERIFY(clk.partialTotal);
        QCOMPARE(clk.partialTotal->value, 3 * (1234567 + 2e6));
        QCOMPARE(clk.partialTotal->counted, size_t(2));
        QVERIFY(!opened->groups[1].events[3].counted);

        // Whole-run metrics: the file's formulas on the sums, time = the 1.5 s saved.
        const MetricResult& cpi = opened->groups[0].metrics[0];
        QCOMPARE(cpi.perLocation[0], 3 * 1234567.0 / 3e6);
        QCOMPARE(cpi.perLocation[1], 1.0);
        QVERIFY(!isAvailable(cpi.perLocation[2])); // its clock was n/a
        QVERIFY(!isAvailable(cpi.aggregate));      // so is the sum of the clock over the CPUs
        const MetricResult& clock = opened->groups[0].metrics[1];
        QCOMPARE(clock.perLocation[1], 1e-6 * 6e6 / 1.5);
        const MetricResult& bandwidth = opened->groups[1].metrics[0];
        QCOMPARE(bandwidth.aggregate, 3 * 100.0 * 64);
        QCOMPARE(bandwidth.perLocation[0], 3 * 100.0 * 64);
        QVERIFY(!isAvailable(opened->groups[1].metrics[1].aggregate)); // PMC0 was never counted

        // Marked: incomplete, rebuilt from 3 intervals, and this file has no formula constants.
        auto warned = [&](const char* text) {
            return std::any_of(opened->warnings.begin(), opened->warnings.end(),
                               [&](const std::string& w) { return w.find(text) != std::string::npos; });
        };
        QVERIFY2(warned("computed from the 3 intervals saved up to 1.5 s"), join(opened->warnings, "\n").c_str());
        QVERIFY2(warned("does not record the formula constants"), join(opened->warnings, "\n").c_str());

        // What a reader of the file sees is the same: the opened session written and read again.
        auto reread = readReportJson(formatReportJson(*opened), "rewritten");
        QVERIFY(reread.ok());
        QCOMPARE(reread->groups[1].metrics[0].aggregate, 3 * 100.0 * 64);
    }

    // An event that has no value at one location in one of the saved
    // intervals: its whole-run total is partial (never n/a, never the sum
    // of what arrived), the metrics on it follow a live run's rule, and the
    // file written again says so. Beside it, an event never on a counter
    // stays n/a, and a multiplexed one keeps its coverage.
    void rebuiltTotalsArePartialWhereAnIntervalLacksAValue() {
        MeasurementResult full = samples::gapsResult();
        full.interrupted = false;
        full.intervals.clear();
        for (int i = 1; i <= 3; ++i) {
            GroupResult g = samples::gapGroups(1.0)[0];
            const CountValue cpu2 = i == 2 ? CountValue{kNotAvailable, 0} : CountValue{300, 1};
            g.events[1] = samples::counted("PMC1", "some", {{100, 1}, {200, 1}, cpu2});
            g.metrics.push_back(samples::metric("twice some", "PMC1*2", {200, 400, 600}, 1200));
            full.intervals.push_back({0.5 * i, 0.5, {g}});
        }
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.json").toStdString();
        auto journal = SessionJournal::create(path, full);
        QVERIFY(journal.ok());
        QVERIFY((*journal)->append(full.intervals).ok());

        auto opened = openSessionFile(path);
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().message.c_str());
        const GroupResult& g = opened->groups[0];
        const EventResult& some = g.events[1];
        QCOMPARE(some.perLocation[0].value, 300.0);
        QCOMPARE(some.perLocation[1].value, 600.0);
        QVERIFY(!isAvailable(some.perLocation[2].value)); // no value in interval 2: its sum is not CPU 2's count
        QCOMPARE(some.perLocation[2].coverage, 2.0 / 3.0);
        QVERIFY(!isAvailable(some.total.value));
        QVERIFY(some.partialTotal);
        QCOMPARE(some.partialTotal->value, 300.0 + 600.0 + 600.0); // CPU 2's two intervals are in the lower bound
        QCOMPARE(some.partialTotal->counted, size_t(2));
        QCOMPARE(some.partialTotal->of, size_t(3));
        const bool said = std::any_of(opened->warnings.begin(), opened->warnings.end(), [](const std::string& w) {
            return w.find("'some' (group GAPS) has no value in some of the saved intervals at 1 of 3 locations") !=
                   std::string::npos;
        });
        QVERIFY2(said, join(opened->warnings, "\n").c_str());

        // The metric: per complete location, n/a where the count is, n/a over a partial total (as live).
        const MetricResult& twice = g.metrics.back();
        QCOMPARE(twice.perLocation[0], 600.0);
        QCOMPARE(twice.perLocation[1], 1200.0);
        QVERIFY(!isAvailable(twice.perLocation[2]));
        QVERIFY(!isAvailable(twice.aggregate));

        const EventResult& idle = g.events[0]; // never on a counter: n/a, not partial, coverage a known 0
        QVERIFY(!isAvailable(idle.total.value));
        QVERIFY(!idle.partialTotal);
        QCOMPARE(idle.perLocation[0].coverage, 0.0);
        const EventResult& mux = g.events[2]; // multiplexed: complete, scaled, with its coverage
        QCOMPARE(mux.total.value, 3 * (1000.0 + 3000.0 + 0.0));
        QCOMPARE(mux.total.coverage, 0.5);
        QVERIFY(!mux.partialTotal);

        // The file written again carries `partial` as a live run's report does.
        const nlohmann::json written = nlohmann::json::parse(formatReportJson(*opened));
        const nlohmann::json& total = written["groups"][0]["events"][1]["total"];
        QVERIFY(total["value"].is_null());
        QCOMPARE(total["partial"]["value"].get<double>(), 1500.0);
        QCOMPARE(total["partial"]["locations_with_value"].get<int>(), 2);
        QCOMPARE(total["partial"]["locations"].get<int>(), 3);
        QVERIFY(written["totals"]["some"].is_null());
    }

    void rebuiltMetricsUseTheRunsFormulaConstants() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.json").toStdString();
        MeasurementResult full = sessionSample(2);
        full.machine[kFormulaConstantsKey] = formulaConstantsToJson({.inverseClock = 1e-9, .numCpus = 3});
        const MetricResult perCpuTime = samples::metric("Busy", "FIXC0*inverseClock*num_cpus/time", {0, 0, 0}, 0);
        for (auto& interval : full.intervals) interval.groups[0].metrics.push_back(perCpuTime);
        auto journal = SessionJournal::create(path, full);
        QVERIFY(journal.ok());
        QVERIFY((*journal)->append(full.intervals).ok());

        auto opened = openSessionFile(path);
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().message.c_str());
        const MetricResult& busy = opened->groups[0].metrics.back();
        QCOMPARE(busy.name, std::string("Busy"));
        QCOMPARE(busy.aggregate, 2 * (1e6 + 2e6 + 3e6) * 1e-9 * 3 / 1.0); // FIXC0 over 2 intervals and 3 CPUs
        QCOMPARE(busy.perLocation[0], 2 * 1e6 * 1e-9 * 1 / 1.0); // a CPU location covers one CPU
        for (const auto& w : opened->warnings) QVERIFY2(w.find("formula constants") == std::string::npos, w.c_str());
    }

    void aGroupWhoseFormulasDoNotCompileKeepsNaAndSaysWhy() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.json").toStdString();
        MeasurementResult full = sessionSample(2);
        for (auto& interval : full.intervals) interval.groups[0].metrics[0].formula = "FIXC1/NOSUCH";
        auto journal = SessionJournal::create(path, full);
        QVERIFY(journal.ok());
        QVERIFY((*journal)->append(full.intervals).ok());
        auto opened = openSessionFile(path);
        QVERIFY(opened.ok());
        for (const auto& m : opened->groups[0].metrics) QVERIFY(!isAvailable(m.aggregate));
        QCOMPARE(opened->groups[1].metrics[0].aggregate, 2 * 100.0 * 64); // the other group is unaffected
        const bool said = std::any_of(opened->warnings.begin(), opened->warnings.end(), [](const std::string& w) {
            return w.find("metrics of group CPI are n/a") != std::string::npos && w.find("NOSUCH") != std::string::npos;
        });
        QVERIFY2(said, join(opened->warnings, "\n").c_str());
    }

    void repairsAFileCutOffInTheMiddleOfAnInterval() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.json").toStdString();
        const MeasurementResult full = sessionSample(3);
        auto journal = SessionJournal::create(path, full);
        QVERIFY(journal.ok());
        QVERIFY((*journal)->append(full.intervals).ok());
        journal->reset();
        // A power cut during a write: the last line stops half way.
        const auto text = readFile(path);
        QVERIFY(text);
        const size_t lastLine = text->rfind("\n{\"t\":");
        QVERIFY(lastLine != std::string::npos);
        QCOMPARE(::truncate(path.c_str(), static_cast<off_t>(lastLine + 40)), 0);
        QVERIFY(!readReportFile(path).ok());

        auto opened = openSessionFile(path);
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().message.c_str());
        QCOMPARE(opened->intervals.size(), size_t(2));
        QVERIFY(opened->incomplete);
        QVERIFY(std::any_of(opened->warnings.begin(), opened->warnings.end(), [](const std::string& w) {
            return w.find("ended in the middle of an interval") != std::string::npos;
        }));
    }

    // An autosave of more than 1 MB of JSON is written in pieces: the file
    // holds every interval in order, as one written at once would.
    void anAutosaveOfSeveralPiecesHoldsEveryInterval() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.json").toStdString();
        MeasurementResult full = sessionSample(1);
        // One interval's line is short: enough of them for 3 pieces or more.
        const size_t lineBytes = reportIntervalToJson(full.intervals.front()).dump().size();
        full = sessionSample(static_cast<int>(3 * (size_t(1) << 20) / lineBytes + 2));
        auto journal = SessionJournal::create(path, full);
        QVERIFY(journal.ok());
        QVERIFY((*journal)->append(slice(full.intervals, 0, 1)).ok());
        QVERIFY((*journal)->append(slice(full.intervals, 1, full.intervals.size())).ok());
        QVERIFY((*journal)->savedBytes() > 3 * (uint64_t(1) << 20));
        auto autosaved = readReportFile(path);
        QVERIFY2(autosaved.ok(), autosaved.ok() ? "" : autosaved.error().message.c_str());
        QCOMPARE(autosaved->intervals.size(), full.intervals.size());
        QVERIFY((*journal)->finish(full).ok());
        auto read = readReportFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(canonical(*read), canonical(full));
    }

    // A full disk during an autosave: the file still ends after the last
    // interval saved (no half line), none of the batch that did not fit
    // counts as saved, and handed again it is written once there is room.
    void aFullDiskKeepsTheFileWholeAndTheIntervalsForLater() {
        testing::FullFileSystem fs;
        if (!fs.whyNot().empty()) QSKIP(fs.whyNot().c_str());
        const std::string path = fs.filePath("s.json").toStdString();
        const MeasurementResult full = sessionSample(40);
        auto journal = SessionJournal::create(path, full);
        QVERIFY(journal.ok());
        QVERIFY((*journal)->append(slice(full.intervals, 0, 2)).ok());
        QVERIFY(fs.fill());

        // The file's last block may hold a little more: append until the disk says no.
        size_t handed = 2;
        Status appended;
        std::optional<std::string> before;
        while (appended && handed < 30) {
            before = readFile(path);
            appended = (*journal)->append(slice(full.intervals, handed, handed + 1));
            ++handed;
        }
        QVERIFY2(!appended.ok(), "30 intervals fitted on a full file system");
        const std::string& message = appended.error().message;
        QVERIFY2(message.find(path) != std::string::npos, message.c_str());
        QVERIFY2(message.find("No space left on device") != std::string::npos, message.c_str());
        // What becomes of the intervals is for their holder to say: the journal keeps none.
        QVERIFY2(message.find("kept") == std::string::npos, message.c_str());
        QCOMPARE(readFile(path), before); // as after the last save: complete JSON
        auto read = readReportFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(read->intervals.size(), (*journal)->intervalCount());
        QCOMPARE((*journal)->intervalCount(), handed - 1);

        // The final write fails too, and leaves the incomplete file as it was.
        QVERIFY(!(*journal)->finish(full).ok());
        QCOMPARE(readFile(path), before);
        QCOMPARE(fs.entries(), QStringList{"s.json"});

        // Room again: the journal kept no copy of the interval it could not
        // save (its holder has it), so the holder hands it again with the
        // rest; then the end.
        QVERIFY(fs.drain());
        QVERIFY((*journal)->append(slice(full.intervals, (*journal)->intervalCount(), full.intervals.size())).ok());
        QCOMPARE((*journal)->intervalCount(), full.intervals.size());
        QVERIFY((*journal)->finish(full).ok());
        read = readReportFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(canonical(*read), canonical(full));
    }

    // An autosave of the first schema (no metric coverage) opens like today's:
    // the whole-run metrics and their coverage are computed from the intervals.
    void opensAnAutosaveOfSchema1() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("old.json").toStdString();
        QVERIFY(writeKilledAutosave(path, sessionSample(4)));
        std::string old;
        for (const std::string& line : split(readFile(path).value(), '\n')) {
            std::string text = line;
            if (text.starts_with("{\"type\"")) {
                const std::string current = "\"schema\":" + std::to_string(kReportSchemaVersion) + ",";
                QVERIFY(text.find(current) != std::string::npos);
                text.replace(text.find(current), current.size(), "\"schema\":1,");
            } else if (text.starts_with("{\"t\"")) {
                const bool comma = text.ends_with(",");
                auto interval = nlohmann::ordered_json::parse(comma ? text.substr(0, text.size() - 1) : text);
                for (auto& g : interval["groups"])
                    for (auto& m : g["metrics"]) m.erase("coverage");
                text = interval.dump() + (comma ? "," : "");
            }
            old += text + "\n";
        }
        QVERIFY(old.find("\"coverage\":{") == std::string::npos);
        QVERIFY(writeFileText(path, old));

        const SessionSummary summary = readSessionSummary(path);
        QVERIFY2(summary.error.empty(), summary.error.c_str());
        QCOMPARE(summary.durationS, 1.5);
        auto opened = openSessionFile(path);
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().message.c_str());
        QCOMPARE(opened->schema, 1);
        QCOMPARE(opened->intervals.size(), size_t(3));
        const GroupResult& cpi = opened->groups[0];
        QCOMPARE(metricCoverage(cpi, 0), 0.625); // the rebuilt CPU_CLK_UNHALTED_CORE's coverage on cpu0
        QCOMPARE(metricCoverage(cpi, 1), 1.0);
        QCOMPARE(metricCoverage(opened->intervals[2].groups[0], 0), 0.625);
        const auto written = nlohmann::json::parse(formatReportJson(*opened));
        QCOMPARE(written["schema"], nlohmann::json(kReportSchemaVersion));
        QCOMPARE(written["groups"][0]["metrics"][0]["coverage"]["per_location"], nlohmann::json({0.625, 1, 0}));
    }

    void refusesASessionOfANewerSchema() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("newer.json").toStdString();
        auto newer = nlohmann::ordered_json::parse(formatReportJson(sessionSample(2))); // in the writer's order
        newer["schema"] = kReportSchemaVersion + 1;
        QVERIFY(writeFileText(path, newer.dump()));
        const SessionSummary summary = readSessionSummary(path);
        QVERIFY2(summary.error.find("update perfdash") != std::string::npos, summary.error.c_str());
        auto opened = openSessionFile(path);
        QVERIFY(!opened.ok());
        QVERIFY2(opened.error().message.find("update perfdash") != std::string::npos, opened.error().message.c_str());
    }

    void openingABrokenFileNamesItAndTheProblem() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("broken.json").toStdString();
        QVERIFY(writeFileText(path, "{\"type\":\"report\",\"schema\":1,"));
        auto opened = openSessionFile(path);
        QVERIFY(!opened.ok());
        QVERIFY2(opened.error().message.find(path) != std::string::npos, opened.error().message.c_str());
        QVERIFY2(opened.error().message.find("not valid JSON") != std::string::npos, opened.error().message.c_str());
        auto missing = openSessionFile(dir.filePath("nope.json").toStdString());
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.find("cannot read") != std::string::npos);
    }

    void summariesComeFromTheHeadOfTheFile() {
        QTemporaryDir dir;
        const MeasurementResult full = sessionSample(4);
        const std::string complete = dir.filePath("b.json").toStdString();
        QVERIFY(writeFileText(complete, formatReportJson(full)));

        MeasurementResult running = full;
        running.startedAt = "2024-05-02T09:00:00+02:00";
        running.config.command = {"./other"};
        running.config.groups = {"SOFTWARE"};
        running.config.events = {"task-clock"};
        const std::string incomplete = dir.filePath("a.json").toStdString();
        auto journal = SessionJournal::create(incomplete, running);
        QVERIFY(journal.ok());
        QVERIFY((*journal)->append(slice(running.intervals, 0, 3)).ok());

        const std::string garbage = dir.filePath("c.json").toStdString();
        QVERIFY(writeFileText(garbage, "[1, 2, 3]"));
        QVERIFY(writeFileText(dir.filePath("notes.txt").toStdString(), "not a session"));

        const SessionSummary s = readSessionSummary(complete);
        QVERIFY2(s.error.empty(), s.error.c_str());
        QCOMPARE(s.target, std::string("stream"));
        QCOMPARE(s.groups, (std::vector<std::string>{"CPI", "MEM", "task-clock"}));
        QCOMPARE(s.startedAt, full.startedAt);
        QCOMPARE(s.durationS, 1.0);
        QCOMPARE(s.exitStatus.value_or(-1), 0);
        QVERIFY(!s.incomplete);

        const SessionSummary i = readSessionSummary(incomplete);
        QVERIFY2(i.error.empty(), i.error.c_str());
        QVERIFY(i.incomplete);
        QCOMPARE(i.target, std::string("other"));
        QCOMPARE(i.groups, (std::vector<std::string>{"SOFTWARE", "task-clock"}));
        QCOMPARE(i.durationS, 1.5); // the last interval saved

        const SessionSummary g = readSessionSummary(garbage);
        QVERIFY(!g.error.empty());
        QVERIFY(g.error.find(garbage) != std::string::npos);

        const std::vector<SessionSummary> all = listSessions(dir.path().toStdString());
        QCOMPARE(all.size(), size_t(3));
        QCOMPARE(all[0].path, incomplete); // newest first
        QCOMPARE(all[1].path, complete);
        QCOMPARE(all[2].path, garbage);    // no start time: last
    }

    void namesFilesByTimeAndTarget() {
        QCOMPARE(sessionFileName("2024-05-01T10:00:00+02:00", "stream"), std::string("2024-05-01_10-00-00_stream.json"));
        QCOMPARE(sessionFileName("2024-05-01T10:00:00+02:00", "my prog <x>"), std::string("2024-05-01_10-00-00_my_prog__x_.json"));
        QCOMPARE(sessionFileName("2024-05-01T10:00:00+02:00", ".."), std::string("2024-05-01_10-00-00_session.json"));
        QCOMPARE(sessionFileName("", "PID 12"), std::string("PID_12.json"));
        QTemporaryDir dir;
        const std::string first = uniqueSessionPath(dir.path().toStdString(), "a.json");
        QCOMPARE(first, dir.filePath("a.json").toStdString());
        QVERIFY(writeFileText(first, "{}"));
        QCOMPARE(uniqueSessionPath(dir.path().toStdString(), "a.json"), dir.filePath("a-2.json").toStdString());
    }

    void sessionsLiveInTheXdgDataDirectory() {
        const QByteArray savedXdg = qgetenv("XDG_DATA_HOME"), savedHome = qgetenv("HOME");
        qputenv("XDG_DATA_HOME", "/data/me");
        QCOMPARE(sessionsDirectory(), std::string("/data/me/perfdash/sessions"));
        qputenv("XDG_DATA_HOME", "relative/ignored");
        qputenv("HOME", "/home/me");
        QCOMPARE(sessionsDirectory(), std::string("/home/me/.local/share/perfdash/sessions"));
        qunsetenv("XDG_DATA_HOME");
        QCOMPARE(sessionsDirectory(), std::string("/home/me/.local/share/perfdash/sessions"));
        savedXdg.isNull() ? qunsetenv("XDG_DATA_HOME") : qputenv("XDG_DATA_HOME", savedXdg);
        qputenv("HOME", savedHome);
    }

private:
    static bool writeFileText(const std::string& path, const std::string& text) {
        QFile f(QString::fromStdString(path));
        return f.open(QIODevice::WriteOnly) && f.write(text.data(), qint64(text.size())) == qint64(text.size());
    }
};

QTEST_APPLESS_MAIN(TestSessionFiles)
#include "test_session_files.moc"
