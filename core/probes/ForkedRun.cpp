#include "core/probes/ForkedRun.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/probes/CycleSource.h"
#include "core/util/Clock.h"

namespace perfdash {

namespace {

void writeAll(int fd, const std::string& s) {
    size_t done = 0;
    while (done < s.size()) {
        const ssize_t n = ::write(fd, s.data() + done, s.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        done += static_cast<size_t>(n);
    }
}

} // namespace

Result<ChildOutcome> runForked(const std::function<std::string()>& work, double timeoutSeconds) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return makeError(std::string("cannot create a pipe: ") + std::strerror(errno));
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return makeError(std::string("cannot fork a child to run the code in: ") + std::strerror(errno));
    }
    if (pid == 0) {
        ::close(fds[0]);
        // Sanitizers and debuggers install handlers for these; the parent wants the plain signal.
        for (int sig : {SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGTRAP}) std::signal(sig, SIG_DFL);
        // A crash of generated code is expected here: no core file (it would
        // also take qemu-user a long time to write one).
        const rlimit noCore{0, 0};
        ::setrlimit(RLIMIT_CORE, &noCore);
        writeAll(fds[1], work());
        ::_exit(0);
    }
    ::close(fds[1]);
    ChildOutcome outcome;
    const double deadline = monotonicRawSeconds() + timeoutSeconds;
    char buf[4096];
    for (;;) {
        const double left = deadline - monotonicRawSeconds();
        if (left <= 0) {
            outcome.timedOut = true;
            ::kill(pid, SIGKILL);
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(left * 1000) + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;
        const ssize_t n = ::read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        outcome.output.append(buf, static_cast<size_t>(n));
    }
    ::close(fds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFSIGNALED(status) && !outcome.timedOut) outcome.signal = WTERMSIG(status);
    outcome.exited = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return outcome;
}

std::string explainChildSignal(int signal) {
    switch (signal) {
    case SIGILL:
        return "the code raised SIGILL (illegal instruction): this CPU does not implement it; "
               "name the CPU feature it needs with 'requires'";
    case SIGSEGV:
    case SIGBUS:
        return std::string("the code raised ") + (signal == SIGSEGV ? "SIGSEGV" : "SIGBUS") +
               " (bad memory access): address memory through a register that starts with init = mem";
    case SIGFPE:
        return "the code raised SIGFPE (arithmetic exception, e.g. a division by zero or a quotient that "
               "overflows): give the divisor a non-zero value with init or setup";
    default: return std::string("the code was killed by signal ") + std::to_string(signal) + " (" + strsignal(signal) + ")";
    }
}

} // namespace perfdash
