#pragma once
// Where to open a shared unit's events so that a run over a list of CPUs
// counts each unit once. A package's units (uncore boxes, RAPL, AMD's data
// fabric; AMD's L3 per CCX) have a PMU whose sysfs `cpumask` names one CPU
// per unit, and the kernel reads the unit on that CPU whichever CPU of its
// domain (package, die or last-level cache) the event is opened on: opened
// on every CPU of the list, each unit would be counted once per CPU.
#include <map>
#include <vector>

#include "core/topology/Topology.h"
#include "core/util/Outcome.h"

namespace perfdash {

// unitCpus: the PMU's cpumask; counted: the run's CPUs. The domains are the
// first of the topology's packages, dies and last-level cache instances in
// which every cpumask CPU has a domain of its own and every counted CPU's
// domain has one. Returns, for each counted CPU, the CPU that reads its
// domain's unit: one per domain that the counted CPUs touch, its cpumask CPU
// when that is counted, else the domain's lowest counted CPU. A reader maps
// to itself; the others' counts are in their reader's. An error, naming the
// cpumask, when no such domains exist.
Result<std::map<int, int>> sharedUnitReaders(const Topology& topology, const std::vector<int>& unitCpus,
                                             const std::vector<int>& counted);

// The readers of such a map, ascending: the CPUs a unit's events open on.
std::vector<int> readersOf(const std::map<int, int>& readerOf);

} // namespace perfdash
