#pragma once
// What a likwid counter name (the first column of a group's EVENTSET) means,
// read from resources/likwid/counters.json: FIXCn is a fixed counter whose
// events are known per vendor, PMCn a general core counter, and MBOX0C1,
// PWR0, CPMC2, ... counters of likwid's uncore and other units (which kernel
// PMU they become: LikwidUncore.h). Any other name is perfdash's own slot name.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/util/Outcome.h"

namespace perfdash {

struct LikwidCounter {
    enum class Kind {
        Fixed, // FIXCn
        Core,  // PMCn
        Box,   // an uncore or other unit: MBOX0C1, PWR0, TMA2, UBOXFIX
        Own,   // not a likwid counter name: a slot name of perfdash's own
    };
    Kind kind = Kind::Own;
    int index = -1;   // n of FIXCn and PMCn; of a Box, the counter number (PWR3: 3, MBOX0C1: 1, UBOXFIX: -1)
    std::string box;  // the unit's prefix, e.g. "MBOX"
    std::string unit; // what that unit is, e.g. "memory controller"
    int boxIndex = 0; // which instance of the unit: 3 of MBOX3C1; 0 where likwid numbers counters only (PWR3)
    std::string unmapped; // why perfdash leaves this unit unresolved, or empty
    // The counter whose count this one's is a share of in likwid's formulas
    // ("FIXC3" for TMAn: the kernel counts top-down slots, likwid means a
    // fraction of all slots); empty for plain counts.
    std::string fractionOf;
    // likwid's event name of the core temperature on this unit (TMP0
    // TEMP_CORE): read from the kernel's hardware monitors, a gauge
    // (core/events/HwmonTemperature.h); empty for other units.
    std::string coreTemperature;
};

// An error only when perfdash's counter table cannot be read.
Result<LikwidCounter> classifyLikwidCounter(std::string_view counter);

// Whether a group's counter is read as a gauge (likwid's thermal sensor,
// TMP0): its value for a period is a reading, never a count. False for other
// names, and when the counter table cannot be read (classifyLikwidCounter
// says why).
bool isGaugeCounter(std::string_view counter);

// The meaning of a likwid fixed-counter event on a vendor's cores: an event
// of the arch's libpfm4 core model, or a register of the kernel's msr PMU.
struct FixedCounterEvent {
    std::string libpfm;      // "UNHALTED_CORE_CYCLES", or empty
    std::string msr;         // "aperf", or empty
    uint64_t msrConfig = 0;  // the kernel's index of that msr event
    std::string means;       // a few words for people
};

// nullopt when `vendor` puts no event of that name on FIXC`index` (so the
// slot is read as any other event); an error when the table cannot be read.
Result<std::optional<FixedCounterEvent>> fixedCounterEvent(std::string_view vendor, int index,
                                                           std::string_view likwidEvent);

} // namespace perfdash
