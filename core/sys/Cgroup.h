#pragma once
// A cgroup directory as perf's cgroup mode needs it: an open directory fd
// (perf_event_open's pid with PERF_FLAG_PID_CGROUP) and the cgroup's name
// relative to its hierarchy's mount, the name `serve --cgroup` labels counts with.
#include <string>

#include "core/util/Outcome.h"
#include "core/util/UniqueFd.h"

namespace perfdash {

struct CgroupDirectory {
    std::string name; // relative to the mount, e.g. "system.slice/job42.scope"; "/" for the root
    UniqueFd fd;
};

// `path` is either absolute (under a cgroup mount) or relative to the
// cgroup v2 mount found in `mountsFile` (/proc/self/mounts), as perf stat -G
// takes it. Errors name the path and what to give instead.
Result<CgroupDirectory> openCgroup(const std::string& path, const std::string& mountsFile = "/proc/self/mounts");

} // namespace perfdash
