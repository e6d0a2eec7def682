#pragma once
// Published (or the user's own) latency and throughput numbers, imported
// from CSV so measured values can be shown next to them. perfdash ships none.
//   mnemonic,operands,latency,recip_throughput,microarchitecture,source
//   imul,"r64, r64",3,1,Zen 3,my notes
// Columns are found by their header names (any order, case-insensitive);
// empty or "n/a" cells mean unknown.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/microbench/BenchResult.h"
#include "core/util/Result.h"

namespace perfdash {

struct ReferenceRow {
    std::string mnemonic;
    std::string operands;
    std::optional<double> latency;
    std::optional<double> reciprocalThroughput;
    std::string microarchitecture;
    std::string source;
    int line = 0;
};

class ReferenceTable {
public:
    static Result<ReferenceTable> parseCsv(std::string_view text, const std::string& sourceName);
    static Result<ReferenceTable> load(const std::string& path);

    const std::vector<ReferenceRow>& rows() const { return rows_; }
    // Rows for an instruction: same mnemonic (case-insensitive) and operand
    // notation (case and spaces ignored); `microarchitecture` narrows when not empty.
    std::vector<const ReferenceRow*> find(std::string_view mnemonic, std::string_view operands,
                                          std::string_view microarchitecture = {}) const;

private:
    std::vector<ReferenceRow> rows_;
};

struct ReferenceComparison {
    const ReferenceRow* row = nullptr;
    std::optional<double> latencyDeviation;    // (measured - reference) / reference
    std::optional<double> throughputDeviation; // same, for reciprocal throughput
    bool latencyFlagged = false;               // deviates by more than the tolerance
    bool throughputFlagged = false;
};

// Compares the reported figures (the fastest runs'). A deviation is flagged when it exceeds `tolerance`
// relative to the reference and also 0.1 cycles (tiny values are noisy).
ReferenceComparison compareWithReference(const BenchResult& result, const ReferenceRow& row, double tolerance = 0.10);
// The result against every row of `table` for its instruction (see find()).
std::vector<ReferenceComparison> compareWithReferences(const BenchResult& result, const ReferenceTable& table,
                                                       std::string_view microarchitecture = {},
                                                       double tolerance = 0.10);

} // namespace perfdash
