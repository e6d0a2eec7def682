#include "core/measurement/ProgramLookup.h"

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

enum class Verdict { Runnable, Missing, Directory, NotRegular, NotExecutable, NoAccess };

Verdict examine(const std::string& path) {
    struct stat st{};
    if (::stat(path.c_str(), &st) != 0) return errno == EACCES ? Verdict::NoAccess : Verdict::Missing;
    if (S_ISDIR(st.st_mode)) return Verdict::Directory;
    if (!S_ISREG(st.st_mode)) return Verdict::NotRegular;
    // access() alone is not enough for root, who passes X_OK if any execute bit is set.
    if ((st.st_mode & (S_IXUSR | S_IXGRP | S_IXOTH)) == 0 || ::access(path.c_str(), X_OK) != 0)
        return Verdict::NotExecutable;
    return Verdict::Runnable;
}

std::string explain(Verdict v, const std::string& program, const std::string& path) {
    const std::string head = "cannot run '" + program + "': ";
    const std::string where = path == program ? std::string() : " (" + path + ")";
    switch (v) {
    case Verdict::Runnable: return {};
    case Verdict::Missing: return head + "no such file" + where + "; check the path";
    case Verdict::NoAccess:
        return head + "permission denied on a directory of its path" + where +
               "; run it as a user who may enter that directory";
    case Verdict::Directory:
        return head + "it is a directory" + where + ", not a program; name the program inside it";
    case Verdict::NotRegular:
        return head + "it is not a regular file" + where + " (a device, pipe or socket); name a program file";
    case Verdict::NotExecutable:
        return head + "the file" + where + " is not executable; make it executable ('chmod +x " + path +
               "') or run it through its interpreter (e.g. 'sh " + path + "')";
    }
    return head + "unknown problem";
}

// Paths relative to the child's working directory, made usable from ours.
std::string inDirectory(const std::string& dir, const std::string& path) {
    if (path.starts_with('/') || dir.empty()) return path;
    return dir + (dir.ends_with('/') ? "" : "/") + path;
}

} // namespace

Result<std::string> findProgram(const std::string& program, const std::string& searchPath,
                                const std::string& workingDirectory) {
    if (program.empty()) return makeError("no program to run: the command is empty; name a program to launch");

    if (program.find('/') != std::string::npos) {
        const std::string path = inDirectory(workingDirectory, program);
        const Verdict v = examine(path);
        if (v != Verdict::Runnable) return makeError(explain(v, program, path));
        return path;
    }

    const std::string path = searchPath.empty() ? "/usr/local/bin:/usr/bin:/bin" : searchPath;
    std::string firstUnusable;
    Verdict firstUnusableVerdict = Verdict::Missing;
    std::vector<std::string> searched;
    for (const std::string& entry : split(path, ':', true)) {
        const std::string dir = entry.empty() ? "." : entry;
        searched.push_back(dir);
        const std::string candidate = inDirectory(workingDirectory, dir + "/" + program);
        const Verdict v = examine(candidate);
        if (v == Verdict::Runnable) return candidate;
        if (v != Verdict::Missing && firstUnusable.empty()) {
            firstUnusable = candidate;
            firstUnusableVerdict = v;
        }
    }
    if (!firstUnusable.empty()) return makeError(explain(firstUnusableVerdict, program, firstUnusable));
    return makeError("cannot run '" + program + "': no such program in PATH (searched " + join(searched, ", ") +
                     "); check the spelling, install it, or give its path (e.g. ./" + program + ")");
}

} // namespace perfdash
