#include "core/backends/loongson/LoongsonBackend.h"

#include <algorithm>
#include <optional>

#include "core/backends/loongson/LoongsonCounterSet.h"
#include "core/events/Loongson2fEvents.h"

extern "C" {
#include "core/backends/loongson/kmod/pcounter_control.h"
}

namespace perfdash::loongson {

namespace {

std::string eventName(const EventSlot& slot) { return slot.event.name.empty() ? slot.event.spec : slot.event.name; }

// The control register's mode bits for an event's privilege levels:
// user (and supervisor, which Linux does not use) and kernel (and the
// exception level, which is kernel code too).
unsigned int modesOf(const PerfEncoding& e) {
    unsigned int modes = 0;
    if (!e.excludeUser) modes |= PCOUNTER_CTRL_USER | PCOUNTER_CTRL_SUPERVISOR;
    if (!e.excludeKernel) modes |= PCOUNTER_CTRL_KERNEL | PCOUNTER_CTRL_EXL;
    return modes;
}

} // namespace

LoongsonBackend::LoongsonBackend(std::string devicePath) : devicePath_(std::move(devicePath)) {}

Status LoongsonBackend::ready() const {
    const PcounterStatus status = checkPcounter(devicePath_);
    if (!status.available) return makeError("the loongson backend cannot be used: " + status.detail);
    return {};
}

Availability LoongsonBackend::check(const ResolvedEvent& event) const {
    if (!loongson2fEventOf(event))
        return {Availability::State::Unsupported,
                "'" + (event.name.empty() ? event.spec : event.name) +
                    "' is not a Loongson 2E/2F event: the loongson backend counts the 32 loongson2f:: events only "
                    "(see 'perfdash-cli list --source loongson2f')",
                "not for the loongson backend"};
    if (event.encoding.excludeUser && event.encoding.excludeKernel)
        return {Availability::State::Unsupported, "'" + event.name + "' excludes both user and kernel mode",
                "counts nothing"};
    return {Availability::State::Countable, "", ""};
}

Result<std::string> LoongsonBackend::describeScope(const CountingScope& scope) const {
    if (scope.kind == CountingScope::Kind::Threads)
        return makeError("the loongson backend counts the whole CPU, not the threads of one process: launch the "
                         "program instead, or count the CPU with -c 0");
    if (std::any_of(scope.cpus.begin(), scope.cpus.end(), [](int cpu) { return cpu != 0; }))
        return makeError("the Loongson 2E/2F has a single CPU, cpu0: its counters count nothing else (use -c 0 or "
                         "-C 0)");
    if (scope.kind == CountingScope::Kind::Task)
        return std::string("the loongson backend counts the whole CPU, including the kernel and every other "
                           "process running on it");
    return std::string();
}

Result<std::unique_ptr<CounterSet>> LoongsonBackend::open(const EventSet& events, const CountingScope& scope) {
    if (events.empty()) return makeError("no events to count: the event set is empty");
    if (auto described = describeScope(scope); !described) return described.error();

    std::vector<int> slotCounter(events.size(), -1);
    std::vector<SlotStatus> status(events.size());
    int owner[2] = {-1, -1};
    unsigned int event[2] = {0, 0};
    std::optional<unsigned int> modes;
    for (size_t s = 0; s < events.size(); ++s) {
        const Availability a = check(events[s].event);
        const Loongson2fEvent* e = loongson2fEventOf(events[s].event);
        if (!a.countable()) {
            status[s].reason = a.reason;
            continue;
        }
        const size_t c = static_cast<size_t>(e->counter);
        const unsigned int m = modesOf(events[s].event.encoding);
        if (owner[c] >= 0) {
            status[s].reason = "counter " + std::to_string(c) + " already counts '" + eventName(events[static_cast<size_t>(owner[c])]) +
                               "': the Loongson 2E/2F counts one event of each counter at a time";
        } else if (modes && *modes != m) {
            status[s].reason = "'" + eventName(events[s]) +
                               "' counts other privilege levels than the event on the other counter; the two "
                               "counters share one mode setting";
        } else {
            owner[c] = static_cast<int>(s);
            event[c] = static_cast<unsigned int>(e->select);
            modes = m;
            slotCounter[s] = e->counter;
            status[s] = SlotStatus{true, "", 0};
        }
    }
    if (!modes) {
        std::string why;
        for (const auto& st : status) why += "\n  " + st.reason;
        return makeError("none of the events can be counted by the loongson backend:" + why);
    }
    auto device = PcounterDevice::open(devicePath_);
    if (!device) return device.error();
    const unsigned int control = pcounter_control_word(event[0], event[1], *modes);
    return std::unique_ptr<CounterSet>(std::make_unique<LoongsonCounterSet>(std::move(*device), control,
                                                                            std::move(slotCounter), std::move(status)));
}

} // namespace perfdash::loongson
