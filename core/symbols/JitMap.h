#pragma once
// A JIT's symbol map, /tmp/perf-PID.map: one "START SIZE NAME" line per
// piece of generated code, START and SIZE in hex, read as perf reads them
// (strtoull base 16, so an 0x prefix is allowed; one separator character
// after each number; NAME is the rest of the line, spaces included). Lines
// that do not have that form are skipped and counted, as perf skips them.
// Where entries overlap, the later line wins: the JIT wrote it after
// reusing the memory.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/symbols/IntervalMap.h"

namespace perfdash {

struct JitSymbol {
    uint64_t start = 0; // where the line's code starts (a later line may have covered its beginning)
    uint64_t size = 0;
    std::string name;   // demangled where it is a C++ name
};

class JitMap {
public:
    static JitMap parse(std::string_view text);

    const JitSymbol* find(uint64_t address) const;
    size_t symbols() const { return symbols_.size(); }
    size_t skippedLines() const { return skipped_; }

private:
    std::vector<JitSymbol> symbols_;
    IntervalMap<uint32_t> ranges_; // address -> index into symbols_
    size_t skipped_ = 0;
};

} // namespace perfdash
