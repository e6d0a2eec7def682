#pragma once
// The kernel's PMUs as sysfs describes them under
// <sysfs>/bus/event_source/devices/<pmu>/: the perf type number, the format
// files that say where each term's bits go in config/config1/config2, the
// named events (term strings with optional .scale and .unit), and the cpumask
// of PMUs that count system-wide only.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/events/EventSpec.h"
#include "core/util/Outcome.h"

namespace perfdash {

// One format file, e.g. "config:0-7" or "config:0-7,32-35": the value's bits
// fill the listed attr bits from the lowest one up.
struct PmuFormatField {
    std::string name;
    int word = 0;              // 0 = config, 1 = config1, 2 = config2
    std::vector<unsigned> bits; // attr bit positions, ascending

    static Result<PmuFormatField> parse(std::string name, std::string_view text);
    uint64_t maxValue() const;
    // Replaces the field's bits in the encoding; the caller checks value <= maxValue().
    void insert(uint64_t value, PerfEncoding& encoding) const;
    std::string describe() const; // "config:0-7,32-35", as in sysfs
};

struct PmuNamedEvent {
    std::string name;
    std::string terms; // "event=0x3c,umask=0x00"
    double scale = 1.0;
    std::string unit;
};

struct SysfsPmu {
    std::string name;
    uint32_t type = 0;
    std::vector<PmuFormatField> formats;
    std::vector<PmuNamedEvent> events;
    std::vector<int> cpus; // from `cpumask`; empty for PMUs that count per task
    // From `cpus`: the CPUs a hybrid CPU's core PMU counts on (cpu_core: the
    // P-cores, cpu_atom: the E-cores); empty for every other PMU.
    std::vector<int> coreCpus;
    std::vector<std::string> skippedFormats; // format files we could not parse, with why
    // Read from a simulated CPU identity (PERFDASH_IDENTITY), not this machine's kernel:
    // never opened, since its type number may name another PMU here.
    bool simulated = false;

    const PmuFormatField* format(std::string_view field) const;
    const PmuNamedEvent* event(std::string_view eventName) const; // case-insensitive, as perf
};

class SysfsPmus {
public:
    // Reads every PMU under <sysfsRoot>/bus/event_source/devices (sorted by name). Under
    // PERFDASH_IDENTITY, /sys keeps only the kernel's own event sources (isKernelPmuName) and
    // the identity's sys/ tree adds its CPU's PMUs, marked simulated.
    static SysfsPmus scan(const std::string& sysfsRoot);

    const std::vector<SysfsPmu>& all() const { return pmus_; }
    const SysfsPmu* find(std::string_view name) const;
    // The PMU of the CPU cores ("cpu", "cpu_core", an "armv8_*"), whose named
    // events may be written bare; nullptr where there is none (a VM without a PMU).
    const SysfsPmu* core() const;
    std::vector<std::string> names() const;
    // A hybrid CPU's core PMUs (two or more with a `cpus` file), by type; empty elsewhere (one core PMU with `cpus` too).
    std::vector<const SysfsPmu*> hybridCores() const;
    // The hybrid core PMU that counts on `cpu`, or nullptr (not hybrid, or a CPU none lists).
    const SysfsPmu* hybridCoreOf(int cpu) const;
    const std::string& devicesDir() const { return devicesDir_; }

private:
    std::string devicesDir_;
    std::vector<SysfsPmu> pmus_;
};


} // namespace perfdash
