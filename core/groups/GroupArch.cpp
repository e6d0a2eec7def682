#include "core/groups/GroupArch.h"

#include <initializer_list>

namespace perfdash {

namespace {

struct ArchMapping {
    const char* pmuModel; // libpfm4 name; a trailing '*' matches any suffix
    std::initializer_list<const char*> dirs;
};

// A server model falls back to its client sibling where the core events are
// the same (skx -> skylake), never across core generations.
const ArchMapping kMappings[] = {
    {"core", {"core2"}},
    {"atom", {"atom"}},
    {"nhm", {"nehalem"}},
    {"nhm_ex", {"nehalemEX", "nehalem"}},
    {"wsm", {"westmere"}},
    {"wsm_dp", {"westmere"}},
    {"snb", {"sandybridge"}},
    {"snb_ep", {"sandybridgeEP", "sandybridge"}},
    {"ivb", {"ivybridge"}},
    {"ivb_ep", {"ivybridgeEP", "ivybridge"}},
    {"hsw", {"haswell"}},
    {"hsw_ep", {"haswellEP", "haswell"}},
    {"bdw", {"broadwell"}},
    {"bdw_ep", {"broadwellEP", "broadwell"}},
    {"skl", {"skylake"}},
    {"skx", {"skylakeX", "skylake"}},
    {"clx", {"cascadelakeX", "CLX", "skylakeX", "skylake"}},
    {"icl", {"icelake", "ICL"}},
    {"icx", {"icelakeX", "ICX", "icelake", "ICL"}},
    {"spr", {"sapphirerapids", "SPR"}},
    {"slm", {"silvermont"}},
    {"glm", {"goldmont"}},
    {"tmt", {"tremont"}},
    {"knl", {"knl"}},
    {"knm", {"knl"}},
    {"amd64_k8_*", {"k8"}},
    {"amd64_fam10h_*", {"k10"}},
    {"amd64_fam15h_interlagos", {"interlagos"}},
    {"amd64_fam16h", {"kabini"}},
    {"amd64_fam17h", {"zen"}},
    {"amd64_fam17h_zen1", {"zen"}},
    {"amd64_fam17h_zen2", {"zen2"}},
    {"amd64_fam19h_zen3", {"zen3"}},
    {"amd64_fam19h_zen4", {"zen4"}},
    {"amd64_fam1ah_zen5", {"zen5"}},
    {"arm_n1", {"arm8_n1"}},
    {"arm_a64fx", {"arm64fx"}},
};

bool matches(std::string_view pattern, std::string_view name) {
    if (pattern.ends_with("*")) return name.starts_with(pattern.substr(0, pattern.size() - 1));
    return pattern == name;
}

std::vector<std::string> withGeneric(std::initializer_list<const char*> dirs) {
    std::vector<std::string> out(dirs.begin(), dirs.end());
    out.emplace_back(kGenericGroupArch);
    return out;
}

} // namespace

std::vector<std::string> groupArchsFor(std::string_view pmuModelOrArch) {
    if (pmuModelOrArch.empty() || pmuModelOrArch == kGenericGroupArch) return {kGenericGroupArch};
    for (const auto& m : kMappings)
        if (matches(m.pmuModel, pmuModelOrArch)) return withGeneric(m.dirs);
    for (const auto& m : kMappings)
        if (pmuModelOrArch == *m.dirs.begin()) return withGeneric(m.dirs);
    return {std::string(pmuModelOrArch), kGenericGroupArch};
}

} // namespace perfdash
