#include "DisassemblyCheck.h"

#include <algorithm>
#include <map>
#include <set>
#include <unistd.h>

#include "core/probes/AssemblyWriter.h"
#include "core/util/Strings.h"
#include "core/util/Subprocess.h"

namespace perfdash::test {

std::string objdumpFor(Arch arch) {
    if (hostArch() == arch) return "objdump";
    switch (arch) {
    case Arch::X86_64: return "x86_64-linux-gnu-objdump";
    case Arch::AArch64: return "aarch64-linux-gnu-objdump";
    case Arch::Mips64: return "mips64el-linux-gnuabi64-objdump";
    }
    return "objdump";
}

bool toolAvailable(const std::string& program) {
    for (const auto& dir : split(std::getenv("PATH") ? std::getenv("PATH") : "", ':'))
        if (::access((dir + "/" + program).c_str(), X_OK) == 0) return true;
    return false;
}

namespace {

bool isLoopBranch(Arch arch, const std::string& mnemonic) {
    switch (arch) {
    case Arch::X86_64: return mnemonic == "jne";
    case Arch::AArch64: return mnemonic == "b.ne";
    case Arch::Mips64: return mnemonic == "bne";
    }
    return false;
}

// Instructions between the body and the branch: x86 add+cmp, AArch64
// add+cmp, MIPS daddiu (its delay-slot nop comes after the branch).
size_t loopTail(Arch arch) { return arch == Arch::Mips64 ? 1 : 2; }

std::string describe(PhysicalRegister r) {
    return std::string(r.file == RegisterFile::General ? "r" : r.file == RegisterFile::Predicate ? "p" : "v") +
           std::to_string(r.index);
}

} // namespace

Result<std::vector<std::string>> disassembleLoopBody(Arch arch, const std::string& soPath, const std::string& symbol,
                                                     size_t bodySize) {
    std::vector<std::string> argv{objdumpFor(arch), "-d", "--no-show-raw-insn"};
    if (arch == Arch::X86_64) argv.push_back("-Mintel");
    if (arch == Arch::Mips64) argv.push_back("-Mgpr-names=numeric");
    argv.push_back(soPath);
    auto out = runProgram(argv);
    if (!out) return out.error();
    if (out->exitStatus != 0) return makeError("objdump failed: " + out->err);
    std::vector<std::string> instructions;
    bool inside = false;
    for (const auto& line : split(out->out, '\n')) {
        if (line.find("<" + symbol + ">:") != std::string::npos) {
            inside = true;
            continue;
        }
        if (!inside) continue;
        if (line.find(">:") != std::string::npos) break; // the next function
        const auto colon = line.find(":\t");
        if (colon == std::string::npos) continue;
        std::string text = trim(line.substr(colon + 2));
        if (const auto comment = text.find(" #"); arch == Arch::X86_64 && comment != std::string::npos)
            text = trim(text.substr(0, comment));
        // objdump separates mnemonic and operands with a tab.
        std::replace(text.begin(), text.end(), '\t', ' ');
        instructions.push_back(text);
    }
    for (size_t i = 0; i < instructions.size(); ++i) {
        const auto words = splitWhitespace(instructions[i]);
        if (words.empty() || !isLoopBranch(arch, words[0])) continue;
        const size_t tail = loopTail(arch);
        if (i < tail + bodySize) return makeError("the loop of " + symbol + " is shorter than its body");
        return std::vector<std::string>(instructions.begin() + static_cast<long>(i - tail - bodySize),
                                        instructions.begin() + static_cast<long>(i - tail));
    }
    return makeError("no loop branch in " + symbol);
}

Status checkLatencyChain(Arch arch, const std::vector<std::string>& body, bool destinationIsRead) {
    for (size_t i = 0; i < body.size(); ++i) {
        const auto prev = registersNamedIn(arch, body[(i + body.size() - 1) % body.size()]);
        const auto cur = registersNamedIn(arch, body[i]);
        if (prev.empty() || cur.size() < 2) return makeError("no registers in '" + body[i] + "'");
        // Step i must read what step i-1 wrote (the loop closes the chain: the first reads the last).
        if (std::find(cur.begin() + (destinationIsRead ? 0 : 1), cur.end(), prev[0]) == cur.end())
            return makeError("'" + body[i] + "' does not read " + describe(prev[0]) + ", the destination of '" +
                             body[(i + body.size() - 1) % body.size()] + "'");
    }
    return {};
}

Status checkIndependentStreams(Arch arch, const std::vector<std::string>& body, RegisterFile file, size_t& used) {
    std::set<PhysicalRegister> written, all;
    std::map<PhysicalRegister, std::string> writer;
    for (const auto& line : body) {
        const auto regs = registersNamedIn(arch, line);
        if (regs.empty()) return makeError("no registers in '" + line + "'");
        written.insert(regs[0]);
        all.insert(regs.begin(), regs.end());
    }
    for (const auto& line : body) {
        const auto regs = registersNamedIn(arch, line);
        for (size_t k = 1; k < regs.size(); ++k)
            if (written.count(regs[k]) && regs[k] != regs[0])
                return makeError("'" + line + "' reads " + describe(regs[k]) + ", which another stream writes");
    }
    used = static_cast<size_t>(std::count_if(all.begin(), all.end(), [&](const PhysicalRegister& r) { return r.file == file; }));
    return {};
}

Result<BuiltKernels> buildEntry(const CatalogEntry& entry, const Toolchain& toolchain, const std::string& dir,
                                int copies) {
    BuiltKernels built;
    std::vector<KernelFunction> functions;
    for (BenchMode mode : {BenchMode::Latency, BenchMode::Throughput}) {
        auto plan = planKernel(entry, mode, copies);
        if (!plan) continue;
        (mode == BenchMode::Latency ? built.latency : built.throughput) = *plan;
        functions.push_back({std::string("perfdash_") + toString(mode), std::move(plan).value()});
    }
    if (functions.empty()) return makeError(entry.name + ": no mode can be planned");
    built.soPath = dir + "/kernel.so";
    if (auto s = buildSharedObject(toolchain, writeAssembly(entry.instruction.arch(), functions), built.soPath); !s)
        return s.error();
    return built;
}

} // namespace perfdash::test
