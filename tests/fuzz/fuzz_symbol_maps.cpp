// The text symbol sources a profile reads: a JIT's perf-PID.map,
// /proc/kallsyms (core/symbols) and /proc/PID/maps (core/sampling's parser,
// its records turned into core/symbols' mappings). The same input goes to all
// three; what each finds for addresses taken from the input must hold that
// address.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

#include "core/profile/RecordMappings.h"
#include "core/symbols/AddressSpace.h"
#include "core/symbols/JitMap.h"
#include "core/symbols/KernelSymbols.h"

namespace {

[[noreturn]] void fail(const char* what, uint64_t address) {
    std::fprintf(stderr, "fuzz_symbol_maps: %s at 0x%llx\n", what, static_cast<unsigned long long>(address));
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace perfdash;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // Addresses to look up: 0, the top, and every 8 bytes of the input read as one.
    std::vector<uint64_t> addresses{0, UINT64_MAX};
    for (size_t at = 0; at + 8 <= size; at += 8) {
        uint64_t address;
        std::memcpy(&address, data + at, 8);
        addresses.push_back(address);
    }

    const JitMap jit = JitMap::parse(text);
    const KernelSymbols kernel = KernelSymbols::parse(text);
    AddressSpace space;
    auto mappings = mappingsOfProcMaps(text, 1);
    for (Mapping& m : mappings ? *mappings : std::vector<Mapping>{}) {
        if (m.length == 0 || m.end() < m.start) fail("a mapping of no length or past the top", m.start);
        addresses.push_back(m.start);
        addresses.push_back(m.end() - 1);
        space.map(std::move(m));
    }
    for (uint64_t address : addresses) {
        if (const JitSymbol* symbol = jit.find(address))
            if (address < symbol->start || address - symbol->start >= symbol->size) fail("a JIT symbol found outside itself", address);
        if (const auto symbol = kernel.find(address))
            if (address < symbol->address || !symbol->text) fail("a kernel symbol found above the address or not code", address);
        if (const MappedRegion* region = space.find(address))
            if (!region->mapping.contains(address)) fail("a mapping found that does not hold the address", address);
    }
    return 0;
}
