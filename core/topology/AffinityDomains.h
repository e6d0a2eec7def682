#pragma once
// likwid's thread affinity domains: groups of online CPUs named by a tag that
// CPU lists refer to (`S0:0-3`, `E:M1:4`). likwid-pin's documentation:
//   N    the whole machine
//   S<n> the n-th socket        D<n> the n-th die (numbered across sockets)
//   C<n> the n-th last-level-cache instance (numbered across sockets)
//   M<n> NUMA node n
// Domains without online CPUs (memory-only NUMA nodes) are left out.
#include <string>
#include <vector>

#include "core/topology/Topology.h"

namespace perfdash {

struct AffinityDomain {
    std::string tag;         // "N", "S0", "D1", "C0", "M1"
    std::string description; // "socket 0", "NUMA node 1", ... for listings and error messages
    // likwid's domain order: socket by socket, core by core (by core id), the
    // hardware threads of a core next to each other. E: expressions count in it.
    std::vector<int> cpus;
    // The order logical indices (`S0:0-3`, `L:`) refer to: the first hardware
    // thread of every core, in domain order, then the second of every core...
    std::vector<int> physicalFirst;
};

std::vector<AffinityDomain> affinityDomains(const Topology& topology);

} // namespace perfdash
