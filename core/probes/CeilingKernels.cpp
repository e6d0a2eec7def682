#include "core/probes/CeilingKernels.h"

#include <array>

#if defined(__aarch64__)
#include <sys/prctl.h>
#endif

#include "core/probes/ArchEmitter.h"
#include "core/probes/TargetAbi.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

template <typename E, size_t N>
std::optional<E> parseName(std::string_view text, const std::array<E, N>& values, const char* (*name)(E)) {
    for (E v : values)
        if (text == name(v)) return v;
    return std::nullopt;
}

constexpr std::array kIsas{VectorIsa::Scalar, VectorIsa::Sse, VectorIsa::Avx2,
                           VectorIsa::Avx512, VectorIsa::Neon, VectorIsa::Sve};

// `text` with every '@' replaced: each repetition of a sweep gets labels of its own.
std::string numbered(const std::string& text, int n) {
    std::string out;
    for (char ch : text) out += ch == '@' ? std::to_string(n) : std::string(1, ch);
    return out;
}

bool isVector(VectorIsa isa) { return isa != VectorIsa::Scalar; }
bool isAvx(VectorIsa isa) { return isa == VectorIsa::Avx2 || isa == VectorIsa::Avx512; }

// Compute chains: enough independent accumulators that latency x ports is
// covered on every core of the last decade (FMA latency 4 to 5 on two ports
// needs 10); the mix keeps two FMA and two add pipes busy, as Zen's
// separate FADD pipes want (8 x 4 cycles / 2 ports, 6 x 3 cycles / 2 ports).
struct ChainCounts {
    int fma = 0, add = 0, mul = 0;
};
ChainCounts chainsOf(ComputeOp op) {
    switch (op) {
    case ComputeOp::Fma: return {12, 0, 0};
    case ComputeOp::Add: return {0, 12, 0};
    case ComputeOp::Mul: return {0, 0, 12};
    case ComputeOp::FmaAdd: return {8, 6, 0};
    }
    return {};
}

Status checkIsa(Arch arch, VectorIsa isa) {
    for (VectorIsa i : isasOf(arch))
        if (i == isa) return {};
    return makeError(std::string("no ") + toString(isa) + " kernels for " + toString(arch) + " (it has: " +
                     [&] {
                         std::vector<std::string> names;
                         for (VectorIsa i : isasOf(arch)) names.push_back(toString(i));
                         return join(names, ", ");
                     }() +
                     ")");
}

// ------------------------------------------------------------------ x86-64

struct X86Names {
    VectorIsa isa;
    Precision p;
    std::string reg(int n) const {
        return (isa == VectorIsa::Avx512 ? "zmm" : isa == VectorIsa::Avx2 ? "ymm" : "xmm") + std::to_string(n);
    }
    std::string suffix() const { // sd, ss, pd, ps
        return std::string(isVector(isa) ? "p" : "s") + (p == Precision::Dp ? "d" : "s");
    }
    std::string ptr() const {
        switch (isa) {
        case VectorIsa::Avx512: return "zmmword ptr";
        case VectorIsa::Avx2: return "ymmword ptr";
        case VectorIsa::Sse: return "xmmword ptr";
        default: return p == Precision::Dp ? "qword ptr" : "dword ptr";
        }
    }
    std::string mov() const { // unaligned vector or scalar move
        if (!isVector(isa)) return p == Precision::Dp ? "movsd" : "movss";
        return (isAvx(isa) ? "vmovu" : "movu") + suffix();
    }
    std::string movnt() const { return (isAvx(isa) ? "vmovnt" : "movnt") + suffix(); }
    // The general registers a scalar non-temporal copy moves through (movnti has no vector form).
    std::string gpr(int n) const {
        static const char* q[] = {"r9", "r10", "r11", "r12", "r13", "rbp", "rdi", "rsi"};
        static const char* d[] = {"r9d", "r10d", "r11d", "r12d", "r13d", "ebp", "edi", "esi"};
        return p == Precision::Dp ? q[n] : d[n];
    }
    std::string zero(int n) const {
        if (isa == VectorIsa::Avx512) return "vpxord " + reg(n) + ", " + reg(n) + ", " + reg(n);
        if (isa == VectorIsa::Avx2) return "vxorps " + reg(n) + ", " + reg(n) + ", " + reg(n);
        return "xorps " + reg(n) + ", " + reg(n);
    }
    std::vector<std::string> broadcastScalar() const { // reg 15 = s in every lane, from [rsi + 32]
        const std::string src = std::string(p == Precision::Dp ? "qword" : "dword") + " ptr [rsi + 32]";
        if (isAvx(isa)) return {std::string(p == Precision::Dp ? "vbroadcastsd " : "vbroadcastss ") + reg(15) + ", " + src};
        if (isa == VectorIsa::Sse && p == Precision::Dp) return {"movddup xmm15, " + src};
        if (isa == VectorIsa::Sse) return {"movss xmm15, " + src, "shufps xmm15, xmm15, 0"};
        return {mov() + " xmm15, " + src};
    }
};

