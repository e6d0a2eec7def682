#include "core/disasm/ObjdumpCache.h"

#include <sys/stat.h>

#include <algorithm>

#include "core/disasm/Objdump.h"

namespace perfdash {

Result<std::vector<ObjdumpInstruction>> ObjdumpCache::range(const std::string& file, uint64_t start, uint64_t end,
                                                            const std::string& program) {
    struct stat st {};
    if (stat(file.c_str(), &st) != 0) return objdumpRange(file, start, end, program); // its error says why
    const Key key{file, program, uint64_t(st.st_ino), uint64_t(st.st_size),
                  int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec, start, end};
    {
        const std::lock_guard lock(mutex_);
        const auto it = std::find_if(kept_.begin(), kept_.end(), [&](const auto& k) { return k.first == key; });
        if (it != kept_.end()) return it->second;
    }
    // objdump runs outside the lock: another worker's request need not wait for it.
    auto listing = objdumpRange(file, start, end, program);
    if (!listing) return listing;
    const std::lock_guard lock(mutex_);
    kept_.emplace_back(key, *listing);
    if (kept_.size() > kKept) kept_.pop_front();
    return listing;
}

} // namespace perfdash
