#pragma once
// The address spaces of the processes a recording saw: mappings added from
// MMAP2 records (a new mapping replaces whatever part of older ones it
// covers, as mmap does), copied to a child on fork, emptied on exec, dropped
// on exit. Plain data: the symbolizer and the unwinder read it.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/symbols/IntervalMap.h"
#include "core/symbols/Mapping.h"

namespace perfdash {

struct MappedRegion {
    Mapping mapping;
    // Names this mapping's placement of its file for caches (the symbolizer's
    // per-mapping load bias): unique in the program, kept by the parts a later
    // mapping leaves of it and by a fork's copy, which place the file alike.
    uint64_t id = 0;
};

class AddressSpace {
public:
    AddressSpace();

    void map(Mapping mapping);
    // A forked child's copy: the same regions (and ids: they place the same
    // files at the same addresses), a generation of its own.
    AddressSpace forked() const;
    // The region holding `address`, or null.
    const MappedRegion* find(uint64_t address) const;
    std::vector<const MappedRegion*> regions() const;
    size_t size() const { return regions_.size(); }
    // Changes whenever a mapping was removed or replaced (and for each new
    // address space): caches built from the mappings (the unwinder's modules)
    // are rebuilt when it differs, and kept while mappings are only added.
    uint64_t generation() const { return generation_; }

private:
    IntervalMap<MappedRegion> regions_;
    uint64_t generation_;
};

class ProcessMaps {
public:
    void map(int pid, Mapping mapping);
    // A new process (FORK with pid != ppid) starts with a copy of its
    // parent's mappings; a new thread (pid == ppid) shares them: nothing to do.
    void fork(int parentPid, int childPid);
    // COMM with PERF_RECORD_MISC_COMM_EXEC: the old image is gone.
    void exec(int pid);
    void exit(int pid);

    // Null for a process no record has named.
    const AddressSpace* find(int pid) const;
    size_t processes() const { return spaces_.size(); }

private:
    std::unordered_map<int, AddressSpace> spaces_;
};

} // namespace perfdash
