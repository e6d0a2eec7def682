// Kernel planning per instruction type and mode, the generated assembly, and
// building it with the system assembler: every shipped x86-64 entry
// assembles, its machine code has the intended dependency structure, and an
// assembler failure comes back with the assembler's own message.
#include <QtTest>

#include <set>

#include "DisassemblyCheck.h"
#include "core/probes/AssemblyWriter.h"
#include "core/probes/ClockProbe.h"
#include "core/probes/TargetAbi.h"
#include "core/util/Strings.h"

using namespace perfdash;
using namespace perfdash::test;

namespace {

CatalogEntry entry(Arch arch, const std::string& text, const std::vector<std::string>& implicit = {}) {
    auto e = makeCustomEntry(arch, text, implicit);
    if (!e) qFatal("%s: %s", text.c_str(), e.error().message.c_str());
    return std::move(e).value();
}

KernelPlan plan(const CatalogEntry& e, BenchMode mode, int copies = 8, int maxStreams = 0) {
    auto p = planKernel(e, mode, copies, maxStreams);
    if (!p) qFatal("%s: %s", e.instruction.text().c_str(), p.error().message.c_str());
    return std::move(p).value();
}

bool reads(const PlannedInstruction& i, PhysicalRegister r) {
    return std::find(i.reads.begin(), i.reads.end(), r) != i.reads.end();
}

// Each copy reads a register the copy before it (cyclically) wrote.
bool isChain(const KernelPlan& p) {
    std::vector<const PlannedInstruction*> steps;
    for (const auto& i : p.body) steps.push_back(&i);
    for (size_t k = 0; k < steps.size(); ++k) {
        const auto& prev = *steps[(k + steps.size() - 1) % steps.size()];
        if (std::none_of(prev.writes.begin(), prev.writes.end(), [&](PhysicalRegister r) { return reads(*steps[k], r); }))
            return false;
    }
    return true;
}

// No copy reads a register written by a copy of another stream; written registers of streams are disjoint.
bool streamsIndependent(const KernelPlan& p) {
    std::map<PhysicalRegister, int> owner;
    for (const auto& i : p.body)
        for (auto r : i.writes) {
            auto [it, fresh] = owner.try_emplace(r, i.stream);
            if (!fresh && it->second != i.stream) return false;
        }
    for (const auto& i : p.body)
        for (auto r : i.reads)
            if (auto it = owner.find(r); it != owner.end() && it->second != i.stream) return false;
    return true;
}

bool haveHostBinutils() { return toolAvailable("as") && toolAvailable("ld") && toolAvailable("objdump"); }

} // namespace

class TestProbesCodegen : public QObject {
    Q_OBJECT
private slots:
    void latencyChainsForEveryInstructionType() {
        struct Case {
            Arch arch;
            const char* text;
            std::vector<std::string> implicit;
        };
        const Case cases[] = {
            {Arch::X86_64, "popcnt <d:gpr64>, <s:gpr64>", {}},                     // D1_S1
            {Arch::AArch64, "add <d:x>, <s:x>, <s:x>", {}},                         // D1_S2
            {Arch::AArch64, "madd <d:x>, <s:x>, <s:x>, <s:x>", {}},                 // D1_S3
            {Arch::X86_64, "imul <sd:gpr64>, <s:gpr64>", {}},                       // SD
            {Arch::AArch64, "fadd <sd:z.d>, <s:p>/m, <=1>, <s:z.d>", {}},           // SD with a tie
            {Arch::X86_64, "mul <s:gpr64>", {"rax", "rdx"}},                        // IMPLICIT
            {Arch::Mips64, "madd.d <d:fpr>, <s:fpr>, <s:fpr>, <s:fpr>", {}},
        };
        for (const auto& c : cases) {
            const auto p = plan(entry(c.arch, c.text, c.implicit), BenchMode::Latency);
            QVERIFY2(isChain(p), c.text);
            QCOMPARE(p.streams, 1);
            QCOMPARE(p.copies, 8);
        }
    }

