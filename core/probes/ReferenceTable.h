#pragma once
// Published (or the user's own) latency and throughput numbers, imported so
// that measured values can be shown next to them. perfdash ships none: the
// user brings the file. Three formats are read, told apart by their content:
//   - our CSV (columns found by header name, any order, case-insensitive;
//     empty or "n/a" cells mean unknown):
//       mnemonic,operands,latency,recip_throughput,microarchitecture,source
//       imul,"r64, r64",3,1,Zen 3,my notes
//   - InstLatx64's text dumps ("Inst   73 AMD64 : ADD r64, r64   L: 0.42ns= 1.0c  T: 0.11ns= 0.25c");
//   - uops.info's instructions.xml (<instruction asm=.. string="ADD (R64, R64)"> with
//     <architecture name="ZEN4"><measurement TP_unrolled=..><latency cycles=.. /></measurement>).
// Every row's operands are stored in one spelling, the catalog's exact form
// (formKey): "r64, [r64+disp8]", "r64, m64", "r64, imm", "r32, r32 (same register)".
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/probes/BenchResult.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct ReferenceRow {
    std::string mnemonic;
    std::string operands; // the exact form, as formKey() spells it
    std::optional<double> latency;
    std::optional<double> reciprocalThroughput;
    std::string microarchitecture;
    std::string source;
    int line = 0;
};

// The one spelling of an operand form that tables are matched on: lower
// case, no spaces, "[m64]" and "M64" as "m64", any immediate as "imm",
// InstLatx64's distinct registers "r1_64"/"xmm2" as "r64"/"xmm", an index
// scale as "*s" (the scale does not change the timing on the cores the
// tables cover), and a same-register form keeps its "(sameregister)" mark.
std::string formKey(std::string_view operands);

// Tolerances of a verdict (the accuracy benchmark's): a latency agrees
// within max(0.15 cycles, 10 %), a reciprocal throughput within max(0.05 cycles, 15 %).
struct ReferenceTolerance {
    double absolute = 0;
    double relative = 0;
    double allowed(double reference) const;
};
inline constexpr ReferenceTolerance kLatencyTolerance{0.15, 0.10};
inline constexpr ReferenceTolerance kThroughputTolerance{0.05, 0.15};

class ReferenceTable {
public:
    enum class Format { Csv, InstLatx64, UopsInfoXml };
    static Result<ReferenceTable> parseCsv(std::string_view text, const std::string& sourceName);
    static Result<ReferenceTable> parseInstLatx64(std::string_view text, const std::string& sourceName);
    static Result<ReferenceTable> parseUopsInfoXml(std::string_view text, const std::string& sourceName);
    static Format detectFormat(std::string_view text);
    // Any of the three formats, by its content.
    static Result<ReferenceTable> parse(std::string_view text, const std::string& sourceName);
    static Result<ReferenceTable> load(const std::string& path);

    const std::vector<ReferenceRow>& rows() const { return rows_; }
    // Rows for an instruction: same mnemonic (case-insensitive) and operand
    // form (formKey); `microarchitecture` narrows when not empty.
    std::vector<const ReferenceRow*> find(std::string_view mnemonic, std::string_view operands,
                                          std::string_view microarchitecture = {}) const;
    // The microarchitectures the rows name, each once, in order of appearance.
    std::vector<std::string> microarchitectures() const;

private:
    std::vector<ReferenceRow> rows_;
};

struct ReferenceComparison {
    const ReferenceRow* row = nullptr;
    std::optional<double> latencyDifference;   // measured - reference, cycles
    std::optional<double> throughputDifference;
    std::optional<double> latencyDeviation;    // (measured - reference) / reference
    std::optional<double> throughputDeviation; // same, for reciprocal throughput
    bool latencyFlagged = false;               // differs by more than kLatencyTolerance
    bool throughputFlagged = false;            // differs by more than kThroughputTolerance

    // "agrees", "differs" or "" (nothing to compare) for each mode, and for both together:
    // "differs" when either differs, "agrees" when at least one agrees and none differs.
    std::string latencyVerdict() const;
    std::string throughputVerdict() const;
    std::string verdict() const;
};

// Compares the reported figures (the fastest runs').
ReferenceComparison compareWithReference(const BenchResult& result, const ReferenceRow& row);
// The result against every row of `table` for its instruction (see find()).
std::vector<ReferenceComparison> compareWithReferences(const BenchResult& result, const ReferenceTable& table,
                                                       std::string_view microarchitecture = {});

} // namespace perfdash
