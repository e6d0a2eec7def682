// Instruction templates, the catalog format and its validation, the shipped
// catalogs, and CPU feature detection from fake /proc/cpuinfo files.
#include <QtTest>

#include <set>

#include "core/probes/CpuFeatures.h"
#include "core/probes/InstructionCatalog.h"
#include "core/util/Strings.h"

using namespace perfdash;

namespace {

std::string fixture(const std::string& name) { return std::string(qgetenv("PERFDASH_FIXTURES").constData()) + "/probes/" + name; }
std::string dataDirectory() { return qgetenv("PERFDASH_DATA_DIR").toStdString(); }

InstructionTemplate parseOk(Arch arch, const std::string& text, const std::vector<std::string>& implicit = {}) {
    auto t = InstructionTemplate::parse(arch, text, implicit);
    if (!t) qFatal("template '%s' did not parse: %s", text.c_str(), t.error().message.c_str());
    return std::move(t).value();
}

bool contains(const std::string& haystack, const std::string& needle) { return haystack.find(needle) != std::string::npos; }

} // namespace

class TestProbesCatalog : public QObject {
    Q_OBJECT
private slots:
    void parsesOperandsAndKinds() {
        auto sd = parseOk(Arch::X86_64, "imul <sd:gpr64>, <s:gpr64>");
        QCOMPARE(sd.operands().size(), size_t(2));
        QCOMPARE(sd.operands()[0].role, OperandRole::SourceDestination);
        QCOMPARE(std::string(sd.operands()[1].cls->name), std::string("gpr64"));
        QCOMPARE(sd.kind(), InstructionKind::SourceDestination);
        QCOMPARE(sd.mnemonic(), std::string("imul"));

        QCOMPARE(parseOk(Arch::AArch64, "neg <d:x>, <s:x>").kind(), InstructionKind::D1_S1);
        QCOMPARE(parseOk(Arch::AArch64, "add <d:x>, <s:x>, <s:x>").kind(), InstructionKind::D1_S2);
        QCOMPARE(parseOk(Arch::AArch64, "madd <d:x>, <s:x>, <s:x>, <s:x>").kind(), InstructionKind::D1_S3);
        QCOMPARE(parseOk(Arch::X86_64, "cmp <s:gpr64>, <s:gpr64>").kind(), InstructionKind::NoDestination);
        QCOMPARE(parseOk(Arch::X86_64, "nop").kind(), InstructionKind::NoDestination);
        auto mul = parseOk(Arch::X86_64, "mul <s:gpr64>", {"rax", "rdx"});
        QCOMPARE(mul.kind(), InstructionKind::Implicit);
        QCOMPARE(mul.implicitRegisters().size(), size_t(2));
        QCOMPARE(mul.implicitRegisters()[1], (PhysicalRegister{RegisterFile::General, 2}));
        QCOMPARE(parseOk(Arch::Mips64, "dmult <s:gpr>, <s:gpr>", {"hi", "lo"}).implicitRegisters().size(), size_t(0));
    }

    void rendersRegistersAndTies() {
        auto sve = parseOk(Arch::AArch64, "fadd <sd:z.d>, <s:p>/m, <=1>, <s:z.d>");
        QCOMPARE(sve.operands().size(), size_t(3)); // the tie is not an operand of its own
        QCOMPARE(sve.render({4, 1, 7}), std::string("fadd z4.d, p1/m, z4.d, z7.d"));
        auto x86 = parseOk(Arch::X86_64, "lea <d:gpr32>, [<s:gpr64> + <s:gpr64>*4 + 8]");
        QCOMPARE(x86.render({0, 13, 8}), std::string("lea eax, [r13 + r8*4 + 8]"));
        QCOMPARE(parseOk(Arch::Mips64, "ld <d:gpr>, 0(<s:gpr>)").render({2, 3}), std::string("ld $2, 0($3)"));
        QCOMPARE(parseOk(Arch::Mips64, "add.d <d:fpr>, <s:fpr>, <s:fpr>").render({0, 2, 4}),
                 std::string("add.d $f0, $f2, $f4"));
        QCOMPARE(parseOk(Arch::X86_64, "movzx <d:gpr64>, <s:gpr8>").render({3, 6}), std::string("movzx rbx, sil"));
    }

