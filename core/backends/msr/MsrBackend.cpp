#include "core/backends/msr/MsrBackend.h"

#include "core/backends/msr/MsrDiagnosis.h"
#include "core/topology/CpuList.h"

namespace perfdash::msr {

MsrBackend::MsrBackend(MsrBackendConfig config) : config_(std::move(config)) {
    const CpuidSource* cpuid = config_.cpuid ? config_.cpuid : cpuidFor(config_.deviceRoot, checkedCpu(), cpuidDevice_);
    if (cpuid) pmu_ = MsrPmu::detect(*cpuid);
    if (!config_.openAccess) {
        const std::string root = config_.deviceRoot, sysfs = config_.sysfsRoot;
        config_.openAccess = [root, sysfs](const std::vector<int>& cpus) -> Result<std::unique_ptr<MsrAccess>> {
            auto files = MsrDeviceFiles::open(root, cpus, true, sysfs);
            if (!files) return files.error();
            return std::unique_ptr<MsrAccess>(std::move(*files));
        };
    }
}

// The CPU whose device and CPUID stand for the machine before a CPU list is known.
int MsrBackend::checkedCpu() const {
    if (config_.topology) {
        const auto online = config_.topology->onlineCpus();
        if (!online.empty()) return online.front();
    }
    return 0;
}

Status MsrBackend::ready() const {
    const MsrDeviceStatus device = checkMsrDevice(config_.deviceRoot, config_.sysfsRoot, checkedCpu());
    if (!device.available)
        return makeError("the msr backend cannot be used: " + device.detail +
                         (device.fix.empty() ? std::string() : " (fix: " + device.fix + ")"));
    if (const std::string why = pmu_.unsupportedReason(); !why.empty())
        return makeError("the msr backend cannot be used: " + why);
    return {};
}

std::optional<ResolvedEvent> MsrBackend::ownEvent(std::string_view spec) const {
    const MsrRegisterEvent* e = findMsrRegisterEvent(spec);
    if (!e) return std::nullopt;
    return resolvedRegisterEvent(*e, spec);
}

Availability MsrBackend::check(const ResolvedEvent& event) const {
    auto plan = planMsrEvent(event, pmu_);
    if (!plan) return {Availability::State::Unsupported, plan.error().message, "not for the msr backend"};
    return {Availability::State::Countable, "", ""};
}

Result<std::string> MsrBackend::describeScope(const CountingScope& scope) const {
    switch (scope.kind) {
    case CountingScope::Kind::Threads:
        return makeError("the msr backend counts whole CPUs, not the threads of one process: count the CPUs the "
                         "process runs on with -c LIST, or use --backend perf to attach");
    case CountingScope::Kind::Task:
        if (scope.cpus.empty())
            return makeError("the msr backend counts whole CPUs: pin the program to the CPUs to count with -C LIST "
                             "(e.g. -C 0-3), or count CPUs with -c LIST");
        return "the msr backend counts whole CPUs (" + formatCpuList(scope.cpus) +
               "), including every other process and the kernel running there, as likwid's direct mode does";
    case CountingScope::Kind::Cpus: return std::string();
    }
    return std::string();
}

std::vector<MsrCpuPlace> MsrBackend::placesOf(const std::vector<int>& cpus) const {
    std::vector<MsrCpuPlace> places;
    for (int cpu : cpus) {
        MsrCpuPlace place{cpu, -1, -1};
        if (config_.topology)
            if (const HwThread* t = config_.topology->hwThread(cpu)) {
                place.package = t->packageId;
                place.core = t->coreId;
            }
        places.push_back(place);
    }
    return places;
}

std::map<int, int> MsrBackend::readerOf(const ResolvedEvent& event, const std::vector<int>& cpus) const {
    const auto planned = planMsrEvent(event, pmu_);
    if (!planned || planned->kind != MsrEventPlan::Kind::Register || planned->scope == MsrScope::Thread) return {};
    return sharedRegisterReaders(placesOf(cpus), planned->scope);
}

Result<std::unique_ptr<CounterSet>> MsrBackend::open(const EventSet& events, const CountingScope& scope) {
    if (events.empty()) return makeError("no events to count: the event set is empty");
    if (auto described = describeScope(scope); !described) return described.error();
    if (scope.cpus.empty()) return makeError("no CPUs to count: the system-wide scope lists no CPUs");
    if (const std::string why = pmu_.unsupportedReason(); !why.empty()) return makeError(why);

    for (int cpu : scope.cpus)
        if (cpu < 0) return makeError("invalid CPU number " + std::to_string(cpu) + " in the counting scope");
    auto access = config_.openAccess(scope.cpus);
    if (!access) return access.error();
    auto set = MsrCounterSet::program(std::move(*access), pmu_, placesOf(scope.cpus), assignMsrCounters(events, pmu_));
    if (!set) return set.error();
    return std::unique_ptr<CounterSet>(std::move(*set));
}

} // namespace perfdash::msr
