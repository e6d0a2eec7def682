#include "core/probes/Toolchain.h"

#include <cstdlib>
#include <fstream>

#include "core/util/Strings.h"
#include "core/util/Subprocess.h"

namespace perfdash {

namespace {

std::string crossPrefix(Arch arch) {
    switch (arch) {
    case Arch::X86_64: return "x86_64-linux-gnu-";
    case Arch::AArch64: return "aarch64-linux-gnu-";
    case Arch::Mips64: return "mips64el-linux-gnuabi64-";
    }
    return "";
}

std::vector<std::string> defaultAssemblerFlags(Arch arch) {
    switch (arch) {
    case Arch::X86_64: return {"--64"};
    // Wide enough that every instruction of the catalog (and most a user
    // names) assembles; whether the CPU runs it is checked separately.
    case Arch::AArch64: return {"-march=armv8.6-a+sve2+crypto+fp16+sha3+sm4+fp16fml"};
    case Arch::Mips64: return {"-march=loongson3a", "-mabi=64"};
    }
    return {};
}

std::string commandLine(const std::vector<std::string>& argv) { return join(argv, " "); }

// The generated lines an assembler message points at ("k.s:12: Error: ...").
std::string quoteFailingLines(const std::string& messages, const std::string& sourceName, const std::string& assembly) {
    const auto lines = split(assembly, '\n', true);
    std::string out;
    const std::string marker = sourceName + ":";
    for (const auto& m : split(messages, '\n')) {
        const size_t at = m.find(marker);
        if (at == std::string::npos) continue;
        const auto colon = m.find(':', at + marker.size());
        if (colon == std::string::npos) continue;
        if (auto n = parseUnsigned(m.substr(at + marker.size(), colon - at - marker.size()));
            n && *n >= 1 && *n <= lines.size())
            out += "\n  generated line " + std::to_string(*n) + ": " + trim(lines[*n - 1]);
    }
    return out;
}

} // namespace

Toolchain Toolchain::defaults(Arch target) {
    Toolchain t;
    t.arch = target;
    const bool native = hostArch() == target;
    t.assembler = native ? "as" : crossPrefix(target) + "as";
    t.linker = native ? "ld" : crossPrefix(target) + "ld";
    t.assemblerFlags = defaultAssemblerFlags(target);
    t.linkerFlags = {"-shared"};
    return t;
}

Toolchain Toolchain::fromEnvironment(Arch target) {
    Toolchain t = defaults(target);
    if (hostArch() != target) return t;
    auto env = [](const char* name) -> std::optional<std::string> {
        const char* v = std::getenv(name);
        if (!v || !*v) return std::nullopt;
        return std::string(v);
    };
    if (auto v = env("PERFDASH_AS")) t.assembler = *v;
    if (auto v = env("PERFDASH_LD")) t.linker = *v;
    if (auto v = env("PERFDASH_AS_FLAGS")) t.assemblerFlags = splitWhitespace(*v);
    if (auto v = env("PERFDASH_LD_FLAGS")) t.linkerFlags = splitWhitespace(*v);
    return t;
}

std::string Toolchain::packageHint(Arch target) {
    if (hostArch() == target) return "binutils";
    switch (target) {
    case Arch::X86_64: return "binutils-x86-64-linux-gnu";
    case Arch::AArch64: return "binutils-aarch64-linux-gnu";
    case Arch::Mips64: return "binutils-mips64el-linux-gnuabi64";
    }
    return "binutils";
}

Status buildSharedObject(const Toolchain& t, const std::string& assembly, const std::string& soPath) {
    const std::string dir = soPath.substr(0, soPath.rfind('/'));
    const std::string sourceName = "kernel.s";
    const std::string source = dir + "/" + sourceName;
    const std::string object = dir + "/kernel.o";
    {
        std::ofstream out(source);
        out << assembly;
        if (!out.flush()) return makeError("cannot write the generated code to '" + source + "'");
    }

    std::vector<std::string> as{t.assembler};
    as.insert(as.end(), t.assemblerFlags.begin(), t.assemblerFlags.end());
    as.insert(as.end(), {"-o", object, source});
    auto asRun = runProgram(as);
    if (!asRun)
        return makeError(asRun.error().message + " (install " + Toolchain::packageHint(t.arch) +
                         " or name another assembler with PERFDASH_AS / --as)");
    if (asRun->exitStatus != 0)
        return makeError("the assembler rejected the generated code (" + commandLine(as) + "):\n" +
                         trim(asRun->err + asRun->out) + quoteFailingLines(asRun->err, sourceName, assembly));

    std::vector<std::string> ld{t.linker};
    ld.insert(ld.end(), t.linkerFlags.begin(), t.linkerFlags.end());
    ld.insert(ld.end(), {"-o", soPath, object});
    auto ldRun = runProgram(ld);
    if (!ldRun)
        return makeError(ldRun.error().message + " (install " + Toolchain::packageHint(t.arch) +
                         " or name another linker with PERFDASH_LD / --ld)");
    if (ldRun->exitStatus != 0)
        return makeError("the linker failed on the generated code (" + commandLine(ld) + "):\n" + trim(ldRun->err + ldRun->out));
    return {};
}

} // namespace perfdash