    void derivesOperandNotation() {
        QCOMPARE(parseOk(Arch::X86_64, "add <sd:gpr64>, <s:gpr64>").operandNotation(), std::string("r64, r64"));
        // Memory operands by their exact form: an address by its components, a load by its size.
        QCOMPARE(parseOk(Arch::X86_64, "lea <d:gpr64>, [<s:gpr64> + 8]").operandNotation(), std::string("r64, [r64+disp8]"));
        QCOMPARE(parseOk(Arch::X86_64, "lea <d:gpr64>, [<s:gpr64> + <s:gpr64>*4 + 1000]").operandNotation(),
                 std::string("r64, [r64+r64*4+disp32]"));
        QCOMPARE(parseOk(Arch::X86_64, "mov <d:gpr64>, qword ptr [<s:gpr64> + 8]").operandNotation(), std::string("r64, m64"));
        QCOMPARE(parseOk(Arch::X86_64, "vmovupd <d:ymm>, ymmword ptr [<s:gpr64>]").operandNotation(), std::string("ymm, m256"));
        // One register named twice is its own form (a zeroing idiom), not the two-register one.
        QCOMPARE(parseOk(Arch::X86_64, "xor <sd:gpr32>, <=1>").operandNotation(), std::string("r32, r32 (same register)"));
        QCOMPARE(parseOk(Arch::X86_64, "shl <sd:gpr64>, 3").operandNotation(), std::string("r64, imm"));
        QCOMPARE(parseOk(Arch::X86_64, "shl <sd:gpr64>, cl").operandNotation(), std::string("r64, cl"));
        QCOMPARE(parseOk(Arch::AArch64, "add <d:x>, <s:x>, #1").operandNotation(), std::string("x, x, imm"));
        QCOMPARE(parseOk(Arch::AArch64, "fmla <sd:v.2d>, <s:v.2d>, <s:v.2d>").operandNotation(),
                 std::string("v.2d, v.2d, v.2d"));
    }

    void literalRegistersAreFound() {
        auto shl = parseOk(Arch::X86_64, "shl <sd:gpr64>, cl");
        QCOMPARE(shl.literalRegisters().size(), size_t(1));
        QCOMPARE(shl.literalRegisters()[0], (PhysicalRegister{RegisterFile::General, 1}));
        const auto regs = registersNamedIn(Arch::AArch64, "fadd z3.d, p1/m, z3.d, x9");
        QCOMPARE(regs.size(), size_t(4));
        QCOMPARE(regs[1], (PhysicalRegister{RegisterFile::Predicate, 1}));
        QCOMPARE(regs[3], (PhysicalRegister{RegisterFile::General, 9}));
        QCOMPARE(registersNamedIn(Arch::Mips64, "ddivu $0, $a0, $f2").size(), size_t(3));
        QVERIFY(registersNamedIn(Arch::X86_64, "mov rax, qword ptr [rip + .Lp]").size() == 1);
    }

    void rejectsBadTemplatesClearly() {
        auto cls = InstructionTemplate::parse(Arch::X86_64, "add <sd:gpr65>, <s:gpr64>");
        QVERIFY(!cls);
        QVERIFY(contains(cls.error().message, "unknown register class 'gpr65'"));
        QVERIFY(contains(cls.error().message, "did you mean 'gpr64'"));
        auto role = InstructionTemplate::parse(Arch::X86_64, "add <w:gpr64>, <s:gpr64>");
        QVERIFY(!role);
        QVERIFY(contains(role.error().message, "unknown role 'w'"));
        QVERIFY(!InstructionTemplate::parse(Arch::X86_64, "add <sd:gpr64, <s:gpr64>"));
        auto tie = InstructionTemplate::parse(Arch::AArch64, "add <d:x>, <=2>, <s:x>");
        QVERIFY(!tie);
        QVERIFY(contains(tie.error().message, "earlier placeholder"));
        auto shape = InstructionTemplate::parse(Arch::AArch64, "ldp <d:x>, <d:x>, [<s:x>]");
        QVERIFY(!shape);
        QVERIFY(contains(shape.error().message, "2 destination(s)"));
        auto implicit = InstructionTemplate::parse(Arch::X86_64, "mul <s:gpr64>", {"raxx"});
        QVERIFY(!implicit);
        QVERIFY(contains(implicit.error().message, "raxx"));
        QVERIFY(!InstructionTemplate::parse(Arch::X86_64, "   "));
    }

