#include "core/events/PowercapEnergy.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "core/events/SysfsCpus.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace fs = std::filesystem;

namespace {

// intel_rapl_common.c's domain names, and what each is in RAPL's words.
struct Domain {
    const char* name;
    const char* means;
};
constexpr Domain kDomains[] = {
    {"package", "the package (PKG)"}, {"core", "the cores (PP0)"}, {"uncore", "the graphics (PP1)"},
    {"dram", "DRAM"},                 {"psys", "the platform (PSys)"},
};

constexpr const char* kControlType = "intel-rapl";

// "package-3" -> 3, "package-1-die-0" -> 1 (perDie), "psys" -> 0, "psys-2" -> 2.
void readTopLevelName(PowercapZone& z) {
    const auto number = [](std::string_view text) -> int {
        const auto n = parseUnsigned(text);
        return n ? static_cast<int>(*n) : -1;
    };
    if (z.name.starts_with("package-")) {
        z.domain = "package";
        std::string_view rest = std::string_view(z.name).substr(8);
        const size_t die = rest.find("-die-");
        z.perDie = die != std::string_view::npos;
        z.package = number(rest.substr(0, die));
    } else if (z.name == "psys") {
        z.domain = "psys"; // rapl_init_domains: "psys" for the package of id 0
        z.package = 0;
    } else if (z.name.starts_with("psys-")) {
        z.domain = "psys";
        z.package = number(std::string_view(z.name).substr(5));
    }
}

} // namespace

std::vector<PowercapZone> powercapZones(const std::string& sysfsRoot) {
    std::vector<PowercapZone> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(sysfsRoot + "/class/powercap", ec)) {
        const std::string base = entry.path().filename().string();
        // A zone is <control type>:N[:M]; the control type's own directory has no colon.
        if (!base.starts_with(std::string(kControlType) + ":")) continue;
        PowercapZone z;
        z.dir = entry.path().string();
        z.zone = base;
        z.name = readFirstLine(z.dir + "/name").value_or("");
        z.maxEnergyRangeUj = readMicrojoules(z.dir + "/max_energy_range_uj").value_or(0);
        out.push_back(std::move(z));
    }
    std::sort(out.begin(), out.end(), [](const PowercapZone& a, const PowercapZone& b) { return a.zone < b.zone; });
    std::map<std::string, const PowercapZone*> byZone;
    for (auto& z : out) {
        // Top-level zones name their package; a child (intel-rapl:N:M) is a domain of its parent's package.
        if (std::count(z.zone.begin(), z.zone.end(), ':') == 1) readTopLevelName(z);
        else z.domain = z.name;
    }
    for (const auto& z : out) byZone[z.zone] = &z;
    for (auto& z : out) {
        if (std::count(z.zone.begin(), z.zone.end(), ':') != 2) continue;
        const auto parent = byZone.find(z.zone.substr(0, z.zone.rfind(':')));
        if (parent == byZone.end()) continue;
        z.package = parent->second->package;
        z.perDie = parent->second->perDie;
    }
    return out;
}

