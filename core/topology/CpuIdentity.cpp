#include "core/topology/CpuIdentity.h"

#include <algorithm>
#include <map>

#include "core/util/Strings.h"

namespace perfdash {
namespace {

std::string registerChars(uint32_t reg) {
    std::string out;
    for (int i = 0; i < 4; ++i) {
        char c = static_cast<char>((reg >> (8 * i)) & 0xff);
        if (c != '\0') out += c;
    }
    return out;
}

// The "key : value" lines of the first processor's block.
std::map<std::string, std::string> firstProcessorBlock(std::string_view cpuinfo) {
    std::map<std::string, std::string> fields;
    for (const auto& line : split(cpuinfo, '\n', true)) {
        if (trim(line).empty()) {
            if (!fields.empty()) break;
            continue;
        }
        auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        fields.emplace(trim(std::string_view(line).substr(0, colon)), trim(std::string_view(line).substr(colon + 1)));
    }
    return fields;
}

std::optional<int> numberField(const std::map<std::string, std::string>& fields, const std::string& key) {
    auto it = fields.find(key);
    if (it == fields.end()) return std::nullopt;
    auto v = parseUnsigned(it->second);
    if (!v || *v > 0x7fffffff) return std::nullopt;
    return static_cast<int>(*v);
}

std::string textField(const std::map<std::string, std::string>& fields, const std::string& key) {
    auto it = fields.find(key);
    return it == fields.end() ? std::string() : it->second;
}

// MIDR implementer codes as the Arm ARM lists them.
std::string armImplementerName(int code) {
    switch (code) {
    case 0x41: return "ARM";
    case 0x42: return "Broadcom";
    case 0x43: return "Cavium";
    case 0x46: return "Fujitsu";
    case 0x48: return "HiSilicon";
    case 0x4e: return "NVIDIA";
    case 0x50: return "Applied Micro";
    case 0x51: return "Qualcomm";
    case 0x53: return "Samsung";
    case 0x61: return "Apple";
    case 0x69: return "Intel";
    case 0x6d: return "Microsoft";
    case 0xc0: return "Ampere";
    default: return "implementer " + hex(static_cast<uint64_t>(code));
    }
}

// Where each of cpuFeatureNames() sits in CPUID, as Intel's SDM and AMD's APM define it.
struct FeatureBit {
    const char* name;
    uint32_t leaf, subleaf;
    uint32_t CpuidRegisters::*reg;
    unsigned bit;
};
constexpr FeatureBit kFeatureBits[] = {
    {"avx512f", 7, 0, &CpuidRegisters::ebx, 16},
    {"avx512_vp2intersect", 7, 0, &CpuidRegisters::edx, 8},
    {"avx512_fp16", 7, 0, &CpuidRegisters::edx, 23},
    {"amx_tile", 7, 0, &CpuidRegisters::edx, 24},
    {"amx_fp16", 7, 1, &CpuidRegisters::eax, 21},
    {"avx10", 7, 1, &CpuidRegisters::edx, 19},
};

std::vector<std::string> featuresByCpuid(const CpuidSource& cpuid, uint32_t maxLeaf) {
    std::vector<std::string> out;
    if (maxLeaf < 7) return out;
    const uint32_t maxSubleaf7 = cpuid.query(7, 0).eax;
    for (const auto& f : kFeatureBits) {
        if (f.subleaf > maxSubleaf7) continue;
        if ((cpuid.query(f.leaf, f.subleaf).*f.reg >> f.bit) & 1) out.push_back(f.name);
    }
    return out;
}

} // namespace

const std::vector<std::string>& cpuFeatureNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& f : kFeatureBits) out.push_back(f.name);
        return out;
    }();
    return names;
}

CpuIdentity identifyByCpuid(const CpuidSource& cpuid) {
    CpuIdentity id;
    id.source = "CPUID";
    const CpuidRegisters leaf0 = cpuid.query(0);
    id.vendor = registerChars(leaf0.ebx) + registerChars(leaf0.edx) + registerChars(leaf0.ecx);
    id.maxBasicLeaf = leaf0.eax;
    id.features = featuresByCpuid(cpuid, leaf0.eax);
    if (leaf0.eax >= 1) {
        const CpuidRegisters leaf1 = cpuid.query(1);
        const uint32_t eax = leaf1.eax;
        int family = static_cast<int>((eax >> 8) & 0xf);
        int model = static_cast<int>((eax >> 4) & 0xf);
        // Extended model counts for families 6 and 15 only; extended family only for 15.
        if (family == 0x6 || family == 0xf) model += static_cast<int>((eax >> 16) & 0xf) << 4;
        if (family == 0xf) family += static_cast<int>((eax >> 20) & 0xff);
        id.family = family;
        id.model = model;
        id.stepping = static_cast<int>(eax & 0xf);
        id.hypervisor = (leaf1.ecx >> 31) & 1;
    }
    if (id.hypervisor) {
        // Leaves 0x40000000 and up belong to the hypervisor; its signature is in EBX, ECX, EDX.
        const CpuidRegisters hv = cpuid.query(0x40000000);
        id.hypervisorVendor = trim(registerChars(hv.ebx) + registerChars(hv.ecx) + registerChars(hv.edx));
    }
    if (cpuid.query(0x80000000).eax >= 0x80000004) {
        std::string brand;
        for (uint32_t leaf = 0x80000002; leaf <= 0x80000004; ++leaf) {
            const CpuidRegisters r = cpuid.query(leaf);
            brand += registerChars(r.eax) + registerChars(r.ebx) + registerChars(r.ecx) + registerChars(r.edx);
        }
        id.modelName = join(splitWhitespace(brand), " ");
    }
    return id;
}

CpuIdentity identifyByCpuinfo(std::string_view cpuinfo, std::string source) {
    const auto fields = firstProcessorBlock(cpuinfo);
    CpuIdentity id;
    id.source = std::move(source);
    id.modelName = textField(fields, "model name");
    if (fields.count("vendor_id")) { // x86
        id.vendor = textField(fields, "vendor_id");
        id.family = numberField(fields, "cpu family");
        id.model = numberField(fields, "model");
        id.stepping = numberField(fields, "stepping");
        const auto flags = splitWhitespace(textField(fields, "flags"));
        id.hypervisor = std::find(flags.begin(), flags.end(), "hypervisor") != flags.end();
        for (const auto& name : cpuFeatureNames())
            if (std::find(flags.begin(), flags.end(), name) != flags.end()) id.features.push_back(name);
    } else if (auto implementer = numberField(fields, "CPU implementer")) { // AArch64 (and 32-bit ARM)
        id.vendor = armImplementerName(*implementer);
        id.family = numberField(fields, "CPU architecture");
        id.model = numberField(fields, "CPU part");
        id.stepping = numberField(fields, "CPU revision");
        if (id.modelName.empty() && id.model) {
            // Arm's own notation for a part and its revision: r<variant>p<revision>.
            id.modelName = id.vendor + " part " + hex(static_cast<uint64_t>(*id.model));
            auto variant = numberField(fields, "CPU variant");
            if (variant && id.stepping) id.modelName += " r" + std::to_string(*variant) + "p" + std::to_string(*id.stepping);
        }
    } else if (fields.count("cpu model")) { // MIPS, e.g. "Loongson-2F V0.3  FPU V0.1"
        id.modelName = join(splitWhitespace(textField(fields, "cpu model")), " ");
        if (containsIgnoreCase(id.modelName, "loongson")) id.vendor = "Loongson";
    }
    return id;
}

} // namespace perfdash
