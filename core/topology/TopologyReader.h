#pragma once
// Builds a Topology from sysfs (devices/system/cpu and devices/system/node),
// /proc (cpuinfo, meminfo, sys/kernel/osrelease) and, for the live machine,
// CPUID and uname. Anything missing degrades to "unknown" rather than
// failing; only a tree without any online CPU is an error.
#include "core/topology/MachineSources.h"
#include "core/topology/Topology.h"
#include "core/util/Outcome.h"

namespace perfdash {

class TopologyReader {
public:
    explicit TopologyReader(MachineSources sources = MachineSources::host());
    Result<Topology> read() const;

private:
    MachineSources sources_;
};

} // namespace perfdash
