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

#include "core/util/Result.h"

namespace perfdash {

// Portable groups built on perf's generic events; searched last for every CPU.
inline constexpr const char* kGenericGroupArch = "generic";

struct GroupArch {
    std::string name;                   // likwid's directory name: "skylakeX"
    std::string vendor;                 // "intel", "amd", "arm", "ibm", "nvidia"
    bool gpu = false;                   // a GPU set (likwid's nvidia_gpu_*): not perfdash's business
    std::vector<std::string> pfmModels; // libpfm4 core models; the first encodes this arch's events
    std::string noPfm;                  // why there is no libpfm4 model (pfmModels empty)
    std::string note;                   // a caveat of the mapping, e.g. a borrowed table
    std::vector<std::string> dirs;      // further group directories, most specific first
    std::vector<std::string> tables;    // event tables (resources/events/<name>.json) read after libpfm4

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
