#include "core/events/Loongson2fEvents.h"

#include <string>
#include <vector>

#include "core/events/PerfModifiers.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

constexpr std::string_view kPrefix = "loongson2f::";

// Counter 0 selects with bits 5-8 of the control register, counter 1 with
// bits 9-12 (see core/backends/loongson/kmod/README.md for the layout).
constexpr Loongson2fEvent kEvents[] = {
    {"CYCLES", 0, 0, "Processor cycles"},
    {"BRANCH_INSTRUCTIONS", 0, 1, "Branch instructions"},
    {"INSTRUCTIONS", 0, 2, "Instructions"},
    {"JR_RA_INSTRUCTIONS", 0, 3, "Jump-register instructions with rs=31 (jr ra: function returns)"},
    {"ICACHE_MISSES", 0, 4, "L1 instruction cache misses"},
    {"ALU1_ISSUED", 0, 5, "Operations issued to ALU1"},
    {"MEM_ISSUED", 0, 6, "Memory operations issued"},
    {"FALU1_ISSUED", 0, 7, "Operations issued to FALU1 (floating point)"},
    {"SPECULATED_INSTRUCTIONS", 0, 8, "Instructions executed speculatively"},
    {"MEMORY_READS", 0, 9, "Reads from main memory"},
    {"FIXED_QUEUE_FULL", 0, 10, "Cycles the fixed-point issue queue was full"},
    {"REORDER_QUEUE_FULL", 0, 11, "Cycles the reorder queue was full"},
    {"CP0_QUEUE_FULL", 0, 12, "Cycles the CP0 queue was full"},
    {"TLB_REFILLS", 0, 13, "TLB refill exceptions"},
    {"EXCEPTIONS", 0, 14, "Exceptions"},
    {"INTERNAL_EXCEPTIONS", 0, 15, "Internal exceptions"},
    {"COMMITTED_OPS", 1, 0, "Committed operations"},
    {"BRANCH_MISPREDICTIONS", 1, 1, "Mispredicted branches"},
    {"MISPREDICTIONS", 1, 2, "Mispredictions (branches and jumps)"},
    {"JR_RA_MISPREDICTIONS", 1, 3, "Mispredicted jr ra (function return) jumps"},
    {"DCACHE_MISSES", 1, 4, "L1 data cache misses"},
    {"ALU2_ISSUED", 1, 5, "Operations issued to ALU2"},
    {"FALU2_ISSUED", 1, 6, "Operations issued to FALU2 (floating point)"},
    {"UNCACHED_ACCESSES", 1, 7, "Uncached memory accesses"},
    {"BHT_MISPREDICTIONS", 1, 8, "Branch history table mispredictions"},
    {"MEMORY_WRITES", 1, 9, "Writes to main memory"},
    {"FP_QUEUE_FULL", 1, 10, "Cycles the floating-point queue was full"},
    {"BRANCH_QUEUE_FULL", 1, 11, "Cycles the branch queue was full"},
    {"ITLB_MISSES", 1, 12, "Instruction TLB misses"},
    {"TOTAL_EXCEPTIONS", 1, 13, "All exceptions"},
    {"SPECULATION_MISSES", 1, 14, "Mis-speculated loads (speculation misses)"},
    {"FORWARD_LOADED_QUEUE", 1, 15, "Entries loaded into the forwarding queue"},
};

uint64_t configOf(const Loongson2fEvent& e) { return static_cast<uint64_t>(e.counter) << 4 | unsigned(e.select); }

} // namespace

std::span<const Loongson2fEvent> loongson2fEvents() { return kEvents; }

std::optional<Result<ResolvedEvent>> resolveLoongson2fEvent(std::string_view specView) {
    const std::string spec = trim(specView);
    if (toLower(spec.substr(0, kPrefix.size())) != kPrefix) return std::nullopt;
    const std::string rest = spec.substr(kPrefix.size());
    const auto colon = rest.find(':');
    const std::string name = rest.substr(0, colon);
    const std::string modifiers = colon == std::string::npos ? "" : rest.substr(colon + 1);
    for (const auto& e : kEvents) {
        if (e.name != name) continue;
        ResolvedEvent ev;
        ev.spec = spec;
        ev.name = std::string(kPrefix) + std::string(e.name) + (modifiers.empty() ? "" : ":" + modifiers);
        ev.source = EventSource::Loongson2f;
        ev.pmu = std::string(kLoongson2fPmu);
        ev.description = std::string(e.description) + " (counter " + std::to_string(e.counter) + ", event " +
                         std::to_string(e.select) + ")";
        ev.encoding.type = kNotAPerfEventType;
        ev.encoding.config = configOf(e);
        if (Status s = applyPerfModifiers(modifiers, spec, ev.encoding); !s) return Result<ResolvedEvent>(s.error());
        return Result<ResolvedEvent>(std::move(ev));
    }
    std::vector<std::string> names;
    for (const auto& e : kEvents) names.emplace_back(e.name);
    auto close = closestMatches(name, names);
    return Result<ResolvedEvent>(makeError(
        "unknown Loongson 2E/2F event '" + spec + "'" +
        (close.empty() ? std::string(".") : "; did you mean " + std::string(kPrefix) + join(close, ", " + std::string(kPrefix)) + "?") +
        " See 'perfdash-cli list --source loongson2f' for all 32."));
}

const Loongson2fEvent* loongson2fEventOf(const ResolvedEvent& event) {
    if (event.source != EventSource::Loongson2f || event.encoding.type != kNotAPerfEventType) return nullptr;
    for (const auto& e : kEvents)
        if (configOf(e) == event.encoding.config) return &e;
    return nullptr;
}

} // namespace perfdash
