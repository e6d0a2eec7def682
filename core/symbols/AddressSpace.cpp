#include "core/symbols/AddressSpace.h"

#include <atomic>
#include <cstdio>

namespace perfdash {

namespace {

// Region ids and generations from one counter, so that no two address spaces
// (one before and one after an exec, say) ever share a generation.
uint64_t nextSerial() {
    static std::atomic<uint64_t> serial{0};
    return ++serial;
}

} // namespace

std::string buildIdHex(const std::vector<uint8_t>& buildId) {
    std::string hex;
    hex.reserve(buildId.size() * 2);
    for (uint8_t byte : buildId) {
        char two[3];
        std::snprintf(two, sizeof two, "%02x", byte);
        hex += two;
    }
    return hex;
}

AddressSpace::AddressSpace() : generation_(nextSerial()) {}

void AddressSpace::map(Mapping mapping) {
    if (mapping.length == 0) return;
    // A length that would run past the top of the address space ends there.
    if (mapping.end() < mapping.start) mapping.length = UINT64_MAX - mapping.start;
    const uint64_t start = mapping.start, end = mapping.end();
    const auto kept = [](MappedRegion& part, uint64_t partStart, uint64_t partEnd) {
        part.mapping.pgoff += partStart - part.mapping.start;
        part.mapping.start = partStart;
        part.mapping.length = partEnd - partStart;
    };
    const bool covered = regions_.assign(start, end, MappedRegion{std::move(mapping), nextSerial()}, kept);
    if (covered) generation_ = nextSerial();
}

AddressSpace AddressSpace::forked() const {
    AddressSpace child; // a generation of its own, as caches of the parent's must not be taken for it
    child.regions_ = regions_;
    return child;
}

const MappedRegion* AddressSpace::find(uint64_t address) const {
    const auto* hit = regions_.find(address);
    return hit ? &hit->second.value : nullptr;
}

std::vector<const MappedRegion*> AddressSpace::regions() const {
    std::vector<const MappedRegion*> all;
    all.reserve(regions_.size());
    for (const auto& [start, range] : regions_) all.push_back(&range.value);
    return all;
}

void ProcessMaps::map(int pid, Mapping mapping) { spaces_[pid].map(std::move(mapping)); }

void ProcessMaps::fork(int parentPid, int childPid) {
    if (parentPid == childPid) return;
    auto parent = spaces_.find(parentPid);
    spaces_[childPid] = parent != spaces_.end() ? parent->second.forked() : AddressSpace();
}

void ProcessMaps::exec(int pid) { spaces_[pid] = AddressSpace(); }

void ProcessMaps::exit(int pid) { spaces_.erase(pid); }

const AddressSpace* ProcessMaps::find(int pid) const {
    auto it = spaces_.find(pid);
    return it != spaces_.end() ? &it->second : nullptr;
}

} // namespace perfdash
