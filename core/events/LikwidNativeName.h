#pragma once
// likwid's spelling of libpfm4 native events. likwid writes the vendor's
// EVENT.UMASK as one word with underscores (L2_LINES_IN_ALL for libpfm4's
// L2_LINES_IN:ALL, MEM_INST_RETIRED_ALL_LOADS for MEM_INST_RETIRED:ALL_LOADS)
// and an event with its default unit mask by the event's name alone
// (RETIRED_INSTRUCTIONS). Since event and unit-mask names contain
// underscores themselves, the name is matched, ignoring case, against every
// split point: an event of the model that equals the whole name, or an event
// that equals the part before some '_' together with one of its unit masks
// that equals the rest. Exactly one match is the answer; several are an
// error that lists them; none is no answer. Nothing is ever guessed.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

// One event of a model with the names of its unit masks.
struct NativeEventNames {
    std::string event;
    std::vector<std::string> unitMasks;
};

// The rule on its own, over any table: every "EVENT" or "EVENT:UMASK" of
// `table` that `likwidName` spells, in table order.
std::vector<std::string> likwidNameMatches(const std::vector<NativeEventNames>& table, std::string_view likwidName);

// "L2_LINES_IN:ALL" (or "RETIRED_INSTRUCTIONS") for `likwidName` on the
// libpfm4 model `model`; nullopt when nothing matches.
std::optional<Result<std::string>> likwidNativeName(const std::string& model, std::string_view likwidName);

} // namespace perfdash
