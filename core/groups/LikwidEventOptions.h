#pragma once
// likwid's counter/event options (`PMC3:EDGEDETECT`, `EVENT:THRESHOLD=0x2`)
// and their translation into the perf/libpfm4 event string our event
// resolver takes (libpfm4 modifiers: `EVENT:e=1:c=2`).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/groups/PerformanceGroup.h"
#include "core/util/Outcome.h"

namespace perfdash {

// The option names likwid knows, upper case, e.g. "EDGEDETECT", "THRESHOLD".
const std::vector<std::string>& likwidOptionNames();

// "NAME" or "NAME=VALUE" where NAME is a likwid option (any case; stored upper
// case). nullopt when the token is not a likwid option at all, so that
// libpfm4 unit masks and modifiers (`ANY_P`, `c=1`) pass through untouched.
std::optional<EventOption> parseLikwidOption(std::string_view token);

// Checks that the option has a value exactly when likwid expects one and that
// the value is a number; the message names the option and the expected form.
Status validateLikwidOption(const EventOption& option);

// An event column split into the event proper and the likwid options in it:
// "INST_RETIRED:ANY_P:EDGEDETECT:THRESHOLD=0x2" -> "INST_RETIRED:ANY_P" + options.
struct SplitEvent {
    std::string event;
    std::vector<EventOption> options;
};
SplitEvent splitLikwidOptions(std::string_view eventColumn);

// The string to hand to the event resolver for this slot: the event with its
// options as libpfm4 modifiers (EDGEDETECT -> e=1, THRESHOLD=N -> c=N,
// INVERT -> i=1, ANYTHREAD -> t=1, KERNEL -> u=1:k=1, IN_TRANSACTION -> intx=1,
// IN_TRANSACTION_ABORTED -> intxcp=1; MATCH0/MATCH1 -> offcore_rsp=MATCH0 |
// MATCH1 << 16, which only an offcore response event of the event tables
// takes). Options with no perf equivalent (NID, OPCODE, ...) are an error
// that names them; whether
// the event itself exists is the resolver's business, not this function's.
Result<std::string> perfEventString(const GroupSlot& slot);

} // namespace perfdash
