#include "core/probes/ClockProbe.h"

#include "core/probes/AssemblyWriter.h"

namespace perfdash {

CatalogEntry clockChainEntry(Arch arch) {
    // x86 adds a register, not an immediate: Golden Cove and later cores
    // (Alder Lake P-cores, Sapphire and Emerald Rapids) fold "add reg, small
    // immediate" into the renamer, so a chain of them runs up to five adds per
    // cycle and would read as a clock five times too fast.
    const char* text = arch == Arch::X86_64    ? "add <sd:gpr64>, <s:gpr64>"
                       : arch == Arch::AArch64 ? "add <sd:x>, <=1>, #1"
                                               : "daddiu <sd:gpr>, <=1>, 1";
    auto entry = makeCustomEntry(arch, text);
    entry->name = "clock_add_chain";
    entry->shipped = true;
    return std::move(entry).value();
}

Result<ClockProbe> ClockProbe::build(const Toolchain& toolchain) {
    std::vector<KernelFunction> functions;
    for (int copies : {kChainLength, 2 * kChainLength}) {
        auto plan = planKernel(clockChainEntry(toolchain.arch), BenchMode::Latency, copies);
        if (!plan) return plan.error();
        functions.push_back({"perfdash_clock_chain_" + std::to_string(copies), std::move(plan).value()});
    }
    auto library = KernelLibrary::build(toolchain, writeAssembly(toolchain.arch, functions));
    if (!library) return makeError("cannot build the clock probe's kernel: " + library.error().message);
    auto shorter = library->function(functions[0].symbol);
    auto longer = library->function(functions[1].symbol);
    if (!shorter || !longer) return (!shorter ? shorter : longer).error();
    return ClockProbe(std::move(library).value(), {*shorter, *longer, kChainLength});
}

Result<ClockMeasurement> ClockProbe::measure(const TimingOptions& options, std::stop_token stop) const {
    return timeClockChain(chain_, options, stop);
}

} // namespace perfdash
