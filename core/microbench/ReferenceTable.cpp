#include "core/microbench/ReferenceTable.h"

#include <algorithm>
#include <cctype>
#include <cmath>

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

std::string normaliseOperands(std::string_view s) {
    std::string out;
    for (char c : toLower(s))
        if (!std::isspace(static_cast<unsigned char>(c))) out += c;
    return out;
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

Result<ReferenceTable> ReferenceTable::load(const std::string& path) {
    auto text = readFile(path);
    if (!text) return makeError("cannot read the reference table '" + path + "' (check the path and permissions)");
    return parseCsv(*text, path);
}

std::vector<const ReferenceRow*> ReferenceTable::find(std::string_view mnemonic, std::string_view operands,
                                                      std::string_view microarchitecture) const {
    std::vector<const ReferenceRow*> out;
    const std::string m = toLower(mnemonic);
    const std::string o = normaliseOperands(operands);
    for (const auto& row : rows_)
        if (row.mnemonic == m && normaliseOperands(row.operands) == o &&
            (microarchitecture.empty() || toLower(row.microarchitecture) == toLower(microarchitecture)))
            out.push_back(&row);
    return out;
}

ReferenceComparison compareWithReference(const BenchResult& result, const ReferenceRow& row, double tolerance) {
    ReferenceComparison c;
    c.row = &row;
    auto compare = [&](const ModeMeasurement& m, const std::optional<double>& ref, std::optional<double>& deviation,
                       bool& flagged) {
        if (!m.cycles || !ref || *ref <= 0) return;
        const double diff = m.cycles->min - *ref;
        deviation = diff / *ref;
        flagged = std::fabs(*deviation) > tolerance && std::fabs(diff) > 0.1;
    };
    compare(result.latency, row.latency, c.latencyDeviation, c.latencyFlagged);
    compare(result.throughput, row.reciprocalThroughput, c.throughputDeviation, c.throughputFlagged);
    return c;
}

std::vector<ReferenceComparison> compareWithReferences(const BenchResult& result, const ReferenceTable& table,
                                                       std::string_view microarchitecture, double tolerance) {
    std::vector<ReferenceComparison> out;
    for (const ReferenceRow* row : table.find(result.mnemonic, result.operands, microarchitecture))
        out.push_back(compareWithReference(result, *row, tolerance));
    return out;
}

} // namespace perfdash
