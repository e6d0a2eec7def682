#pragma once
// Which group directories (<root>/<arch>/NAME.txt) apply to a CPU. The PMU
// model comes from libpfm4 (detected elsewhere); directory names follow
// likwid's (skylake, skylakeX, zen4, ...) so ~/.likwid/groups/<arch>/ works,
// with likwid's newer short names (ICL, ICX, SPR, CLX) as aliases.
#include <string>
#include <string_view>
#include <vector>

namespace perfdash {

// Portable groups built on perf's generic events; searched last for every CPU.
inline constexpr const char* kGenericGroupArch = "generic";

// The directories to search, most specific first, always ending with
// "generic". Takes a libpfm4 PMU model name (pfm_pmu_info_t::name, e.g.
// "amd64_fam19h_zen4" -> {"zen4", "generic"}, "skx" -> {"skylakeX",
// "skylake", "generic"}) or one of our directory names ("zen4" -> the same
// list). Anything else is taken as a directory name: "foo" -> {"foo", "generic"}.
std::vector<std::string> groupArchsFor(std::string_view pmuModelOrArch);

} // namespace perfdash
