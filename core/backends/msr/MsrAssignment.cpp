#include "core/backends/msr/MsrAssignment.h"

#include <optional>

#include "core/util/Strings.h"

namespace perfdash::msr {

namespace {

// "PMC3" -> 3 for prefix "PMC"; nullopt for other names.
std::optional<int> counterNumber(const std::string& name, std::string_view prefix) {
    if (!name.starts_with(prefix) || name.size() == prefix.size()) return std::nullopt;
    auto n = parseUnsigned(std::string_view(name).substr(prefix.size()));
    if (!n || *n > 63) return std::nullopt;
    return static_cast<int>(*n);
}

std::string eventName(const EventSlot& slot) { return slot.event.name.empty() ? slot.event.spec : slot.event.name; }

class Allocator {
public:
    Allocator(const EventSet& events, const MsrPmu& pmu)
        : events_(events), pmu_(pmu), generalOwner_(static_cast<size_t>(pmu.generalCounters), -1),
          fixedOwner_(static_cast<size_t>(pmu.fixedCounters), -1) {}

    std::vector<MsrSlot> run() {
        slots_.assign(events_.size(), MsrSlot{});
        std::vector<bool> planned(events_.size(), false);
        for (size_t s = 0; s < events_.size(); ++s) {
            auto plan = planMsrEvent(events_[s].event, pmu_);
            if (!plan) {
                slots_[s].reason = plan.error().message;
                continue;
            }
            slots_[s].event = *plan;
            planned[s] = true;
        }
        for (size_t s = 0; s < events_.size(); ++s)
            if (planned[s]) placeNamed(s);
        for (size_t s = 0; s < events_.size(); ++s)
            if (planned[s] && !slots_[s].assigned && slots_[s].reason.empty()) placeAnywhere(s);
        return std::move(slots_);
    }

private:
    void give(size_t s, MsrSlot::Counter counter, int index) {
        slots_[s].assigned = true;
        slots_[s].counter = counter;
        slots_[s].index = index;
        if (counter == MsrSlot::Counter::General) generalOwner_[static_cast<size_t>(index)] = static_cast<int>(s);
        if (counter == MsrSlot::Counter::Fixed) fixedOwner_[static_cast<size_t>(index)] = static_cast<int>(s);
    }

    std::string takenBy(int owner) const {
        const EventSlot& o = events_[static_cast<size_t>(owner)];
        return "'" + eventName(o) + "' (" + o.counter + (o.set != 0 ? ", group " + std::to_string(o.set + 1) : "") + ")";
    }

    void placeNamed(size_t s) {
        MsrSlot& slot = slots_[s];
        const std::string& name = events_[s].counter;
        if (slot.event.kind == MsrEventPlan::Kind::Register) {
            give(s, MsrSlot::Counter::Register, -1);
            return;
        }
        if (auto n = counterNumber(name, "FIXC")) {
            if (*n >= pmu_.fixedCounters) {
                slot.reason = name + ": this CPU has " + std::to_string(pmu_.fixedCounters) + " fixed counters";
            } else if (slot.event.fixedIndex != *n) {
                slot.reason = name + " counts only " + fixedFunction(*n) + "; '" + eventName(events_[s]) +
                              "' needs a general counter (PMC0-" + std::to_string(pmu_.generalCounters - 1) + ")";
            } else if (fixedOwner_[static_cast<size_t>(*n)] >= 0) {
                slot.reason = name + " is taken by " + takenBy(fixedOwner_[static_cast<size_t>(*n)]) + noMultiplexing();
            } else {
                give(s, MsrSlot::Counter::Fixed, *n);
            }
            return;
        }
        if (auto n = counterNumber(name, "PMC")) {
            if (slot.event.fixedOnly) {
                slot.reason = "'" + eventName(events_[s]) + "' counts only on fixed counter FIXC" +
                              std::to_string(slot.event.fixedIndex) + ", not on " + name;
            } else if (*n >= pmu_.generalCounters) {
                slot.reason = name + ": this CPU has " + std::to_string(pmu_.generalCounters) +
                              " general counters (PMC0-" + std::to_string(pmu_.generalCounters - 1) + ")";
            } else if (generalOwner_[static_cast<size_t>(*n)] >= 0) {
                slot.reason = name + " is taken by " + takenBy(generalOwner_[static_cast<size_t>(*n)]) + noMultiplexing();
            } else {
                give(s, MsrSlot::Counter::General, *n);
            }
        }
    }

    void placeAnywhere(size_t s) {
        MsrSlot& slot = slots_[s];
        const int fixed = slot.event.fixedIndex;
        if (fixed >= 0 && fixedOwner_[static_cast<size_t>(fixed)] < 0) {
            give(s, MsrSlot::Counter::Fixed, fixed);
            return;
        }
        if (slot.event.fixedOnly) {
            slot.reason = "fixed counter FIXC" + std::to_string(fixed) + ", the only one that counts '" +
                          eventName(events_[s]) + "', is taken by " + takenBy(fixedOwner_[static_cast<size_t>(fixed)]);
            return;
        }
        for (int i = 0; i < pmu_.generalCounters; ++i) {
            if (generalOwner_[static_cast<size_t>(i)] >= 0) continue;
            give(s, MsrSlot::Counter::General, i);
            return;
        }
        slot.reason = "all " + std::to_string(pmu_.generalCounters) + " general counters are taken" + noMultiplexing();
    }

    static std::string noMultiplexing() {
        return "; the msr backend counts every event at once and cannot multiplex: measure fewer events or groups "
               "at a time, or use --backend perf";
    }

    static std::string fixedFunction(int n) {
        switch (n) {
        case 0: return "retired instructions (INST_RETIRED.ANY)";
        case 1: return "core cycles (CPU_CLK_UNHALTED.THREAD)";
        case 2: return "reference cycles (CPU_CLK_UNHALTED.REF_TSC)";
        default: return "its own fixed event";
        }
    }

    const EventSet& events_;
    const MsrPmu& pmu_;
    std::vector<MsrSlot> slots_;
    std::vector<int> generalOwner_;
    std::vector<int> fixedOwner_;
};

} // namespace

std::vector<MsrSlot> assignMsrCounters(const EventSet& events, const MsrPmu& pmu) { return Allocator(events, pmu).run(); }

} // namespace perfdash::msr