    void latencyAlternatesTwoRegistersAndKeepsSourcesReadOnly() {
        const auto p = plan(entry(Arch::AArch64, "add <d:x>, <s:x>, <s:x>"), BenchMode::Latency, 4);
        QCOMPARE(p.body[0].text, std::string("add x0, x1, x2"));
        QCOMPARE(p.body[1].text, std::string("add x1, x0, x2"));
        QCOMPARE(p.body[2].text, p.body[0].text);
        // The other source is read by every copy and written by none.
        for (const auto& i : p.body) QVERIFY(std::find(i.writes.begin(), i.writes.end(), PhysicalRegister{RegisterFile::General, 2}) == i.writes.end());
        auto accumulator = entry(Arch::AArch64, "madd <d:x>, <s:x>, <s:x>, <s:x>");
        accumulator.chainSource = 3;
        const auto acc = plan(accumulator, BenchMode::Latency, 2);
        QCOMPARE(acc.body[0].text, std::string("madd x0, x2, x3, x1"));
    }

    void sourceDestinationChainsThroughItself() {
        const auto p = plan(entry(Arch::X86_64, "imul <sd:gpr64>, <s:gpr64>"), BenchMode::Latency, 4);
        for (const auto& i : p.body) QCOMPARE(i.text, std::string("imul rax, rcx"));
    }

    // Golden Cove and later fold "add reg, small immediate" in the renamer (up
    // to five dependent ones per cycle; an Emerald Rapids read 17.9 GHz from
    // such a chain), so the x86 clock chain must add a register.
    void x86ClockChainAddsARegisterNotAnImmediate() {
        const auto p = plan(clockChainEntry(Arch::X86_64), BenchMode::Latency, 4);
        QVERIFY(isChain(p));
        for (const auto& i : p.body) QCOMPARE(i.text, std::string("add rax, rcx"));
    }

    void linkClosesCrossFileChains() {
        auto e = entry(Arch::X86_64, "cvtsi2sd <d:xmm>, <s:gpr64>");
        QVERIFY(!planKernel(e, BenchMode::Latency, 4)); // no chain without a link
        e.link = *InstructionTemplate::parse(Arch::X86_64, "cvttsd2si <d:gpr64>, <s:xmm>");
        const auto p = plan(e, BenchMode::Latency, 4);
        QCOMPARE(p.body.size(), size_t(8));
        QCOMPARE(p.body[0].text, std::string("cvtsi2sd xmm0, rax"));
        QCOMPARE(p.body[1].text, std::string("cvttsd2si rax, xmm0"));
        QVERIFY(p.body[1].role == PlannedInstruction::Role::Link);
        QVERIFY(isChain(p));
        QVERIFY(!p.notes.empty());
        // The link is latency only: throughput runs the instruction alone.
        const auto tp = plan(e, BenchMode::Throughput, 4);
        QCOMPARE(tp.body.size(), size_t(4));
    }

    void unchainableLatencyIsExplained() {
        auto cmp = planKernel(entry(Arch::X86_64, "cmp <s:gpr64>, <s:gpr64>"), BenchMode::Latency, 4);
        QVERIFY(!cmp);
        QVERIFY(cmp.error().message.find("writes no register") != std::string::npos);
        auto setc = planKernel(entry(Arch::X86_64, "setc <d:gpr8>", {"flags"}), BenchMode::Latency, 4);
        QVERIFY(!setc);
        QVERIFY(setc.error().message.find("add a link") != std::string::npos);
        QVERIFY(!planKernel(entry(Arch::X86_64, "nop"), BenchMode::Latency, 3)); // odd copies
    }

