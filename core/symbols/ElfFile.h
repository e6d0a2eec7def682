#pragma once
// What the symbolizer and the unwinder need of an ELF file before libdwfl
// reads it: its build-id, machine, debug links and load segments (where a
// mapping of it places its virtual addresses), and its bytes for the
// unwinder's reads of read-only memory. An internal header of core/symbols.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "core/util/Outcome.h"
#include "core/util/UniqueFd.h"

namespace perfdash {

class ElfFile {
public:
    // The file, or why not: it is missing, unreadable or not ELF.
    static Result<std::shared_ptr<const ElfFile>> open(const std::string& path);

    const std::string& path() const { return path_; }
    const std::vector<uint8_t>& buildId() const { return buildId_; }
    uint16_t machine() const { return machine_; }         // EM_X86_64, EM_AARCH64, ...
    const std::string& debugLink() const { return debugLink_; }       // .gnu_debuglink's file name
    bool hasSymbolTable() const { return hasSymbolTable_; }          // .symtab, which strip removes
    const std::vector<uint8_t>& altBuildId() const { return altBuildId_; } // .gnu_debugaltlink's (dwz)
    dev_t device() const { return device_; }
    ino_t inode() const { return inode_; }

    // Runtime address minus the file's virtual address for a mapping of it
    // that starts at mapStart with file offset pgoff, from the load segment
    // the mapping holds: the last one (an executable one for an executable
    // mapping) whose first 4 KiB page is at or below pgoff and which runs
    // past it, else (pages larger than 4 KiB) the first that runs past it.
    // nullopt where no segment does.
    std::optional<uint64_t> loadBias(uint64_t mapStart, uint64_t pgoff, bool executable) const;
    // size bytes at a file offset; false past the end.
    bool read(uint64_t offset, void* out, size_t size) const;
    // A descriptor of the file libdwfl may own (it closes it).
    int duplicateFd() const;

private:
    struct Segment {
        uint64_t offset, vaddr, fileSize;
        bool executable;
    };
    std::string path_;
    UniqueFd fd_;
    std::vector<uint8_t> buildId_, altBuildId_;
    std::string debugLink_;
    uint16_t machine_ = 0;
    bool hasSymbolTable_ = false;
    dev_t device_ = 0;
    ino_t inode_ = 0;
    std::vector<Segment> segments_; // PT_LOAD, in file order
};

} // namespace perfdash
