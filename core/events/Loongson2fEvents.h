#pragma once
// The 32 performance events of the Loongson 2E/2F: 16 on counter 0 and 16 on
// counter 1, each selected by a 4-bit number. No kernel PMU driver exposes
// them (Linux's MIPS perf covers Loongson 3, and the oprofile model that knew
// these chips is gone): perfdash counts them through its own kernel module
// (core/backends/loongson/kmod) with `--backend loongson`.
//
// Names are written qualified, `loongson2f::ICACHE_MISSES`, like libpfm4's
// qualified names, optionally with perf's modifiers `:u` or `:k`.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/events/EventSpec.h"
#include "core/util/Outcome.h"

namespace perfdash {

inline constexpr std::string_view kLoongson2fPmu = "loongson2f";

struct Loongson2fEvent {
    std::string_view name; // without the "loongson2f::" prefix: "ICACHE_MISSES"
    int counter = 0;       // 0 or 1: the counter that has this event
    int select = 0;        // 0..15: its number in that counter's event field
    std::string_view description;
};

// All 32, counter 0's events first, each counter's in select order.
std::span<const Loongson2fEvent> loongson2fEvents();

// `spec` is "loongson2f::NAME[:MODS]" (the prefix is matched case-insensitively,
// NAME exactly as listed, MODS perf's modifier letters). nullopt when spec
// does not start with the prefix; an error naming the closest events when it
// does but names none of them.
std::optional<Result<ResolvedEvent>> resolveLoongson2fEvent(std::string_view spec);

// The event a resolved Loongson event stands for (from its encoding), or nullptr.
const Loongson2fEvent* loongson2fEventOf(const ResolvedEvent& event);

} // namespace perfdash