    void throughputStreamsAreIndependent() {
        for (const char* text : {"add <sd:gpr64>, <s:gpr64>", "vfmadd231pd <sd:ymm>, <s:ymm>, <s:ymm>",
                                 "lea <d:gpr64>, [<s:gpr64> + <s:gpr64>*4 + 8]", "xchg <sd:gpr64>, <sd:gpr64>"}) {
            const auto p = plan(entry(Arch::X86_64, text), BenchMode::Throughput, 64);
            QVERIFY2(streamsIndependent(p), text);
            QVERIFY2(p.streams > 1, text);
        }
        // x86: 16 registers less rsp and the loop's two, less one read-only source.
        QCOMPARE(plan(entry(Arch::X86_64, "add <sd:gpr64>, <s:gpr64>"), BenchMode::Throughput, 64).streams, 12);
        QCOMPARE(plan(entry(Arch::X86_64, "xchg <sd:gpr64>, <sd:gpr64>"), BenchMode::Throughput, 64).streams, 6);
        QCOMPARE(plan(entry(Arch::X86_64, "add <sd:gpr64>, <s:gpr64>"), BenchMode::Throughput, 64, 5).streams, 5);
    }

    void throughputSpreadsOverEveryFreeRegister() {
        // AArch64: the 29 general registers left after the index and bound registers, 32 V, 32 Z.
        auto count = [](const KernelPlan& p, RegisterFile file) {
            std::set<int> used;
            for (const auto& i : p.body)
                for (auto r : i.writes)
                    if (r.file == file) used.insert(r.index);
            return used.size();
        };
        const auto x = plan(entry(Arch::AArch64, "add <sd:x>, <=1>, #1"), BenchMode::Throughput, 64);
        QCOMPARE(x.streams, 29);
        QCOMPARE(count(x, RegisterFile::General), size_t(29));
        const auto abi = targetAbi(Arch::AArch64);
        for (const auto& i : x.body)
            for (auto r : i.reads) QVERIFY(r.index != abi.loopIndex && r.index != abi.loopBound);
        QCOMPARE(count(plan(entry(Arch::AArch64, "fabs <sd:v.2d>, <=1>"), BenchMode::Throughput, 64), RegisterFile::FloatVector), size_t(32));
        QCOMPARE(count(plan(entry(Arch::AArch64, "movprfx <sd:z>, <=1>"), BenchMode::Throughput, 64), RegisterFile::FloatVector), size_t(32));
        // Registers named in the text or implicitly used are never handed out.
        const auto shl = plan(entry(Arch::X86_64, "shl <sd:gpr64>, cl"), BenchMode::Throughput, 32);
        for (const auto& i : shl.body) QVERIFY(i.text.find("rcx") == std::string::npos);
        const auto mul = plan(entry(Arch::X86_64, "mul <s:gpr64>", {"rax", "rdx"}), BenchMode::Throughput, 8);
        QVERIFY(mul.body[0].text == "mul rcx");
    }

    void breakersPrecedeEachThroughputCopy() {
        auto e = entry(Arch::X86_64, "div <s:gpr64>", {"rax", "rdx"});
        e.breaker = {"mov eax, 7", "xor edx, edx"};
        const auto p = plan(e, BenchMode::Throughput, 4);
        QCOMPARE(p.body.size(), size_t(12));
        QCOMPARE(p.body[0].text, std::string("mov eax, 7"));
        QVERIFY(p.body[1].role == PlannedInstruction::Role::Breaker);
        QVERIFY(p.body[2].role == PlannedInstruction::Role::Copy);
        // The latency chain runs through rax without breakers.
        QCOMPARE(plan(e, BenchMode::Latency, 4).body.size(), size_t(4));
    }

