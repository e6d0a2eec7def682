#pragma once
// Launching the program to measure: resolved before forking, forked, pinned
// to its CPUs and held before exec until the counters exist on its pid, so
// that with enable_on_exec the program is counted from its first instruction
// and the launcher never is.
//
//   auto child = LaunchedProcess::start(options);      // forked, pinned, held
//   backend.open(events, {Task, child->pid(), ..., enableOnExec = true});
//   sampler.start({.targetPid = child->pid(), ...});  // baseline before exec
//   child->release();                                  // exec: counting starts
//   ... sampler.wait(); child->wait();                 // exit code or 128+signal
#include <functional>
#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

#include "core/measurement/ChildOutput.h"
#include "core/util/Outcome.h"
#include "core/util/UniqueFd.h"

namespace perfdash {

struct LaunchOptions {
    std::vector<std::string> command;     // program (looked up in PATH) and its arguments
    std::vector<int> cpus;                // pin the program to these CPUs; empty: not pinned
    std::vector<std::string> environment; // extra NAME=value entries; they override inherited ones
    std::string workingDirectory;         // empty: ours
    bool captureOutput = false;           // stdout/stderr into output() instead of ours
    bool stdinFromNull = false;           // stdin from /dev/null (a GUI has no terminal to give)
    bool stdoutToStderr = false;          // the program's stdout onto our stderr (keeps a JSON stream on our stdout clean)
    // Test seam: runs in the forked child after release() and before exec
    // (after the counters exist, so whatever it does must not be counted).
    // Only async-signal-safe calls: the parent may have other threads.
    std::function<void()> childBeforeExec;
};

// "SIGSEGV (Segmentation fault)"; "signal 99" for a number the C library does not know.
std::string describeSignal(int signalNumber);

class LaunchedProcess {
public:
    // Everything that can be checked before forking is (program, environment
    // entries, working directory): on those errors nothing is forked. Then the
    // child restores default signal handling and an empty signal mask, sets up
    // its stdio, changes directory, pins itself, and waits for release(); a
    // failure of those steps is returned here with the child already reaped.
    static Result<std::unique_ptr<LaunchedProcess>> start(const LaunchOptions& options);

    // A child still held is let go without exec; one that runs is killed
    // (SIGKILL) and reaped: an abandoned measurement leaves nothing behind.
    ~LaunchedProcess();
    LaunchedProcess(const LaunchedProcess&) = delete;
    LaunchedProcess& operator=(const LaunchedProcess&) = delete;

    pid_t pid() const { return pid_; }
    const std::string& programPath() const { return programPath_; }

    // Lets the child exec and returns once the exec happened. If it failed,
    // the error names the program and the reason; the child has exited and
    // been reaped, and what was counted is not a run of the program.
    Status release();
    // Waits for the program to exit (call after release()): its exit code, or
    // 128 + the number of the signal that ended it, as a shell reports it.
    Result<int> wait();
    // Whether the program has exited (and is reaped); never blocks.
    bool hasExited();
    // After wait(): the signal that ended the program, or 0 when it exited by itself.
    int terminatingSignal() const { return terminatingSignal_; }
    // Sends a signal (e.g. SIGTERM when the user stops a GUI run).
    Status signal(int signalNumber);
    // The captured output, or nullptr without captureOutput.
    ChildOutput* output() { return output_.get(); }

private:
    LaunchedProcess() = default;
    void reap();
    void recordExit(pid_t got, int status);

    pid_t pid_ = -1;
    std::string program_;     // as the user named it
    std::string programPath_; // as found
    UniqueFd release_;        // write end the held child waits on
    UniqueFd childReports_;   // read end: the child's progress and errors; end-of-file at exec
    std::unique_ptr<ChildOutput> output_;
    bool released_ = false;
    bool reaped_ = false;
    int exitStatus_ = 0;
    int terminatingSignal_ = 0;
};

} // namespace perfdash
