#pragma once
// perf's event modifiers, the letters after ':' (cycles:u) or after a PMU's
// closing '/' (cpu/event=0x3c/k): u k h select privilege levels, G H guest or
// host, I excludes idle, p (up to ppp) asks for precise sampling.
#include <string_view>

#include "core/events/EventSpec.h"
#include "core/util/Outcome.h"

namespace perfdash {

// True if every letter is a perf modifier we implement (so "cycles:u" is a
// modified event while "sched:sched_switch" is not).
bool isPerfModifierString(std::string_view modifiers);

// Applies `modifiers` to `encoding` with perf's rules: naming any of u/k/h
// counts only the named levels; naming G or H counts only guest or host.
// `event` names the event in error messages.
Status applyPerfModifiers(std::string_view modifiers, std::string_view event, PerfEncoding& encoding);

} // namespace perfdash
