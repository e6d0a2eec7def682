#pragma once
// likwid's architecture names and what they mean to perfdash, read from
// resources/likwid/archs.json (data, not code): which group directories
// (<root>/<arch>/NAME.txt) apply to a CPU, its vendor, and the libpfm4 core
// PMU model its events are resolved on, and the event tables (core/events/
// EventTable.h) that give what that model lacks. Directory names follow likwid's
// (skylake, skylakeX, zen4, ICX, SPR, ...) so ~/.likwid/groups/<arch>/ works.
#include <string>
#include <string_view>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

// Portable groups built on perf's generic events; searched last for every CPU.
inline constexpr const char* kGenericGroupArch = "generic";

// One core type of a hybrid CPU (Alder Lake's P- and E-cores): the kernel
// registers a core PMU per type (cpu_core, cpu_atom), each counting on its
// own CPUs with its own event codes.
struct HybridCoreType {
    std::string pmu;                    // the kernel's core PMU of this type: "cpu_core"
    std::string label;                  // how results name it: "P-core"
    std::vector<std::string> pfmModels; // libpfm4 models of this core type; the first encodes
    std::vector<std::string> tables;    // its event tables, read first (as GroupArch::tables)

    std::string coreModel() const { return pfmModels.empty() ? std::string() : pfmModels.front(); }
};

struct GroupArch {
    std::string name;                   // likwid's directory name: "skylakeX"
    std::string vendor;                 // "intel", "amd", "arm", "ibm", "nvidia"
    bool gpu = false;                   // a GPU set (likwid's nvidia_gpu_*): not perfdash's business
    std::vector<std::string> pfmModels; // libpfm4 core models; the first encodes this arch's events
    std::string noPfm;                  // why there is no libpfm4 model (pfmModels empty)
    std::string note;                   // a caveat of the mapping, e.g. a borrowed table
    std::vector<std::string> dirs;      // further group directories, most specific first
    std::vector<std::string> tables;    // event tables (resources/events/<name>.json) read after libpfm4
    // Hybrid CPUs only: a slot on a core counter resolves once per core type,
    // on that type's PMU with its models and tables (SlotResolver.h).
    std::vector<HybridCoreType> coreTypes;

    // The libpfm4 model this arch's events are encoded on; empty when there is none.
    std::string coreModel() const { return pfmModels.empty() ? std::string() : pfmModels.front(); }
};

// Every architecture of <dataDir>/likwid/archs.json, read once; an error names
// the file and what is wrong with it.
const Result<std::vector<GroupArch>>& groupArchTable();

// A libpfm4 PMU model name (pfm_pmu_info_t::name: "skx" -> skylakeX) or a
// likwid directory name (exact, else ignoring case: "icx" is the model, "Icx"
// the directory ICX). nullptr for anything else, "generic" included.
const GroupArch* findGroupArch(std::string_view pmuModelOrArch);

// The directories to search, most specific first, always ending with
// "generic": "amd64_fam19h_zen4" or "zen4" -> {"zen4", "generic"}, "skx" ->
// {"skylakeX", "skylake", "generic"}. Anything unknown is taken as a
// directory name: "foo" -> {"foo", "generic"}.
std::vector<std::string> groupArchsFor(std::string_view pmuModelOrArch);

} // namespace perfdash
