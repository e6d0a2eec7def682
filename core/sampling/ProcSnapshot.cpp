#include "core/sampling/ProcSnapshot.h"

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/measurement/AttachTarget.h"
#include "core/util/Strings.h"
#include "core/util/SystemError.h"
#include "core/util/UniqueFd.h"

namespace perfdash {

namespace {

// One /proc/PID/maps line: "START-END PERMS OFFSET MAJOR:MINOR INODE [PATH]".
// The path is the rest of the line and may contain spaces.
bool parseMapsLine(std::string_view line, MmapRecord& m) {
    std::vector<std::string_view> fields;
    size_t pos = 0;
    while (fields.size() < 5) {
        while (pos < line.size() && line[pos] == ' ') ++pos;
        const size_t end = line.find(' ', pos);
        if (pos >= line.size()) return false;
        fields.push_back(line.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos));
        pos = end == std::string_view::npos ? line.size() : end;
    }
    while (pos < line.size() && line[pos] == ' ') ++pos;
    const std::string_view path = line.substr(pos);

    const size_t dash = fields[0].find('-');
    const size_t colon = fields[3].find(':');
    if (dash == std::string_view::npos || colon == std::string_view::npos || fields[1].size() != 4) return false;
    auto hexField = [](std::string_view text) { return parseUnsigned("0x" + std::string(text)); };
    const auto start = hexField(fields[0].substr(0, dash));
    const auto end = hexField(fields[0].substr(dash + 1));
    const auto offset = hexField(fields[2]);
    const auto major = hexField(fields[3].substr(0, colon));
    const auto minor = hexField(fields[3].substr(colon + 1));
    const auto inode = parseUnsigned(fields[4]);
    if (!start || !end || !offset || !major || !minor || !inode || *end <= *start) return false; // the kernel maps no empty range

    const std::string_view perms = fields[1];
    m.address = *start;
    m.length = *end - *start;
    m.pageOffset = *offset;
    m.major = static_cast<uint32_t>(*major);
    m.minor = static_cast<uint32_t>(*minor);
    m.inode = *inode;
    m.protection = (perms[0] == 'r' ? PROT_READ : 0) | (perms[1] == 'w' ? PROT_WRITE : 0) |
                   (perms[2] == 'x' ? PROT_EXEC : 0);
    m.flags = perms[3] == 's' ? MAP_SHARED : MAP_PRIVATE;
    m.filename = path.empty() ? "//anon" : std::string(path);
    return true;
}

} // namespace

Result<std::vector<MmapRecord>> parseProcMaps(std::string_view maps, int32_t pid, uint64_t time) {
    std::vector<MmapRecord> out;
    size_t number = 0;
    for (const std::string& line : split(maps, '\n', true)) {
        ++number;
        if (line.empty()) continue;
        MmapRecord m;
        if (!parseMapsLine(line, m))
            return makeError("line " + std::to_string(number) + " of the memory map of process " + std::to_string(pid) +
                             " is not in /proc/PID/maps's format: '" + line + "'");
        if (!(m.protection & PROT_EXEC)) continue;
        m.mmap2 = true;
        m.synthetic = true;
        m.cpuMode = CpuMode::User;
        m.pid = pid;
        m.tid = pid;
        m.sampleId.pid = pid;
        m.sampleId.tid = pid;
        m.sampleId.time = time;
        out.push_back(std::move(m));
    }
    return out;
}

Result<std::vector<PerfRecord>> synthesizeProcess(int32_t pid, uint64_t time) {
    auto tids = threadsOf(pid);
    if (!tids) return tids.error();
    const std::string dir = "/proc/" + std::to_string(pid);
    std::vector<PerfRecord> out;
    for (int tid : *tids) {
        auto comm = readFirstLine(dir + "/task/" + std::to_string(tid) + "/comm");
        if (!comm) continue; // the thread exited since it was listed
        CommRecord c;
        c.synthetic = true;
        c.pid = pid;
        c.tid = tid;
        c.comm = *comm;
        c.sampleId.pid = pid;
        c.sampleId.tid = tid;
        c.sampleId.time = time;
        out.push_back(std::move(c));
    }
    const auto maps = readFile(dir + "/maps");
    if (!maps)
        return makeError("cannot read the memory map of process " + std::to_string(pid) + " (" + dir +
                         "/maps): it exited, or may not be inspected by this user; run as its owner or as root");
    auto mappings = parseProcMaps(*maps, pid, time);
    if (!mappings) return mappings.error();
    for (MmapRecord& m : *mappings) out.push_back(std::move(m));
    return out;
}

namespace {

std::vector<int32_t> numbersIn(std::string_view text) {
    std::vector<int32_t> out;
    for (const std::string& word : splitWhitespace(text))
        if (auto n = parseUnsigned(word); n && *n > 0 && *n <= INT32_MAX) out.push_back(static_cast<int32_t>(*n));
    return out;
}

} // namespace

std::vector<int32_t> listProcesses() {
    std::vector<int32_t> pids;
    DIR* dir = ::opendir("/proc");
    if (!dir) return pids;
    while (const dirent* entry = ::readdir(dir))
        if (auto pid = parseUnsigned(entry->d_name); pid && *pid > 0 && *pid <= INT32_MAX)
            pids.push_back(static_cast<int32_t>(*pid));
    ::closedir(dir);
    std::sort(pids.begin(), pids.end());
    return pids;
}

Result<std::vector<int32_t>> cgroupProcesses(int cgroupDirFd) {
    UniqueFd file(::openat(cgroupDirFd, "cgroup.procs", O_RDONLY | O_CLOEXEC));
    if (!file) return makeError(std::string("cannot read the cgroup's cgroup.procs: ") + systemErrorText(errno));
    std::string text;
    char chunk[4096];
    ssize_t got;
    while ((got = ::read(file.get(), chunk, sizeof chunk)) > 0) text.append(chunk, static_cast<size_t>(got));
    if (got < 0) return makeError(std::string("cannot read the cgroup's cgroup.procs: ") + systemErrorText(errno));
    return numbersIn(text);
}

std::vector<int32_t> childrenOf(int32_t pid) {
    std::vector<int32_t> children;
    auto tids = threadsOf(pid);
    if (!tids) return children;
    const std::string task = "/proc/" + std::to_string(pid) + "/task/";
    for (int tid : *tids)
        if (auto text = readFile(task + std::to_string(tid) + "/children"))
            for (int32_t child : numbersIn(*text)) children.push_back(child);
    return children;
}

} // namespace perfdash
