#pragma once
// Runs `perfdash-cli stat` as a user does (the binary named by PERFDASH_CLI,
// a separate process) and reads back what it printed. The workload program
// of tests/measurement/workloads comes through PERFDASH_WORKLOAD.
#include <QProcess>
#include <QtTest>

#include <csignal>
#include <string>
#include <string_view>
#include <vector>

#include "core/report/ReportJsonReader.h"
#include "core/util/Strings.h"

namespace perfdash::testing {

struct StatRun {
    bool exited = false; // false: it crashed or did not finish in time
    int exitCode = -1;
    std::string out;
    std::string err;

    // For failure messages: the exit and both streams.
    std::string describe() const {
        return (exited ? "exit " + std::to_string(exitCode) : std::string("crashed or hung")) + "\n--- stdout\n" +
               out + "--- stderr\n" + err;
    }
};

inline QString cliPath() { return qEnvironmentVariable("PERFDASH_CLI"); }
inline std::string workloadPath() { return qEnvironmentVariable("PERFDASH_WORKLOAD").toStdString(); }

// Why the CLI tests cannot run (for QSKIP in initTestCase), or empty.
inline std::string whyCliTestsCannotRun() {
    if (cliPath().isEmpty() || workloadPath().empty())
        return "PERFDASH_CLI and PERFDASH_WORKLOAD are not set: run the test through ctest";
    return {};
}

inline QStringList toArgs(const std::vector<std::string>& args) {
    QStringList out{"stat"};
    for (const auto& a : args) out << QString::fromStdString(a);
    return out;
}

inline StatRun collect(QProcess& p, int timeoutMs) {
    StatRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
    } else {
        r.exited = p.exitStatus() == QProcess::NormalExit;
        r.exitCode = r.exited ? p.exitCode() : -1;
    }
    r.out = p.readAllStandardOutput().toStdString();
    r.err = p.readAllStandardError().toStdString();
    return r;
}

// `perfdash-cli stat ARGS...` to the end.
inline StatRun runStat(const std::vector<std::string>& args, int timeoutMs = 60000) {
    QProcess p;
    p.start(cliPath(), toArgs(args));
    return collect(p, timeoutMs);
}

// The report of a `--json` run (the whole of stdout), or why it is not one.
inline Result<MeasurementResult> jsonReport(const StatRun& run) {
    return readReportJson(run.out, "perfdash-cli's stdout");
}

// Lines of a `--json -t` stream: every interval, then the report.
struct JsonStream {
    std::vector<IntervalLine> intervals;
    std::optional<MeasurementResult> report;
    std::string error; // the first line that did not read, or what is missing
};

inline JsonStream jsonStream(const std::string& out) {
    JsonStream s;
    const auto lines = split(out, '\n');
    for (size_t i = 0; i < lines.size(); ++i) {
        auto item = readReportStreamLine(lines[i], "stdout line " + std::to_string(i + 1));
        if (!item) {
            s.error = item.error().message;
            return s;
        }
        if (s.report) {
            s.error = "a line follows the report: " + lines[i];
            return s;
        }
        if (auto* interval = std::get_if<IntervalLine>(&*item)) s.intervals.push_back(std::move(*interval));
        else s.report = std::get<MeasurementResult>(std::move(*item));
    }
    if (!s.report) s.error = "the stream has no report line";
    return s;
}

// The first event of that name in any group, or nullptr.
inline const EventResult* findEvent(const std::vector<GroupResult>& groups, std::string_view name) {
    for (const auto& g : groups)
        for (const auto& e : g.events)
            if (e.event == name) return &e;
    return nullptr;
}

inline double total(const std::vector<GroupResult>& groups, std::string_view name) {
    const EventResult* e = findEvent(groups, name);
    return e ? e->total.value : kNotAvailable;
}

} // namespace perfdash::testing
