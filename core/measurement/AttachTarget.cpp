#include "core/measurement/AttachTarget.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>

#include "core/util/Strings.h"
#include "core/util/SystemError.h"

namespace perfdash {

Result<std::vector<int>> threadsOf(int pid) {
    const std::string pidText = std::to_string(pid);
    if (pid <= 0) return makeError("cannot attach to process " + pidText + ": a process ID is a positive number");
    const std::string taskDir = "/proc/" + pidText + "/task";
    DIR* dir = ::opendir(taskDir.c_str());
    if (!dir) {
        if (errno == ENOENT)
            return makeError("cannot attach to process " + pidText + ": no such process (check the ID with 'ps -p " +
                             pidText + "'; it may have exited)");
        if (errno == EACCES || errno == EPERM)
            return makeError("cannot attach to process " + pidText +
                             ": not permitted to see its threads; run as its owner or as root");
        return makeError("cannot attach to process " + pidText + ": cannot list " + taskDir + ": " +
                         systemErrorText(errno));
    }
    std::vector<int> tids;
    while (const dirent* entry = ::readdir(dir)) {
        if (auto tid = parseUnsigned(entry->d_name); tid && *tid > 0) tids.push_back(static_cast<int>(*tid));
    }
    ::closedir(dir);
    if (tids.empty()) return makeError("cannot attach to process " + pidText + ": it has exited (no threads left)");
    std::sort(tids.begin(), tids.end());
    return tids;
}

Result<CountingScope> attachScope(int pid) {
    auto tids = threadsOf(pid);
    if (!tids) return tids.error();
    CountingScope scope;
    scope.kind = CountingScope::Kind::Threads;
    scope.pid = pid;
    scope.tids = std::move(*tids);
    scope.inherit = true;
    return scope;
}

} // namespace perfdash
