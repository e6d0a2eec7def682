#pragma once
// A custom event set built in the event browser, written as a likwid-format
// group file (SHORT, EVENTSET, optional METRICS, LONG) that the user can edit
// later and that GroupLibrary loads like any other. Plain C++ (no Qt): it
// only formats, checks and writes text.
#include <string>
#include <utility>
#include <vector>

#include "core/groups/PerformanceGroup.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct CustomGroupDraft {
    std::string name;             // the group (and file) name: letters, digits, '_' and '-'
    std::string shortDescription; // the SHORT line
    std::vector<std::pair<std::string, std::string>> counters; // (slot name, event string), EVENTSET order
    std::string metrics;          // METRICS lines as the user wrote them ("IPC  INSTR/CYCLES"); may be empty
    std::string longDescription;  // the LONG text; may be empty
};

// A name that works as a file name and as `perfdash-cli stat -g NAME` (GroupLibrary
// takes anything with a '/' or ending in ".txt" for a path).
bool isValidGroupName(const std::string& name);

// The file text; METRICS and LONG are left out when empty.
std::string groupFileText(const CustomGroupDraft& draft);

// Parses `text` as the group file `path` would be and compiles its formulas:
// the same checks GroupLibrary applies when it loads the file.
Result<PerformanceGroup> checkGroupText(const std::string& text, const std::string& path);

// <user config>/groups/<arch>/<name>.txt (~/.config/perfdash/groups/...), the
// directory GroupLibrary searches first.
std::string userGroupDir(const std::string& arch);

enum class ExistingFile { Keep, Replace };

// Checks the text, refuses to touch an existing file unless told to replace
// it, creates the directory, writes atomically, then loads the file back as
// GroupLibrary would and returns what it read.
Result<PerformanceGroup> saveGroupFile(const std::string& path, const std::string& text, ExistingFile existing);

} // namespace perfdash
