#pragma once
// Where a binary's separate debug file is, and the libdwfl callbacks that
// look there, shared by the symbolizer and the unwinder (whose CFI may sit
// in a debug file's .debug_frame). Internal to core/symbols.
//
// libdwfl asks debuginfod servers only from its own standard callbacks
// (dwfl_standard_find_debuginfo, dwfl_build_id_find_elf) and only where
// DEBUGINFOD_URLS names servers. These callbacks call neither unless the
// user turned debuginfod on, whatever the environment says.
#include <elfutils/libdwfl.h>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/symbols/DebugFileOptions.h"
#include "core/symbols/ElfFile.h"

namespace perfdash {

// The debug file of `file` under the options' roots: one whose build-id is
// the file's (where the file has one), never the file itself.
std::optional<std::string> locateDebugFile(const DebugFileOptions& options, const ElfFile& file);

// What a module's debug search needs, kept by whoever owns the Dwfl for as
// long as the Dwfl lives.
struct DebugSearch {
    const DebugFileOptions* options = nullptr;
    std::shared_ptr<const ElfFile> file;
};

// Callbacks for dwfl_begin: modules are reported with their files
// (reportElf), so find_elf finds nothing; find_debuginfo searches as above.
const Dwfl_Callbacks* dwflCallbacks();

// Reports `file` to dwfl (between dwfl_report_begin(_add) and
// dwfl_report_end) so that its virtual address A is at A + bias, with
// `search` for its debug file. Null with libdwfl's message in *error.
Dwfl_Module* reportElf(Dwfl* dwfl, const DebugSearch& search, uint64_t bias, std::string* error);

} // namespace perfdash
