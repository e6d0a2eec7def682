#pragma once
// The core temperature likwid reads as its thermal sensor TMP0, taken from
// the kernel's hardware monitors (/sys/class/hwmon), since no perf PMU has
// it. A temperature is a gauge: each reading is the value now, never a
// count to take differences of (ResolvedEvent::sysfsInputs).
//
// Which file is a CPU's:
// - Intel `coretemp`: one hwmon device per package; temp*_label "Package id
//   P" names the package (physical_package_id), "Core K" the core whose
//   topology/core_id is K. Each CPU reads its own core's sensor, the digital
//   thermal sensor likwid reads through IA32_THERM_STATUS. Since Linux 5.3
//   coretemp has a device per die and numbers "Package id" by die, so a
//   CPU of a package with several dies (die_id > 0 anywhere) gets no reading.
// - AMD `k10temp`: one hwmon device per data-fabric node (its PCI function
//   3, 00:18.3, 00:19.3, ... in PCI order); it has no per-core sensor.
//   Tdie (where the kernel gives it: the die temperature with the Tctl
//   offset of some Zen 1 parts removed), else Tctl, is every CPU of the
//   node's reading. Node n is package n only where there is one node per
//   package (Zen 2 and later); otherwise the mapping is not known and no
//   CPU gets a reading. Tccd1..8 are left out: which cores a CCD holds is
//   not in sysfs.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/events/EventSpec.h"
#include "core/util/Outcome.h"

namespace perfdash {

// Every CPU of <sysfsRoot>/devices/system/cpu with its core temperature
// file, or an error saying why there is none (no hwmon device of a known
// driver, or CPUs it does not cover). CPUs whose core has no sensor are
// left out of `inputs`; `missing` says which and why.
struct CoreTemperatureSensors {
    std::string driver;      // "coretemp", "k10temp"
    std::string sensor;      // what a reading is: "the core's digital thermal sensor (coretemp, Core K)"
    std::vector<SysfsInput> inputs; // ascending CPU
    std::string missing;     // CPUs without a reading and why; empty when every CPU has one
};

Result<CoreTemperatureSensors> findCoreTemperatureSensors(const std::string& sysfsRoot);

// The core temperature as an event: a gauge in degrees Celsius, read from
// the files of `sensors` (EventSource::Hwmon).
ResolvedEvent coreTemperatureEvent(const CoreTemperatureSensors& sensors, const std::string& spec);

// One reading in degrees Celsius times 1000 (hwmon's tempN_input), or nullopt.
std::optional<int64_t> readMillidegrees(const std::string& path);

} // namespace perfdash
