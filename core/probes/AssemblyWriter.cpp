#include "core/probes/AssemblyWriter.h"

#include <algorithm>
#include <map>

#include "core/probes/ArchEmitter.h"
#include "core/probes/TargetAbi.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

const ArchEmitter& emitterFor(Arch arch) {
    switch (arch) {
    case Arch::X86_64: return x86Emitter();
    case Arch::AArch64: return aarch64Emitter();
    case Arch::Mips64: return mipsEmitter();
    }
    return x86Emitter();
}

// Vector patterns shared by every function of the file, one label per value.
class PatternTable {
public:
    std::string label(uint64_t bits) {
        auto [it, fresh] = labels_.try_emplace(bits, ".Lperfdash_pattern" + std::to_string(labels_.size()));
        (void)fresh;
        return it->second;
    }
    std::string data(const ArchEmitter& em) const {
        if (labels_.empty()) return "";
        std::string out = em.patternSection();
        for (const auto& [bits, label] : labels_) {
            out += "\t.p2align 6\n" + label + ":\n\t.rept 32\n\t.quad " + hex(bits) + "\n\t.endr\n";
        }
        return out;
    }

private:
    std::map<uint64_t, std::string> labels_;
};

void writeFunction(std::string& out, const ArchEmitter& em, const TargetAbi& abi, const KernelFunction& f,
                   PatternTable& patterns) {
    const KernelPlan& plan = f.plan;
    out += em.functionStart(f.symbol);
    out += em.copyGeneral(abi.loopBound, abi.countArgument);
    bool wide = false;
    // Vector registers first: they may borrow the index register, and the
    // memory argument must survive until the "mem" registers have it.
    for (const auto& init : plan.inits) {
        if (init.reg.file == RegisterFile::General) continue;
        wide = wide || em.isWideVector(*init.cls);
        out += em.loadOther(init, patterns.label(init.value.bits));
    }
    for (const auto& init : plan.inits)
        if (init.reg.file == RegisterFile::General && init.value.kind == InitValue::Kind::Memory)
            out += em.copyGeneral(init.reg.index, abi.memoryArgument);
    for (const auto& init : plan.inits)
        if (init.reg.file == RegisterFile::General && init.value.kind == InitValue::Kind::Bits)
            out += em.loadGeneral(init.reg.index, init.value.bits);
    for (const auto& line : plan.setup) out += "\t" + line + "\n";
    out += em.loadGeneral(abi.loopIndex, 0);
    const std::string loop = ".Lperfdash_loop_" + f.symbol;
    out += "\t.p2align 6\n" + loop + ":\n";
    for (const auto& i : plan.body) out += "\t" + i.text + "\n";
    out += em.loopEnd(loop);
    out += em.functionEnd(f.symbol, wide);
}

} // namespace

std::string writeAssembly(Arch arch, const std::vector<KernelFunction>& functions) {
    const ArchEmitter& em = emitterFor(arch);
    const TargetAbi& abi = targetAbi(arch);
    PatternTable patterns;
    std::string out = em.fileHeader();
    for (const auto& f : functions) writeFunction(out, em, abi, f, patterns);
    out += patterns.data(em);
    out += em.fileFooter();
    return out;
}

} // namespace perfdash
