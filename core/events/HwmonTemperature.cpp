#include "core/events/HwmonTemperature.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "core/events/SysfsCpus.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace fs = std::filesystem;

namespace {

struct HwmonDevice {
    std::string dir;
    std::string name;       // the driver's name file: coretemp, k10temp, ...
    std::string parent;     // the device it monitors (its `device` link's target's name), for ordering
    uint64_t number = 0;    // N of hwmonN
    std::map<std::string, std::string> labels; // temperature input file -> its label
};

std::vector<HwmonDevice> hwmonDevices(const std::string& sysfsRoot) {
    std::vector<HwmonDevice> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(sysfsRoot + "/class/hwmon", ec)) {
        const std::string base = entry.path().filename().string();
        if (!base.starts_with("hwmon")) continue;
        HwmonDevice d;
        d.dir = entry.path().string();
        d.number = parseUnsigned(std::string_view(base).substr(5)).value_or(0);
        d.name = readFirstLine(d.dir + "/name").value_or("");
        std::error_code linkEc;
        const fs::path parent = fs::canonical(entry.path() / "device", linkEc);
        if (!linkEc) d.parent = parent.filename().string();
        std::error_code filesEc;
        for (const auto& file : fs::directory_iterator(entry.path(), filesEc)) {
            const std::string f = file.path().filename().string();
            if (!f.starts_with("temp") || !f.ends_with("_input")) continue;
            const std::string label = f.substr(0, f.size() - 6) + "_label";
            d.labels[file.path().string()] = readFirstLine(d.dir + "/" + label).value_or("");
        }
        out.push_back(std::move(d));
    }
    // PCI order (0000:00:18.3 before 0000:00:19.3), else registration order.
    std::sort(out.begin(), out.end(), [](const HwmonDevice& a, const HwmonDevice& b) {
        return a.parent != b.parent ? a.parent < b.parent : a.number < b.number;
    });
    return out;
}

// "Package id 1" -> 1, "Core 12" -> 12 for `prefix` "Core ".
std::optional<int> labelNumber(const std::string& label, std::string_view prefix) {
    if (!label.starts_with(prefix)) return std::nullopt;
    const auto n = parseUnsigned(std::string_view(label).substr(prefix.size()));
    return n ? std::optional<int>(static_cast<int>(*n)) : std::nullopt;
}

std::string describeMissing(const std::vector<int>& cpus, const std::string& why) {
    std::vector<std::string> names;
    for (int c : cpus) names.push_back(std::to_string(c));
    return "CPU " + join(names, ",") + ": " + why;
}

CoreTemperatureSensors coretemp(const std::vector<HwmonDevice>& devices, const std::vector<SysfsCpu>& cpus) {
    CoreTemperatureSensors s{"coretemp", "the core's digital thermal sensor (coretemp's \"Core K\" for the CPU's "
                                          "topology/core_id K in its package)", {}, {}};
    // coretemp has one device per die, its "Package id" the die's number
    // since Linux 5.3: on a package of several dies it is not the package.
    if (std::any_of(cpus.begin(), cpus.end(), [](const SysfsCpu& c) { return c.die != 0; })) {
        std::vector<int> all;
        for (const auto& c : cpus) all.push_back(c.cpu);
        s.missing = describeMissing(all, "their packages have several dies, and coretemp numbers its devices by die, "
                                         "which is not mapped");
        return s;
    }
    std::map<std::pair<int, int>, std::string> cores; // (package, core id) -> input file
    for (const auto& d : devices) {
        if (d.name != "coretemp") continue;
        std::optional<int> package;
        for (const auto& [input, label] : d.labels)
            if (!package) package = labelNumber(label, "Package id ");
        if (!package) continue; // no "Package id" sensor: which package it is cannot be told
        for (const auto& [input, label] : d.labels)
            if (auto core = labelNumber(label, "Core ")) cores[{*package, *core}] = input;
    }
    std::vector<int> without;
    for (const auto& c : cpus) {
        const auto it = cores.find({c.package, c.core});
        if (it == cores.end()) without.push_back(c.cpu);
        else s.inputs.push_back({c.cpu, it->second});
    }
    if (!without.empty())
        s.missing = describeMissing(without, "coretemp has no \"Core K\" sensor for their package and core id");
    return s;
}

