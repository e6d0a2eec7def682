// A real sampling run over the workload program, for the tests
// of core/sampling: the launch held before exec, the sampling run started, the
// program released, the records taken until it has exited and the sampling
// has drained, as the command line will do it.
#pragma once
#include <QtTest>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/events/EventResolver.h"
#include "core/measurement/Launcher.h"
#include "core/sampling/SamplingRun.h"

namespace perfdash::test {

inline ResolvedEvent resolveEvent(const std::string& spec) {
    static const EventResolver resolver;
    auto e = resolver.resolve(spec);
    if (!e) qFatal("cannot resolve %s: %s", spec.c_str(), e.error().message.c_str());
    return *e;
}

struct SampledRun {
    std::string error; // why the run did not happen; empty when it did
    std::vector<PerfRecord> records;
    SamplingStats stats;
    std::vector<std::string> notices;
    std::vector<SampledEvent> events;
    FollowMode followMode = FollowMode::Auto;
    bool readsPerThread = false;
    int pid = -1;
    int exitCode = -1;
    std::string output; // the program's stdout

    // The number after "WORD " on a line of the program's output ("thread 123"), or -1.
    int printed(const std::string& word) const {
        std::istringstream in(output);
        std::string w;
        int n = -1;
        while (in >> w)
            if (w == word && in >> n) return n;
        return -1;
    }
    template <class R>
    std::vector<R> all() const {
        std::vector<R> out;
        for (const PerfRecord& r : records)
            if (const R* x = std::get_if<R>(&r)) out.push_back(*x);
        return out;
    }
    size_t samplesOf(int pid, int tid = -1) const {
        size_t n = 0;
        for (const SampleRecord& s : all<SampleRecord>())
            if (s.pid == pid && (tid < 0 || s.tid == tid)) ++n;
        return n;
    }
    std::string describe() const {
        std::ostringstream out;
        out << "error: " << error << "; exit " << exitCode << "; records " << records.size() << "; samples "
            << all<SampleRecord>().size() << "; output: " << output;
        for (const auto& n : notices) out << "\nnotice: " << n;
        for (const auto& w : stats.warnings()) out << "\nwarning: " << w;
        std::map<std::pair<int, int>, size_t> perTask;
        for (const SampleRecord& s : all<SampleRecord>()) ++perTask[{s.pid, s.tid}];
        for (const auto& [task, n] : perTask) out << "\nsamples of pid " << task.first << " tid " << task.second << ": " << n;
        return out.str();
    }
};

// Launches `command` held before exec, samples it as `request` says (its
// target filled in here), and collects everything. `takeWhileRunning` false
// leaves the records in the queue until the program has exited: a consumer
// that fell behind.
inline SampledRun sampleProgram(SamplingRequest request, const std::vector<std::string>& command,
                                const SamplingSystem& system = {}, bool takeWhileRunning = true) {
    using namespace std::chrono_literals;
    SampledRun run;
    LaunchOptions options;
    options.command = command;
    options.captureOutput = true;
    auto child = LaunchedProcess::start(options);
    if (!child) {
        run.error = child.error().message;
        return run;
    }
    run.pid = (*child)->pid();
    request.target.kind = SamplingTarget::Kind::Launched;
    request.target.pid = run.pid;
    auto sampling = SamplingRun::open(request, system);
    if (!sampling) {
        run.error = sampling.error().message;
        return run;
    }
    run.notices = (*sampling)->notices();
    run.events = (*sampling)->events();
    run.followMode = (*sampling)->followMode();
    run.readsPerThread = (*sampling)->readsPerThread();
    if (Status s = (*sampling)->start(); !s) {
        run.error = s.error().message;
        return run;
    }
    if (Status s = (*child)->release(); !s) {
        run.error = s.error().message;
        return run;
    }
    while (!(*child)->hasExited())
        if (takeWhileRunning) (*sampling)->take(run.records, 50ms);
        else QTest::qWait(50);
    (*sampling)->stop();
    while ((*sampling)->take(run.records, 1000ms)) {}
    run.stats = (*sampling)->stats();
    if (auto code = (*child)->wait()) run.exitCode = *code;
    for (const OutputChunk& c : (*child)->output()->take())
        if (c.stream == OutputChunk::Stream::Stdout) run.output += c.text;
    return run;
}

// The workload program of the counting tests in the mode `args` names.
inline SampledRun sampleWorkload(const SamplingRequest& request, const std::vector<std::string>& args,
                                 const SamplingSystem& system = {}, bool takeWhileRunning = true) {
    std::vector<std::string> command = {PERFDASH_WORKLOAD};
    command.insert(command.end(), args.begin(), args.end());
    return sampleProgram(request, command, system, takeWhileRunning);
}

// perf_event_open as a kernel that behaves otherwise would answer: `refuse`
// returns the errno to fail with for an attr (0: open it for real). Every
// attr asked for is kept.
struct ShapedOpen {
    std::function<int(const perf_event_attr&)> refuse;
    std::shared_ptr<std::vector<perf_event_attr>> asked = std::make_shared<std::vector<perf_event_attr>>();

    SamplingSystem system() const {
        SamplingSystem s;
        s.open = [refuse = refuse, asked = asked](perf_event_attr& attr, pid_t pid, int cpu, int groupFd, unsigned long flags) {
            asked->push_back(attr);
            if (const int err = refuse(attr)) {
                errno = err;
                return -1;
            }
            return perfEventOpen(attr, pid, cpu, groupFd, flags);
        };
        return s;
    }
};

} // namespace perfdash::test
