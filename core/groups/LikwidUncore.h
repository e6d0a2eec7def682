#pragma once
// What likwid's event names on its uncore and other units (MBOX, CBOX, DFC,
// PWR, ...) become on the kernel's PMUs, read from
// resources/likwid/uncore.json (data, not code): per unit and likwid event,
// the kernel PMU family (uncore_imc, amd_df, power) and either one of its
// named events (cas_count_read) or format terms with the vendor's codes, and
// which format term each likwid option becomes (STATE -> filter_state).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

struct UncoreEventEntry {
    std::string box;   // likwid's counter prefix: "MBOX"
    std::string event; // likwid's name: "CAS_COUNT_RD"
    std::string pmu;   // kernel PMU family: "uncore_imc" (instances uncore_imc_0, uncore_imc_1, ...); empty if unmapped
    std::string alias; // a named event of that PMU ("cas_count_read"), or empty
    std::string terms; // format terms ("event=0x34,umask=0x03"), used where alias is empty
    std::vector<std::string> archs; // likwid architectures it applies to; empty: any
    std::string vendor;             // "intel", "amd"; empty: any
    std::optional<int> counter;     // the likwid counter number it must sit on (PWR3), if any
    bool raw = false;               // count as it is, without the alias's sysfs scale
    std::vector<int> instances;     // the PMU instance of box 0, 1, ...; empty: box n is instance n
    std::string source;             // where the codes come from
    // Which Linux registers that PMU for these CPUs ("Linux 6.11 and later"),
    // said where this machine's kernel has none.
    std::string kernel;
    // A RAPL domain the powercap framework also has ("package", "core",
    // "uncore", "dram", "psys": the zone's name), read through its files where
    // this machine's `pmu` lacks the event (core/events/PowercapEnergy.h).
    std::string powercap;
    // Why likwid's event is deliberately not mapped on these architectures
    // (no vendor code, or the kernel's event counts something else); then
    // pmu, alias and terms are empty.
    std::string unmapped;
    // likwid's own code ("codeSource": "likwid"), where no vendor document
    // available gives one; vendorHas says what the vendor documents instead
    // (or which document was not available). Shown on the resolved slot.
    bool likwidOwn = false;
    std::string vendorHas;

    bool appliesTo(std::string_view arch, std::string_view archVendor) const;
};

struct UncoreTable {
    std::vector<UncoreEventEntry> events;
    // A likwid option and the PMU format terms it may become, first present wins.
    std::vector<std::pair<std::string, std::vector<std::string>>> options;

    // The entries of likwid event `event` (any case) on unit `box`, in file order.
    std::vector<const UncoreEventEntry*> entries(std::string_view box, std::string_view event) const;
    // The format terms a likwid option may become; nullptr where the table names none.
    const std::vector<std::string>* optionTerms(std::string_view option) const;
};

// <dataDir>/likwid/uncore.json, read once; an error names the file and the fault.
const Result<UncoreTable>& likwidUncoreTable();

} // namespace perfdash
