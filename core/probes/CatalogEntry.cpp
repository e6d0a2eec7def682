#include "core/probes/CatalogEntry.h"

#include <algorithm>
#include <bit>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

constexpr uint64_t kDoubleOne = 0x3ff0000000000000ull;

bool looksFloating(std::string_view t) {
    if (t.starts_with("0x") || t.starts_with("-0x")) return false;
    return t.find_first_of(".eE") != std::string_view::npos || t == "inf" || t == "-inf" || t == "nan";
}

} // namespace

Result<InitValue> InitValue::parse(std::string_view raw) {
    const std::string t = toLower(trim(raw));
    InitValue v;
    v.text = t;
    if (t == "mem") {
        v.kind = Kind::Memory;
        v.bits = 0;
        return v;
    }
    if (t.ends_with("f") && !t.starts_with("0x")) {
        if (auto d = parseDouble(t.substr(0, t.size() - 1))) {
            const uint64_t single = std::bit_cast<uint32_t>(static_cast<float>(*d));
            v.bits = single | (single << 32);
            return v;
        }
    } else if (looksFloating(t)) {
        if (auto d = parseDouble(t)) {
            v.bits = std::bit_cast<uint64_t>(*d);
            return v;
        }
    } else if (auto u = parseUnsigned(t)) {
        v.bits = *u;
        return v;
    } else if (auto s = parseSigned(t)) {
        v.bits = static_cast<uint64_t>(*s);
        return v;
    }
    return makeError("bad register value '" + std::string(trim(raw)) +
                     "': write an integer (3, 0x10, -1), a binary64 number (1.0), a binary32 number (1.0f) or mem");
}

std::vector<std::string> CatalogEntry::requiredFeatures() const {
    std::vector<std::string> out = features;
    auto add = [&](const std::vector<std::string>& more) {
        for (const auto& f : more)
            if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
    };
    add(instruction.impliedFeatures());
    if (link) add(link->impliedFeatures());
    return out;
}

InitValue CatalogEntry::initFor(const RegisterClass& cls) const {
    if (auto it = init.find(std::string(cls.name)); it != init.end()) return it->second;
    const bool general = cls.file == RegisterFile::General;
    if (auto it = init.find(""); it != init.end() && (general || it->second.kind == InitValue::Kind::Bits))
        return it->second;
    // 1.0 rather than the bits 0x1 in floating-point registers: a denormal would
    // measure the slow path of every FP instruction.
    InitValue v;
    if (!general) {
        v.bits = kDoubleOne;
        v.text = "1.0";
    }
    return v;
}

Status validateEntry(const CatalogEntry& e) {
    const Arch arch = e.instruction.arch();
    for (const auto* lines : {&e.setup, &e.breaker})
        for (const auto& line : *lines)
            if (line.find('<') != std::string::npos)
                return makeError("setup and breaker lines are literal assembly without placeholders ('" + line +
                                 "'); name registers directly, they are kept out of allocation");
    for (const auto& [cls, value] : e.init) {
        if (cls.empty()) continue;
        const RegisterClass* rc = findRegisterClass(arch, cls);
        if (!rc) return makeError("init." + cls + ": unknown register class");
        if (value.kind == InitValue::Kind::Memory && rc->file != RegisterFile::General)
            return makeError("init." + cls + " = mem: only general registers can hold the ring's address");
    }
    const auto& ops = e.instruction.operands();
    int sources = 0;
    for (const auto& op : ops) sources += op.role == OperandRole::Source;
    if (e.chainSource < 0 || e.chainSource > sources)
        return makeError("chain-source = " + std::to_string(e.chainSource) + " but the template has " +
                         std::to_string(sources) + " source operand(s)");
    if (!e.link) return {};
    if (e.link->arch() != arch) return makeError("the link is for another architecture");
    const auto dest = std::find_if(ops.begin(), ops.end(), [](const TemplateOperand& o) { return o.written(); });
    if (dest == ops.end())
        return makeError("a link closes a chain from the destination back to a source, but '" + e.instruction.text() +
                         "' writes no register");
    const auto& lops = e.link->operands();
    const bool readsDest = std::any_of(lops.begin(), lops.end(), [&](const TemplateOperand& o) {
        return !o.written() && o.cls->file == dest->cls->file;
    });
    const bool writesSource = std::any_of(lops.begin(), lops.end(), [&](const TemplateOperand& lo) {
        return lo.written() && std::any_of(ops.begin(), ops.end(), [&](const TemplateOperand& o) {
                   return o.role == OperandRole::Source && o.cls->file == lo.cls->file;
               });
    });
    if (!readsDest || !writesSource)
        return makeError("link '" + e.link->text() + "' must read a register like the destination of '" +
                         e.instruction.text() + "' and write a register like one of its sources");
    return {};
}

Result<CatalogEntry> makeCustomEntry(Arch arch, std::string_view templateText,
                                     const std::vector<std::string>& implicit) {
    auto parsed = InstructionTemplate::parse(arch, templateText, implicit);
    if (!parsed) return parsed.error();
    CatalogEntry e;
    e.name = "custom";
    e.category = "custom";
    e.instruction = std::move(parsed).value();
    e.operands = e.instruction.operandNotation();
    e.origin = "command line";
    if (auto ok = validateEntry(e); !ok) return ok.error();
    return e;
}

Result<CatalogEntry> buildCustomEntry(Arch arch, const CustomEntrySpec& spec) {
    auto entry = makeCustomEntry(arch, spec.templateText, spec.implicit);
    if (!entry) return makeError("bad template: " + entry.error().message);
    for (const auto& init : spec.init) {
        const auto eq = init.find('=');
        const std::string cls = eq == std::string::npos ? "" : trim(init.substr(0, eq));
        auto value = InitValue::parse(trim(eq == std::string::npos ? init : init.substr(eq + 1)));
        if (!value) return makeError("init '" + init + "': " + value.error().message);
        if (!cls.empty() && !findRegisterClass(arch, cls))
            return makeError("init '" + init + "': unknown register class '" + cls + "' (" +
                             join(registerClassNames(arch), ", ") + ")");
        entry->init[cls] = *value;
    }
    for (const auto& f : spec.features) entry->features.push_back(toLower(trim(f)));
    entry->setup = spec.setup;
    entry->breaker = spec.breaker;
    if (!spec.link.empty()) {
        auto link = InstructionTemplate::parse(arch, spec.link);
        if (!link) return makeError("bad link: " + link.error().message);
        entry->link = std::move(link).value();
    }
    if (auto valid = validateEntry(*entry); !valid) return valid.error();
    return entry;
}

} // namespace perfdash
