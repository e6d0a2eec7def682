#pragma once
// A backend that programs counter hardware itself rather than through
// perf_event_open: the MSR device (x86) and perfdash's Loongson 2E/2F module.
// Beside opening event sets it answers the questions a measurement plan asks
// before anything runs, because perf's availability check and permission
// rules do not apply to it.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/backends/CounterBackend.h"
#include "core/events/EventSpec.h"
#include "core/util/Outcome.h"

namespace perfdash {

class DirectBackend : public CounterBackend {
public:
    // Whether the backend can count anything here: its device is there and
    // may be opened (and written). The error says what is missing and how to
    // get it (modprobe msr, insmod pcounter.ko, root, ...).
    virtual Status ready() const = 0;

    // An event this backend counts under a name of its own, which the event
    // resolver may not know here (the MSR backend's msr/aperf/ or
    // power/energy-pkg/ without the kernel's PMUs); nullopt otherwise.
    virtual std::optional<ResolvedEvent> ownEvent(std::string_view spec) const {
        (void)spec;
        return std::nullopt;
    }

    // Whether this backend can count the event on this machine, and if not why.
    virtual Availability check(const ResolvedEvent& event) const = 0;

    // Refuses a scope the backend cannot count, with the fix; otherwise says
    // what will really be counted (for the plan's warnings), e.g. that whole
    // CPUs are counted, other programs on them included. Empty: nothing to say.
    virtual Result<std::string> describeScope(const CountingScope& scope) const = 0;

    // For an event whose register several CPUs share (the MSR backend's RAPL
    // energy: one per package), which CPU of `cpus` reads it for each: the
    // backend reads it on those CPUs only, and the plan records it as
    // PlannedEvent::readerOf, so that the others' n/a means "held by their
    // reader", not "missing". Empty for an event every CPU counts itself.
    virtual std::map<int, int> readerOf(const ResolvedEvent& event, const std::vector<int>& cpus) const {
        (void)event;
        (void)cpus;
        return {};
    }

    // The group directory for this backend's events when it is not the
    // CPU's own ("loongson2f"); empty for the CPU's.
    virtual std::string groupArch() const { return {}; }
};

} // namespace perfdash
