#pragma once
// User space of perfdash's /dev/pcounter module (kmod/pcounter_uapi.h):
// select two events by writing the control text, read both 32-bit counters.
// Every text written is first checked with the module's own parser
// (kmod/pcounter_control.c), so a malformed selector never reaches it.
//
// Writes go to file position 0 and reads to position 16, which the module
// ignores: that way a plain file can stand in for the device in tests (the
// last selection in bytes 0-7, the counters in bytes 16-31).
#include <cstdint>
#include <string>

#include "core/util/Outcome.h"
#include "core/util/UniqueFd.h"

namespace perfdash::loongson {

inline constexpr const char* kDefaultPcounterPath = "/dev/pcounter";

struct PcounterReading {
    uint32_t counter0 = 0;
    uint32_t counter1 = 0;
};

// The exact 8 bytes written for a control word: the original tool's binary
// selector "EEEEFFFF" when every mode is counted (0x88f -> "01000100"),
// else the word as "0x%06x" (0x888 -> "0x000888"). Always 8 bytes, so a
// plain file standing in for the device shows exactly the last one.
std::string controlText(unsigned int control);

class PcounterDevice {
public:
    // Opened for reading and writing: the module admits one writer at a time.
    static Result<PcounterDevice> open(const std::string& path);

    // Selects events and restarts both counters from 0.
    Status select(unsigned int control);
    // Stops both counters (control word 0).
    Status stop() { return select(0); }
    Result<PcounterReading> read();

    const std::string& path() const { return path_; }

private:
    PcounterDevice(std::string path, UniqueFd fd) : path_(std::move(path)), fd_(std::move(fd)) {}

    std::string path_;
    UniqueFd fd_;
};

// errno of opening `path` -> what is wrong and the fix (module not loaded,
// permission, another program holds it).
std::string explainPcounterOpenError(int err, const std::string& path);

// Whether the loongson backend can be used here (ready(), the capability
// banner, the GUI's backend list).
struct PcounterStatus {
    bool available = false;
    std::string detail;
    std::string fix;
};
PcounterStatus checkPcounter(const std::string& path);

} // namespace perfdash::loongson