// The inner loop: rax, rbx, rcx point at the ends of a, b, c; rdx runs from
// -bytes up to 0, so one add and a fused branch are all the loop costs.
std::string x86MemoryBody(MemoryOp op, const X86Names& n) {
    const int w = vectorBytes(n.isa, n.p);
    auto mem = [&](const char* base, int k) {
        return n.ptr() + " [" + base + " + rdx + " + std::to_string(k * w) + "]";
    };
    std::string out;
    auto line = [&](const std::string& s) { out += "\t" + s + "\n"; };
    const bool avx = isAvx(n.isa);
    const std::string fma = "vfmadd231" + n.suffix();
    for (int k = 0; k < kMemoryUnroll; ++k) {
        const std::string r = n.reg(k);
        switch (op) {
        case MemoryOp::Load: line(n.mov() + " " + r + ", " + mem("rax", k)); break;
        case MemoryOp::Store: line(n.mov() + " " + mem("rax", k) + ", " + n.reg(15)); break;
        case MemoryOp::StoreNt:
            if (isVector(n.isa)) line(n.movnt() + " " + mem("rax", k) + ", " + n.reg(15));
            else line("movnti " + mem("rax", k) + ", " + n.gpr(0));
            break;
        case MemoryOp::Copy:
            line(n.mov() + " " + r + ", " + mem("rbx", k));
            line(n.mov() + " " + mem("rax", k) + ", " + r);
            break;
        case MemoryOp::CopyNt:
            if (isVector(n.isa)) {
                line(n.mov() + " " + r + ", " + mem("rbx", k));
                line(n.movnt() + " " + mem("rax", k) + ", " + r);
            } else {
                line("mov " + n.gpr(k) + ", " + mem("rbx", k));
                line("movnti " + mem("rax", k) + ", " + n.gpr(k));
            }
            break;
        case MemoryOp::Triad: // a = b + s * c
        case MemoryOp::Update: { // a = a + s * b
            const char* addend = op == MemoryOp::Triad ? "rbx" : "rax";
            const char* factor = op == MemoryOp::Triad ? "rcx" : "rbx";
            if (avx) {
                line(n.mov() + " " + r + ", " + mem(addend, k));
                line(fma + " " + r + ", " + n.reg(15) + ", " + mem(factor, k));
            } else { // SSE encodings have no FMA: the same two flops as a mul and an add
                line(n.mov() + " " + r + ", " + mem(factor, k));
                line("mul" + n.suffix() + " " + r + ", xmm15");
                line("add" + n.suffix() + " " + r + ", " + mem(addend, k));
            }
            line(n.mov() + " " + mem("rax", k) + ", " + r);
            break;
        }
        }
    }
    return out;
}

std::string x86ComputeRound(ComputeOp op, const X86Names& n) {
    const ChainCounts c = chainsOf(op);
    const bool avx = isAvx(n.isa);
    std::string out;
    int r = 0;
    for (int i = 0; i < c.fma; ++i, ++r)
        out += "\tvfmadd231" + n.suffix() + " " + n.reg(r) + ", " + n.reg(14) + ", " + n.reg(15) + "\n";
    for (int i = 0; i < c.add; ++i, ++r)
        out += avx ? "\tvadd" + n.suffix() + " " + n.reg(r) + ", " + n.reg(r) + ", " + n.reg(15) + "\n"
                   : "\tadd" + n.suffix() + " " + n.reg(r) + ", xmm15\n";
    for (int i = 0; i < c.mul; ++i, ++r)
        out += avx ? "\tvmul" + n.suffix() + " " + n.reg(r) + ", " + n.reg(r) + ", " + n.reg(14) + "\n"
                   : "\tmul" + n.suffix() + " " + n.reg(r) + ", xmm14\n";
    return out;
}

