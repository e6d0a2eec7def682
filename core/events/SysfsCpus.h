#pragma once
// Where each online CPU sits, read from a sysfs tree's
// devices/system/cpu/cpuN/topology: what the readers of files the kernel
// keeps per package or core (hwmon's coretemp, powercap's RAPL zones) need to
// hand each CPU its file. A tree, not this machine: the fixture trees of the
// tests carry their own.
#include <string>
#include <vector>

namespace perfdash {

struct SysfsCpu {
    int cpu = -1;
    int package = -1; // topology/physical_package_id
    int core = -1;    // topology/core_id
    int die = 0;      // topology/die_id, 0 where the kernel has none
};

// The CPUs of <sysfsRoot>/devices/system/cpu with a topology directory
// (online CPUs: an offline CPU has none), ascending.
std::vector<SysfsCpu> sysfsCpus(const std::string& sysfsRoot);

} // namespace perfdash
