#include "core/symbols/DwarfScopes.h"

#include <algorithm>
#include <dwarf.h>

namespace perfdash {

DwarfScopes::DwarfScopes(Dwarf_Die unit) {
    collect(&unit, -1, -1, 0);
    std::sort(functionRanges_.begin(), functionRanges_.end(), [](const Range& a, const Range& b) { return a.low < b.low; });
}

void DwarfScopes::addRanges(Dwarf_Die* die, uint32_t scope, std::vector<Range>& into) {
    Dwarf_Addr base = 0, low = 0, high = 0;
    ptrdiff_t offset = 0;
    while ((offset = dwarf_ranges(die, offset, &base, &low, &high)) > 0)
        if (high > low) into.push_back(Range{low, high, scope});
}

void DwarfScopes::collect(Dwarf_Die* die, int32_t function, int32_t parent, uint32_t depth) {
    Dwarf_Die child;
    if (dwarf_child(die, &child) != 0) return;
    do {
        switch (dwarf_tag(&child)) {
        case DW_TAG_subprogram: {
            // Declarations and abstract instances have no code: only their concrete copies count.
            const auto index = static_cast<uint32_t>(scopes_.size());
            const size_t before = functionRanges_.size();
            addRanges(&child, index, functionRanges_);
            if (functionRanges_.size() == before) break;
            scopes_.push_back(Scope{.die = child, .function = index});
            scopes_[index].firstInside = static_cast<uint32_t>(scopes_.size());
            collect(&child, static_cast<int32_t>(index), -1, 0);
            scopes_[index].endInside = static_cast<uint32_t>(scopes_.size());
            break;
        }
        case DW_TAG_inlined_subroutine: {
            if (function < 0) break;
            const auto index = static_cast<uint32_t>(scopes_.size());
            Scope scope{.die = child, .parent = parent, .function = static_cast<uint32_t>(function), .depth = depth + 1};
            scope.firstRange = static_cast<uint32_t>(inlineRanges_.size());
            addRanges(&child, index, inlineRanges_);
            scope.endRange = static_cast<uint32_t>(inlineRanges_.size());
            scopes_.push_back(scope);
            collect(&child, function, static_cast<int32_t>(index), depth + 1);
            break;
        }
        // Where functions and inlined calls may sit.
        case DW_TAG_lexical_block:
        case DW_TAG_namespace:
        case DW_TAG_class_type:
        case DW_TAG_structure_type:
        case DW_TAG_union_type:
            collect(&child, function, parent, depth);
            break;
        default:
            break;
        }
    } while (dwarf_siblingof(&child, &child) == 0);
}

bool DwarfScopes::contains(const Scope& scope, Dwarf_Addr address) const {
    for (uint32_t i = scope.firstRange; i < scope.endRange; ++i)
        if (address >= inlineRanges_[i].low && address < inlineRanges_[i].high) return true;
    return false;
}

std::vector<Dwarf_Die> DwarfScopes::inlinedAt(Dwarf_Addr address) const {
    auto it = std::upper_bound(functionRanges_.begin(), functionRanges_.end(), address,
                               [](Dwarf_Addr a, const Range& r) { return a < r.low; });
    if (it == functionRanges_.begin() || address >= std::prev(it)->high) return {};
    const Scope& function = scopes_[std::prev(it)->scope];
    const Scope* innermost = nullptr;
    for (uint32_t i = function.firstInside; i < function.endInside; ++i) {
        const Scope& scope = scopes_[i];
        if (scope.function == std::prev(it)->scope && scope.depth > 0 &&
            (!innermost || scope.depth > innermost->depth) && contains(scope, address))
            innermost = &scope;
    }
    std::vector<Dwarf_Die> chain;
    for (const Scope* scope = innermost; scope; scope = scope->parent >= 0 ? &scopes_[scope->parent] : nullptr)
        chain.push_back(scope->die);
    return chain;
}

} // namespace perfdash