// The frame both kinds share: arguments read, constants set, the outer loop
// with `inner` repeated `times` per iteration.
std::string x86Function(const std::string& symbol, const X86Names& n, const std::vector<std::string>& setup,
                        const std::string& repeated, int times) {
    const ArchEmitter& em = x86Emitter();
    const auto& abi = targetAbi(Arch::X86_64);
    std::string out = em.functionStart(symbol);
    out += em.copyGeneral(abi.loopBound, abi.countArgument);
    for (const auto& s : setup) out += "\t" + s + "\n";
    out += em.loadGeneral(abi.loopIndex, 0);
    const std::string loop = ".Lceil_outer_" + symbol;
    out += "\t.p2align 6\n" + loop + ":\n";
    for (int t = 0; t < times; ++t) out += numbered(repeated, t);
    out += em.loopEnd(loop);
    out += em.functionEnd(symbol, isAvx(n.isa));
    return out;
}

std::string x86MemoryFunction(const std::string& symbol, MemoryOp op, const X86Names& n, int sweeps) {
    const int block = vectorBytes(n.isa, n.p) * kMemoryUnroll;
    std::vector<std::string> setup = {"mov r8, qword ptr [rsi + 24]", "mov rax, qword ptr [rsi]",
                                      "mov rbx, qword ptr [rsi + 8]", "mov rcx, qword ptr [rsi + 16]",
                                      "add rax, r8", "add rbx, r8", "add rcx, r8", "neg r8"};
    for (const auto& s : n.broadcastScalar()) setup.push_back(s);
    // Stores write s, not zeros (as STREAM and likwid-bench do): a store of zeros may be cheaper somewhere.
    setup.push_back(std::string(n.p == Precision::Dp ? "mov r9, qword" : "mov r9d, dword") + " ptr [rsi + 32]");
    // One sweep; '@' becomes the sweep's number so that each has its own label.
    const std::string inner = ".Lceil_inner_" + symbol + "_@";
    std::string sweep = "\tmov rdx, r8\n\t.p2align 5\n" + inner + ":\n" + x86MemoryBody(op, n) + "\tadd rdx, " +
                        std::to_string(block) + "\n\tjnz " + inner + "\n";
    // Non-temporal stores drain before the sweep counts as done.
    if (memoryAccounting(op, n.isa, n.p).nonTemporal) sweep += "\tsfence\n";
    return x86Function(symbol, n, setup, sweep, sweeps);
}

std::string x86ComputeFunction(const std::string& symbol, ComputeOp op, const X86Names& n, int rounds) {
    std::vector<std::string> setup = n.broadcastScalar();
    setup.push_back((isAvx(n.isa) ? "vmovaps " : "movaps ") + n.reg(14) + ", " + n.reg(15));
    for (int r = 0; r < 14; ++r) setup.push_back(n.zero(r));
    return x86Function(symbol, n, setup, x86ComputeRound(op, n), rounds);
}

// ------------------------------------------------------------------ AArch64

struct A64Names {
    VectorIsa isa;
    Precision p;
    std::string q(int n) const { // the register as a load or store names it
        return (isVector(isa) ? "q" : p == Precision::Dp ? "d" : "s") + std::to_string(n);
    }
    std::string v(int n) const { // as arithmetic names it
        if (!isVector(isa)) return q(n);
        return "v" + std::to_string(n) + (p == Precision::Dp ? ".2d" : ".4s");
    }
    std::string fma(int acc, int x, int y) const { // acc += x * y
        if (isVector(isa)) return "fmla " + v(acc) + ", " + v(x) + ", " + v(y);
        return "fmadd " + v(acc) + ", " + v(x) + ", " + v(y) + ", " + v(acc);
    }
};

