#include "core/events/HwCacheEvents.h"

#include <array>
#include <linux/perf_event.h>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

// perf's alias tables (tools/perf/util/evsel.c): the first spelling is canonical;
// for ops, the second (plural) is used in canonical names of access events.
struct CacheKind {
    std::vector<std::string_view> aliases;
    std::string_view noun;
    unsigned validOps; // bit per PERF_COUNT_HW_CACHE_OP_*
};

constexpr unsigned kRead = 1u << PERF_COUNT_HW_CACHE_OP_READ;
constexpr unsigned kWrite = 1u << PERF_COUNT_HW_CACHE_OP_WRITE;
constexpr unsigned kPrefetch = 1u << PERF_COUNT_HW_CACHE_OP_PREFETCH;

const std::array<CacheKind, PERF_COUNT_HW_CACHE_MAX>& cacheKinds() {
    static const std::array<CacheKind, PERF_COUNT_HW_CACHE_MAX> kinds{{
        {{"L1-dcache", "l1-d", "l1d", "L1-data"}, "L1 data cache", kRead | kWrite | kPrefetch},
        {{"L1-icache", "l1-i", "l1i", "L1-instruction"}, "L1 instruction cache", kRead | kPrefetch},
        {{"LLC", "L2"}, "Last-level cache", kRead | kWrite | kPrefetch},
        {{"dTLB", "d-tlb", "Data-TLB"}, "Data TLB", kRead | kWrite | kPrefetch},
        {{"iTLB", "i-tlb", "Instruction-TLB"}, "Instruction TLB", kRead},
        {{"branch", "branches", "bpu", "btb", "bpc"}, "Branch prediction unit", kRead},
        {{"node"}, "Local-node memory (NUMA)", kRead | kWrite | kPrefetch},
    }};
    return kinds;
}

const std::array<std::vector<std::string_view>, PERF_COUNT_HW_CACHE_OP_MAX> kOps{{
    {"load", "loads", "read"},
    {"store", "stores", "write"},
    {"prefetch", "prefetches", "speculative-read", "speculative-load"},
}};

const std::array<std::vector<std::string_view>, PERF_COUNT_HW_CACHE_RESULT_MAX> kResults{{
    {"refs", "Reference", "ops", "access"},
    {"misses", "miss"},
}};

// Index of the table row whose alias equals `word`, or -1.
template <class Rows>
int rowOf(const Rows& rows, std::string_view word) {
    for (size_t i = 0; i < rows.size(); ++i)
        for (auto alias : rows[i])
            if (!alias.empty() && alias == word) return static_cast<int>(i);
    return -1;
}

int cacheOf(std::string_view word) {
    const auto& kinds = cacheKinds();
    for (size_t i = 0; i < kinds.size(); ++i)
        for (auto alias : kinds[i].aliases)
            if (!alias.empty() && alias == word) return static_cast<int>(i);
    return -1;
}

bool isOpOrResult(std::string_view word) { return rowOf(kOps, word) >= 0 || rowOf(kResults, word) >= 0; }

// Splits "rest" into at most `maxParts` op/result words joined by '-'. Words
// contain '-' themselves ("speculative-read"), so every split is tried.
bool splitWords(std::string_view rest, int maxParts, std::vector<std::string_view>& out) {
    if (rest.empty()) return true;
    if (maxParts == 0) return false;
    for (size_t cut = 1; cut <= rest.size(); ++cut) {
        if (cut < rest.size() && rest[cut] != '-') continue;
        std::string_view word = rest.substr(0, cut);
        if (!isOpOrResult(word)) continue;
        out.push_back(word);
        if (cut == rest.size() || splitWords(rest.substr(cut + 1), maxParts - 1, out)) return true;
        out.pop_back();
    }
    return false;
}

std::string validOpNames(unsigned validOps) {
    std::vector<std::string> names;
    for (size_t op = 0; op < kOps.size(); ++op)
        if (validOps & (1u << op)) names.emplace_back(kOps[op][1]);
    return join(names, ", ");
}

uint64_t encode(int cache, int op, int result) {
    return static_cast<uint64_t>(cache) | static_cast<uint64_t>(op) << 8 | static_cast<uint64_t>(result) << 16;
}

} // namespace

const std::vector<HwCacheEvent>& hwCacheEvents() {
    static const std::vector<HwCacheEvent> events = [] {
        std::vector<HwCacheEvent> out;
        const auto& kinds = cacheKinds();
        for (size_t cache = 0; cache < kinds.size(); ++cache) {
            for (size_t op = 0; op < kOps.size(); ++op) {
                if (!(kinds[cache].validOps & (1u << op))) continue;
                for (size_t result = 0; result < kResults.size(); ++result) {
                    const bool access = result == PERF_COUNT_HW_CACHE_RESULT_ACCESS;
                    std::string name = std::string(kinds[cache].aliases[0]) + "-" +
                                       std::string(access ? kOps[op][1] : kOps[op][0]);
                    if (!access) name += "-" + std::string(kResults[result][0]);
                    std::string description = std::string(kinds[cache].noun) + " " +
                                              std::string(access ? kOps[op][1] : kOps[op][0]) +
                                              (access ? "" : " misses");
                    out.push_back({std::move(name),
                                   encode(static_cast<int>(cache), static_cast<int>(op), static_cast<int>(result)),
                                   std::move(description)});
                }
            }
        }
        return out;
    }();
    return events;
}

std::optional<Result<uint64_t>> decodeHwCacheName(std::string_view name) {
    // The cache part may itself contain '-' ("L1-dcache"): try every prefix that ends at a '-'.
    for (size_t cut = 1; cut <= name.size(); ++cut) {
        if (cut < name.size() && name[cut] != '-') continue;
        const int cache = cacheOf(name.substr(0, cut));
        if (cache < 0) continue;
        std::vector<std::string_view> words;
        if (cut < name.size() && !splitWords(name.substr(cut + 1), 2, words)) continue;

        int op = -1, result = -1;
        for (auto word : words) {
            const int asOp = rowOf(kOps, word);
            int& slot = asOp >= 0 ? op : result;
            if (slot >= 0)
                return Result<uint64_t>(makeError("'" + std::string(name) + "' names the " +
                                                  (asOp >= 0 ? "operation" : "result") +
                                                  " twice; write <cache>-<op>-<result>, e.g. 'dTLB-load-misses'"));
            slot = asOp >= 0 ? asOp : rowOf(kResults, word);
        }
        if (op < 0) op = PERF_COUNT_HW_CACHE_OP_READ;
        if (result < 0) result = PERF_COUNT_HW_CACHE_RESULT_ACCESS;
        const CacheKind& kind = cacheKinds()[static_cast<size_t>(cache)];
        if (!(kind.validOps & (1u << op)))
            return Result<uint64_t>(makeError("'" + std::string(name) + "': perf defines no " +
                                              std::string(kOps[static_cast<size_t>(op)][1]) + " for " +
                                              std::string(kind.aliases[0]) + " (valid: " +
                                              validOpNames(kind.validOps) + ")"));
        return Result<uint64_t>(encode(cache, op, result));
    }
    return std::nullopt;
}

} // namespace perfdash
