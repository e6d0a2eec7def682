#pragma once
// Runs perfdash-cli (PERFDASH_CLI, through stat's runner, cli/StatCli.h) as
// a user does and reads the sessions it writes, for the tests of record, top
// and report's sample views. The
// workload with known shares comes through PROFILE_WORKLOAD (and its
// variants), built by tests/profile/workloads.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cli/StatCli.h"
#include "core/profile/ProfileJson.h"
#include "core/profile/ProfileViews.h"

namespace perfdash::testing {

using CliRun = StatRun; // stat's runner's result: exit, stdout, stderr

// Why these tests cannot run (for QSKIP), or empty.
inline std::string whyProfileTestsCannotRun() {
    return cliPath().isEmpty() ? "PERFDASH_CLI is not set: run the test through ctest" : "";
}

// `perfdash-cli ARGS...` to the end; `childSetup` runs in the child before the exec.
inline CliRun runCli(const std::vector<std::string>& args, int timeoutMs = 120000,
                     const std::function<void()>& childSetup = {}) {
    QProcess p;
    QStringList list;
    for (const auto& a : args) list << QString::fromStdString(a);
    if (childSetup) p.setChildProcessModifier(childSetup);
    p.start(cliPath(), list);
    return collect(p, timeoutMs);
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// `perfdash-cli record ARGS -o DIR/NAME -- PROGRAM...`, and the session it wrote.
inline Result<Session> record(const QTemporaryDir& dir, const std::string& name, std::vector<std::string> args,
                              const std::vector<std::string>& program, CliRun* run = nullptr) {
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    args.insert(args.begin(), "record");
    args.insert(args.end(), {"-o", path, "--"});
    args.insert(args.end(), program.begin(), program.end());
    const CliRun r = runCli(args);
    if (run) *run = r;
    if (!r.exited || r.exitCode != 0) return makeError("record failed: " + r.describe());
    return readSessionFile(path);
}

// The line of `file` that carries the marker comment "LINE:name".
inline int markedLine(const std::string& file, const std::string& name) {
    std::ifstream in(file);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number)
        if (contains(line, "LINE:" + name + " ")) return number;
    return -1;
}

// Self shares (0..1) by function name over all samples of a session's profile.
struct Shares {
    std::map<std::string, double> self;
    std::map<std::string, double> selfSamples;
    std::map<std::string, double> incomplete; // samples with it on the stack whose stacks did not complete
    std::map<std::string, std::string> inlinedInto;
    double samples = 0;
};

inline Shares sharesOf(const Profile& profile, const ProfileFilter& filter = {}) {
    Shares s;
    auto selection = selectRows(profile, filter);
    if (!selection) return s;
    auto metrics = ProfileMetrics::compile(profile);
    if (!metrics) return s;
    s.samples = selection->sums[ProfileColumns::kSamples];
    for (const FunctionRow& row : functionTable(profile, *selection, *metrics)) {
        s.self[row.name] = row.selfShare.value;
        s.selfSamples[row.name] = row.self[ProfileColumns::kSamples];
        s.incomplete[row.name] = row.incompleteStacks;
        s.inlinedInto[row.name] = row.inlinedInto;
    }
    return s;
}

inline double shareIn(const std::map<std::string, double>& shares, const std::string& name) {
    auto it = shares.find(name);
    return it == shares.end() ? 0.0 : it->second;
}

} // namespace perfdash::testing