// x2, x3, x4 walk a, b, c; x13 counts the bytes left.
std::string a64MemoryBody(MemoryOp op, const A64Names& n) {
    const int w = vectorBytes(n.isa, n.p);
    std::string out;
    auto line = [&](const std::string& s) { out += "\t" + s + "\n"; };
    auto at = [&](const char* base, int k) { return std::string("[") + base + ", #" + std::to_string(k * w) + "]"; };
    for (int k = 0; k < kMemoryUnroll; ++k) {
        switch (op) {
        case MemoryOp::Load: line("ldr " + n.q(k) + ", " + at("x2", k)); break;
        case MemoryOp::Store: line("str " + n.q(31) + ", " + at("x2", k)); break;
        case MemoryOp::StoreNt: // a non-temporal store is a pair
            if (k % 2 == 0) line("stnp " + n.q(31) + ", " + n.q(31) + ", " + at("x2", k));
            break;
        case MemoryOp::Copy:
            line("ldr " + n.q(k) + ", " + at("x3", k));
            line("str " + n.q(k) + ", " + at("x2", k));
            break;
        case MemoryOp::CopyNt:
            if (k % 2 == 0) {
                line("ldp " + n.q(k) + ", " + n.q(k + 1) + ", " + at("x3", k));
                line("stnp " + n.q(k) + ", " + n.q(k + 1) + ", " + at("x2", k));
            }
            break;
        case MemoryOp::Triad:
        case MemoryOp::Update: {
            const char* addend = op == MemoryOp::Triad ? "x3" : "x2";
            const char* factor = op == MemoryOp::Triad ? "x4" : "x3";
            line("ldr " + n.q(k) + ", " + at(addend, k));
            line("ldr " + n.q(k + 8) + ", " + at(factor, k));
            line(n.fma(k, k + 8, 31));
            line("str " + n.q(k) + ", " + at("x2", k));
            break;
        }
        }
    }
    return out;
}

// SVE: vector-length agnostic. Offsets count vectors (`mul vl`), every lane
// is active (p0 = ptrue), so one body runs at whatever length the CPU has.
struct SveNames {
    Precision p;
    std::string z(int n) const { return "z" + std::to_string(n) + (p == Precision::Dp ? ".d" : ".s"); }
    std::string list(int n) const { return "{" + z(n) + "}"; }
    const char* ld() const { return p == Precision::Dp ? "ld1d" : "ld1w"; }
    const char* st() const { return p == Precision::Dp ? "st1d" : "st1w"; }
    const char* stnt() const { return p == Precision::Dp ? "stnt1d" : "stnt1w"; }
};

std::string sveMemoryBody(MemoryOp op, const SveNames& n) {
    std::string out;
    auto line = [&](const std::string& s) { out += "\t" + s + "\n"; };
    auto at = [&](const char* base, int k) { return std::string("[") + base + ", #" + std::to_string(k) + ", mul vl]"; };
    auto load = [&](int reg, const char* base, int k) { line(std::string(n.ld()) + " " + n.list(reg) + ", p0/z, " + at(base, k)); };
    auto store = [&](const char* mnemonic, int reg, int k) { line(std::string(mnemonic) + " " + n.list(reg) + ", p0, " + at("x2", k)); };
    for (int k = 0; k < kMemoryUnroll; ++k) {
        switch (op) {
        case MemoryOp::Load: load(k, "x2", k); break;
        case MemoryOp::Store: store(n.st(), 31, k); break;
        case MemoryOp::StoreNt: store(n.stnt(), 31, k); break;
        case MemoryOp::Copy:
        case MemoryOp::CopyNt:
            load(k, "x3", k);
            store(op == MemoryOp::Copy ? n.st() : n.stnt(), k, k);
            break;
        case MemoryOp::Triad:
        case MemoryOp::Update:
            load(k, op == MemoryOp::Triad ? "x3" : "x2", k);
            load(k + 8, op == MemoryOp::Triad ? "x4" : "x3", k);
            line("fmla " + n.z(k) + ", p0/m, " + n.z(k + 8) + ", " + n.z(31));
            store(n.st(), k, k);
            break;
        }
    }
    return out;
}

std::string sveComputeRound(ComputeOp op, const SveNames& n) {
    const ChainCounts c = chainsOf(op);
    std::string out;
    int r = 0;
    for (int i = 0; i < c.fma; ++i, ++r) out += "\tfmla " + n.z(r) + ", p0/m, " + n.z(30) + ", " + n.z(31) + "\n";
    for (int i = 0; i < c.add; ++i, ++r) out += "\tfadd " + n.z(r) + ", " + n.z(r) + ", " + n.z(31) + "\n";
    for (int i = 0; i < c.mul; ++i, ++r) out += "\tfmul " + n.z(r) + ", " + n.z(r) + ", " + n.z(30) + "\n";
    return out;
}

