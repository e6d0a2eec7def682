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

} // namespace

CpuIdentity identifyByCpuid(const CpuidSource& cpuid) {
    CpuIdentity id;
    id.source = "CPUID";
    const CpuidRegisters leaf0 = cpuid.query(0);
    id.vendor = registerChars(leaf0.ebx) + registerChars(leaf0.edx) + registerChars(leaf0.ecx);
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
