#pragma once
// What this machine can count and why not: the answer behind the GUI's
// capability banner, the `machine.capabilities` of every report and
// `perfdash-cli capabilities`. Each line says whether the capability is
// there, what that means, and the exact command that would enable more.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace perfdash {

class MachineContext;

struct Capability {
    std::string id;      // stable key: "hardware_pmu", "kernel_space", "system_wide", "tracepoints", "rapl_powercap", "msr", "loongson"
    std::string title;   // "Hardware PMU"
    bool available = false;
    bool applicable = true; // false: not a thing on this architecture (the MSR device on AArch64)
    std::string detail;  // what is (not) possible and why
    std::string fix;     // a command or step that enables it; empty when there is none
};

std::vector<Capability> checkCapabilities(MachineContext& machine);

nlohmann::json toJson(const std::vector<Capability>& capabilities);

} // namespace perfdash
