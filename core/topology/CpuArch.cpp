#include "core/topology/CpuArch.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {
namespace {

int number(const std::string& text, const std::string& what) {
    auto v = parseUnsigned(text);
    if (!v || *v > 0xffff) throw std::invalid_argument(what + " '" + text + "' is not a number");
    return static_cast<int>(*v);
}

// "0x55", "5-7", "0x20-0x5F".
std::vector<std::pair<int, int>> ranges(const nlohmann::json& entry, const char* key) {
    std::vector<std::pair<int, int>> out;
    if (!entry.contains(key)) return out;
    for (const auto& item : entry.at(key)) {
        const std::string text = item.get<std::string>();
        const auto dash = text.find('-');
        const int low = number(text.substr(0, dash), key);
        const int high = dash == std::string::npos ? low : number(text.substr(dash + 1), key);
        if (high < low) throw std::invalid_argument(std::string(key) + " range '" + text + "' is empty");
        out.emplace_back(low, high);
    }
    return out;
}

bool inRanges(int v, const std::vector<std::pair<int, int>>& rs) {
    return std::any_of(rs.begin(), rs.end(), [v](const auto& r) { return v >= r.first && v <= r.second; });
}

// "AuthenticAMD family 0x19 model 0x11 stepping 1 ("AMD EPYC")": what was seen.
std::string cpuText(const CpuIdentity& cpu) {
    std::string out = cpu.vendor.empty() ? std::string("an unknown vendor") : cpu.vendor;
    if (cpu.family) out += " family " + hex(static_cast<uint64_t>(*cpu.family));
    if (cpu.model) out += " model " + hex(static_cast<uint64_t>(*cpu.model));
    if (cpu.stepping) out += " stepping " + std::to_string(*cpu.stepping);
    if (!cpu.modelName.empty()) out += " (\"" + cpu.modelName + "\")";
    return out + " from " + (cpu.source.empty() ? std::string("nowhere") : cpu.source);
}

// A brand string that names no part: a hypervisor's CPU model ("AMD EPYC",
// "Intel Xeon Processor (Icelake)", "QEMU Virtual CPU", "Common KVM
// processor"). Real parts carry a model number.
bool genericBrand(const std::string& brand) {
    if (brand.empty()) return true;
    if (containsIgnoreCase(brand, "qemu") || containsIgnoreCase(brand, "kvm")) return true;
    return std::none_of(brand.begin(), brand.end(), [](unsigned char c) { return std::isdigit(c); });
}

bool has(const std::vector<std::string>& names, const char* name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// Why CPUID's answer may not describe the host.
void hypervisorDoubts(const CpuIdentity& cpu, CpuArchIdentification& id) {
    const bool generic = genericBrand(cpu.modelName);
    if (cpu.hypervisor)
        id.doubts.push_back("a hypervisor" + (cpu.hypervisorVendor.empty() ? "" : " (" + cpu.hypervisorVendor + ")") +
                            " is present: CPUID's family, model and stepping are what it chooses to show, not "
                            "necessarily the host's CPU");
    if (generic)
        id.doubts.push_back(cpu.modelName.empty() ? std::string("there is no brand string to confirm the model")
                                                  : "the brand string \"" + cpu.modelName +
                                                        "\" is generic: it names no particular part");
    if (cpu.hypervisor && generic)
        id.doubts.push_back("the family and model are then most likely those of a CPU model the hypervisor was "
                            "configured with (such as QEMU's named CPU models), not read from the host");
}

void pmuEvidence(const CpuTableEntry* entry, const CpuArchEvidence& e, CpuArchIdentification& id) {
    if (e.pmuNames.empty()) return;
    const bool hybridPmus = has(e.pmuNames, "cpu_core") && has(e.pmuNames, "cpu_atom");
    if (entry && entry->hybrid && hybridPmus)
        id.notes.push_back("the kernel's PMUs cpu_core and cpu_atom confirm a CPU with two kinds of cores");
    else if (entry && entry->hybrid)
        id.doubts.push_back("cpus.json lists this model as hybrid, but the kernel registers no cpu_core and "
                            "cpu_atom PMUs (E-cores switched off, a kernel older than 5.16, or a virtual machine)");
    else if (hybridPmus && entry)
        id.doubts.push_back("the kernel registers cpu_core and cpu_atom (a CPU with two kinds of cores), which " +
                            entry->arch + " is not");
    else if (hybridPmus)
        id.notes.push_back("the kernel registers cpu_core and cpu_atom: a CPU with two kinds of cores");
}

void libpfmEvidence(const CpuArchEvidence& e, CpuArchIdentification& id) {
    if (e.libpfmModel.empty()) return;
    if (!e.libpfmArch.empty() && e.libpfmArch == id.arch) {
        id.notes.push_back("libpfm4 detects the same (its model " + e.libpfmModel + ")");
        return;
    }
    id.notes.push_back("libpfm4 detects its model " + e.libpfmModel + " (" +
                       (e.libpfmArch.empty() ? std::string("no likwid architecture") : "likwid's " + e.libpfmArch) +
                       "), which disagrees; libpfm4 4.13 maps newer CPUs wrongly, so cpus.json's answer is used");
}

std::string sayList(const std::vector<const CpuFeatureEvidence*>& features) {
    std::vector<std::string> says;
    for (const auto* f : features) says.push_back(f->says);
    if (says.size() < 2) return join(says, "");
    const std::string last = says.back();
    says.pop_back();
    return join(says, ", ") + " and " + last;
}

bool hasArch(const CpuFeatureEvidence& f, const std::string& arch) {
    return std::find(f.archs.begin(), f.archs.end(), arch) != f.archs.end();
}

// The CPU's features against the row its model matched. A hypervisor may hide
// features, so only a feature that is there counts as evidence: one the row's
// architecture lacks says the model is not the CPU's. Then the architectures
// of the vendor that have every feature seen, and of those the ones with the
// fewest other features (the oldest that fits); where that is one, it is
// returned and taken instead, marked uncertain; else the row stays, doubted.
const CpuTableEntry* featureEvidence(const CpuTable& table, const CpuTableEntry& entry, const CpuIdentity& cpu,
                                     CpuArchIdentification& id) {
    std::vector<const CpuFeatureEvidence*> seen, against;
    for (const auto& f : table.features) {
        if (std::find(cpu.features.begin(), cpu.features.end(), f.flag) == cpu.features.end()) continue;
        seen.push_back(&f);
        if (!hasArch(f, entry.arch)) against.push_back(&f);
    }
    if (against.empty()) {
        if (!seen.empty())
            id.notes.push_back("its features (" + sayList(seen) + ") agree with " + entry.shortName());
        return nullptr;
    }
    std::vector<const CpuTableEntry*> candidates;
    size_t fewest = SIZE_MAX;
    for (const auto& row : table.cpus) {
        if (row.vendor != entry.vendor) continue;
        if (std::any_of(candidates.begin(), candidates.end(), [&](const auto* c) { return c->arch == row.arch; }))
            continue;
        if (!std::all_of(seen.begin(), seen.end(), [&](const auto* f) { return hasArch(*f, row.arch); })) continue;
        const size_t others = std::count_if(table.features.begin(), table.features.end(),
                                            [&](const auto& f) { return hasArch(f, row.arch); });
        if (others < fewest) candidates.clear();
        if (others <= fewest) {
            fewest = others;
            candidates.push_back(&row);
        }
    }
    const std::string model = cpu.model ? "model " + hex(static_cast<uint64_t>(*cpu.model)) : std::string("the model");
    const std::string says = model + " says " + entry.shortName() + " (" + entry.arch + "), but " + sayList(against) +
                             (against.size() == 1 ? " says" : " say");
    if (candidates.size() == 1) {
        const CpuTableEntry* chosen = candidates.front();
        id.arch = chosen->arch;
        id.how = cpuText(cpu) + " is " + entry.name + " in resources/likwid/cpus.json, but its features are those of " +
                 chosen->name + ", which is taken";
        id.doubts.push_back(says + " " + chosen->shortName() + " (" + chosen->arch + "); " + chosen->arch +
                            " is taken, since a hypervisor may show a CPU model of its choosing but cannot add "
                            "features the host lacks");
        return chosen;
    }
    std::vector<std::string> names;
    for (const auto* c : candidates) names.push_back(c->arch);
    id.doubts.push_back(says + (candidates.empty() ? std::string(" none of the CPUs resources/likwid/cpus.json knows")
                                                   : " one of " + join(names, ", ")) +
                        "; " + entry.arch + " is kept");
    return nullptr;
}

} // namespace

std::string CpuTableEntry::shortName() const {
    const std::string text = name.empty() ? arch : name;
    return trim(text.substr(0, text.find(" (")));
}

bool CpuTableEntry::matches(const CpuIdentity& cpu) const {
    if (cpu.vendor != vendor || !cpu.family || *cpu.family != family || !cpu.model) return false;
    if (!inRanges(*cpu.model, models)) return false;
    return steppings.empty() || (cpu.stepping && inRanges(*cpu.stepping, steppings));
}

Result<CpuTable> parseCpuArchTable(const std::string& text, const std::string& path) {
    CpuTable table;
    try {
        const auto doc = nlohmann::json::parse(text);
        for (const auto& row : doc.at("cpus")) {
            CpuTableEntry entry;
            entry.vendor = row.at("vendor").get<std::string>();
            entry.family = number(row.at("family").get<std::string>(), "family");
            entry.models = ranges(row, "models");
            entry.steppings = ranges(row, "steppings");
            entry.hybrid = row.value("hybrid", false);
            entry.arch = row.at("arch").get<std::string>();
            entry.name = row.value("name", std::string());
            if (entry.models.empty()) throw std::invalid_argument("the entry for " + entry.arch + " has no models");
            table.cpus.push_back(std::move(entry));
        }
        for (const auto& row : doc.value("features", nlohmann::json::array())) {
            CpuFeatureEvidence feature;
            feature.flag = row.at("flag").get<std::string>();
            feature.says = row.at("says").get<std::string>();
            feature.archs = row.at("archs").get<std::vector<std::string>>();
            const auto& known = cpuFeatureNames();
            if (std::find(known.begin(), known.end(), feature.flag) == known.end())
                throw std::invalid_argument("feature '" + feature.flag + "' is not one perfdash reads (" +
                                            join(known, ", ") + ")");
            for (const auto& arch : feature.archs)
                if (std::none_of(table.cpus.begin(), table.cpus.end(), [&](const auto& c) { return c.arch == arch; }))
                    throw std::invalid_argument("feature '" + feature.flag + "' names '" + arch +
                                                "', which no entry of \"cpus\" has");
            table.features.push_back(std::move(feature));
        }
    } catch (const std::exception& e) {
        return makeError(path + " is not a valid CPU table: " + e.what());
    }
    return table;
}

const Result<CpuTable>& cpuArchTable() {
    static const Result<CpuTable> table = [] () -> Result<CpuTable> {
        const std::string path = dataDir() + "/likwid/cpus.json";
        auto content = readFile(path);
        if (!content)
            return makeError("cannot read " + path + ": perfdash's CPU table is missing; reinstall perfdash or set "
                             "PERFDASH_DATA_DIR to its resources directory");
        return parseCpuArchTable(*content, path);
    }();
    return table;
}

CpuArchIdentification identifyCpuArch(const CpuArchEvidence& e, const CpuTable& cpuTable) {
    CpuArchIdentification id;
    const CpuIdentity& cpu = e.cpu;
    const auto& table = cpuTable.cpus;
    auto entry = std::find_if(table.begin(), table.end(), [&](const auto& row) { return row.matches(cpu); });
    if (entry != table.end()) {
        id.arch = entry->arch;
        id.how = cpuText(cpu) + " is " + entry->name + " in resources/likwid/cpus.json";
        hypervisorDoubts(cpu, id);
        if (const CpuTableEntry* other = featureEvidence(cpuTable, *entry, cpu, id)) entry = table.begin() + (other - table.data());
    } else if (!e.libpfmArch.empty()) {
        // A CPU the table does not know yet, which libpfm4 does: better its guess than none, marked as such.
        id.arch = e.libpfmArch;
        id.how = "libpfm4's detected model " + e.libpfmModel + ", read as likwid's " + e.libpfmArch +
                 ": resources/likwid/cpus.json has no entry for " + cpuText(cpu);
        id.doubts.push_back("only libpfm4's detection names it, and libpfm4 4.13 maps newer CPUs wrongly");
        hypervisorDoubts(cpu, id);
    } else if (!cpu.family || !cpu.model || (cpu.vendor != "GenuineIntel" && cpu.vendor != "AuthenticAMD")) {
        id.how = "unknown: resources/likwid/cpus.json covers Intel and AMD x86 CPUs; this is " + cpuText(cpu);
    } else {
        id.how = "unknown: resources/likwid/cpus.json has no entry for " + cpuText(cpu);
    }
    // Nothing was guessed, so nothing is doubted; but the values seen may be a hypervisor's.
    if (id.arch.empty() && cpu.hypervisor)
        id.notes.push_back("a hypervisor is present: the family and model seen are the ones it chooses to show");
    pmuEvidence(entry != table.end() ? &*entry : nullptr, e, id);
    if (entry != table.end()) libpfmEvidence(e, id);
    return id;
}

CpuArchIdentification identifyCpuArch(const CpuArchEvidence& evidence) {
    const auto& table = cpuArchTable();
    if (table) return identifyCpuArch(evidence, *table);
    CpuArchIdentification id = identifyCpuArch(evidence, {});
    id.notes.push_back(table.error().message);
    return id;
}

CpuArchIdentification overrideCpuArch(const CpuArchIdentification& detected, std::string arch, std::string by) {
    CpuArchIdentification id = detected;
    id.detectedArch = detected.arch;
    id.detectedUncertain = detected.uncertain();
    id.arch = std::move(arch);
    id.overriddenBy = std::move(by);
    id.how = "named by " + id.overriddenBy + "; detection: " + detected.how;
    return id;
}

std::string CpuArchIdentification::summary() const {
    const std::string name = arch.empty() ? std::string("unknown") : arch;
    if (!overriddenBy.empty())
        return name + " (named by " + overriddenBy + "; detected: " +
               (detectedArch.empty() ? std::string("unknown") : detectedArch) +
               (detectedUncertain ? ", uncertain" : "") + ")";
    return name + (uncertain() ? " (uncertain)" : "");
}

} // namespace perfdash
