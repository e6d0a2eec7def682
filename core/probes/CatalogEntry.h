#pragma once
// One benchmark of an instruction catalog: the instruction template plus what
// it needs to run meaningfully (operand values, setup, CPU features).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/probes/InstructionTemplate.h"
#include "core/util/Outcome.h"

namespace perfdash {

// The value a register starts with: a 64-bit pattern repeated across vector
// registers ("3", "0x10", "-1", "1.0" as binary64, "1.0f" as two binary32), or
// "mem": the address of a pointer-chase ring in L1 (general registers only).
struct InitValue {
    enum class Kind { Bits, Memory };
    Kind kind = Kind::Bits;
    uint64_t bits = 1;
    std::string text = "1";

    static Result<InitValue> parse(std::string_view text);
    bool operator==(const InitValue&) const = default;
};

struct CatalogEntry {
    std::string name;
    std::string category = "other";
    std::string description;
    InstructionTemplate instruction;
    // For latency when the destination and sources live in different files
    // (int -> FP conversions, GPR -> vector moves): an instruction that reads the
    // destination and writes the source, so the chain closes; the latency is the pair's.
    std::optional<InstructionTemplate> link;
    std::vector<std::string> features;  // CPU features named by "requires" (cpuinfo flag names)
    std::map<std::string, InitValue> init; // by register class name; "" is the default for every class
    std::vector<std::string> setup;    // literal assembly run once before the loop
    std::vector<std::string> breaker;  // literal assembly before each copy in throughput mode
                                       // (breaks implicit or flag dependencies between copies)
    int chainSource = 0;               // which source (1-based) carries a latency chain; 0: the first in
                                       // the destination's register file
    std::string operands;              // notation for reports and reference tables
    std::string bound;                 // the max-IPC probe's class whose plateau no throughput of this
                                       // entry can beat ("int-add", "fp-add", "load", "nop"); "" none
    std::string origin;                // "file:line" where the entry starts
    bool shipped = false;              // from perfdash's own data directory (not a user's file or the CLI)

    std::string mnemonic() const { return instruction.mnemonic(); }
    // Features named by the catalog plus those the register classes imply.
    std::vector<std::string> requiredFeatures() const;
    // The value registers of `cls` start with.
    InitValue initFor(const RegisterClass& cls) const;
};

// Builds an entry from a template alone (perfdash-cli bench custom), with the
// same checks a catalog entry gets.
Result<CatalogEntry> makeCustomEntry(Arch arch, std::string_view templateText,
                                     const std::vector<std::string>& implicit = {});

// A custom entry as a person writes it (perfdash-cli bench custom's options,
// the GUI's custom-instruction editor). Every list may be empty.
struct CustomEntrySpec {
    std::string templateText;
    std::vector<std::string> implicit; // registers or state used without being named
    std::vector<std::string> init;     // "[CLASS=]VALUE": 3, 0x10, 1.0, 1.0f, mem
    std::vector<std::string> features; // cpuinfo flags
    std::vector<std::string> setup;
    std::vector<std::string> breaker;
    std::string link;                  // empty: none
};

// makeCustomEntry plus the spec's settings, validated; an error names the
// setting at fault ("bad template: ...", "init 'x=1': ...").
Result<CatalogEntry> buildCustomEntry(Arch arch, const CustomEntrySpec& spec);

// Checks what the template alone cannot: a link must read the entry's
// destination and write one of its sources; setup and breaker lines are literal.
Status validateEntry(const CatalogEntry& entry);

} // namespace perfdash
