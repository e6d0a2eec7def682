#include "core/measurement/Launcher.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sched.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/measurement/ProgramLookup.h"
#include "core/util/Strings.h"
#include "core/util/SystemError.h"

extern char** environ;

namespace perfdash {

namespace {

// What the child tells the parent, over a close-on-exec pipe: "ready" once it
// is pinned and waiting, or the step that failed with its errno. End-of-file
// after release means the exec succeeded.
enum class ChildStep : int { Ready, Stdio, WorkingDirectory, Pin, PinPartial, Exec };
struct ChildReport {
    int step = 0;
    int error = 0;
};

// Everything the child needs, prepared before fork: after fork only
// async-signal-safe calls are allowed, so no allocation happens there.
struct ChildPlan {
    const char* path = nullptr;
    char* const* argv = nullptr;
    char* const* envp = nullptr;
    const char* workingDirectory = nullptr;
    cpu_set_t* cpus = nullptr;
    cpu_set_t* cpusCheck = nullptr;
    size_t cpuSetSize = 0;
    bool stdinFromNull = false;
    bool stdoutToStderr = false;
    int stdoutPipe = -1;
    int stderrPipe = -1;
    int releaseSocket = -1;
    int reportPipe = -1;
    // The parent's ends, inherited by fork: the child closes them at once, or
    // its own copy of the release socket would keep it from ever seeing the
    // parent let go.
    int parentEnds[4] = {-1, -1, -1, -1};
    const std::function<void()>* beforeExec = nullptr;
};

void report(int fd, ChildStep step, int err) {
    const ChildReport r{static_cast<int>(step), err};
    [[maybe_unused]] ssize_t ignored = ::write(fd, &r, sizeof r);
}

[[noreturn]] void failChild(int reportPipe, ChildStep step, int err) {
    report(reportPipe, step, err);
    _exit(127);
}

[[noreturn]] void runChild(const ChildPlan& plan) {
    for (int fd : plan.parentEnds)
        if (fd >= 0) ::close(fd);
    // Exec keeps ignored signals ignored and the signal mask as it is: a
    // program started from a shell that ignores SIGINT, or from a thread that
    // blocks signals, would not stop on Ctrl-C. Handlers are reset too, so
    // that a signal arriving before exec does not run the parent's handler here.
    struct sigaction defaultAction{};
    defaultAction.sa_handler = SIG_DFL;
    sigemptyset(&defaultAction.sa_mask);
    for (int sig = 1; sig < NSIG; ++sig) sigaction(sig, &defaultAction, nullptr);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);

    if (plan.stdinFromNull) {
        const int devNull = ::open("/dev/null", O_RDONLY);
        if (devNull < 0 || ::dup2(devNull, STDIN_FILENO) < 0) failChild(plan.reportPipe, ChildStep::Stdio, errno);
        if (devNull != STDIN_FILENO) ::close(devNull);
    }
    if (plan.stdoutPipe >= 0 &&
        (::dup2(plan.stdoutPipe, STDOUT_FILENO) < 0 || ::dup2(plan.stderrPipe, STDERR_FILENO) < 0))
        failChild(plan.reportPipe, ChildStep::Stdio, errno);
    if (plan.stdoutToStderr && ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) failChild(plan.reportPipe, ChildStep::Stdio, errno);
    if (plan.workingDirectory && ::chdir(plan.workingDirectory) != 0)
        failChild(plan.reportPipe, ChildStep::WorkingDirectory, errno);
    if (plan.cpus) {
        if (sched_setaffinity(0, plan.cpuSetSize, plan.cpus) != 0) failChild(plan.reportPipe, ChildStep::Pin, errno);
        // A cpuset can silently narrow the mask: the program must run where asked, or not at all.
        if (sched_getaffinity(0, plan.cpuSetSize, plan.cpusCheck) != 0 ||
            !CPU_EQUAL_S(plan.cpuSetSize, plan.cpus, plan.cpusCheck))
            failChild(plan.reportPipe, ChildStep::PinPartial, 0);
    }
    report(plan.reportPipe, ChildStep::Ready, 0);