Result<ResolvedEvent> powercapEnergyEvent(const std::string& sysfsRoot, const std::string& domain,
                                          const std::string& spec) {
    const auto known = std::find_if(std::begin(kDomains), std::end(kDomains),
                                    [&](const Domain& d) { return domain == d.name; });
    if (known == std::end(kDomains))
        return makeError("'" + domain + "' is no RAPL domain of the powercap driver (package, core, uncore, dram, psys)");
    const std::string where = sysfsRoot + "/class/powercap";
    const auto zones = powercapZones(sysfsRoot);
    if (zones.empty())
        return makeError(where + " has no " + kControlType + " zone: the powercap RAPL driver is not loaded "
                         "(modprobe intel_rapl_msr; intel_rapl_tpmi on Granite Rapids and Sierra Forest), or "
                         "this machine has none (a virtual machine usually has none)");
    std::vector<std::string> seen;
    std::vector<const PowercapZone*> ofDomain;
    for (const auto& z : zones) {
        seen.push_back(z.name + " (" + z.zone + ")");
        if (z.domain == domain) ofDomain.push_back(&z);
    }
    if (ofDomain.empty())
        return makeError(where + " has no '" + domain + "' zone (its zones: " + join(seen, ", ") + ")" +
                         (domain == "core" ? "; intel_rapl_tpmi (Granite Rapids, Sierra Forest) has no core domain"
                                           : std::string()));
    if (std::any_of(ofDomain.begin(), ofDomain.end(), [](const PowercapZone* z) { return z->perDie; }))
        return makeError(where + ": the '" + domain + "' zones are per die (package-P-die-D), and the sum of a "
                         "package's dies is not mapped");
    std::map<int, const PowercapZone*> byPackage;
    for (const auto* z : ofDomain) {
        if (z->package < 0) return makeError(where + "/" + z->zone + ": which package '" + z->name + "' is cannot be told");
        if (z->maxEnergyRangeUj == 0)
            return makeError(where + "/" + z->zone + "/max_energy_range_uj is not readable, so where the counter "
                             "wraps is not known");
        byPackage[z->package] = z;
    }
    ResolvedEvent e;
    e.spec = spec;
    e.name = std::string("powercap/") + domain + "/";
    e.source = EventSource::Powercap;
    e.pmu = "powercap";
    e.encoding.type = kNotAPerfEventType;
    e.scale = 1e-6; // energy_uj is in microjoules; likwid's PWRn formulas take Joules
    e.unit = "Joules";
    std::set<int> withoutZone;
    for (const auto& cpu : sysfsCpus(sysfsRoot)) {
        const auto it = byPackage.find(cpu.package);
        if (it == byPackage.end()) {
            withoutZone.insert(cpu.cpu);
            continue;
        }
        // The package's reader, as a package PMU's cpumask names one CPU per package: its lowest.
        if (std::none_of(e.sysfsInputs.begin(), e.sysfsInputs.end(),
                         [&](const SysfsInput& in) { return in.path == it->second->dir + "/energy_uj"; }))
            e.cpus.push_back(cpu.cpu);
        e.sysfsInputs.push_back({cpu.cpu, it->second->dir + "/energy_uj", it->second->maxEnergyRangeUj + 1});
    }
    if (e.sysfsInputs.empty())
        return makeError(where + " has '" + domain + "' zones, but no CPU of " + sysfsRoot +
                         "/devices/system/cpu belongs to their packages");
    std::vector<std::string> files;
    for (const auto& [package, z] : byPackage) files.push_back(z->zone + " (" + z->name + ")");
    e.description = std::string("RAPL energy of ") + known->means + " in Joules, read through the kernel's powercap "
                    "framework (" + where + "/" + join(files, ", ") + ": energy_uj, a counter in microjoules that "
                    "wraps after max_energy_range_uj), one reading per package";
    if (!withoutZone.empty()) {
        std::vector<std::string> cpus;
        for (int c : withoutZone) cpus.push_back(std::to_string(c));
        e.description += "; no zone for the package of CPU " + join(cpus, ",");
    }
    return e;
}

std::string powercapReadError(const std::string& path, int error) {
    if (error == EACCES || error == EPERM)
        return path + " is readable by root only (Linux 5.10 and later restrict the powercap energy counters to "
               "root, CVE-2020-8694): run as root, or let this user read it (chmod o+r " + path +
               ", again after each boot or driver load, e.g. from a udev rule or systemd-tmpfiles)";
    return path + " cannot be read: " + std::strerror(error);
}

std::optional<std::string> powercapUnreadable(const std::string& path) {
    std::ifstream in(path);
    if (!in) return powercapReadError(path, errno);
    uint64_t value = 0;
    if (!(in >> value)) return path + " holds no energy reading (an unsigned number of microjoules)";
    return std::nullopt;
}

std::optional<uint64_t> readMicrojoules(const std::string& path) {
    const auto text = readFirstLine(path);
    return text ? parseUnsigned(*text) : std::nullopt;
}

} // namespace perfdash
