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

#include "core/util/Result.h"

namespace perfdash {

// "L2_LINES_IN:ALL" (or "RETIRED_INSTRUCTIONS") for `likwidName` on the
// libpfm4 model `model`; nullopt when nothing matches.
std::optional<Result<std::string>> likwidNativeName(const std::string& model, std::string_view likwidName);

} // namespace perfdash
