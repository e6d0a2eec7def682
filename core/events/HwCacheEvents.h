#pragma once
// perf's generic hardware-cache events (PERF_TYPE_HW_CACHE): a cache, an
// operation and a result, config = cache | op << 8 | result << 16. Names follow
// perf's alias tables and its rules: "<cache>[-<op>][-<result>]" with op and
// result in either order, op defaulting to load and result to access, and
// only the operations perf allows for each cache (no stores on L1-icache,
// only loads on iTLB and branch).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

struct HwCacheEvent {
    std::string name; // perf's canonical spelling: "L1-dcache-loads", "dTLB-load-misses"
    uint64_t config = 0;
    std::string description;
};

// Every valid combination once, by its canonical name, in perf's table order.
const std::vector<HwCacheEvent>& hwCacheEvents();

// nullopt when `name` is not spelled like a cache event at all (other
// interpretations may apply); an Error when it is, but names a combination
// perf rejects; otherwise the config.
std::optional<Result<uint64_t>> decodeHwCacheName(std::string_view name);

} // namespace perfdash
