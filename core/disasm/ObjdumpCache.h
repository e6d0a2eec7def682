#pragma once
// The listings objdump gave, kept for the next request of the same code: a
// live Hotspots page asks for the same function's code twice a second, and
// each objdump is a process that reads the binary again. A listing is reused
// only for the same file (its path, inode, size and modification time, so a
// rebuilt binary is read again), range and program; a failure is not kept.
// Thread-safe: the panels' workers share one.
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

#include "core/disasm/ObjdumpParser.h"
#include "core/util/Outcome.h"

namespace perfdash {

class ObjdumpCache {
public:
    // objdumpRange()'s listing, run only where none is kept for this file as it is now.
    Result<std::vector<ObjdumpInstruction>> range(const std::string& file, uint64_t start, uint64_t end,
                                                  const std::string& program = "objdump");

private:
    struct Key {
        std::string file, program;
        uint64_t inode = 0, size = 0;
        int64_t modifiedNs = 0;
        uint64_t start = 0, end = 0;
        bool operator==(const Key&) const = default;
    };
    static constexpr size_t kKept = 8; // a few functions looked at in turn

    std::mutex mutex_;
    std::deque<std::pair<Key, std::vector<ObjdumpInstruction>>> kept_; // the newest last
};

} // namespace perfdash
