#pragma once
// The functions of one DWARF compilation unit and the calls inlined into
// them, read in one walk of the unit, so that the inlined calls at an
// address are a binary search and a short scan, not a walk of the unit's
// whole tree per address as dwarf_getscopes does. Internal to core/symbols.
#include <cstdint>
#include <elfutils/libdw.h>
#include <vector>

namespace perfdash {

class DwarfScopes {
public:
    explicit DwarfScopes(Dwarf_Die unit);

    // The inlined calls at a DWARF address of the unit, innermost first.
    std::vector<Dwarf_Die> inlinedAt(Dwarf_Addr address) const;

private:
    struct Range {
        Dwarf_Addr low, high;
        uint32_t scope; // into scopes_
    };
    // A function with code, or a call inlined into one.
    struct Scope {
        Dwarf_Die die;
        int32_t parent = -1;  // an inlined call's enclosing inlined call, -1 where the function itself
        uint32_t function = 0; // the function it is in (itself, for a function)
        uint32_t depth = 0;    // inlined calls around it, itself included
        uint32_t firstRange = 0, endRange = 0;   // an inlined call's, in inlineRanges_
        uint32_t firstInside = 0, endInside = 0; // a function's: the scopes collected inside it
    };
    void collect(Dwarf_Die* die, int32_t function, int32_t parent, uint32_t depth);
    void addRanges(Dwarf_Die* die, uint32_t scope, std::vector<Range>& into);
    bool contains(const Scope& scope, Dwarf_Addr address) const;

    std::vector<Scope> scopes_;
    std::vector<Range> functionRanges_; // sorted by low
    std::vector<Range> inlineRanges_;
};

} // namespace perfdash
