#pragma once
// The one CPU-list syntax of perfdash (command line, GUI, group runs):
// perf's plain lists and likwid's affinity-domain expressions. The grammar
// and its semantics are documented at parseCpuList in CpuList.cpp.
#include <string>
#include <string_view>
#include <vector>

#include "core/topology/Topology.h"
#include "core/util/Outcome.h"

namespace perfdash {

// Resolves a CPU list against a machine: "0,2-4", "S0:0-3", "N:0-7", "S1",
// "L:0-3", "L:S0:0-3", "E:S0:4:1:2", "E:N:8", "S0:0-1@S1:0-1". The result is
// in selection order (thread i of a pinned program goes to element i), each
// CPU once, every CPU online.
Result<std::vector<int>> parseCpuList(std::string_view text, const Topology& topology);

// "0,2-4" from {0,2,3,4}; runs are formed in the given order, so an ordered
// selection such as {8,0,1} stays "8,0-1" and parses back to itself.
std::string formatCpuList(const std::vector<int>& cpus);

// The kernel's list format as sysfs writes it ("0-3,8-11", "" for none),
// without checking the numbers against any machine.
Result<std::vector<int>> parseKernelCpuList(std::string_view text);

} // namespace perfdash
