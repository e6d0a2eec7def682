#pragma once
// The performance groups available on this machine and where each comes
// from. Groups live in <root>/<arch>/NAME.txt. Roots, highest priority first:
//
//   1. <userConfigDir()>/groups   ~/.config/perfdash/groups (the user's own)
//   2. <homeDir()>/.likwid/groups likwid's per-user groups
//   3. <dataDir()>/groups         the built-in groups
//
// and within each root the arch directories in the order given (the native
// one first, "generic" last). The first file of a name wins; the others are
// listed as overridden. So a user's CPI.txt, in any arch directory of theirs,
// replaces the built-in CPI, and a native built-in replaces a generic one.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/groups/PerformanceGroup.h"
#include "core/util/Outcome.h"

namespace perfdash {

enum class GroupOrigin {
    User,    // ~/.config/perfdash/groups
    Likwid,  // ~/.likwid/groups
    BuiltIn, // <dataDir>/groups
    File,    // given as a path
};
const char* toString(GroupOrigin origin); // "user", "likwid", "built-in", "file"

struct GroupRoot {
    std::string dir; // holds <arch>/NAME.txt
    GroupOrigin origin = GroupOrigin::BuiltIn;
};

struct GroupEntry {
    std::string name;
    std::string shortDescription;       // empty when the file does not parse
    std::string problem;                // why it does not parse; empty when it does
    std::string file;
    std::string arch;                   // the directory it was found in; empty for File
    GroupOrigin origin = GroupOrigin::BuiltIn;
    std::vector<std::string> overrides; // files of the same name it hides, highest priority first
    std::vector<GroupSlot> eventSet;    // its EVENTSET as list() parsed it; empty when it does not parse
};

// Reads, parses and compiles the formulas of one group file: every format and
// formula problem is an error naming file and line.
Result<PerformanceGroup> loadGroupFile(const std::string& path);

class GroupLibrary {
public:
    // roots: highest priority first. archs: e.g. groupArchsFor(pmuModel).
    GroupLibrary(std::vector<GroupRoot> roots, std::vector<std::string> archs);

    // User config, ~/.likwid, built-in (see above), for the current environment.
    static std::vector<GroupRoot> defaultRoots();

    const std::vector<std::string>& archs() const { return archs_; }
    // The <root>/<arch> directories, in search order (whether they exist or not).
    std::vector<std::string> searchDirs() const;

    // Every group name once (the winning file), sorted by name.
    std::vector<GroupEntry> list() const;
    std::optional<GroupEntry> find(std::string_view name) const;

    // A name, or a path to a file (anything with a '/' or ending in ".txt").
    // An unknown name is an error that lists the closest names and the
    // directories searched.
    Result<PerformanceGroup> load(std::string_view nameOrPath) const;

    static bool looksLikePath(std::string_view nameOrPath);

private:
    std::vector<GroupRoot> roots_;
    std::vector<std::string> archs_;
};

} // namespace perfdash
