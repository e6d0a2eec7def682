#include "core/util/Subprocess.h"

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/util/SystemError.h"
#include "core/util/UniqueFd.h"

extern char** environ;

namespace perfdash {

namespace {

Result<std::pair<UniqueFd, UniqueFd>> makePipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return makeError("cannot make a pipe: " + systemErrorText(errno));
    return std::pair{UniqueFd(fds[0]), UniqueFd(fds[1])};
}

// Both pipes to their end.
Status readBoth(UniqueFd& out, UniqueFd& err, ProgramOutput& into) {
    pollfd fds[2] = {{out.get(), POLLIN, 0}, {err.get(), POLLIN, 0}};
    std::string* texts[2] = {&into.out, &into.err};
    char buffer[65536];
    while (fds[0].fd >= 0 || fds[1].fd >= 0) {
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            return makeError("cannot wait for the program's output: " + systemErrorText(errno));
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0) continue;
            const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) fds[i].fd = -1; // its end (or an error: nothing more comes)
            else texts[i]->append(buffer, static_cast<size_t>(n));
        }
    }
    return {};
}

} // namespace

Result<ProgramOutput> runProgram(const std::vector<std::string>& argv) {
    if (argv.empty()) return makeError("no program to run");
    auto out = makePipe();
    if (!out) return out.error();
    auto err = makePipe();
    if (!err) return err.error();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out->second.get(), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err->second.get(), STDERR_FILENO);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    const int rc = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc == ENOENT) return makeError("cannot run '" + argv[0] + "': not found in PATH");
    if (rc != 0) return makeError("cannot run '" + argv[0] + "': " + systemErrorText(rc));
    // Only the child holds the write ends now: the reads end when it does.
    out->second.reset();
    err->second.reset();
    ProgramOutput result;
    const Status read = readBoth(out->first, err->first, result);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return makeError("lost track of '" + argv[0] + "': " + systemErrorText(errno));
    if (!read) return read.error();
    result.exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

} // namespace perfdash
