#pragma once
// Where each CPU of a run sits (socket, NUMA node), read from the report's
// machine.topology.hwThreadList, so that a live run (its topology written the
// same way) and a saved session order and group per-CPU views alike.
#include <map>

#include <nlohmann/json.hpp>

namespace perfdash {

struct CpuPlace {
    int socket = -1;   // -1: not known
    int numaNode = -1; // -1: not known
};

// CPU number -> place; empty when the machine object has no topology.
std::map<int, CpuPlace> cpuPlaces(const nlohmann::json& machine);

} // namespace perfdash