std::string a64ComputeRound(ComputeOp op, const A64Names& n) {
    const ChainCounts c = chainsOf(op);
    std::string out;
    int r = 0;
    for (int i = 0; i < c.fma; ++i, ++r) out += "\t" + n.fma(r, 30, 31) + "\n";
    for (int i = 0; i < c.add; ++i, ++r) out += "\tfadd " + n.v(r) + ", " + n.v(r) + ", " + n.v(31) + "\n";
    for (int i = 0; i < c.mul; ++i, ++r) out += "\tfmul " + n.v(r) + ", " + n.v(r) + ", " + n.v(30) + "\n";
    return out;
}

std::string a64Round(ComputeOp op, VectorIsa isa, Precision p) {
    return isa == VectorIsa::Sve ? sveComputeRound(op, {p}) : a64ComputeRound(op, {isa, p});
}

std::string a64Function(const std::string& symbol, const A64Names& n, const std::string& repeated, int times) {
    const ArchEmitter& em = aarch64Emitter();
    const auto& abi = targetAbi(Arch::AArch64);
    std::string out = em.functionStart(symbol);
    out += em.copyGeneral(abi.loopBound, abi.countArgument);
    out += "\tldr x9, [x1]\n\tldr x10, [x1, #8]\n\tldr x11, [x1, #16]\n\tldr x12, [x1, #24]\n";
    if (n.isa == VectorIsa::Sve) { // all lanes on; x15 = the bytes one unrolled iteration moves per array
        out += std::string("\tptrue p0.") + (n.p == Precision::Dp ? "d" : "s") + "\n\tadd x14, x1, #32\n\tld1r" +
               (n.p == Precision::Dp ? "d {z31.d}, p0/z" : "w {z31.s}, p0/z") + ", [x14]\n\trdvl x15, #" +
               std::to_string(kMemoryUnroll) + "\n\tmov z30.d, z31.d\n";
        for (int r = 0; r < 16; ++r) out += "\tmov z" + std::to_string(r) + ".d, #0\n";
    } else {
        if (isVector(n.isa))
            out += std::string("\tadd x14, x1, #32\n\tld1r {v31.") + (n.p == Precision::Dp ? "2d" : "4s") + "}, [x14]\n";
        else
            out += "\tldr " + n.q(31) + ", [x1, #32]\n";
        out += "\tmov v30.16b, v31.16b\n";
        for (int r = 0; r < 16; ++r) out += "\tmovi v" + std::to_string(r) + ".16b, #0\n";
    }
    out += em.loadGeneral(abi.loopIndex, 0);
    const std::string loop = ".Lceil_outer_" + symbol;
    out += "\t.p2align 6\n" + loop + ":\n";
    for (int t = 0; t < times; ++t) out += numbered(repeated, t);
    out += em.loopEnd(loop);
    out += em.functionEnd(symbol, false);
    return out;
}

std::string a64MemoryFunction(const std::string& symbol, MemoryOp op, const A64Names& n, int sweeps) {
    const MemoryAccounting acc = memoryAccounting(op, n.isa, n.p);
    const std::string block = std::to_string(acc.blockBytes());
    const std::string inner = ".Lceil_inner_" + symbol + "_@";
    const bool sve = n.isa == VectorIsa::Sve;
    std::string sweep = "\tmov x2, x9\n\tmov x3, x10\n\tmov x4, x11\n\tmov x13, x12\n\t.p2align 5\n" + inner + ":\n" +
                        (sve ? sveMemoryBody(op, {n.p}) : a64MemoryBody(op, n));
    static const char* pointers[] = {"x2", "x3", "x4"};
    for (int i = 0; i < acc.arrays; ++i)
        sweep += sve ? std::string("\taddvl ") + pointers[i] + ", " + pointers[i] + ", #" + std::to_string(kMemoryUnroll) + "\n"
                     : std::string("\tadd ") + pointers[i] + ", " + pointers[i] + ", #" + block + "\n";
    sweep += (sve ? std::string("\tsubs x13, x13, x15") : "\tsubs x13, x13, #" + block) + "\n\tb.ne " + inner + "\n";
    return a64Function(symbol, n, sweep, sweeps);
}

