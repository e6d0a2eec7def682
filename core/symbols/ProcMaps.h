#pragma once
// /proc/PID/maps as Mappings: what a process had mapped before sampling
// began, which no MMAP2 record reports. Lines look like
//   7f1c2a400000-7f1c2a428000 r--p 00000000 08:01 1835042    /usr/lib/x86_64-linux-gnu/libc.so.6
// (start-end perms offset dev inode [path]); lines of another form are skipped.
#include <string>
#include <string_view>
#include <vector>

#include "core/symbols/Mapping.h"
#include "core/util/Result.h"

namespace perfdash {

std::vector<Mapping> parseProcMaps(std::string_view text);
// procRoot/PID/maps, or why it cannot be read (the process is gone, or another user's).
Result<std::vector<Mapping>> readProcMaps(int pid, const std::string& procRoot = "/proc");

} // namespace perfdash
