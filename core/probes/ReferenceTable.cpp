#include "core/probes/ReferenceTable.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <cmath>
#include <map>
#include <regex>
#include <set>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

// One CSV record (RFC 4180 quoting: "a ""b""" is a "b"). Records do not span lines.
Result<std::vector<std::string>> splitCsvLine(std::string_view line) {
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            cells.push_back(trim(cell));
            cell.clear();
        } else {
            cell += c;
        }
    }
    if (quoted) return makeError("a quoted cell is not closed");
    cells.push_back(trim(cell));
    return cells;
}

Result<std::optional<double>> parseCycles(const std::string& cell) {
    const std::string t = toLower(cell);
    if (t.empty() || t == "n/a" || t == "na" || t == "-") return std::optional<double>();
    auto v = parseDouble(t);
    if (!v || *v < 0 || !std::isfinite(*v)) return makeError("'" + cell + "' is not a number of cycles");
    return std::optional<double>(*v);
}

} // namespace

Result<ReferenceTable> ReferenceTable::parseCsv(std::string_view text, const std::string& sourceName) {
    const std::vector<std::string> required = {"mnemonic", "operands", "latency", "recip_throughput"};
    const std::vector<std::string> optional = {"microarchitecture", "source"};
    ReferenceTable table;
    std::vector<int> column; // index of each of required + optional columns, -1 if absent
    int lineNo = 0;
    for (const auto& rawLine : split(text, '\n', true)) {
        ++lineNo;
        const std::string line = trim(rawLine);
        if (line.empty() || line[0] == '#') continue;
        auto cells = splitCsvLine(line);
        auto where = [&](const std::string& msg) { return makeError(sourceName + ":" + std::to_string(lineNo) + ": " + msg); };
        if (!cells) return where(cells.error().message);
        if (column.empty()) {
            for (const auto& name : required) {
                auto it = std::find_if(cells->begin(), cells->end(), [&](const std::string& c) { return toLower(c) == name; });
                if (it == cells->end())
                    return where("the header has no '" + name + "' column (the header is: mnemonic,operands,latency,"
                                 "recip_throughput,microarchitecture,source)");
                column.push_back(static_cast<int>(it - cells->begin()));
            }
            for (const auto& name : optional) {
                auto it = std::find_if(cells->begin(), cells->end(), [&](const std::string& c) { return toLower(c) == name; });
                column.push_back(it == cells->end() ? -1 : static_cast<int>(it - cells->begin()));
            }
            continue;
        }
        auto cell = [&](size_t which) -> std::string {
            const int c = column[which];
            return c >= 0 && static_cast<size_t>(c) < cells->size() ? (*cells)[static_cast<size_t>(c)] : "";
        };
        ReferenceRow row;
        row.line = lineNo;
        row.mnemonic = toLower(cell(0));
        row.operands = cell(1);
        if (row.mnemonic.empty()) return where("the mnemonic is empty");
        auto latency = parseCycles(cell(2));
        if (!latency) return where("latency: " + latency.error().message);
        auto tp = parseCycles(cell(3));
        if (!tp) return where("recip_throughput: " + tp.error().message);
        row.latency = *latency;
        row.reciprocalThroughput = *tp;
        row.microarchitecture = cell(4);
        row.source = cell(5);
        table.rows_.push_back(std::move(row));
    }
    if (column.empty()) return makeError(sourceName + ": the reference table is empty (it needs a header row)");
    return table;
}