std::string fileOf(Arch arch, const std::string& functions) {
    const ArchEmitter& em = arch == Arch::X86_64 ? x86Emitter() : aarch64Emitter();
    return em.fileHeader() + functions + em.fileFooter();
}

} // namespace

const char* toString(MemoryOp op) {
    switch (op) {
    case MemoryOp::Load: return "load";
    case MemoryOp::Store: return "store";
    case MemoryOp::StoreNt: return "store_nt";
    case MemoryOp::Copy: return "copy";
    case MemoryOp::CopyNt: return "copy_nt";
    case MemoryOp::Triad: return "triad";
    case MemoryOp::Update: return "update";
    }
    return "?";
}

const char* toString(ComputeOp op) {
    switch (op) {
    case ComputeOp::Fma: return "fma";
    case ComputeOp::Add: return "add";
    case ComputeOp::Mul: return "mul";
    case ComputeOp::FmaAdd: return "fma_add";
    }
    return "?";
}

const char* toString(VectorIsa isa) {
    switch (isa) {
    case VectorIsa::Scalar: return "scalar";
    case VectorIsa::Sse: return "sse";
    case VectorIsa::Avx2: return "avx2";
    case VectorIsa::Avx512: return "avx512";
    case VectorIsa::Neon: return "neon";
    case VectorIsa::Sve: return "sve";
    }
    return "?";
}

const char* toString(Precision precision) { return precision == Precision::Dp ? "dp" : "sp"; }

std::optional<MemoryOp> parseMemoryOp(std::string_view text) {
    return parseName(text, std::to_array(kAllMemoryOps), static_cast<const char* (*)(MemoryOp)>(toString));
}
std::optional<ComputeOp> parseComputeOp(std::string_view text) {
    return parseName(text, std::to_array(kAllComputeOps), static_cast<const char* (*)(ComputeOp)>(toString));
}
std::optional<VectorIsa> parseVectorIsa(std::string_view text) {
    return parseName(text, kIsas, static_cast<const char* (*)(VectorIsa)>(toString));
}
std::optional<Precision> parsePrecision(std::string_view text) {
    if (text == "dp") return Precision::Dp;
    if (text == "sp") return Precision::Sp;
    return std::nullopt;
}

int sveVectorBytes() {
#if defined(__aarch64__) && defined(PR_SVE_GET_VL)
    static const int bytes = [] {
        const int vl = prctl(PR_SVE_GET_VL, 0, 0, 0, 0);
        return vl > 0 ? (vl & PR_SVE_VL_LEN_MASK) : 0;
    }();
    if (bytes > 0) return bytes;
#endif
    return 16; // the architecture's least: where no SVE runs, code and accounting are still checked at it
}

int vectorBytes(VectorIsa isa, Precision precision) {
    switch (isa) {
    case VectorIsa::Scalar: return precision == Precision::Dp ? 8 : 4;
    case VectorIsa::Sse:
    case VectorIsa::Neon: return 16;
    case VectorIsa::Avx2: return 32;
    case VectorIsa::Avx512: return 64;
    case VectorIsa::Sve: return sveVectorBytes();
    }
    return 0;
}

MemoryAccounting memoryAccounting(MemoryOp op, VectorIsa isa, Precision precision) {
    MemoryAccounting a;
    a.vectorBytes = vectorBytes(isa, precision);
    const int lanes = a.vectorBytes / (precision == Precision::Dp ? 8 : 4);
    switch (op) {
    case MemoryOp::Load: a.arrays = 1, a.loads = 1; break;
    case MemoryOp::Store: a.arrays = 1, a.stores = 1; break;
    case MemoryOp::StoreNt: a.arrays = 1, a.stores = 1, a.nonTemporal = true; break;
    case MemoryOp::Copy: a.arrays = 2, a.loads = 1, a.stores = 1; break;
    case MemoryOp::CopyNt: a.arrays = 2, a.loads = 1, a.stores = 1, a.nonTemporal = true; break;
    case MemoryOp::Triad: a.arrays = 3, a.loads = 2, a.stores = 1, a.flops = 2 * lanes; break;
    case MemoryOp::Update: a.arrays = 2, a.loads = 2, a.stores = 1, a.flops = 2 * lanes; break;
    }
    return a;
}

