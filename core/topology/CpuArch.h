#pragma once
// Which likwid architecture (resources/likwid/archs.json: skylakeX, zen4,
// ...) this CPU is, from what CPUID says (vendor, family, model, stepping:
// the table resources/likwid/cpus.json, data, not code) and from the
// kernel's PMU names (cpu_core + cpu_atom: a hybrid CPU). libpfm4's own
// detection is only a cross-check: 4.13 maps newer families wrongly and has
// no Zen 5. The answer says how it was reached and, where it may be wrong
// (under a hypervisor that shows a CPU model of its choosing, a brand string
// that names no part), why: such a guess is never shown as a fact.
#include <string>
#include <vector>

#include "core/topology/CpuIdentity.h"
#include "core/util/Outcome.h"

namespace perfdash {

// One row of cpus.json.
struct CpuTableEntry {
    std::string vendor; // CPUID's vendor string: "GenuineIntel", "AuthenticAMD"
    int family = 0;
    std::vector<std::pair<int, int>> models;    // inclusive ranges
    std::vector<std::pair<int, int>> steppings; // inclusive ranges; empty: any
    bool hybrid = false;
    std::string arch; // likwid's architecture name
    std::string name; // the parts it covers, for people

    bool matches(const CpuIdentity& cpu) const;
    // "Granite Rapids": the name before its parenthesis, for sentences.
    std::string shortName() const;
};

// One feature of cpus.json's "features": which architectures have it. A CPU
// that reports it is one of those, whatever its model number says.
struct CpuFeatureEvidence {
    std::string flag;               // a name of cpuFeatureNames() ("amx_tile")
    std::string says;               // for people ("AMX")
    std::vector<std::string> archs; // likwid architectures that have it
};

struct CpuTable {
    std::vector<CpuTableEntry> cpus;
    std::vector<CpuFeatureEvidence> features;
};

// <dataDir>/likwid/cpus.json, read once; an error names the file and what is wrong.
const Result<CpuTable>& cpuArchTable();
Result<CpuTable> parseCpuArchTable(const std::string& text, const std::string& path);

// What identification looks at besides the CPU itself.
struct CpuArchEvidence {
    CpuIdentity cpu;
    std::vector<std::string> pmuNames; // the kernel's PMUs (bus/event_source/devices); empty: not read
    std::string libpfmModel;           // libpfm4's detected core model ("amd64_fam19h_zen4"); empty: none
    std::string libpfmArch;            // the likwid architecture of that model; empty: none
};

struct CpuArchIdentification {
    std::string arch;   // the likwid architecture in use; empty: unknown (the portable groups only)
    std::string how;    // how it was reached, one sentence
    std::vector<std::string> doubts; // why it may be wrong, one sentence each; empty: certain
    std::vector<std::string> notes;  // what else was seen (the PMUs, libpfm4's view)
    std::string overriddenBy;        // "--arch" or "PERFDASH_ARCH" when the user named the arch
    std::string detectedArch;        // what detection gave, when overridden ("" = unknown)
    bool detectedUncertain = false;  // whether that was uncertain, when overridden

    bool uncertain() const { return overriddenBy.empty() && !doubts.empty(); }
    // "zen4 (uncertain)", "unknown", "zen3 (named by --arch; detected: zen4, uncertain)".
    std::string summary() const;
};

// The first row that matches CPUID's vendor, family, model and stepping; then
// the CPU's features (CpuIdentity::features) weighed against it: where they
// say the model cannot be right (a hypervisor's CPU model with a newer host's
// features), the one architecture they point to is taken, marked uncertain,
// and the disagreement is one of the doubts.
CpuArchIdentification identifyCpuArch(const CpuArchEvidence& evidence, const CpuTable& table);
// The same with cpus.json; a table that cannot be read leaves the arch unknown with that reason.
CpuArchIdentification identifyCpuArch(const CpuArchEvidence& evidence);

// `detected` replaced by the arch the user named (`by`: "--arch", "PERFDASH_ARCH").
CpuArchIdentification overrideCpuArch(const CpuArchIdentification& detected, std::string arch, std::string by);

} // namespace perfdash
