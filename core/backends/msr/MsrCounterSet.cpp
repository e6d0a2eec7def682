#include "core/backends/msr/MsrCounterSet.h"

#include <algorithm>

#include "core/backends/msr/MsrRegisters.h"
#include "core/util/Clock.h"
#include "core/util/Strings.h"

namespace perfdash::msr {

namespace {

// The fastest a core counter can plausibly advance: 16 increments per cycle
// (wider than any core's issue width, for events that count several per
// cycle) at 8 GHz. A 48-bit counter then wraps after 37 minutes at the
// earliest, so its bound is about 18 minutes.
constexpr double kMaxCoreEventsPerSecond = 16 * 8e9;
// The most power one RAPL domain can plausibly draw. With Intel's usual
// unit (2^-14 J) a 32-bit energy counter wraps after 262 s at that power,
// with AMD's (2^-16 J) after 65 s: the bounds are half of that.
constexpr double kMaxDomainWatts = 1000;
constexpr unsigned kDramFixedUnitBits = 16;

uint64_t fixedField(const MsrSlot& slot) {
    uint64_t field = 0;
    if (slot.event.countKernel) field |= kFixedOs;
    if (slot.event.countUser) field |= kFixedUser;
    if (slot.event.select & kSelAnyThread) field |= kFixedAnyThread;
    return field << (kFixedFieldBits * static_cast<unsigned>(slot.index));
}

uint64_t fixedFieldMask(int index) { return uint64_t{0xF} << (kFixedFieldBits * static_cast<unsigned>(index)); }

uint64_t eventSelectValue(const MsrSlot& slot) {
    uint64_t value = slot.event.select;
    if (slot.event.countUser) value |= kSelUser;
    if (slot.event.countKernel) value |= kSelOs;
    return value;
}

const char* busyHint() {
    return ": another program (likwid, perf, a second perfdash) or the kernel uses it; the kernel's NMI watchdog "
           "keeps one counter: sudo sysctl kernel.nmi_watchdog=0";
}

} // namespace

MsrCounterSet::MsrCounterSet(std::unique_ptr<MsrAccess> access, const MsrPmu& pmu, std::vector<MsrCpuPlace> cpus,
                             std::vector<MsrSlot> slots)
    : access_(std::move(access)), pmu_(pmu), cpus_(std::move(cpus)), slots_(std::move(slots)),
      programmer_(*access_) {
    for (const auto& c : cpus_) locations_.push_back(CounterLocation{CounterLocation::Kind::Cpu, c.cpu});
    status_.resize(slots_.size());
    for (size_t s = 0; s < slots_.size(); ++s) {
        status_[s].opened = slots_[s].assigned;
        status_[s].reason = slots_[s].reason;
        status_[s].group = slots_[s].assigned ? 0 : -1;
    }
    readings_.resize(cpus_.size() * slots_.size());
    originalGlobal_.assign(cpus_.size(), 0);
}

MsrCounterSet::~MsrCounterSet() = default;

void MsrCounterSet::fail(size_t slot, std::string reason) {
    slots_[slot].assigned = false;
    status_[slot] = SlotStatus{false, std::move(reason), -1};
}

Result<std::unique_ptr<MsrCounterSet>> MsrCounterSet::program(std::unique_ptr<MsrAccess> access, const MsrPmu& pmu,
                                                              std::vector<MsrCpuPlace> cpus,
                                                              std::vector<MsrSlot> slots) {
    if (cpus.empty()) return makeError("no CPUs to count on");
    std::unique_ptr<MsrCounterSet> set(new MsrCounterSet(std::move(access), pmu, std::move(cpus), std::move(slots)));
    if (Status s = set->checkCountersFree(); !s) return s.error();
    if (Status s = set->readEnergyUnit(); !s) return s.error();
    set->placeRegisterReads();
    std::string why;
    for (const auto& st : set->status_) why += st.opened ? "" : "\n  " + st.reason;
    if (std::none_of(set->status_.begin(), set->status_.end(), [](const SlotStatus& st) { return st.opened; }))
        return makeError("none of the events can be counted by the msr backend:" + why);
    for (size_t l = 0; l < set->cpus_.size(); ++l)
        if (Status s = set->programCpu(l); !s) return s.error();
    return set;
}

// A counter whose enable bits are set before we start belongs to someone
// else: counting on it would corrupt both.
Status MsrCounterSet::checkCountersFree() {
    for (size_t l = 0; l < cpus_.size(); ++l) {
        const int cpu = cpus_[l].cpu;
        std::optional<uint64_t> fixedCtrl;
        for (size_t s = 0; s < slots_.size(); ++s) {
            const MsrSlot& slot = slots_[s];
            if (!slot.assigned) continue;
            if (slot.counter == MsrSlot::Counter::General) {
                const uint32_t reg = pmu_.eventSelect(slot.index);
                auto value = access_->read(cpu, reg);
                if (!value) return value.error();
                if (*value & kSelEnable)
                    fail(s, "PMC" + std::to_string(slot.index) + " is already counting on cpu" + std::to_string(cpu) +
                                " (" + describeRegister(reg) + " = " + hex(*value) + ")" + busyHint());
            } else if (slot.counter == MsrSlot::Counter::Fixed) {
                if (!fixedCtrl) {
                    auto value = access_->read(cpu, kIntelFixedCtrCtrl);
                    if (!value) return value.error();
                    fixedCtrl = *value;
                }
                if (*fixedCtrl & fixedFieldMask(slot.index))
                    fail(s, "FIXC" + std::to_string(slot.index) + " is already counting on cpu" + std::to_string(cpu) +
                                " (" + describeRegister(kIntelFixedCtrCtrl) + " = " + hex(*fixedCtrl) + ")" + busyHint());
            }
        }
        if (pmu_.globalControl) {
            auto global = access_->read(cpu, pmu_.globalControlRegister());
            if (!global) return global.error();
            originalGlobal_[l] = *global;
        }
    }
    return {};
}

Status MsrCounterSet::readEnergyUnit() {
    const bool wanted = std::any_of(slots_.begin(), slots_.end(),
                                    [](const MsrSlot& s) { return s.assigned && s.event.energy; });
    if (!wanted) return {};
    const uint32_t reg = pmu_.raplUnitRegister();
    auto unit = access_->read(cpus_.front().cpu, reg);
    if (unit) {
        energyUnitBits_ = static_cast<unsigned>(*unit >> 8 & 0x1F);
        return {};
    }
    for (size_t s = 0; s < slots_.size(); ++s)
        if (slots_[s].assigned && slots_[s].event.energy)
            fail(s, "this CPU has no RAPL energy counters the msr backend can read (" + unit.error().message + ")");
    return {};
}

std::map<int, int> sharedRegisterReaders(const std::vector<MsrCpuPlace>& cpus, MsrScope scope) {
    if (std::any_of(cpus.begin(), cpus.end(), [](const MsrCpuPlace& c) { return c.package < 0; })) return {};
    std::map<int, int> readers;
    for (size_t l = 0; l < cpus.size(); ++l) {
        size_t first = 0;
        while (cpus[first].package != cpus[l].package || (scope == MsrScope::Core && cpus[first].core != cpus[l].core))
            ++first;
        readers[cpus[l].cpu] = cpus[first].cpu;
    }
    return readers;
}

void MsrCounterSet::placeRegisterReads() {
    for (size_t s = 0; s < slots_.size(); ++s) {
        const MsrSlot& slot = slots_[s];
        if (!slot.assigned) continue;
        const bool shared = slot.counter == MsrSlot::Counter::Register && slot.event.scope != MsrScope::Thread;
        const std::map<int, int> readers = shared ? sharedRegisterReaders(cpus_, slot.event.scope) : std::map<int, int>{};
        if (shared && readers.empty()) {
            fail(s, "the msr backend cannot tell which CPUs share a package (the topology is unknown), so it "
                    "cannot count a package's energy once");
            continue;
        }
        for (size_t l = 0; l < cpus_.size(); ++l) {
            Reading& r = reading(l, s);
            r.active = !shared || readers.at(cpus_[l].cpu) == cpus_[l].cpu;
            switch (slot.counter) {
            case MsrSlot::Counter::General:
                r.reg = pmu_.counter(slot.index);
                r.counter = WrappingCounter(pmu_.generalWidth);
                break;
            case MsrSlot::Counter::Fixed:
                r.reg = pmu_.fixedCounter(slot.index);
                r.counter = WrappingCounter(pmu_.fixedWidth);
                break;
            case MsrSlot::Counter::Register:
                r.reg = slot.event.reg;
                r.counter = WrappingCounter(slot.event.width);
                if (slot.event.energy) r.shift = 32 - (slot.event.dramFixedUnit ? kDramFixedUnitBits : energyUnitBits_);
                break;
            }
        }
    }
}

Status MsrCounterSet::programCpu(size_t location) {
    const int cpu = cpus_[location].cpu;
    uint64_t fixedBits = 0, fixedMask = 0;
    for (const MsrSlot& slot : slots_) {
        if (!slot.assigned) continue;
        if (slot.counter == MsrSlot::Counter::General) {
            // With a global control register the event selects stay enabled
            // and that register starts and stops them all at once.
            const uint64_t value = eventSelectValue(slot) | (pmu_.globalControl ? kSelEnable : 0);
            if (Status s = programmer_.write(cpu, pmu_.eventSelect(slot.index), value); !s) return s;
        } else if (slot.counter == MsrSlot::Counter::Fixed) {
            fixedBits |= fixedField(slot);
            fixedMask |= fixedFieldMask(slot.index);
        }
    }
    if (fixedMask == 0) return {};
    auto current = access_->read(cpu, kIntelFixedCtrCtrl);
    if (!current) return current.error();
    return programmer_.write(cpu, kIntelFixedCtrCtrl, (*current & ~fixedMask) | fixedBits);
}

uint64_t MsrCounterSet::ourGlobalBits() const {
    uint64_t bits = 0;
    for (const MsrSlot& slot : slots_) {
        if (!slot.assigned) continue;
        if (slot.counter == MsrSlot::Counter::General) bits |= uint64_t{1} << slot.index;
        if (slot.counter == MsrSlot::Counter::Fixed) bits |= uint64_t{1} << (32 + slot.index);
    }
    return bits;
}

Status MsrCounterSet::setCounting(bool on) {
    const uint64_t ours = ourGlobalBits();
    for (size_t l = 0; l < cpus_.size(); ++l) {
        const int cpu = cpus_[l].cpu;
        if (pmu_.globalControl) {
            if (ours == 0) continue;
            const uint64_t value = on ? originalGlobal_[l] | ours : originalGlobal_[l] & ~ours;
            if (Status s = programmer_.write(cpu, pmu_.globalControlRegister(), value); !s) return s;
            continue;
        }
        for (const MsrSlot& slot : slots_) {
            if (!slot.assigned || slot.counter != MsrSlot::Counter::General) continue;
            const uint64_t value = eventSelectValue(slot) | (on ? kSelEnable : 0);
            if (Status s = programmer_.write(cpu, pmu_.eventSelect(slot.index), value); !s) return s;
        }
    }
    return {};
}

Status MsrCounterSet::readAll(bool rebase) {
    for (size_t l = 0; l < cpus_.size(); ++l) {
        for (size_t s = 0; s < slots_.size(); ++s) {
            Reading& r = reading(l, s);
            if (!slots_[s].assigned || !r.active) continue;
            auto raw = access_->read(cpus_[l].cpu, r.reg);
            if (!raw) return raw.error();
            if (rebase) r.counter.rebase(*raw);
            else r.counter.advance(*raw);
        }
    }
    return {};
}

// Counted from the readings taken while the counters are still stopped, so
// nothing before the start is counted by the programmable ones.
Status MsrCounterSet::enable() {
    std::lock_guard lock(mutex_);
    if (clock_.running()) return {};
    if (Status s = readAll(true); !s) return s;
    if (Status s = setCounting(true); !s) return s;
    clock_.start(monotonicNowNs());
    return {};
}

// Stopped first and read after, so the totals hold everything counted.
Status MsrCounterSet::disable() {
    std::lock_guard lock(mutex_);
    if (!clock_.running()) return {};
    if (Status s = setCounting(false); !s) return s;
    clock_.stop(monotonicNowNs());
    return readAll(false);
}

Status MsrCounterSet::read(Snapshot& out) {
    std::lock_guard lock(mutex_);
    if (clock_.running())
        if (Status s = readAll(false); !s) return s;
    out.monotonicNs = monotonicNowNs();
    const uint64_t enabled = clock_.elapsedNs(out.monotonicNs);
    out.values.assign(cpus_.size() * slots_.size(), CounterValue{});
    out.residentNs.clear();
    for (size_t l = 0; l < cpus_.size(); ++l) {
        for (size_t s = 0; s < slots_.size(); ++s) {
            const Reading& r = reading(l, s);
            if (!slots_[s].assigned || !r.active) continue;
            out.values[l * slots_.size() + s] = CounterValue{r.counter.total() << r.shift, enabled, enabled};
        }
    }
    return {};
}

std::chrono::nanoseconds MsrCounterSet::maxReadInterval() const {
    std::chrono::nanoseconds bound{0};
    auto tighten = [&](std::chrono::nanoseconds b) {
        if (b.count() > 0 && (bound.count() == 0 || b < bound)) bound = b;
    };
    for (const MsrSlot& slot : slots_) {
        if (!slot.assigned) continue;
        switch (slot.counter) {
        case MsrSlot::Counter::General: tighten(maxReadIntervalFor(pmu_.generalWidth, kMaxCoreEventsPerSecond)); break;
        case MsrSlot::Counter::Fixed: tighten(maxReadIntervalFor(pmu_.fixedWidth, kMaxCoreEventsPerSecond)); break;
        case MsrSlot::Counter::Register: {
            if (!slot.event.energy) break;
            const unsigned unitBits = slot.event.dramFixedUnit ? kDramFixedUnitBits : energyUnitBits_;
            tighten(maxReadIntervalFor(slot.event.width, kMaxDomainWatts * static_cast<double>(uint64_t{1} << unitBits)));
            break;
        }
        }
    }
    return bound;
}

} // namespace perfdash::msr
