#pragma once
// Turns kernel plans into one assembly file for the GNU assembler of the
// plans' architecture. Every function has the signature of TargetAbi.h, saves
// what the ABI says it must, initialises the operand registers, runs the
// entry's setup and then the loop.
#include <string>
#include <vector>

#include "core/probes/KernelPlan.h"

namespace perfdash {

struct KernelFunction {
    std::string symbol;
    KernelPlan plan;
};

std::string writeAssembly(Arch arch, const std::vector<KernelFunction>& functions);

} // namespace perfdash
