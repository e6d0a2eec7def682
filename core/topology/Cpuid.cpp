#include "core/topology/Cpuid.h"

#include <cstdio>
#include <cstdlib>
#include <optional>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "core/util/IdentityOverride.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// "eax=0x0000000d" -> 0xd, for the register `name`.
std::optional<uint32_t> registerField(const std::string& word, const char* name) {
    const std::string prefix = std::string(name) + "=";
    if (word.rfind(prefix, 0) != 0) return std::nullopt;
    const auto v = parseUnsigned(word.substr(prefix.size()));
    if (!v || *v > 0xffffffffull) return std::nullopt;
    return static_cast<uint32_t>(*v);
}

} // namespace

Result<CpuidDump> CpuidDump::parse(std::string_view text, const std::string& source) {
    CpuidDump dump;
    int lineNumber = 0;
    for (const auto& raw : split(text, '\n', true)) {
        ++lineNumber;
        const std::string line = trim(raw);
        // `cpuid -r` heads each CPU's block with "CPU:" or "CPU N:"; one block is read.
        if (line.empty() || line.rfind("CPU", 0) == 0) {
            if (!dump.leaves_.empty() && !line.empty()) break;
            continue;
        }
        const auto words = splitWhitespace(line);
        const auto where = [&] { return source + ":" + std::to_string(lineNumber) + ": "; };
        if (words.size() != 6 || words[1].size() < 2 || words[1].back() != ':')
            return makeError(where() + "'" + line + "' is not a line of `cpuid -r`: expected "
                                       "'0xLEAF 0xSUBLEAF: eax=0x... ebx=0x... ecx=0x... edx=0x...'");
        const auto leaf = parseUnsigned(words[0]);
        const auto subleaf = parseUnsigned(words[1].substr(0, words[1].size() - 1));
        const auto eax = registerField(words[2], "eax"), ebx = registerField(words[3], "ebx"),
                   ecx = registerField(words[4], "ecx"), edx = registerField(words[5], "edx");
        if (!leaf || !subleaf || *leaf > 0xffffffffull || *subleaf > 0xffffffffull || !eax || !ebx || !ecx || !edx)
            return makeError(where() + "'" + line + "' has a leaf, subleaf or register that is not a 32-bit number");
        dump.leaves_[{static_cast<uint32_t>(*leaf), static_cast<uint32_t>(*subleaf)}] = {*eax, *ebx, *ecx, *edx};
    }
    if (dump.leaves_.empty()) return makeError(source + ": no CPUID leaves (expected the output of `cpuid -r -1`)");
    return dump;
}

CpuidRegisters CpuidDump::query(uint32_t leaf, uint32_t subleaf) const {
    if (auto it = leaves_.find({leaf, subleaf}); it != leaves_.end()) return it->second;
    // A leaf recorded only at subleaf 0 has no subleaves: the CPU ignores ECX there.
    auto first = leaves_.lower_bound({leaf, 0});
    if (first != leaves_.end() && first->first == std::pair<uint32_t, uint32_t>{leaf, 0}) {
        auto next = std::next(first);
        if (next == leaves_.end() || next->first.first != leaf) return first->second;
    }
    return {};
}

#if defined(__x86_64__)
namespace {

class HostCpuid final : public CpuidSource {
public:
    CpuidRegisters query(uint32_t leaf, uint32_t subleaf) const override {
        CpuidRegisters r;
        // The hypervisor's range (0x40000000-0x4fffffff) has no maximum in leaf
        // 0 or 0x80000000: it exists where CPUID.1:ECX[31] says a hypervisor
        // is there, which the caller checks first.
        if ((leaf & 0xf0000000) == 0x40000000) {
            __cpuid_count(leaf, subleaf, r.eax, r.ebx, r.ecx, r.edx);
            return r;
        }
        // __get_cpuid_count checks the maximum leaf of the leaf's range and
        // returns 0 above it, which keeps the "unsupported reads as zero" promise.
        if (!__get_cpuid_count(leaf, subleaf, &r.eax, &r.ebx, &r.ecx, &r.edx)) return CpuidRegisters{};
        return r;
    }
};

const CpuidSource* machineCpuid() {
    static const HostCpuid cpuid;
    return &cpuid;
}

} // namespace
#else
namespace {
const CpuidSource* machineCpuid() { return nullptr; }
} // namespace
#endif

const CpuidSource* hostCpuid() {
    const auto& identity = identityOverride();
    if (!identity) return machineCpuid();
    // An identity is a test fixture: one that cannot be read ends the run
    // rather than describing this machine under its name.
    static const std::optional<CpuidDump> recorded = [&]() -> std::optional<CpuidDump> {
        const std::string path = identity->file("cpuid");
        auto text = readFile(path);
        if (!text) return std::nullopt; // an identity without CPUID (Arm): cpuinfo says who it is
        auto dump = CpuidDump::parse(*text, path);
        if (!dump) {
            std::fprintf(stderr, "perfdash: %s\n", dump.error().message.c_str());
            std::exit(2);
        }
        return std::move(*dump);
    }();
    return recorded ? &*recorded : nullptr;
}

} // namespace perfdash
