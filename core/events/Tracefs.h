#pragma once
// Kernel tracepoints through tracefs: which are there ("subsystem:name") and
// the id that perf_event_open wants as config for PERF_TYPE_TRACEPOINT.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

class Tracefs {
public:
    // The usual mount points, newest first.
    static std::vector<std::string> defaultRoots();
    // The first candidate that holds a mounted tracefs (an `events` directory).
    static Tracefs locate(const std::vector<std::string>& candidates);

    bool mounted() const { return !root_.empty(); }
    const std::string& root() const { return root_; }
    // Why tracepoints cannot be used, with the command that fixes it; empty when mounted.
    std::string notMountedReason() const;

    // Every tracepoint as "subsystem:name", sorted.
    std::vector<std::string> eventNames() const;
    bool hasEvent(std::string_view subsystem, std::string_view name) const;
    Result<uint64_t> eventId(std::string_view subsystem, std::string_view name) const;

private:
    std::string root_;
    std::string unreadable_; // a candidate this user may not look into
    std::vector<std::string> candidates_;
};

} // namespace perfdash
