#include "core/topology/CpuArch.h"

#include <algorithm>
#include <cctype>
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

} // namespace

bool CpuTableEntry::matches(const CpuIdentity& cpu) const {
    if (cpu.vendor != vendor || !cpu.family || *cpu.family != family || !cpu.model) return false;
    if (!inRanges(*cpu.model, models)) return false;
    return steppings.empty() || (cpu.stepping && inRanges(*cpu.stepping, steppings));
}

Result<std::vector<CpuTableEntry>> parseCpuArchTable(const std::string& text, const std::string& path) {
    std::vector<CpuTableEntry> table;
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
            table.push_back(std::move(entry));
        }
    } catch (const std::exception& e) {
        return makeError(path + " is not a valid CPU table: " + e.what());
    }
    return table;
}

const Result<std::vector<CpuTableEntry>>& cpuArchTable() {
    static const Result<std::vector<CpuTableEntry>> table = [] () -> Result<std::vector<CpuTableEntry>> {
        const std::string path = dataDir() + "/likwid/cpus.json";
        auto content = readFile(path);
        if (!content)
            return makeError("cannot read " + path + ": perfdash's CPU table is missing; reinstall perfdash or set "
                             "PERFDASH_DATA_DIR to its resources directory");
        return parseCpuArchTable(*content, path);
    }();
    return table;
}

CpuArchIdentification identifyCpuArch(const CpuArchEvidence& e, const std::vector<CpuTableEntry>& table) {
    CpuArchIdentification id;
    const CpuIdentity& cpu = e.cpu;
    const auto entry = std::find_if(table.begin(), table.end(), [&](const auto& row) { return row.matches(cpu); });
    if (entry != table.end()) {
        id.arch = entry->arch;
        id.how = cpuText(cpu) + " is " + entry->name + " in resources/likwid/cpus.json";
        hypervisorDoubts(cpu, id);
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
