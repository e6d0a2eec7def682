#include "core/probes/CpuFeatures.h"

#include <array>
#include <sys/auxv.h>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

// Bit n of AT_HWCAP / AT_HWCAP2, named as arch/arm64/kernel/cpuinfo.c names them.
constexpr std::array<const char*, 32> kHwcap = {
    "fp",    "asimd",  "evtstrm", "aes",   "pmull", "sha1",  "sha2",     "crc32", "atomics", "fphp",   "asimdhp",
    "cpuid", "asimdrdm", "jscvt", "fcma",  "lrcpc", "dcpop", "sha3",     "sm3",   "sm4",     "asimddp", "sha512",
    "sve",   "asimdfhm", "dit",   "uscat", "ilrcpc", "flagm", "ssbs",    "sb",    "paca",    "pacg"};
constexpr std::array<const char*, 24> kHwcap2 = {
    "dcpodp",   "sve2",     "sveaes",  "svepmull", "svebitperm", "svesha3", "svesm4", "flagm2",
    "frint",    "svei8mm",  "svef32mm", "svef64mm", "svebf16",   "i8mm",    "bf16",   "dgh",
    "rng",      "bti",      "mte",     "ecv",      "afp",        "rpres",   "mte3",   "sme"};

} // namespace

std::optional<std::string> cpuinfoValue(std::string_view text, std::string_view key) {
    for (const auto& line : split(text, '\n')) {
        const size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        if (trim(std::string_view(line).substr(0, colon)) == key) return trim(std::string_view(line).substr(colon + 1));
    }
    return std::nullopt;
}

CpuFeatures CpuFeatures::fromCpuinfo(Arch arch, std::string_view cpuinfo) {
    CpuFeatures f;
    auto addWords = [&](const std::optional<std::string>& v) {
        if (!v) return false;
        for (auto& w : splitWhitespace(*v)) f.flags_.insert(toLower(w));
        return true;
    };
    switch (arch) {
    case Arch::X86_64:
        f.known_ = addWords(cpuinfoValue(cpuinfo, "flags"));
        f.source_ = "/proc/cpuinfo flags";
        break;
    case Arch::AArch64:
        f.known_ = addWords(cpuinfoValue(cpuinfo, "Features"));
        f.source_ = "/proc/cpuinfo Features";
        break;
    case Arch::Mips64: {
        const bool isa = addWords(cpuinfoValue(cpuinfo, "isa"));
        addWords(cpuinfoValue(cpuinfo, "ASEs implemented"));
        // The FPU is announced in the model line ("Loongson-3 V0.4  FPU V0.1").
        if (auto model = cpuinfoValue(cpuinfo, "cpu model")) {
            if (model->find("FPU") != std::string::npos) f.flags_.insert("fpu");
            if (containsIgnoreCase(*model, "loongson")) f.flags_.insert("loongson");
        }
        f.known_ = isa;
        f.source_ = "/proc/cpuinfo isa and ASEs implemented";
        break;
    }
    }
    return f;
}

CpuFeatures CpuFeatures::fromAArch64Hwcaps(unsigned long hwcap, unsigned long hwcap2) {
    CpuFeatures f;
    f.known_ = true;
    f.source_ = "the auxiliary vector (AT_HWCAP, AT_HWCAP2)";
    for (size_t i = 0; i < kHwcap.size(); ++i)
        if (hwcap & (1ul << i)) f.flags_.insert(kHwcap[i]);
    for (size_t i = 0; i < kHwcap2.size(); ++i)
        if (hwcap2 & (1ul << i)) f.flags_.insert(kHwcap2[i]);
    return f;
}

CpuFeatures CpuFeatures::detect() {
    const auto arch = hostArch();
    if (!arch) return {};
    if (*arch == Arch::AArch64) return fromAArch64Hwcaps(getauxval(AT_HWCAP), getauxval(AT_HWCAP2));
    const auto text = readFile("/proc/cpuinfo");
    if (!text) {
        CpuFeatures f;
        f.source_ = "/proc/cpuinfo (unreadable)";
        return f;
    }
    return fromCpuinfo(*arch, *text);
}

std::vector<std::string> CpuFeatures::missing(const std::vector<std::string>& required) const {
    std::vector<std::string> out;
    for (const auto& r : required)
        if (!has(r)) out.push_back(r);
    return out;
}

std::string CpuFeatures::explainMissing(const std::vector<std::string>& missing) const {
    if (!known_)
        return "cannot tell whether this CPU supports " + join(missing, ", ") + " (" + source_ +
               " gave no feature list), so it is not run";
    return "not supported by this CPU: needs " + join(missing, ", ") + " (not in " + source_ + ")";
}

} // namespace perfdash