ComputeAccounting computeAccounting(ComputeOp op, VectorIsa isa, Precision precision) {
    const ChainCounts c = chainsOf(op);
    return {c.fma, c.add, c.mul, vectorBytes(isa, precision) / (precision == Precision::Dp ? 8 : 4)};
}

std::vector<VectorIsa> isasOf(Arch arch) {
    switch (arch) {
    case Arch::X86_64: return {VectorIsa::Scalar, VectorIsa::Sse, VectorIsa::Avx2, VectorIsa::Avx512};
    case Arch::AArch64: return {VectorIsa::Scalar, VectorIsa::Neon, VectorIsa::Sve};
    case Arch::Mips64: return {};
    }
    return {};
}

bool memoryOpNeedsFma(MemoryOp op, VectorIsa isa) {
    return (op == MemoryOp::Triad || op == MemoryOp::Update) && isAvx(isa);
}
bool computeOpNeedsFma(ComputeOp op) { return op == ComputeOp::Fma || op == ComputeOp::FmaAdd; }

std::string whyIsaUnavailable(Arch arch, VectorIsa isa, const CpuFeatures& features, bool needsFma) {
    if (auto s = checkIsa(arch, isa); !s) return s.error().message;
    std::vector<std::string> need;
    if (arch == Arch::X86_64) {
        if (isa == VectorIsa::Sse) need = {"pni"}; // SSE3 (movddup), as the kernel names it
        if (isa == VectorIsa::Avx2) need = {"avx2"};
        if (isa == VectorIsa::Avx512) need = {"avx512f"};
        if (needsFma) need.push_back("fma");
    } else if (arch == Arch::AArch64 && isa == VectorIsa::Neon) {
        need = {"asimd"};
    } else if (arch == Arch::AArch64 && isa == VectorIsa::Sve) {
        need = {"sve"};
    }
    if (need.empty()) return "";
    if (!features.known()) return "the CPU's features are unknown (" + features.source() + ")";
    const auto missing = features.missing(need);
    return missing.empty() ? "" : features.explainMissing(missing);
}

Result<std::string> memoryKernelBody(Arch arch, MemoryOp op, VectorIsa isa, Precision precision) {
    if (auto s = checkIsa(arch, isa); !s) return s.error();
    if (arch == Arch::X86_64) return x86MemoryBody(op, {isa, precision});
    if (isa == VectorIsa::Sve) return sveMemoryBody(op, {precision});
    return a64MemoryBody(op, {isa, precision});
}

Result<std::string> computeKernelBody(Arch arch, ComputeOp op, VectorIsa isa, Precision precision) {
    if (auto s = checkIsa(arch, isa); !s) return s.error();
    if (arch == Arch::X86_64) return x86ComputeRound(op, {isa, precision});
    return a64Round(op, isa, precision);
}

Result<std::string> memoryKernelAssembly(Arch arch, MemoryOp op, VectorIsa isa, Precision precision,
                                         const std::string& base) {
    if (auto s = checkIsa(arch, isa); !s) return s.error();
    std::string functions;
    for (int sweeps : {1, 2}) {
        const std::string symbol = base + "_" + std::to_string(sweeps);
        functions += arch == Arch::X86_64 ? x86MemoryFunction(symbol, op, {isa, precision}, sweeps)
                                          : a64MemoryFunction(symbol, op, {isa, precision}, sweeps);
    }
    return fileOf(arch, functions);
}

Result<std::string> computeKernelAssembly(Arch arch, ComputeOp op, VectorIsa isa, Precision precision,
                                          const std::string& base) {
    if (auto s = checkIsa(arch, isa); !s) return s.error();
    std::string functions;
    for (int times : {1, 2}) {
        const std::string symbol = base + "_" + std::to_string(times);
        functions += arch == Arch::X86_64
                         ? x86ComputeFunction(symbol, op, {isa, precision}, times * kComputeRounds)
                         : a64Function(symbol, {isa, precision}, a64Round(op, isa, precision),
                                       times * kComputeRounds);
    }
    return fileOf(arch, functions);
}

} // namespace perfdash