Result<ReferenceTable> ReferenceTable::parseInstLatx64(std::string_view text, const std::string& sourceName) {
    // "Inst   73 AMD64           : ADD r64, r64      L:   0.42ns=   1.0c  T:   0.11ns=   0.25c";
    // a latency InstLatx64 could not measure reads "L: [no true dep.]".
    static const std::regex line(R"(^Inst\s+\d+\s+\S+\s*:\s*(.*?)\s+L:\s*(.*?)\s+T:\s*(.*?)\s*$)");
    static const std::regex cycles(R"(=\s*([0-9.]+)c)");
    static const std::regex cpuName(R"(^CPUID CPU Name\s*:\s*(.*?)\s*$)");
    ReferenceTable table;
    std::string cpu;
    int lineNo = 0;
    for (const auto& raw : split(text, '\n', true)) {
        ++lineNo;
        const std::string l = trim(raw);
        std::smatch m;
        if (std::regex_match(l, m, cpuName)) cpu = m[1];
        if (!std::regex_match(l, m, line)) continue;
        const std::string instruction = trim(m[1].str());
        const auto words = splitWhitespace(instruction);
        // Rows such as " 2x 0x66 NOP" or "MOV r8,[m8]+MOV [m8],r8" are not one instruction's form.
        const bool word = !words.empty() && std::all_of(words[0].begin(), words[0].end(), [](char c) {
            return std::isalpha(static_cast<unsigned char>(c));
        });
        // A '+' outside brackets joins two instructions ("MOV r64,[m64]+MOV [m64],r64").
        int depth = 0;
        const bool combined = std::any_of(instruction.begin(), instruction.end(), [&](char c) {
            depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            return c == '+' && depth == 0;
        });
        if (!word || combined) continue;
        auto value = [&](const std::string& cell) -> std::optional<double> {
            std::smatch c;
            if (!std::regex_search(cell, c, cycles)) return std::nullopt;
            return parseDouble(c[1].str());
        };
        ReferenceRow row;
        row.mnemonic = toLower(words[0]);
        row.operands = trim(std::string_view(instruction).substr(words[0].size()));
        row.latency = value(m[2].str());
        row.reciprocalThroughput = value(m[3].str());
        row.source = sourceName + " (InstLatx64)";
        row.line = lineNo;
        // Dumps list some instructions twice (in two groups): one row is enough.
        const bool repeat = std::any_of(table.rows_.begin(), table.rows_.end(), [&](const ReferenceRow& r) {
            return r.mnemonic == row.mnemonic && r.operands == row.operands && r.latency == row.latency &&
                   r.reciprocalThroughput == row.reciprocalThroughput;
        });
        if (!repeat) table.rows_.push_back(std::move(row));
    }
    if (table.rows_.empty())
        return makeError(sourceName + ": no InstLatx64 rows ('Inst N GROUP : INSTRUCTION  L: ...c  T: ...c') found");
    // InstLatx64 writes "SUB r64, r64" for one register used twice and "SUB r1_64, r2_64" for two.
    // Where both exist, the first is the same-register form (a zeroing idiom for sub, xor, pxor).
    static const std::regex distinct(R"(\b(r[12]_\d+|[xyz]?mm[12])\b)");
    std::set<std::pair<std::string, std::string>> hasDistinct;
    for (const auto& r : table.rows_)
        if (std::regex_search(r.operands, distinct)) hasDistinct.insert({r.mnemonic, formKey(r.operands)});
    for (auto& r : table.rows_) {
        r.microarchitecture = cpu;
        if (!std::regex_search(r.operands, distinct) && hasDistinct.count({r.mnemonic, formKey(r.operands)}))
            r.operands += " (same register)";
    }
    return table;
}

namespace {

// One tag of an XML document: its name and attributes (uops.info's file needs no more).
struct XmlTag {
    std::string name; // "/name" for a closing tag
    std::map<std::string, std::string> attributes;
    bool selfClosing = false;
};

std::string xmlUnescape(std::string s) {
    static const std::pair<const char*, const char*> entities[] = {
        {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}};
    for (const auto& [from, to] : entities)
        for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + 1)) s.replace(at, std::strlen(from), to);
    return s;
}