CoreTemperatureSensors k10temp(const std::vector<HwmonDevice>& devices, const std::vector<SysfsCpu>& cpus) {
    CoreTemperatureSensors s{"k10temp", "the package's control temperature (k10temp's Tdie, else Tctl; AMD has "
                                         "no per-core sensor, so every CPU of a package reads the same)", {}, {}};
    std::vector<std::string> nodes; // per data-fabric node, in PCI order: its Tdie or Tctl input
    for (const auto& d : devices) {
        if (d.name != "k10temp") continue;
        std::string tctl, tdie;
        for (const auto& [input, label] : d.labels) {
            if (label == "Tctl") tctl = input;
            if (label == "Tdie") tdie = input;
        }
        nodes.push_back(!tdie.empty() ? tdie : tctl);
    }
    std::vector<int> packages;
    for (const auto& c : cpus)
        if (std::find(packages.begin(), packages.end(), c.package) == packages.end()) packages.push_back(c.package);
    std::sort(packages.begin(), packages.end());
    std::vector<int> without;
    if (nodes.size() != packages.size()) {
        for (const auto& c : cpus) without.push_back(c.cpu);
        s.missing = describeMissing(without, "k10temp has " + std::to_string(nodes.size()) + " data-fabric node(s) for " +
                                                 std::to_string(packages.size()) + " package(s), so which node is "
                                                 "which package is not known (Zen 1 has several nodes per package)");
        return s;
    }
    for (const auto& c : cpus) {
        const auto index = static_cast<size_t>(std::find(packages.begin(), packages.end(), c.package) - packages.begin());
        if (nodes[index].empty()) without.push_back(c.cpu);
        else s.inputs.push_back({c.cpu, nodes[index]});
    }
    if (!without.empty()) s.missing = describeMissing(without, "their k10temp node has no Tctl or Tdie sensor");
    return s;
}

} // namespace

Result<CoreTemperatureSensors> findCoreTemperatureSensors(const std::string& sysfsRoot) {
    const auto devices = hwmonDevices(sysfsRoot);
    const auto cpus = sysfsCpus(sysfsRoot);
    const auto has = [&](const char* name) {
        return std::any_of(devices.begin(), devices.end(), [&](const HwmonDevice& d) { return d.name == name; });
    };
    std::vector<std::string> names;
    for (const auto& d : devices) names.push_back(d.name.empty() ? fs::path(d.dir).filename().string() : d.name);
    const std::string seen = devices.empty() ? "none" : join(names, ", ");
    if (!has("coretemp") && !has("k10temp"))
        return makeError("no core temperature sensor: no coretemp (Intel) or k10temp (AMD) hardware monitor (hwmon "
                         "devices here: " + seen + "); load the driver (modprobe coretemp or k10temp); a virtual "
                         "machine usually has neither (" + sysfsRoot + "/class/hwmon has none)");
    if (cpus.empty())
        return makeError("no core temperature for any CPU: " + sysfsRoot + "/devices/system/cpu has no CPU with a "
                         "topology/core_id and physical_package_id");
    CoreTemperatureSensors s = has("coretemp") ? coretemp(devices, cpus) : k10temp(devices, cpus);
    if (s.inputs.empty()) return makeError("no core temperature for any CPU: " + s.missing);
    return s;
}

ResolvedEvent coreTemperatureEvent(const CoreTemperatureSensors& sensors, const std::string& spec) {
    ResolvedEvent e;
    e.spec = spec;
    e.name = "hwmon/" + sensors.driver + "/core_temperature/";
    e.source = EventSource::Hwmon;
    e.pmu = sensors.driver;
    e.description = "core temperature in degrees Celsius, a reading (gauge), not a count: " + sensors.sensor +
                    (sensors.missing.empty() ? std::string() : "; no reading for " + sensors.missing);
    e.encoding.type = kNotAPerfEventType;
    e.scale = 0.001; // hwmon's temp*_input is in millidegrees
    e.unit = "°C";
    e.sysfsInputs = sensors.inputs;
    return e;
}

std::optional<int64_t> readMillidegrees(const std::string& path) {
    const auto text = readFirstLine(path);
    return text ? parseSigned(*text) : std::nullopt;
}

} // namespace perfdash
