#include "core/backends/GaugeBackend.h"

#include <algorithm>
#include <bit>
#include <optional>

#include "core/backends/DirectCounting.h"
#include "core/events/HwmonTemperature.h"
#include "core/events/PowercapEnergy.h"
#include "core/util/Clock.h"

namespace perfdash {

uint64_t gaugeRaw(int64_t reading) { return std::bit_cast<uint64_t>(reading); }
int64_t gaugeReading(uint64_t raw) { return std::bit_cast<int64_t>(raw); }

namespace {

// One slot's file at one location: a gauge's, or a counter file's with its total.
struct FileReading {
    std::string path; // empty: no reading here
    std::optional<WrappingCounter> counter; // a counter file (SysfsInput::range != 0)
    bool failed = false; // a counter file that could not be read once: n/a from then on
};

class GaugeCounterSet final : public CounterSet {
public:
    GaugeCounterSet(std::unique_ptr<CounterSet> inner, std::vector<CounterLocation> locations,
                    std::vector<int> innerSlot, std::vector<std::vector<FileReading>> files,
                    std::vector<SlotStatus> status, std::chrono::nanoseconds maxInterval)
        : inner_(std::move(inner)), locations_(std::move(locations)), innerSlot_(std::move(innerSlot)),
          files_(std::move(files)), status_(std::move(status)), maxInterval_(maxInterval) {}

    const std::vector<CounterLocation>& locations() const override { return locations_; }
    const std::vector<SlotStatus>& slotStatus() const override { return status_; }
    size_t groupCount() const override { return inner_ ? inner_->groupCount() : 0; }
    Status enable() override {
        if (inner_)
            if (Status s = inner_->enable(); !s) return s;
        // What a counter file counted before is not this run's.
        if (!clock_.running()) forEachCounter([](FileReading& f, uint64_t raw) { f.counter->rebase(raw); });
        clock_.start(monotonicNowNs());
        return {};
    }
    Status disable() override {
        if (clock_.running()) {
            forEachCounter([](FileReading& f, uint64_t raw) { f.counter->advance(raw); });
            clock_.stop(monotonicNowNs());
        }
        return inner_ ? inner_->disable() : Status{};
    }
    Status enableGroup(size_t group, bool on) override {
        if (!inner_) return makeError("no kernel group " + std::to_string(group) + ": only sysfs files are read");
        return inner_->enableGroup(group, on);
    }
    std::chrono::nanoseconds maxReadInterval() const override {
        const auto innerBound = inner_ ? inner_->maxReadInterval() : std::chrono::nanoseconds{0};
        if (maxInterval_.count() == 0) return innerBound;
        return innerBound.count() == 0 ? maxInterval_ : std::min(innerBound, maxInterval_);
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
        if (clock_.running()) forEachCounter([](FileReading& f, uint64_t raw) { f.counter->advance(raw); });
        const uint64_t enabled = clock_.elapsedNs(out.monotonicNs);
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
                const FileReading& file = files_[l][s];
                if (file.path.empty()) continue;
                if (file.counter) {
                    if (!file.failed) v = CounterValue{file.counter->total(), enabled, enabled};
                } else if (auto reading = readMillidegrees(file.path)) {
                    v = CounterValue{gaugeRaw(*reading), 1, 1};
                }
            }
        return {};
    }

private:
    // Reads every counter file that has not failed and hands it its raw value.
    template <typename Use>
    void forEachCounter(Use use) {
        for (auto& location : files_)
            for (auto& file : location) {
                if (!file.counter || file.failed) continue;
                if (auto raw = readMicrojoules(file.path)) use(file, *raw);
                else file.failed = true;
            }
    }

    std::unique_ptr<CounterSet> inner_;
    std::vector<CounterLocation> locations_;
    std::vector<int> innerSlot_;                // per slot: its index in inner_'s set, -1 for a file event
    std::vector<std::vector<FileReading>> files_; // [location][slot]
    std::vector<SlotStatus> status_;
    std::chrono::nanoseconds maxInterval_;      // half the shortest wrap of a counter file; 0: none
    EnabledClock clock_;
    Snapshot innerSnapshot_;
};

// The most power a RAPL domain draws, to bound how long a counter file may go
// unread: the msr backend's bound for the same counters (MsrCounterSet.cpp).
constexpr double kMaxDomainWatts = 1000;

FileReading inputOf(const ResolvedEvent& event, const CounterLocation& where) {
    if (where.kind != CounterLocation::Kind::Cpu) return {};
    // A package's counter is read on its reader CPU alone; the others' count is there.
    if (!event.coreCpus.empty() &&
        std::find(event.coreCpus.begin(), event.coreCpus.end(), where.id) == event.coreCpus.end())
        return {};
    for (const auto& input : event.sysfsInputs)
        if (input.cpu == where.id)
            return {input.path, input.range ? std::optional(WrappingCounter::modulo(input.range)) : std::nullopt};
    return {};
}

} // namespace

GaugeBackend::GaugeBackend(std::unique_ptr<CounterBackend> inner) : inner_(std::move(inner)) {}

Result<std::unique_ptr<CounterSet>> GaugeBackend::open(const EventSet& events, const CountingScope& scope) {
    EventSet counted;
    std::vector<int> innerSlot;
    for (const auto& slot : events) {
        innerSlot.push_back(slot.event.readFromFiles() ? -1 : static_cast<int>(counted.size()));
        if (!slot.event.readFromFiles()) counted.push_back(slot);
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
        return makeError("a sensor's reading or a package's energy is a CPU's, not a program's: count it on a CPU "
                         "list (-c 0-3)");
    }

    std::vector<std::vector<FileReading>> files(locations.size(), std::vector<FileReading>(events.size()));
    std::vector<SlotStatus> status;
    std::chrono::nanoseconds maxInterval{0};
    for (size_t s = 0; s < events.size(); ++s) {
        if (innerSlot[s] >= 0) {
            status.push_back(inner->slotStatus()[static_cast<size_t>(innerSlot[s])]);
            continue;
        }
        SlotStatus st;
        for (size_t l = 0; l < locations.size(); ++l) {
            files[l][s] = inputOf(events[s].event, locations[l]);
            st.opened = st.opened || !files[l][s].path.empty();
        }
        if (!st.opened)
            st.reason = events[s].event.name + " has a reading for CPU locations only, and none of the counted "
                        "locations is a CPU with its file (" + events[s].event.description + ")";
        // Half a wrap at the most power a domain draws, as for the msr backend's energy registers.
        for (const auto& input : events[s].event.sysfsInputs) {
            if (!input.range) continue;
            const auto bound = std::chrono::milliseconds(
                static_cast<int64_t>(static_cast<double>(input.range) / kMaxDomainWatts / 1e6 / 2 * 1e3));
            if (bound.count() > 0 && (maxInterval.count() == 0 || bound < maxInterval)) maxInterval = bound;
        }
        status.push_back(std::move(st));
    }
    return std::unique_ptr<CounterSet>(std::make_unique<GaugeCounterSet>(
        std::move(inner), std::move(locations), std::move(innerSlot), std::move(files), std::move(status), maxInterval));
}

} // namespace perfdash
