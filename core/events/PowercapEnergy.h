#pragma once
// RAPL energy counters read through the kernel's powercap framework
// (/sys/class/powercap), for CPUs whose RAPL domains no perf PMU counts:
// rapl.c has no model for Silvermont, Airmont, Granite Rapids or Sierra
// Forest, but the powercap RAPL drivers read the same counters there
// (intel_rapl_msr through intel_rapl_common.c; intel_rapl_tpmi on Granite
// Rapids and Sierra Forest). What the kernel creates (docs/likwid.md, "RAPL
// through powercap", has the sources):
// - A zone per package, directory <control type>:N ("intel-rapl:0", the
//   number in hex), whose `name` is "package-P" ("package-P-die-D" where
//   the MSRs are per die); its domains as child zones "intel-rapl:N:M" named
//   "core" (PP0), "uncore" (PP1), "dram"; the platform domain as a top-level
//   zone "psys" (package 0) or "psys-P". intel_rapl_tpmi registers package,
//   dram and psys only: there is no core domain in TPMI.
// - energy_uj: the domain's energy counter in microjoules, which wraps to 0
//   after max_energy_range_uj; readable by root only since Linux 5.10
//   (CVE-2020-8694).
// Only the "intel-rapl" control type is read: "intel-rapl-mmio" (client
// CPUs' MCHBAR interface) gives the package domain a second time.
//
// The energy is a count like the power PMU's, in Joules (the scale turns
// microjoules into Joules), per package: every CPU of a package has its
// zone's file, and like a package PMU it is read on one CPU per package
// (ResolvedEvent::cpus names the lowest CPU of each).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/events/EventSpec.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct PowercapZone {
    std::string dir;    // <sysfsRoot>/class/powercap/intel-rapl:0:1
    std::string zone;   // intel-rapl:0:1
    std::string name;   // its `name`: "package-0", "core", "dram", "psys", "psys-1"
    std::string domain; // "package", "core", "uncore", "dram", "psys"
    int package = -1;   // the physical package it belongs to; -1 where not known
    bool perDie = false; // a "package-P-die-D" zone or one of its children
    uint64_t maxEnergyRangeUj = 0; // max_energy_range_uj; 0 where unreadable
};

// The RAPL zones of the intel-rapl control type under <sysfsRoot>/class/powercap.
std::vector<PowercapZone> powercapZones(const std::string& sysfsRoot);

// RAPL domain `domain` ("package", "core", "uncore", "dram", "psys") as a
// counter event in Joules per package, or an error naming what the tree has.
Result<ResolvedEvent> powercapEnergyEvent(const std::string& sysfsRoot, const std::string& domain,
                                          const std::string& spec);

// Why this process cannot read `path` (a zone's energy_uj), with the fix;
// nullopt when it can.
std::optional<std::string> powercapUnreadable(const std::string& path);

// The message for a read of `path` that failed with `error` (an errno).
std::string powercapReadError(const std::string& path, int error);

// One reading of energy_uj (or max_energy_range_uj), or nullopt.
std::optional<uint64_t> readMicrojoules(const std::string& path);

} // namespace perfdash
