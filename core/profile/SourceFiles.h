#pragma once
// A profile's source files on this machine. The debug information names
// each file by the path it had where the program was built; here it may be
// elsewhere (another machine, a moved checkout). A file is looked for at
// that path, then under each folder the user named, with the path's
// trailing parts joined to it: /build/app/src/a.c is found as
// FOLDER/build/app/src/a.c, FOLDER/app/src/a.c, FOLDER/src/a.c or
// FOLDER/a.c, in that order. Every place tried is kept, so that a file not
// found says where it was looked for.
#include <string>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

struct SourceLookup {
    std::string found;               // "" where no place had it
    std::vector<std::string> looked; // in the order tried
};

SourceLookup findSourceFile(const std::string& path, const std::vector<std::string>& folders);

// A file's lines without their line ends; an error names the file and why.
Result<std::vector<std::string>> readSourceLines(const std::string& path);

} // namespace perfdash