    void initialisesEveryRegisterItUses() {
        auto e = entry(Arch::X86_64, "vaddpd <d:ymm>, <s:ymm>, <s:xmm>");
        const auto p = plan(e, BenchMode::Throughput, 8);
        std::set<PhysicalRegister> inited;
        for (const auto& i : p.inits) inited.insert(i.reg);
        for (const auto& i : p.body)
            for (auto r : i.reads) QVERIFY(inited.count(r));
        // A register used as xmm and ymm is loaded whole.
        for (const auto& i : p.inits) QCOMPARE(std::string(i.cls->name), std::string("ymm"));
        const std::string text = writeAssembly(Arch::X86_64, {{"k", p}});
        QVERIFY(text.find("vmovups ymm") != std::string::npos);
        QVERIFY(text.find("vzeroupper") != std::string::npos);
    }

    void writesAFrameForEachArchitecture() {
        struct Case {
            Arch arch;
            const char* text;
            std::vector<std::string> expected;
        };
        const Case cases[] = {
            {Arch::X86_64, "add <sd:gpr64>, 1",
             {".intel_syntax noprefix", "push rbx", "pop r15", "mov r15, rdi", "cmp r14, r15", "jne .Lperfdash_loop_k",
              ".note.GNU-stack"}},
            {Arch::AArch64, "fadd <d:v.2d>, <s:v.2d>, <s:v.2d>",
             {"stp x29, x30, [sp, #-96]!", "stp d8, d9", "mov x27, x0", "ldr q", "cmp x28, x27", "b.ne", ".ltorg"}},
            {Arch::Mips64, "add.d <d:fpr>, <s:fpr>, <s:fpr>",
             {".set noreorder", "sd $16, 0($sp)", "sdc1 $f24", "move $25, $4", "dmtc1 $24", "bne $24, $25", "jr $31"}},
        };
        for (const auto& c : cases) {
            const std::string text = writeAssembly(c.arch, {{"k", plan(entry(c.arch, c.text), BenchMode::Latency)}});
            for (const auto& want : c.expected) QVERIFY2(text.find(want) != std::string::npos, (want + "\n" + text).c_str());
        }
        auto ring = entry(Arch::X86_64, "mov <d:gpr64>, qword ptr [<s:gpr64>]");
        ring.init[""] = *InitValue::parse("mem");
        const std::string text = writeAssembly(Arch::X86_64, {{"k", plan(ring, BenchMode::Latency)}});
        QVERIFY(text.find("mov rax, rsi") != std::string::npos); // the ring's address is the second argument
    }

    void everyShippedX86EntryAssembles() {
        if (!haveHostBinutils()) QSKIP("as, ld or objdump is not installed (package binutils)");
        const std::string path = qgetenv("PERFDASH_DATA_DIR").toStdString() + "/instructions/x86_64.txt";
        auto catalog = InstructionCatalog::loadFile(Arch::X86_64, path, true);
        QVERIFY(catalog.ok());
        const Toolchain tc = Toolchain::defaults(Arch::X86_64);
        for (const auto& e : catalog->entries()) {
            auto dir = TemporaryDirectory::create("perfdash-test");
            QVERIFY(dir.ok());
            auto text = generateBenchAssembly(e, 8);
            QVERIFY2(text.ok(), e.name.c_str());
            auto s = buildSharedObject(tc, *text, dir->path() + "/k.so");
            QVERIFY2(s.ok(), (e.name + ": " + (s.ok() ? "" : s.error().message)).c_str());
        }
    }

