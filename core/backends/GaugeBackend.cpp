#include "core/backends/GaugeBackend.h"

#include <bit>

#include "core/events/HwmonTemperature.h"
#include "core/util/Clock.h"

namespace perfdash {

uint64_t gaugeRaw(int64_t reading) { return std::bit_cast<uint64_t>(reading); }
int64_t gaugeReading(uint64_t raw) { return std::bit_cast<int64_t>(raw); }

namespace {

class GaugeCounterSet final : public CounterSet {
public:
    GaugeCounterSet(std::unique_ptr<CounterSet> inner, std::vector<CounterLocation> locations,
                    std::vector<int> innerSlot, std::vector<std::vector<std::string>> files,
                    std::vector<SlotStatus> status)
        : inner_(std::move(inner)), locations_(std::move(locations)), innerSlot_(std::move(innerSlot)),
          files_(std::move(files)), status_(std::move(status)) {}

    const std::vector<CounterLocation>& locations() const override { return locations_; }
    const std::vector<SlotStatus>& slotStatus() const override { return status_; }
    size_t groupCount() const override { return inner_ ? inner_->groupCount() : 0; }
    Status enable() override { return inner_ ? inner_->enable() : Status{}; }
    Status disable() override { return inner_ ? inner_->disable() : Status{}; }
    Status enableGroup(size_t group, bool on) override {
        if (!inner_) return makeError("no kernel group " + std::to_string(group) + ": only gauges are read");
        return inner_->enableGroup(group, on);
    }
    std::chrono::nanoseconds maxReadInterval() const override {
        return inner_ ? inner_->maxReadInterval() : std::chrono::nanoseconds{0};
    }

    Status read(Snapshot& out) override {
        const size_t slots = innerSlot_.size();
        if (inner_) {
            if (Status s = inner_->read(innerSnapshot_); !s) return s;
            out.monotonicNs = innerSnapshot_.monotonicNs;
            out.residentNs = innerSnapshot_.residentNs;
        } else {
            out.monotonicNs = monotonicNowNs();
        }
        out.values.assign(locations_.size() * slots, CounterValue{});
        const size_t innerSlots = inner_ ? inner_->slotStatus().size() : 0;
        for (size_t l = 0; l < locations_.size(); ++l)
            for (size_t s = 0; s < slots; ++s) {
                CounterValue& v = out.values[l * slots + s];
                if (innerSlot_[s] >= 0) {
                    const size_t i = l * innerSlots + static_cast<size_t>(innerSlot_[s]);
                    if (i < innerSnapshot_.values.size()) v = innerSnapshot_.values[i];
                    continue;
                }
                const std::string& file = files_[l][s];
                if (file.empty()) continue;
                if (auto reading = readMillidegrees(file)) v = CounterValue{gaugeRaw(*reading), 1, 1};
            }
        return {};
    }

private:
    std::unique_ptr<CounterSet> inner_;
    std::vector<CounterLocation> locations_;
    std::vector<int> innerSlot_;                    // per slot: its index in inner_'s set, -1 for a gauge
    std::vector<std::vector<std::string>> files_;   // [location][slot]: a gauge's reading file, or empty
    std::vector<SlotStatus> status_;
    Snapshot innerSnapshot_;
};

std::string inputOf(const ResolvedEvent& event, const CounterLocation& where) {
    if (where.kind != CounterLocation::Kind::Cpu) return {};
    for (const auto& input : event.gaugeInputs)
        if (input.cpu == where.id) return input.path;
    return {};
}

} // namespace

GaugeBackend::GaugeBackend(std::unique_ptr<CounterBackend> inner) : inner_(std::move(inner)) {}

Result<std::unique_ptr<CounterSet>> GaugeBackend::open(const EventSet& events, const CountingScope& scope) {
    EventSet counted;
    std::vector<int> innerSlot;
    for (const auto& slot : events) {
        innerSlot.push_back(slot.event.gauge() ? -1 : static_cast<int>(counted.size()));
        if (!slot.event.gauge()) counted.push_back(slot);
    }
    if (counted.size() == events.size()) return inner_->open(events, scope);

    std::unique_ptr<CounterSet> inner;
    std::vector<CounterLocation> locations;
    if (!counted.empty()) {
        auto opened = inner_->open(counted, scope);
        if (!opened) return opened.error();
        inner = std::move(*opened);
        locations = inner->locations();
    } else if (scope.kind != CountingScope::Kind::Threads && !scope.cpus.empty()) {
        for (int cpu : scope.cpus) locations.emplace_back(CounterLocation::Kind::Cpu, cpu);
    } else {
        return makeError("a temperature is a CPU's, not a program's: count it on a CPU list (-c 0-3)");
    }

    std::vector<std::vector<std::string>> files(locations.size(), std::vector<std::string>(events.size()));
    std::vector<SlotStatus> status;
    for (size_t s = 0; s < events.size(); ++s) {
        if (innerSlot[s] >= 0) {
            status.push_back(inner->slotStatus()[static_cast<size_t>(innerSlot[s])]);
            continue;
        }
        SlotStatus st;
        for (size_t l = 0; l < locations.size(); ++l) {
            files[l][s] = inputOf(events[s].event, locations[l]);
            st.opened = st.opened || !files[l][s].empty();
        }
        if (!st.opened)
            st.reason = events[s].event.name + " has a reading for CPU locations only, and none of the counted "
                        "locations is a CPU with a sensor (" + events[s].event.description + ")";
        status.push_back(std::move(st));
    }
    return std::unique_ptr<CounterSet>(std::make_unique<GaugeCounterSet>(
        std::move(inner), std::move(locations), std::move(innerSlot), std::move(files), std::move(status)));
}

} // namespace perfdash