// Calls `visit` for every element tag in document order; comments, declarations and text are skipped.
template <class Visit>
Status forEachXmlTag(std::string_view text, Visit visit) {
    static const std::regex attribute(R"re(([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*"([^"]*)")re");
    for (size_t at = text.find('<'); at != std::string_view::npos; at = text.find('<', at + 1)) {
        if (text.substr(at, 4) == "<!--") {
            at = text.find("-->", at);
            if (at == std::string_view::npos) return makeError("an XML comment is not closed");
            continue;
        }
        const size_t close = text.find('>', at);
        if (close == std::string_view::npos) return makeError("an XML tag is not closed");
        const std::string inside(text.substr(at + 1, close - at - 1));
        if (inside.empty() || inside[0] == '?' || inside[0] == '!') continue;
        XmlTag tag;
        tag.selfClosing = inside.back() == '/';
        const size_t nameEnd = inside.find_first_of(" \t\r\n/", inside[0] == '/' ? 1 : 0);
        tag.name = inside.substr(0, nameEnd);
        for (std::sregex_iterator it(inside.begin(), inside.end(), attribute), end; it != end; ++it)
            tag.attributes[(*it)[1]] = xmlUnescape((*it)[2]);
        visit(tag);
        at = close;
    }
    return {};
}

std::optional<double> attributeNumber(const XmlTag& tag, const std::string& name) {
    auto it = tag.attributes.find(name);
    if (it == tag.attributes.end()) return std::nullopt;
    // uops.info writes bounds as "<=3" or "≥1" at times: the number is what is compared.
    std::string digits;
    for (char c : it->second)
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') digits += c;
    return parseDouble(digits);
}

// uops.info's operand list, from its name: "ADD_01 (R64, R64)" -> "r64, r64". LEA's
// memory form is in the name ("LEA_B_IS_D8 (R64)": base, scaled index, disp8).
std::string uopsInfoOperands(const std::string& asmName, const std::string& string) {
    const size_t open = string.find('('), close = string.rfind(')');
    std::string operands = open != std::string::npos && close > open ? string.substr(open + 1, close - open - 1) : "";
    if (toLower(asmName) != "lea") return operands;
    const std::string form = trim(string.substr(0, open));
    std::string address;
    for (const auto& part : split(form, '_')) {
        const std::string p = toLower(part);
        if (p == "lea") continue;
        const std::string term = p == "b" || p == "i" ? "r64" : p == "is" ? "r64*s" : p == "d8" ? "disp8"
                                 : p == "d32" ? "disp32" : p == "r" ? "rip" : "?" + p;
        address += (address.empty() ? "" : "+") + term;
    }
    return operands + ", [" + address + "]";
}

} // namespace

Result<ReferenceTable> ReferenceTable::parseUopsInfoXml(std::string_view text, const std::string& sourceName) {
    ReferenceTable table;
    std::string asmName, string, arch;
    std::optional<double> throughput, sameRegThroughput, latency, sameRegLatency;
    bool inMeasurement = false;
    auto emit = [&] {
        if (asmName.empty()) return;
        ReferenceRow row;
        row.mnemonic = toLower(asmName);
        row.operands = uopsInfoOperands(asmName, string);
        row.latency = latency;
        row.reciprocalThroughput = throughput;
        row.microarchitecture = arch;
        row.source = sourceName + " (uops.info)";
        table.rows_.push_back(row);
        if (sameRegLatency || sameRegThroughput) {
            row.operands += " (same register)";
            row.latency = sameRegLatency;
            row.reciprocalThroughput = sameRegThroughput;
            table.rows_.push_back(std::move(row));
        }
    };
    auto raise = [](std::optional<double>& to, std::optional<double> v) {
        if (v && (!to || *v > *to)) to = v;
    };
    auto s = forEachXmlTag(text, [&](const XmlTag& tag) {
        if (tag.name == "instruction") {
            asmName = tag.attributes.count("asm") ? tag.attributes.at("asm") : "";
            string = tag.attributes.count("string") ? tag.attributes.at("string") : asmName;
        } else if (tag.name == "architecture") {
            arch = tag.attributes.count("name") ? tag.attributes.at("name") : "";
        } else if (tag.name == "measurement") {
            throughput = attributeNumber(tag, "TP_unrolled");
            if (!throughput) throughput = attributeNumber(tag, "TP_loop");
            if (!throughput) throughput = attributeNumber(tag, "TP");
            sameRegThroughput = attributeNumber(tag, "TP_unrolled_same_reg");
            if (!sameRegThroughput) sameRegThroughput = attributeNumber(tag, "TP_same_reg");
            latency.reset();
            sameRegLatency.reset();
            inMeasurement = !tag.selfClosing;
            if (tag.selfClosing) emit();
        } else if (tag.name == "latency" && inMeasurement) {
            // The row's latency is the longest from any input to any output (uops.info lists each pair).
            for (const char* name : {"cycles", "max_cycles", "cycles_addr", "max_cycles_addr", "cycles_addr_index"})
                raise(latency, attributeNumber(tag, name));
            raise(sameRegLatency, attributeNumber(tag, "cycles_same_reg"));
        } else if (tag.name == "/measurement") {
            inMeasurement = false;
            emit();
        }
    });
    if (!s) return makeError(sourceName + ": " + s.error().message);
    if (table.rows_.empty())
        return makeError(sourceName + ": no uops.info measurements (<instruction> with <architecture><measurement>) found");
    return table;
}

ReferenceTable::Format ReferenceTable::detectFormat(std::string_view text) {
    const std::string head(text.substr(0, 4096));
    if (trim(head).starts_with("<")) return Format::UopsInfoXml;
    static const std::regex instLine(R"((^|\n)Inst\s+\d+\s+\S+\s*:)");
    if (std::regex_search(std::string(text.substr(0, 65536)), instLine)) return Format::InstLatx64;
    return Format::Csv;
}

Result<ReferenceTable> ReferenceTable::parse(std::string_view text, const std::string& sourceName) {
    switch (detectFormat(text)) {
    case Format::UopsInfoXml: return parseUopsInfoXml(text, sourceName);
    case Format::InstLatx64: return parseInstLatx64(text, sourceName);
    case Format::Csv: break;
    }
    return parseCsv(text, sourceName);
}

Result<ReferenceTable> ReferenceTable::load(const std::string& path) {
    auto text = readFile(path);
    if (!text) return makeError("cannot read the reference table '" + path + "' (check the path and permissions)");
    return parse(*text, path);
}

std::string formKey(std::string_view operands) {
    std::string text = toLower(operands);
    bool same = false;
    for (const char* mark : {"(same register)", "(same reg)"})
        if (auto at = text.find(mark); at != std::string::npos) {
            text.erase(at, std::strlen(mark));
            same = true;
        }
    static const std::regex memory(R"(^\[?m(\d+)\]?$)");
    static const std::regex immediate(R"(^(imm\d*|im\d+|i\d+)$)");
    static const std::regex distinctGpr(R"(^r[12]_(\d+)$)");
    static const std::regex distinctVector(R"(^([xyz]?mm)\d$)");
    static const std::regex scale(R"(\*[248]\b)");
    std::vector<std::string> parts;
    std::string cur;
    int depth = 0;
    for (char c : text + ",") {
        if (c == '[') ++depth;
        if (c == ']') --depth;
        if (c == ',' && depth == 0) {
            parts.push_back(cur);
            cur.clear();
        } else if (!std::isspace(static_cast<unsigned char>(c))) {
            cur += c;
        }
    }
    std::string out;
    for (auto& p : parts) {
        if (p.empty()) continue;
        std::smatch m;
        if (std::regex_match(p, m, memory)) p = "m" + m[1].str();
        else if (std::regex_match(p, immediate)) p = "imm";
        else if (std::regex_match(p, m, distinctGpr)) p = "r" + m[1].str();
        else if (std::regex_match(p, m, distinctVector)) p = m[1].str();
        p = std::regex_replace(p, scale, "*s");
        out += (out.empty() ? "" : ",") + p;
    }
    return same ? out + "(sameregister)" : out;
}

double ReferenceTolerance::allowed(double reference) const { return std::max(absolute, relative * reference); }

std::vector<const ReferenceRow*> ReferenceTable::find(std::string_view mnemonic, std::string_view operands,
                                                      std::string_view microarchitecture) const {
    std::vector<const ReferenceRow*> out;
    const std::string m = toLower(mnemonic);
    const std::string o = formKey(operands);
    for (const auto& row : rows_)
        if (row.mnemonic == m && formKey(row.operands) == o &&
            (microarchitecture.empty() || toLower(row.microarchitecture) == toLower(microarchitecture)))
            out.push_back(&row);
    return out;
}

std::vector<std::string> ReferenceTable::microarchitectures() const {
    std::vector<std::string> out;
    for (const auto& row : rows_)
        if (std::find(out.begin(), out.end(), row.microarchitecture) == out.end()) out.push_back(row.microarchitecture);
    return out;
}

namespace {

std::string verdictOf(const std::optional<double>& difference, bool flagged) {
    return !difference ? "" : flagged ? "differs" : "agrees";
}

} // namespace

std::string ReferenceComparison::latencyVerdict() const { return verdictOf(latencyDifference, latencyFlagged); }
std::string ReferenceComparison::throughputVerdict() const { return verdictOf(throughputDifference, throughputFlagged); }
std::string ReferenceComparison::verdict() const {
    const std::string l = latencyVerdict(), t = throughputVerdict();
    if (l == "differs" || t == "differs") return "differs";
    return l.empty() && t.empty() ? "" : "agrees";
}

ReferenceComparison compareWithReference(const BenchResult& result, const ReferenceRow& row) {
    ReferenceComparison c;
    c.row = &row;
    auto compare = [&](const ModeMeasurement& m, const std::optional<double>& ref, const ReferenceTolerance& tolerance,
                       std::optional<double>& difference, std::optional<double>& deviation, bool& flagged) {
        if (!m.cycles || !ref) return;
        difference = m.cycles->min - *ref;
        if (*ref > 0) deviation = *difference / *ref;
        flagged = std::fabs(*difference) > tolerance.allowed(*ref) + 1e-9;
    };
    compare(result.latency, row.latency, kLatencyTolerance, c.latencyDifference, c.latencyDeviation, c.latencyFlagged);
    compare(result.throughput, row.reciprocalThroughput, kThroughputTolerance, c.throughputDifference,
            c.throughputDeviation, c.throughputFlagged);
    return c;
}

std::vector<ReferenceComparison> compareWithReferences(const BenchResult& result, const ReferenceTable& table,
                                                       std::string_view microarchitecture) {
    std::vector<ReferenceComparison> out;
    for (const ReferenceRow* row : table.find(result.mnemonic, result.operands, microarchitecture))
        out.push_back(compareWithReference(result, *row));
    return out;
}

} // namespace perfdash