    void parsesInitValues() {
        QCOMPARE(InitValue::parse("3")->bits, uint64_t(3));
        QCOMPARE(InitValue::parse("0x10")->bits, uint64_t(16));
        QCOMPARE(InitValue::parse("-1")->bits, ~uint64_t(0));
        QCOMPARE(InitValue::parse("1.0")->bits, uint64_t(0x3ff0000000000000ull));
        QCOMPARE(InitValue::parse("1.0f")->bits, uint64_t(0x3f8000003f800000ull));
        QCOMPARE(InitValue::parse("mem")->kind, InitValue::Kind::Memory);
        auto bad = InitValue::parse("lots");
        QVERIFY(!bad);
        QVERIFY(contains(bad.error().message, "'lots'"));
    }

    void defaultInitAvoidsDenormals() {
        auto e = makeCustomEntry(Arch::X86_64, "addsd <sd:xmm>, <s:xmm>");
        QVERIFY(e.ok());
        QCOMPARE(e->initFor(*findRegisterClass(Arch::X86_64, "xmm")).bits, uint64_t(0x3ff0000000000000ull));
        QCOMPARE(e->initFor(*findRegisterClass(Arch::X86_64, "gpr64")).bits, uint64_t(1));
        e->init[""] = *InitValue::parse("mem");
        // "mem" reaches general registers only.
        QCOMPARE(e->initFor(*findRegisterClass(Arch::X86_64, "gpr64")).kind, InitValue::Kind::Memory);
        QCOMPARE(e->initFor(*findRegisterClass(Arch::X86_64, "xmm")).kind, InitValue::Kind::Bits);
    }

    void parsesACatalog() {
        const std::string text = "# comment\narch = aarch64\n\n[add]\ntemplate = add <d:x>, <s:x>, <s:x>\n"
                                 "category = integer\nrequires = crc32, aes\n\n[fadd]\ntemplate = fadd <d:s>, <s:s>, "
                                 "<s:s>\ninit = 1.0f\ninit.x = 7\nsetup = mov x9, #1\n";
        auto c = InstructionCatalog::parse(Arch::AArch64, text, "mine.txt", false);
        QVERIFY2(c.ok(), c.ok() ? "" : c.error().message.c_str());
        QCOMPARE(c->entries().size(), size_t(2));
        const CatalogEntry* add = c->find("add");
        QVERIFY(add);
        QCOMPARE(add->origin, std::string("mine.txt:4"));
        QCOMPARE(add->features, (std::vector<std::string>{"crc32", "aes"}));
        QVERIFY(!add->shipped);
        const CatalogEntry* fadd = c->find("fadd");
        QCOMPARE(fadd->init.at("").bits, uint64_t(0x3f8000003f800000ull));
        QCOMPARE(fadd->init.at("x").bits, uint64_t(7));
        QCOMPARE(fadd->setup.size(), size_t(1));
        // s (scalar single) implies the fp feature on top of what the file names.
        auto features = fadd->requiredFeatures();
        QVERIFY(std::find(features.begin(), features.end(), "fp") != features.end());
        QCOMPARE(c->match("f*").size(), size_t(1));
    }

