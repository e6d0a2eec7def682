#pragma once
// The counters of one event set as the MSR backend programs them: on every
// CPU of the scope, general counters through their event selects, Intel's
// fixed counters through IA32_FIXED_CTR_CTRL, enabled through the global
// control register where the CPU has one (else through each event select's
// enable bit), plus free-running registers read as they are. Everything it
// writes goes through an MsrProgrammer, so it is all restored when the set
// is destroyed.
//
// Counts are kept as 64-bit totals (DirectCounting.h): read() adds what
// each counter advanced since the previous read, modulo its width, and
// maxReadInterval() tells the sampler how often that must happen. Registers
// that a package (RAPL) or a core (AMD core energy) shares are read on the
// first CPU of the list in that package or core only; the other CPUs show
// them as not counted, so that sums over CPUs count each package once.
//
// Thread safety: read() from the sampler thread; enable()/disable() from
// another thread meanwhile are serialised with it.
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "core/backends/CounterBackend.h"
#include "core/backends/DirectCounting.h"
#include "core/backends/msr/MsrAssignment.h"
#include "core/backends/msr/MsrProgrammer.h"

namespace perfdash::msr {

// Where a CPU sits, for registers shared by a core or a package.
struct MsrCpuPlace {
    int cpu = -1;
    int package = -1; // -1: unknown
    int core = -1;
};

// For a register that the CPUs of a package (scope Package) or of a core
// (scope Core) share: each CPU of `cpus` mapped to the first CPU of the list
// in its package (core), which reads the register for them. Empty when a
// CPU's package is unknown (nothing can be read once per package then).
std::map<int, int> sharedRegisterReaders(const std::vector<MsrCpuPlace>& cpus, MsrScope scope);

class MsrCounterSet final : public CounterSet {
public:
    // Checks that no assigned counter is already in use (by another tool or
    // the kernel's NMI watchdog) and programs the rest, counting stopped. A
    // slot that cannot be counted (counter busy, register missing) is
    // reported in slotStatus(); fails when no slot is left.
    static Result<std::unique_ptr<MsrCounterSet>> program(std::unique_ptr<MsrAccess> access, const MsrPmu& pmu,
                                                          std::vector<MsrCpuPlace> cpus, std::vector<MsrSlot> slots);
    ~MsrCounterSet() override; // restores every register it wrote

    const std::vector<CounterLocation>& locations() const override { return locations_; }
    const std::vector<SlotStatus>& slotStatus() const override { return status_; }
    size_t groupCount() const override { return 1; }
    Status enable() override;
    Status disable() override;
    Status read(Snapshot& out) override;
    std::chrono::nanoseconds maxReadInterval() const override;

private:
    // One register read per slot and location.
    struct Reading {
        bool active = false; // false: not counted at this location (a shared register read elsewhere)
        uint32_t reg = 0;
        unsigned shift = 0;  // energy: ticks << shift = units of 2^-32 J
        WrappingCounter counter;
    };

    MsrCounterSet(std::unique_ptr<MsrAccess> access, const MsrPmu& pmu, std::vector<MsrCpuPlace> cpus,
                  std::vector<MsrSlot> slots);
    Status checkCountersFree();
    void placeRegisterReads();
    Status readEnergyUnit();
    Status programCpu(size_t location);
    Status setCounting(bool on);
    Status readAll(bool rebase);
    uint64_t ourGlobalBits() const;
    Reading& reading(size_t location, size_t slot) { return readings_[location * slots_.size() + slot]; }
    void fail(size_t slot, std::string reason);

    std::unique_ptr<MsrAccess> access_;
    MsrPmu pmu_;
    std::vector<MsrCpuPlace> cpus_;
    std::vector<MsrSlot> slots_;
    std::vector<CounterLocation> locations_;
    std::vector<SlotStatus> status_;
    std::vector<Reading> readings_;
    std::vector<uint64_t> originalGlobal_; // per location, as found
    unsigned energyUnitBits_ = 0;          // ESU: one tick is 2^-ESU J
    MsrProgrammer programmer_;             // declared last: restores before access_ goes away
    std::mutex mutex_;
    EnabledClock clock_;
};

} // namespace perfdash::msr