    void machineCodeHasTheIntendedStructure() {
        if (!haveHostBinutils()) QSKIP("as, ld or objdump is not installed (package binutils)");
        struct Case {
            const char* text;
            bool sd;
        };
        for (const Case& c : {Case{"imul <sd:gpr64>, <s:gpr64>", true}, Case{"lea <d:gpr64>, [<s:gpr64> + <s:gpr64>*4 + 8]", false},
                              Case{"vfmadd231pd <sd:ymm>, <s:ymm>, <s:ymm>", true}, Case{"popcnt <d:gpr64>, <s:gpr64>", false}}) {
            auto dir = TemporaryDirectory::create("perfdash-test");
            auto built = buildEntry(entry(Arch::X86_64, c.text), Toolchain::defaults(Arch::X86_64), dir->path(), 16);
            QVERIFY2(built.ok(), built.ok() ? "" : built.error().message.c_str());
            auto lat = disassembleLoopBody(Arch::X86_64, built->soPath, "perfdash_latency", 16);
            QVERIFY2(lat.ok(), lat.ok() ? "" : lat.error().message.c_str());
            auto chain = checkLatencyChain(Arch::X86_64, *lat, c.sd);
            QVERIFY2(chain.ok(), chain.ok() ? "" : chain.error().message.c_str());
            auto tp = disassembleLoopBody(Arch::X86_64, built->soPath, "perfdash_throughput", 16);
            QVERIFY(tp.ok());
            size_t used = 0;
            auto independent = checkIndependentStreams(Arch::X86_64, *tp, RegisterFile::General, used);
            QVERIFY2(independent.ok(), independent.ok() ? "" : independent.error().message.c_str());
            // And the checks can fail: the latency body is not independent, the throughput body is no chain.
            QVERIFY(!checkLatencyChain(Arch::X86_64, *tp, c.sd).ok());
        }
    }

    void assemblerFailureQuotesTheAssembler() {
        if (!haveHostBinutils()) QSKIP("as, ld or objdump is not installed (package binutils)");
        auto e = entry(Arch::X86_64, "frobnicate <sd:gpr64>, <s:gpr64>");
        auto text = generateBenchAssembly(e, 4);
        QVERIFY(text.ok());
        auto dir = TemporaryDirectory::create("perfdash-test");
        auto s = buildSharedObject(Toolchain::defaults(Arch::X86_64), *text, dir->path() + "/k.so");
        QVERIFY(!s);
        const std::string& m = s.error().message;
        QVERIFY2(m.find("the assembler rejected the generated code") != std::string::npos, m.c_str());
        QVERIFY2(m.find("frobnicate") != std::string::npos, m.c_str());
        QVERIFY2(m.find("Error:") != std::string::npos, m.c_str()); // the assembler's own words
        QVERIFY2(m.find("generated line") != std::string::npos, m.c_str());
    }

    void missingAssemblerIsExplained() {
        Toolchain tc = Toolchain::defaults(Arch::X86_64);
        tc.assembler = "perfdash-no-such-assembler";
        auto dir = TemporaryDirectory::create("perfdash-test");
        auto s = buildSharedObject(tc, "\tnop\n", dir->path() + "/k.so");
        QVERIFY(!s);
        QVERIFY(s.error().message.find("perfdash-no-such-assembler") != std::string::npos);
        QVERIFY(s.error().message.find("PERFDASH_AS") != std::string::npos);
    }

    void toolchainComesFromTheEnvironment() {
        qputenv("PERFDASH_AS", "my-as");
        qputenv("PERFDASH_AS_FLAGS", "--64 -mmnemonic=intel");
        qputenv("PERFDASH_LD", "my-ld");
        const Arch host = hostArch().value_or(Arch::X86_64);
        const Toolchain t = Toolchain::fromEnvironment(host);
        qunsetenv("PERFDASH_AS");
        qunsetenv("PERFDASH_AS_FLAGS");
        qunsetenv("PERFDASH_LD");
        QCOMPARE(t.assembler, std::string("my-as"));
        QCOMPARE(t.linker, std::string("my-ld"));
        QCOMPARE(t.assemblerFlags.size(), size_t(2));
        // Cross targets keep their cross tools: the variables are for the host.
        const Arch other = host == Arch::AArch64 ? Arch::X86_64 : Arch::AArch64;
        qputenv("PERFDASH_AS", "my-as");
        QVERIFY(Toolchain::fromEnvironment(other).assembler != "my-as");
        qunsetenv("PERFDASH_AS");
    }
};

QTEST_GUILESS_MAIN(TestProbesCodegen)
#include "test_probes_codegen.moc"