    void catalogErrorsNameTheLine() {
        struct Case {
            const char* text;
            const char* expected;
        };
        const Case cases[] = {
            {"[a]\ntemplate = add <sd:gpr65>, <s:gpr64>\n", "cat.txt:2: entry 'a': "},
            {"[a]\ntemplate = add <sd:gpr64>, <s:gpr64>\ntemplat = x\n", "cat.txt:3: unknown key 'templat'"},
            {"[a]\ncategory = x\n\n[b]\ntemplate = nop\n", "cat.txt:1: entry 'a' has no template"},
            {"[a]\ntemplate = nop\n[a]\ntemplate = nop\n", "cat.txt:3: entry 'a' is defined twice"},
            {"arch = aarch64\n", "cat.txt:1: this file is for 'aarch64'"},
            {"template = nop\n", "cat.txt:1: 'template' outside an entry"},
            {"[a b]\n", "cat.txt:1: entry name 'a b'"},
            {"[a]\ntemplate = nop\ninit.qmm = 1\n", "cat.txt:3: unknown register class 'qmm'"},
            {"[a]\ntemplate = nop\ninit = fast\n", "cat.txt:3: bad register value 'fast'"},
            {"[a]\ntemplate = nop\nbound = alu\n", "cat.txt:3: bound 'alu' is not a class of the max-IPC probe"},
            {"[a]\ntemplate = cvtsi2sd <d:xmm>, <s:gpr64>\nlink = movq <d:xmm>, <s:gpr64>\n", "cat.txt:1: entry 'a': link"},
            {"[a]\ntemplate = add <sd:gpr64>, <s:gpr64>\nsetup = mov <d:gpr64>, 1\n", "literal assembly"},
            {"[a]\ntemplate = add <sd:gpr64>, <s:gpr64>\nchain-source = 2\n", "chain-source = 2"},
            {"garbage line\n", "cat.txt:1: expected 'key = value'"},
        };
        for (const auto& c : cases) {
            auto r = InstructionCatalog::parse(Arch::X86_64, c.text, "cat.txt", false);
            QVERIFY2(!r, c.text);
            QVERIFY2(contains(r.error().message, c.expected), r.error().message.c_str());
        }
        auto hint = InstructionCatalog::parse(Arch::X86_64, "[a]\ntemplat = nop\n", "cat.txt", false);
        QVERIFY(contains(hint.error().message, "did you mean 'template'"));
    }

    void userEntriesReplaceShippedOnes() {
        auto shipped = InstructionCatalog::parse(Arch::X86_64, "[add]\ntemplate = add <sd:gpr64>, <s:gpr64>\n", "a", true);
        auto user = InstructionCatalog::parse(Arch::X86_64, "[add]\ntemplate = add <sd:gpr32>, <s:gpr32>\n", "b", false);
        QVERIFY(shipped && user);
        shipped->merge(std::move(user).value());
        QCOMPARE(shipped->entries().size(), size_t(1));
        QCOMPARE(shipped->find("add")->instruction.text(), std::string("add <sd:gpr32>, <s:gpr32>"));
        QVERIFY(!shipped->find("add")->shipped);
    }

