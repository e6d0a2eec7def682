#pragma once
// The MSR backend: counts through /dev/cpu/N/msr like likwid's "direct"
// access mode, without perf_event. It counts whole CPUs (every process on
// them, the kernel included): a launched program is pinned to the CPU list
// and those CPUs are counted. See MsrCounterSet.h for what is programmed.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/backends/DirectBackend.h"
#include "core/backends/msr/MsrCounterSet.h"
#include "core/backends/msr/MsrDevice.h"
#include "core/backends/msr/MsrPmu.h"
#include "core/topology/Topology.h"

namespace perfdash::msr {

struct MsrBackendConfig {
    std::string deviceRoot = kDefaultMsrRoot; // holds <cpu>/msr (and <cpu>/cpuid)
    std::string sysfsRoot = "/sys";           // where msr.allow_writes and the lockdown state are read
    // CPUID of the CPUs counted; nullptr: <deviceRoot>/<cpu>/cpuid of the
    // first CPU when readable, else this process's CPUID instruction.
    const CpuidSource* cpuid = nullptr;
    // Packages and cores of the CPUs, to count shared registers once; a
    // null topology leaves package-wide registers (RAPL) uncountable.
    std::shared_ptr<const Topology> topology;
    // Opens the registers of the CPUs counted (tests watch or fake every
    // access); empty: MsrDeviceFiles on deviceRoot.
    std::function<Result<std::unique_ptr<MsrAccess>>(const std::vector<int>& cpus)> openAccess;
};

class MsrBackend final : public DirectBackend {
public:
    explicit MsrBackend(MsrBackendConfig config);

    std::string name() const override { return "msr"; }
    Status ready() const override;
    std::optional<ResolvedEvent> ownEvent(std::string_view spec) const override;
    Availability check(const ResolvedEvent& event) const override;
    Result<std::string> describeScope(const CountingScope& scope) const override;
    // A package's (AMD: a core's) energy register: the first CPU of the list in each package reads it.
    std::map<int, int> readerOf(const ResolvedEvent& event, const std::vector<int>& cpus) const override;

    // Cpus: each CPU of the list. Task with a CPU list: the same CPUs (the
    // program is pinned there; everything else on them is counted too).
    // Threads, or a task without CPUs: refused (whole CPUs only).
    Result<std::unique_ptr<CounterSet>> open(const EventSet& events, const CountingScope& scope) override;

    const MsrPmu& pmu() const { return pmu_; }

private:
    int checkedCpu() const;
    // Where each CPU sits, from the topology (-1 where it is unknown).
    std::vector<MsrCpuPlace> placesOf(const std::vector<int>& cpus) const;

    MsrBackendConfig config_;
    std::unique_ptr<CpuidSource> cpuidDevice_;
    MsrPmu pmu_;
};

} // namespace perfdash::msr
