#include "core/probes/InstructionTemplate.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "core/util/Strings.h"

namespace perfdash {

const char* toString(OperandRole role) {
    switch (role) {
    case OperandRole::Destination: return "d";
    case OperandRole::Source: return "s";
    case OperandRole::SourceDestination: return "sd";
    }
    return "?";
}

const char* toString(InstructionKind kind) {
    switch (kind) {
    case InstructionKind::D1_S1: return "D1_S1";
    case InstructionKind::D1_S2: return "D1_S2";
    case InstructionKind::D1_S3: return "D1_S3";
    case InstructionKind::SourceDestination: return "SD";
    case InstructionKind::NoDestination: return "NO_DEST";
    case InstructionKind::Implicit: return "IMPLICIT";
    }
    return "?";
}

namespace {

bool isStateName(Arch arch, const std::string& name) {
    switch (arch) {
    case Arch::X86_64: return name == "flags";
    case Arch::AArch64: return name == "flags" || name == "nzcv" || name == "fpsr";
    case Arch::Mips64: return name == "hi" || name == "lo" || name == "fcc";
    }
    return false;
}

std::string knownClassesHint(Arch arch, std::string_view name) {
    const auto names = registerClassNames(arch);
    std::string hint = " (register classes of " + std::string(toString(arch)) + ": " + join(names, ", ");
    if (auto close = closestMatches(name, names, 1); !close.empty()) hint += "; did you mean '" + close[0] + "'?";
    return hint + ")";
}

// Splits an operand list at commas that are not inside brackets or braces.
std::vector<std::string> topLevelOperands(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    int depth = 0;
    for (char c : text) {
        if (c == '[' || c == '{' || c == '(') ++depth;
        if (c == ']' || c == '}' || c == ')') --depth;
        if (c == ',' && depth == 0) {
            out.push_back(trim(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!trim(cur).empty()) out.push_back(trim(cur));
    return out;
}

// The exact form of a memory operand, as reference tables name it: a load or
// store by its size ("qword ptr [r64 + 8]" -> "m64"), an address (lea) by its
// components ("[r64 + r64*4 + 8]" -> "[r64+r64*4+disp8]").
std::string memoryForm(const std::string& operand) {
    static const std::pair<const char*, const char*> sizes[] = {
        {"zmmword", "m512"}, {"ymmword", "m256"}, {"xmmword", "m128"}, {"qword", "m64"},
        {"dword", "m32"},    {"word", "m16"},     {"byte", "m8"}};
    const std::string lower = toLower(operand);
    if (lower.find("ptr") != std::string::npos) {
        for (const auto& [keyword, form] : sizes)
            if (lower.find(keyword) != std::string::npos) return form;
        return "m";
    }
    const size_t open = lower.find('['), close = lower.rfind(']');
    std::string address, term;
    auto flush = [&] {
        if (term.empty()) return;
        const bool scale = !address.empty() && address.back() == '*';
        if (auto n = parseSigned(term); n && !scale) term = *n >= -128 && *n <= 127 ? "disp8" : "disp32";
        address += term;
        term.clear();
    };
    for (char c : lower.substr(open + 1, close - open - 1)) {
        if (std::isspace(static_cast<unsigned char>(c))) continue;
        if (c == '+' || c == '-') {
            flush();
            address += '+';
        } else if (c == '*') {
            flush();
            address += '*';
        } else {
            term += c;
        }
    }
    flush();
    return "[" + address + "]";
}

bool isImmediate(const std::string& s) {
    std::string t = s;
    if (!t.empty() && t[0] == '#') t = t.substr(1);
    return parseSigned(t) || parseUnsigned(t) || parseDouble(t);
}

} // namespace

Result<InstructionTemplate> InstructionTemplate::parse(Arch arch, std::string_view rawText,
                                                       const std::vector<std::string>& implicit) {
    InstructionTemplate t;
    t.arch_ = arch;
    t.text_ = trim(rawText);
    if (t.text_.empty()) return makeError("the instruction template is empty");
    const std::string& text = t.text_;
    std::string literal;
    for (size_t i = 0; i < text.size();) {
        if (text[i] != '<') {
            literal += text[i++];
            continue;
        }
        const size_t close = text.find('>', i);
        if (close == std::string::npos)
            return makeError("unterminated placeholder at column " + std::to_string(i + 1) + " in '" + text +
                             "': write operands as <role:class>, e.g. <sd:gpr64>");
        const std::string inside = text.substr(i + 1, close - i - 1);
        if (!literal.empty()) t.pieces_.push_back({literal, -1});
        literal.clear();
        if (inside.starts_with("=")) {
            const auto n = parseUnsigned(inside.substr(1));
            if (!n || *n < 1 || *n > t.operands_.size())
                return makeError("'<" + inside + ">' in '" + text + "' must name an earlier placeholder (1 to " +
                                 std::to_string(t.operands_.size()) + ")");
            t.pieces_.push_back({"", static_cast<int>(*n - 1)});
        } else {
            const size_t colon = inside.find(':');
            if (colon == std::string::npos)
                return makeError("placeholder '<" + inside + ">' in '" + text +
                                 "' needs a role and a class, e.g. <s:" + std::string(registerClassNames(arch)[0]) +
                                 ">");
            const std::string role = trim(inside.substr(0, colon));
            const std::string clsName = trim(inside.substr(colon + 1));
            TemplateOperand op{};
            if (role == "d")
                op.role = OperandRole::Destination;
            else if (role == "s")
                op.role = OperandRole::Source;
            else if (role == "sd" || role == "ds")
                op.role = OperandRole::SourceDestination;
            else
                return makeError("placeholder '<" + inside + ">' in '" + text + "': unknown role '" + role +
                                 "' (roles: d = written, s = read, sd = read and written)");
            op.cls = findRegisterClass(arch, clsName);
            if (!op.cls)
                return makeError("placeholder '<" + inside + ">' in '" + text + "': unknown register class '" +
                                 clsName + "'" + knownClassesHint(arch, clsName));
            t.pieces_.push_back({"", static_cast<int>(t.operands_.size())});
            t.operands_.push_back(op);
        }
        i = close + 1;
    }
    if (!literal.empty()) t.pieces_.push_back({literal, -1});
    if (t.mnemonic().empty() || !std::isalpha(static_cast<unsigned char>(t.mnemonic()[0])))
        return makeError("'" + text + "' does not start with an instruction mnemonic");

    // Placeholders blanked out, so that what remains reads as an instruction (mnemonic first).
    std::string literalOnly;
    for (const auto& p : t.pieces_) literalOnly += p.operand < 0 ? p.literal : " ";
    t.literal_ = registersNamedIn(arch, literalOnly);
    for (const auto& name : implicit) {
        const std::string n = toLower(trim(name));
        if (isStateName(arch, n)) {
            t.implicitNames_.push_back(n);
        } else if (auto r = findRegisterByName(arch, n)) {
            t.implicitNames_.push_back(n);
            t.implicit_.push_back(*r);
        } else {
            return makeError("unknown implicit operand '" + name + "': name a " + toString(arch) +
                             " register (e.g. " + (arch == Arch::X86_64 ? "rax" : arch == Arch::AArch64 ? "x0" : "$2") +
                             ") or flags" + (arch == Arch::Mips64 ? ", hi, lo" : ""));
        }
    }

    int dests = 0, sources = 0;
    for (const auto& op : t.operands_) (op.role == OperandRole::Source ? sources : dests)++;
    const bool anySd = std::any_of(t.operands_.begin(), t.operands_.end(),
                                   [](const TemplateOperand& o) { return o.role == OperandRole::SourceDestination; });
    if (t.implicitNames_.empty() && !anySd && (dests > 1 || (dests == 1 && (sources < 1 || sources > 3))))
        return makeError("'" + text + "' has " + std::to_string(dests) + " destination(s) and " +
                         std::to_string(sources) +
                         " source(s); the instruction types are one destination with one to three sources, "
                         "source-destination operands (sd), no destination, or implicit operands (implicit = ...)");
    return t;
}

InstructionKind InstructionTemplate::kind() const {
    if (!implicitNames_.empty()) return InstructionKind::Implicit;
    int dests = 0, sources = 0;
    for (const auto& op : operands_) {
        if (op.role == OperandRole::SourceDestination) return InstructionKind::SourceDestination;
        (op.role == OperandRole::Destination ? dests : sources)++;
    }
    if (dests == 0) return InstructionKind::NoDestination;
    if (sources == 1) return InstructionKind::D1_S1;
    if (sources == 2) return InstructionKind::D1_S2;
    return InstructionKind::D1_S3;
}

std::string InstructionTemplate::mnemonic() const {
    const auto words = splitWhitespace(text_);
    return words.empty() ? std::string() : toLower(words[0]);
}

std::string InstructionTemplate::operandNotation() const {
    std::string withNotation;
    for (const auto& p : pieces_)
        withNotation += p.operand < 0 ? p.literal : std::string(operands_[static_cast<size_t>(p.operand)].cls->notation);
    const auto words = splitWhitespace(withNotation);
    if (words.size() < 2) return "";
    const std::string rest = trim(std::string_view(withNotation).substr(withNotation.find(words[0]) + words[0].size()));
    std::vector<std::string> parts;
    for (const auto& operand : topLevelOperands(rest)) {
        if (operand.find('[') != std::string::npos)
            parts.push_back(memoryForm(operand));
        else if (operand.find('(') != std::string::npos)
            parts.push_back("m");
        else if (isImmediate(operand))
            parts.push_back("imm");
        else
            parts.push_back(toLower(operand));
    }
    // "xor <sd:gpr32>, <=1>" is another instruction than xor of two registers (a zeroing idiom).
    std::set<int> named;
    bool repeated = false;
    for (const auto& p : pieces_)
        if (p.operand >= 0 && !named.insert(p.operand).second) repeated = true;
    return join(parts, ", ") + (repeated ? " (same register)" : "");
}

std::string InstructionTemplate::render(const std::vector<int>& registers) const {
    std::string out;
    for (const auto& p : pieces_) {
        if (p.operand < 0) {
            out += p.literal;
        } else {
            const auto i = static_cast<size_t>(p.operand);
            out += operands_[i].cls->registerName(registers.at(i));
        }
    }
    return out;
}

std::vector<std::string> InstructionTemplate::impliedFeatures() const {
    std::vector<std::string> out;
    for (const auto& op : operands_) {
        const std::string f(op.cls->feature);
        if (!f.empty() && std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
    }
    return out;
}

} // namespace perfdash