    char go = 0;
    ssize_t got;
    do got = ::read(plan.releaseSocket, &go, 1);
    while (got < 0 && errno == EINTR);
    if (got != 1) _exit(127); // the parent gave up on us: leave without running anything

    if (plan.beforeExec && *plan.beforeExec) (*plan.beforeExec)();
    ::execve(plan.path, plan.argv, plan.envp);
    failChild(plan.reportPipe, ChildStep::Exec, errno);
}

// Returns the report, or nullopt at end-of-file.
std::optional<ChildReport> readReport(int fd) {
    ChildReport r;
    ssize_t got;
    do got = ::read(fd, &r, sizeof r);
    while (got < 0 && errno == EINTR);
    if (got != static_cast<ssize_t>(sizeof r)) return std::nullopt;
    return r;
}

std::string cpuListText(const std::vector<int>& cpus) {
    std::vector<std::string> parts;
    for (int cpu : cpus) parts.push_back(std::to_string(cpu));
    return join(parts, ",");
}

std::string describeExecError(int err) {
    switch (err) {
    case ENOEXEC: return "it is not in an executable format this machine runs, and has no '#!' interpreter line";
    case ENOENT: return "its interpreter (the '#!' line) or its dynamic loader does not exist";
    case EACCES: return "permission denied (a 'noexec' mount, or an interpreter that is not executable)";
    case ETXTBSY: return "the file is open for writing by another process";
    case E2BIG: return "the argument list and environment are too long";
    default: return std::strerror(err);
    }
}

std::string describeChildFailure(const ChildReport& r, const LaunchOptions& options, const std::string& path) {
    const std::string& program = options.command.front();
    switch (static_cast<ChildStep>(r.step)) {
    case ChildStep::Stdio:
        return "cannot start '" + program + "': setting up its standard input and output failed: " +
               std::strerror(r.error);
    case ChildStep::WorkingDirectory:
        return "cannot start '" + program + "' in '" + options.workingDirectory + "': " + std::strerror(r.error) +
               "; pick a directory that exists and that you may enter";
    case ChildStep::Pin:
    case ChildStep::PinPartial:
        return "cannot pin '" + program + "' to CPUs " + cpuListText(options.cpus) +
               ": not all of them are online and allowed for this process (see 'perfdash-cli topology' for the "
               "CPUs here, and the cgroup's cpuset); pick CPUs from those";
    case ChildStep::Exec:
        return "cannot run '" + program + "' (" + path + "): " + describeExecError(r.error);
    case ChildStep::Ready: break;
    }
    return "cannot start '" + program + "': the child reported an unknown failure";
}

Result<std::vector<std::string>> mergedEnvironment(const std::vector<std::string>& extra) {
    std::vector<std::string> env;
    for (char** e = environ; e && *e; ++e) env.emplace_back(*e);
    for (const std::string& entry : extra) {
        const size_t eq = entry.find('=');
        if (eq == 0 || eq == std::string::npos)
            return makeError("invalid environment entry '" + entry + "': write it as NAME=value");
        const std::string prefix = entry.substr(0, eq + 1);
        auto same = std::find_if(env.begin(), env.end(), [&](const std::string& e) { return e.starts_with(prefix); });
        if (same != env.end()) *same = entry;
        else env.push_back(entry);
    }
    return env;
}

std::string pathVariable(const std::vector<std::string>& env) {
    for (const std::string& e : env)
        if (e.starts_with("PATH=")) return e.substr(5);
    return {};
}

std::vector<char*> pointersTo(std::vector<std::string>& strings) {
    std::vector<char*> out;
    for (std::string& s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

struct Channel {
    UniqueFd parentEnd;
    UniqueFd childEnd;
};

// A pipe whose read end the parent keeps, both ends close-on-exec.
Result<Channel> pipeToParent(const char* what) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return makeError(std::string("cannot create the ") + what + " pipe: " + systemErrorText(errno));
    return Channel{UniqueFd(fds[0]), UniqueFd(fds[1])};
}

// A socket pair rather than a pipe: send() with MSG_NOSIGNAL cannot raise
// SIGPIPE in the parent if the child is already gone.
Result<Channel> releaseChannel() {
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
        return makeError(std::string("cannot create the launch control socket: ") + systemErrorText(errno));
    return Channel{UniqueFd(fds[0]), UniqueFd(fds[1])};
}

// Far above any CPU count Linux supports; guards CPU_ALLOC against nonsense.
constexpr int kMaxCpuNumber = 1 << 16;

struct CpuSets {
    cpu_set_t* wanted = nullptr;
    cpu_set_t* check = nullptr;
    size_t size = 0;
    ~CpuSets() {
        if (wanted) CPU_FREE(wanted);
        if (check) CPU_FREE(check);
    }
};

} // namespace

Result<std::unique_ptr<LaunchedProcess>> LaunchedProcess::start(const LaunchOptions& options) {
    if (options.command.empty()) return makeError("no program to run: the command is empty; name a program to launch");
    const std::string& program = options.command.front();
    auto env = mergedEnvironment(options.environment);
    if (!env) return env.error();
    if (!options.workingDirectory.empty()) {
        struct stat st{};
        if (::stat(options.workingDirectory.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
            return makeError("cannot start '" + program + "' in '" + options.workingDirectory +
                             "': no such directory; create it or pick another working directory");
    }
    auto path = findProgram(program, pathVariable(*env), options.workingDirectory);
    if (!path) return path.error();

    CpuSets cpus;
    if (!options.cpus.empty()) {
        int highest = 0;
        for (int cpu : options.cpus) {
            if (cpu < 0 || cpu >= kMaxCpuNumber)
                return makeError("cannot pin '" + program + "' to CPU " + std::to_string(cpu) +
                                 ": no such CPU number; pick CPUs from 'perfdash-cli topology'");
            highest = std::max(highest, cpu);
        }
        cpus.wanted = CPU_ALLOC(highest + 1);
        cpus.check = CPU_ALLOC(highest + 1);
        cpus.size = CPU_ALLOC_SIZE(highest + 1);
        CPU_ZERO_S(cpus.size, cpus.wanted);
        for (int cpu : options.cpus) CPU_SET_S(cpu, cpus.size, cpus.wanted);
    }

    auto reports = pipeToParent("launch report");
    if (!reports) return reports.error();
    auto control = releaseChannel();
    if (!control) return control.error();
    Channel out, err;
    if (options.captureOutput) {
        auto o = pipeToParent("output");
        if (!o) return o.error();
        auto e = pipeToParent("error output");
        if (!e) return e.error();
        out = std::move(*o);
        err = std::move(*e);
    }

    std::vector<std::string> argvStrings = options.command;
    std::vector<char*> argv = pointersTo(argvStrings);
    std::vector<char*> envp = pointersTo(*env);
    ChildPlan plan;
    plan.path = path->c_str();
    plan.argv = argv.data();
    plan.envp = envp.data();
    plan.workingDirectory = options.workingDirectory.empty() ? nullptr : options.workingDirectory.c_str();
    plan.cpus = cpus.wanted;
    plan.cpusCheck = cpus.check;
    plan.cpuSetSize = cpus.size;
    plan.stdinFromNull = options.stdinFromNull;
    plan.stdoutToStderr = options.stdoutToStderr && !options.captureOutput;
    plan.stdoutPipe = out.childEnd.get();
    plan.stderrPipe = err.childEnd.get();
    plan.releaseSocket = control->childEnd.get();
    plan.reportPipe = reports->childEnd.get();
    plan.beforeExec = &options.childBeforeExec;
    const int parentEnds[4] = {control->parentEnd.get(), reports->parentEnd.get(), out.parentEnd.get(),
                               err.parentEnd.get()};
    std::copy(std::begin(parentEnds), std::end(parentEnds), plan.parentEnds);

    // No signal handler of ours may run in the child between fork and its reset.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    const pid_t pid = ::fork();
    if (pid == 0) runChild(plan);
    const int forkErrno = errno;
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    if (pid < 0)
        return makeError("cannot start '" + program + "': fork failed: " + std::strerror(forkErrno) +
                         " (too many processes? check 'ulimit -u')");

    std::unique_ptr<LaunchedProcess> child(new LaunchedProcess);
    child->pid_ = pid;
    child->program_ = program;
    child->programPath_ = *path;
    child->release_ = std::move(control->parentEnd);
    child->childReports_ = std::move(reports->parentEnd);
    reports->childEnd.reset();
    control->childEnd.reset();
    out.childEnd.reset();
    err.childEnd.reset();
    if (options.captureOutput)
        child->output_ = std::make_unique<ChildOutput>(std::move(out.parentEnd), std::move(err.parentEnd));

    const auto ready = readReport(child->childReports_.get());
    if (ready && ready->step == static_cast<int>(ChildStep::Ready)) return child;
    child->reap();
    if (!ready)
        return makeError("cannot start '" + program + "': the child process ended before it was ready (exit status " +
                         std::to_string(child->exitStatus_) + ")");
    return makeError(describeChildFailure(*ready, options, *path));
}

LaunchedProcess::~LaunchedProcess() {
    if (reaped_ || pid_ <= 0) return;
    if (released_) ::kill(pid_, SIGKILL);
    else release_.reset(); // the held child sees end-of-file and leaves without exec
    reap();
}

Status LaunchedProcess::release() {
    if (released_ || reaped_) return makeError("'" + program_ + "' was already released");
    const char go = 1;
    ssize_t sent;
    do sent = ::send(release_.get(), &go, 1, MSG_NOSIGNAL);
    while (sent < 0 && errno == EINTR);
    release_.reset();
    released_ = true;
    const auto failure = readReport(childReports_.get());
    if (!failure) {
        if (sent == 1) return {};
        reap();
        return makeError("cannot run '" + program_ + "': the held child process vanished before exec (exit status " +
                         std::to_string(exitStatus_) + ")");
    }
    reap(); // after "ready" the child reports nothing but a failed exec
    return makeError("cannot run '" + program_ + "' (" + programPath_ + "): " + describeExecError(failure->error));
}

void LaunchedProcess::reap() {
    if (reaped_) return;
    int status = 0;
    pid_t got;
    do got = ::waitpid(pid_, &status, 0);
    while (got < 0 && errno == EINTR);
    recordExit(got, status);
}

bool LaunchedProcess::hasExited() {
    if (reaped_) return true;
    int status = 0;
    const pid_t got = ::waitpid(pid_, &status, WNOHANG);
    if (got == 0) return false;
    recordExit(got, status);
    return true;
}

void LaunchedProcess::recordExit(pid_t got, int status) {
    reaped_ = true;
    if (got != pid_) exitStatus_ = -1;
    else if (WIFEXITED(status)) exitStatus_ = WEXITSTATUS(status);
    else if (WIFSIGNALED(status)) {
        terminatingSignal_ = WTERMSIG(status);
        exitStatus_ = 128 + terminatingSignal_;
    }
    else exitStatus_ = -1;
}

Result<int> LaunchedProcess::wait() {
    if (!released_) return makeError("'" + program_ + "' was never released, so it cannot have run");
    reap();
    if (output_) output_->finish();
    if (exitStatus_ < 0)
        return makeError("the exit status of '" + program_ + "' (pid " + std::to_string(pid_) +
                         ") is unknown: it was reaped elsewhere (is SIGCHLD ignored?)");
    return exitStatus_;
}

std::string describeSignal(int signalNumber) {
    const char* abbreviation = ::sigabbrev_np(signalNumber);
    const char* description = ::sigdescr_np(signalNumber);
    if (!abbreviation) return "signal " + std::to_string(signalNumber);
    return "SIG" + std::string(abbreviation) + (description ? " (" + std::string(description) + ")" : "");
}

Status LaunchedProcess::signal(int signalNumber) {
    if (reaped_) return makeError("'" + program_ + "' has already exited");
    if (::kill(pid_, signalNumber) != 0)
        return makeError("cannot signal '" + program_ + "' (pid " + std::to_string(pid_) + "): " + std::strerror(errno));
    return {};
}

} // namespace perfdash