    void shippedCatalogsAreValidAndBigEnough() {
        struct Expect {
            Arch arch;
            size_t minimum;
            std::vector<std::string> categories;
        };
        const Expect expects[] = {
            {Arch::X86_64, 60, {"integer", "lea", "multiply", "divide", "bits", "shift", "conditional", "move", "fp-scalar",
                                "fp-packed", "simd-integer", "shuffle", "crypto", "convert", "gpr-vector", "load"}},
            {Arch::AArch64, 40, {"integer", "multiply", "divide", "bits", "fp-vector", "fp-scalar", "simd-integer", "sve",
                                 "load", "crypto"}},
            {Arch::Mips64, 20, {"integer", "multiply", "fp", "load"}},
        };
        for (const auto& e : expects) {
            const std::string path = dataDirectory() + "/instructions/" + toString(e.arch) + ".txt";
            auto c = InstructionCatalog::loadFile(e.arch, path, true);
            QVERIFY2(c.ok(), c.ok() ? "" : c.error().message.c_str());
            QVERIFY2(c->entries().size() >= e.minimum, path.c_str());
            std::set<std::string> categories;
            for (const auto& entry : c->entries()) categories.insert(entry.category);
            for (const auto& want : e.categories) QVERIFY2(categories.count(want), (path + ": " + want).c_str());
        }
        auto x86 = InstructionCatalog::loadFile(Arch::X86_64, dataDirectory() + "/instructions/x86_64.txt", true);
        QVERIFY(x86.ok());
        std::set<std::string> mnemonics;
        for (const auto& entry : x86->entries()) mnemonics.insert(entry.mnemonic());
        for (const char* m : {"lea", "imul", "mul", "div", "idiv", "popcnt", "lzcnt", "tzcnt", "pdep", "pext", "crc32",
                              "cmovc", "setc", "adc", "bswap", "mov", "xchg", "vfmadd231pd", "aesenc", "pclmulqdq",
                              "cvtsi2sd", "movq", "vpermq", "vpshufb", "sqrtsd", "vaddpd"})
            QVERIFY2(mnemonics.count(m), m);
    }

    void detectsX86Features() {
        auto text = readFile(fixture("cpuinfo-x86_64.txt"));
        QVERIFY(text);
        auto f = CpuFeatures::fromCpuinfo(Arch::X86_64, *text);
        QVERIFY(f.known());
        QVERIFY(f.has("avx512f"));
        QVERIFY(!f.has("vaes"));
        QCOMPARE(f.missing({"avx2", "vaes", "sha_ni"}), (std::vector<std::string>{"vaes", "sha_ni"}));
        const std::string why = f.explainMissing({"vaes"});
        QVERIFY(contains(why, "not supported by this CPU"));
        QVERIFY(contains(why, "vaes"));
    }

    void detectsAArch64AndMipsFeatures() {
        const auto armText = readFile(fixture("cpuinfo-aarch64.txt"));
        const auto mipsText = readFile(fixture("cpuinfo-mips64-loongson.txt"));
        QVERIFY(armText && mipsText);
        auto arm = CpuFeatures::fromCpuinfo(Arch::AArch64, *armText);
        QVERIFY(arm.has("asimd") && arm.has("pmull") && !arm.has("sve"));
        auto hw = CpuFeatures::fromAArch64Hwcaps((1ul << 0) | (1ul << 1) | (1ul << 22), 1ul << 1);
        QVERIFY(hw.has("fp") && hw.has("asimd") && hw.has("sve") && hw.has("sve2") && !hw.has("aes"));
        auto mips = CpuFeatures::fromCpuinfo(Arch::Mips64, *mipsText);
        QVERIFY(mips.known());
        QVERIFY(mips.has("mips64r2") && mips.has("loongson-mmi") && mips.has("loongson-ext") && mips.has("fpu"));
        auto none = CpuFeatures::fromCpuinfo(Arch::X86_64, "processor : 0\n");
        QVERIFY(!none.known());
        QVERIFY(contains(none.explainMissing({"avx"}), "cannot tell"));
    }

    void entriesTheCpuLacksAreFound() {
        auto c = InstructionCatalog::loadFile(Arch::X86_64, dataDirectory() + "/instructions/x86_64.txt", true);
        QVERIFY(c.ok());
        auto f = CpuFeatures::fromCpuinfo(Arch::X86_64, "flags : sse sse2 popcnt\n");
        QVERIFY(!f.missing(c->find("vaddpd_zmm")->requiredFeatures()).empty());
        QVERIFY(!f.missing(c->find("vaddpd_ymm")->requiredFeatures()).empty()); // ymm implies avx
        QVERIFY(f.missing(c->find("popcnt_r64")->requiredFeatures()).empty());
        QVERIFY(f.missing(c->find("addsd")->requiredFeatures()).empty());
    }
};

QTEST_GUILESS_MAIN(TestProbesCatalog)
#include "test_probes_catalog.moc"
