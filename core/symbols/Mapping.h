#pragma once
// One mapping of a process's address space, as plain data: what a perf
// MMAP2 record or a /proc/PID/maps line says. The sampling side fills it in;
// this module never reads perf records itself.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace perfdash {

struct Mapping {
    uint64_t start = 0;
    uint64_t length = 0;
    uint64_t pgoff = 0;   // the file offset that `start` maps
    std::string path;     // a file, or "[vdso]", "[stack]", "//anon", "" for anonymous memory
    // The file's GNU build-id where the record carried one (MMAP2 with
    // PERF_RECORD_MISC_MMAP_BUILD_ID): the file on disk is then checked against it.
    std::vector<uint8_t> buildId;
    // PROT_* bits where known, 0 where not. The unwinder reads memory from the
    // file only for mappings not known to be writable (a writable mapping's
    // contents differ from its file's).
    uint32_t prot = 0;

    uint64_t end() const { return start + length; }
    bool contains(uint64_t address) const { return address >= start && address - start < length; }
    // A mapping of a file, which ELF symbols and CFI can come from.
    bool isFile() const { return path.starts_with('/') && !path.starts_with("//"); }
};

// "abcdef..." for the build-id's bytes.
std::string buildIdHex(const std::vector<uint8_t>& buildId);

} // namespace perfdash
