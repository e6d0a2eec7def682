#include "core/sys/Cgroup.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/vfs.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include <linux/magic.h>

namespace perfdash {

namespace {

struct Mount {
    std::string point;
    std::string type;
};

// The cgroup mounts (v1 "cgroup" and v2 "cgroup2"): /sys/fs/cgroup, or
// /sys/fs/cgroup/unified beside the v1 ones on a hybrid system.
std::vector<Mount> cgroupMounts(const std::string& mountsFile) {
    std::vector<Mount> out;
    std::ifstream in(mountsFile);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string device, point, type;
        if (fields >> device >> point >> type && (type == "cgroup2" || type == "cgroup")) out.push_back({point, type});
    }
    return out;
}

// "a//b/" -> "a/b": the label of one cgroup is the same however its path was written.
std::string normalised(const std::string& path) {
    std::string out;
    for (char c : path) {
        if (c == '/' && (out.empty() || out.back() == '/')) continue;
        out += c;
    }
    while (!out.empty() && out.back() == '/') out.pop_back();
    return out;
}

} // namespace

Result<CgroupDirectory> openCgroup(const std::string& path, const std::string& mountsFile) {
    const std::string what = "--cgroup " + path;
    if (path.empty()) return makeError("--cgroup: give a cgroup's path, e.g. system.slice/job42.scope");
    std::string directory = path;
    std::string name;
    if (path.front() != '/') {
        const auto mounts = cgroupMounts(mountsFile);
        const auto v2 = std::find_if(mounts.begin(), mounts.end(), [](const Mount& m) { return m.type == "cgroup2"; });
        if (v2 == mounts.end())
            return makeError(what + ": no cgroup v2 hierarchy is mounted here; give the cgroup's absolute path "
                                    "under its mount (e.g. /sys/fs/cgroup/perf_event/NAME)");
        directory = v2->point + '/' + path;
        name = normalised(path);
    }
    UniqueFd fd(::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!fd)
        return makeError(what + ": cannot open " + directory + ": " + std::strerror(errno) +
                         " (a cgroup's directory, absolute or relative to the cgroup v2 mount)");
    struct statfs fs {};
    if (::fstatfs(fd.get(), &fs) != 0 ||
        (fs.f_type != CGROUP2_SUPER_MAGIC && fs.f_type != CGROUP_SUPER_MAGIC))
        return makeError(what + ": " + directory + " is not a cgroup directory (look under /sys/fs/cgroup)");
    if (name.empty()) {
        // An absolute path: its name is what follows the mount of its hierarchy.
        std::string best;
        for (const Mount& m : cgroupMounts(mountsFile))
            if ((directory == m.point || directory.starts_with(m.point + '/')) && m.point.size() > best.size())
                best = m.point;
        name = normalised(best.empty() ? directory : directory.substr(best.size()));
    }
    if (name.empty()) name = "/";
    return CgroupDirectory{std::move(name), std::move(fd)};
}

} // namespace perfdash
