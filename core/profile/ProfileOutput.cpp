#include "core/profile/ProfileOutput.h"

#include <cmath>
#include <map>

#include "core/profile/FlameGraph.h"
#include "core/profile/ProfileJson.h"
#include "core/profile/SourceFiles.h"
#include "core/result/MeasurementResult.h"
#include "core/util/PathName.h"
#include "core/util/Strings.h"
#include "core/util/TextTable.h"

namespace perfdash {

namespace {

using ojson = nlohmann::ordered_json;

std::string percent(const Share& s) {
    return printfString("%.1f", s.value * 100) + (s.value > 0 ? printfString(" ±%.1f", s.error * 100) : "");
}

std::string count(double v) { return printfString("%.0f", v); }

ojson numberOrNull(double v) { return std::isfinite(v) ? ojson(v) : ojson(nullptr); }

ojson metricsJson(const ProfileMetrics& metrics, const std::vector<MetricValue>& values, double samples) {
    ojson out = ojson::array();
    for (size_t m = 0; m < values.size(); ++m)
        out.push_back({{"name", metrics.names()[m]},
                       {"value", numberOrNull(values[m].value)},
                       {"error", numberOrNull(values[m].error)},
                       {"samples", samples},
                       {"too_few_samples", values[m].few}});
    return out;
}

// Of a call path's columns, or an instruction's (the same first columns).
ojson sumsJson(const Profile& p, const std::vector<double>& sums, const Share& share) {
    const ProfileColumns c = p.columns();
    ojson events = ojson::object();
    for (size_t e : sampledEvents(p)) events[p.events[e].counter] = sums[c.event(e)];
    return {{"samples", sums[ProfileColumns::kSamples]},
            {"weight", sums[ProfileColumns::kWeight]},
            {"share", share.value},
            {"share_error", share.error},
            {"time_s", sums[c.time()] / 1e9},
            {"events", events}};
}

ojson viewHead(const char* type, const Profile& p, const ProfileSelection& selection, const ProfileSource& source) {
    return {{"type", type},
            {"schema", kReportSchemaVersion},
            {"format", kProfileFormatVersion},
            {"source", {{"session", source.session}, {"started_at", source.startedAt}, {"recorded", source.recorded}}},
            {"leader", p.sampling.leader},
            {"weight_unit", p.sampling.leader},
            {"selection",
             {{"description", selection.description},
              {"from_s", selection.fromS},
              {"to_s", selection.toS},
              {"samples", selection.sums[ProfileColumns::kSamples]},
              {"weight", selection.sums[ProfileColumns::kWeight]}}}};
}

// Text columns for the sampled events and the metrics.
void addFigureHeaders(const Profile& p, const ProfileMetrics& metrics, std::vector<TextTable::Column>& columns) {
    for (size_t e : sampledEvents(p)) columns.push_back({p.events[e].counter});
    for (const std::string& m : metrics.names()) columns.push_back({m});
}

void addFigures(const Profile& p, const std::vector<double>& sums, const std::vector<MetricValue>& values,
                std::vector<std::string>& cells) {
    for (size_t e : sampledEvents(p)) cells.push_back(count(sums[p.columns().event(e)]));
    for (const MetricValue& v : values) cells.push_back(metricText(v));
}

std::string fewNote(const ProfileMetrics& metrics) {
    if (metrics.count() == 0) return {};
    return "Metrics: the group's formulas on the summed deltas of the samples, ± their standard error (delta method); "
           "'?' marks a value from fewer than " +
           printfString("%.0f", ProfileMetrics::kMinSamples) + " samples: too few to tell.\n";
}

bool anyIncomplete(const std::vector<FunctionRow>& rows) {
    for (const FunctionRow& r : rows)
        if (r.incompleteStacks > 0) return true;
    return false;
}

std::string functionName(const FunctionRow& r) {
    return r.name + (r.inlinedInto.empty() ? "" : " [inlined into " + r.inlinedInto + "]") + (r.kernel ? " [k]" : "");
}

// What the function table's columns mean, a sentence a line.
std::string functionTableNotes(bool incomplete, const ProfileMetrics& metrics) {
    std::string out = "Self: samples in the function's own code; Total: with it anywhere on the stack; ± one standard error "
                      "(binomial, from the sample counts). Events and metrics: its own samples.\n";
    if (incomplete) out += "Incomplete: its samples whose call stacks did not reach a process or thread entry.\n";
    return out + fewNote(metrics);
}

// A line of a source file, shortened for a table.
std::string shortLine(const std::vector<std::string>& lines, int line) {
    if (line <= 0 || size_t(line) > lines.size()) return {};
    const std::string text = trim(lines[size_t(line) - 1]);
    return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

} // namespace

std::string metricText(const MetricValue& value) {
    if (!std::isfinite(value.value)) return "n/a";
    if (value.few) return printfString("%.3g ?", value.value);
    return printfString("%.4g", value.value) + (std::isfinite(value.error) ? printfString(" ±%.2g", value.error) : "");
}

std::string profileHeaderText(const Profile& p, const ProfileSelection& selection, const ProfileSource& source) {
    std::string out;
    out += "Session:   " + source.session +
           (source.recorded ? " (recorded" + (source.startedAt.empty() ? "" : " " + source.startedAt) + ", not measured now)" : "") +
           "\n";
    out += "Sampled:   " + p.sampling.leader + (p.sampling.rate.empty() ? "" : ", " + p.sampling.rate) +
           ", call stacks: " + (p.sampling.callGraph == "dwarf" ? "DWARF unwinding" : p.sampling.callGraph == "fp" ? "frame pointers" : "none") + "\n";
    out += "Selection: " + selection.description + ": " + count(selection.sums[ProfileColumns::kSamples]) +
           " samples, " + count(selection.sums[ProfileColumns::kWeight]) + " " + p.sampling.leader + "\n";
    double byState[kStackStates] = {};
    for (size_t r : selection.rows) byState[static_cast<size_t>(p.keys[r].stack)] += p.row(r)[ProfileColumns::kSamples];
    if (p.sampling.callGraph != "none")
        out += "Stacks:    " + count(byState[0]) + " complete, " + count(byState[1]) + " incomplete, " + count(byState[2]) +
               " not judged (outermost frame without a name)\n";
    // An event's own line says what a notice about it would (the notice is its note, or in it).
    auto saidByAnEvent = [&](const std::string& notice) {
        for (const ProfileEvent& e : p.events)
            if (!e.inSamples && (e.note.find(notice) != std::string::npos || notice.find(e.note) != std::string::npos)) return true;
        return false;
    };
    for (const std::string& n : p.sampling.notices)
        if (!saidByAnEvent(n)) out += "Note:      " + n + "\n";
    for (const ProfileEvent& e : p.events)
        if (!e.inSamples) out += "n/a:       " + e.counter + " (" + e.event + "): " + e.note + "\n";
    for (const std::string& w : p.sampling.warnings) out += "Warning:   " + w + "\n";
    return out;
}

std::string functionTableText(const Profile& p, const std::vector<FunctionRow>& rows, ProfileMetrics& metrics,
                              size_t limit) {
    std::vector<TextTable::Column> columns = {{"Self %"}, {"Total %"}, {"Samples"}};
    addFigureHeaders(p, metrics, columns);
    const bool incomplete = anyIncomplete(rows);
    if (incomplete) columns.push_back({"Incomplete"});
    columns.push_back({"Function", TextTable::Align::Left});
    columns.push_back({"Module", TextTable::Align::Left});
    TextTable table(columns);
    const size_t shown = limit == 0 ? rows.size() : std::min(limit, rows.size());
    for (size_t i = 0; i < shown; ++i) {
        const FunctionRow& r = rows[i];
        std::vector<std::string> cells = {percent(r.selfShare), percent(r.totalShare),
                                          count(r.self[ProfileColumns::kSamples])};
        addFigures(p, r.self, r.metrics, cells);
        if (incomplete) cells.push_back(r.incompleteStacks > 0 ? count(r.incompleteStacks) : "");
        cells.push_back(functionName(r));
        cells.push_back(pathFileName(r.module));
        table.addRow(std::move(cells));
    }
    std::string out = table.render();
    if (shown < rows.size()) out += std::to_string(rows.size() - shown) + " more functions (--limit 0 shows all)\n";
    return out + functionTableNotes(incomplete, metrics);
}

ReportTable functionReportTable(const Profile& p, const std::vector<FunctionRow>& rows, ProfileMetrics& metrics,
                                size_t limit) {
    ReportTable table;
    table.headers = {"Function", "Module", "Self %", "Total %", "Samples"};
    table.labelColumns = 2;
    for (size_t e : sampledEvents(p)) table.headers.push_back(p.events[e].counter);
    for (const std::string& m : metrics.names()) table.headers.push_back(m);
    const bool incomplete = anyIncomplete(rows);
    if (incomplete) table.headers.push_back("Incomplete");
    const size_t shown = limit == 0 ? rows.size() : std::min(limit, rows.size());
    for (size_t i = 0; i < shown; ++i) {
        const FunctionRow& r = rows[i];
        std::vector<std::string> cells = {functionName(r), pathFileName(r.module), percent(r.selfShare),
                                          percent(r.totalShare), count(r.self[ProfileColumns::kSamples])};
        addFigures(p, r.self, r.metrics, cells);
        if (incomplete) cells.push_back(r.incompleteStacks > 0 ? count(r.incompleteStacks) : "");
        table.rows.push_back(std::move(cells));
    }
    if (shown < rows.size())
        table.notes.push_back("The " + std::to_string(shown) + " functions of the most self samples; " +
                              std::to_string(rows.size() - shown) + " more in `perfdash-cli report SESSION --functions`.");
    for (const std::string& note : split(functionTableNotes(incomplete, metrics), '\n'))
        if (!note.empty()) table.notes.push_back(note);
    return table;
}

HtmlSection profileHtmlSection(const Profile& p, const ProfileSource& source, size_t limit) {
    HtmlSection section;
    section.title = "Hot functions";
    auto selection = selectRows(p, {});
    auto metrics = ProfileMetrics::compile(p);
    if (!selection || !metrics) {
        section.paragraphs.push_back("The samples cannot be shown: " +
                                     (!selection ? selection.error().message : metrics.error().message));
        return section;
    }
    // The header's lines without the spaces that align them in a terminal.
    for (std::string line : split(profileHeaderText(p, *selection, source), '\n')) {
        if (const size_t colon = line.find(':'); colon != std::string::npos) {
            const size_t value = line.find_first_not_of(' ', colon + 1);
            if (value != std::string::npos) line = line.substr(0, colon + 1) + " " + line.substr(value);
        }
        if (!line.empty()) section.paragraphs.push_back(line);
    }
    section.tables.push_back(functionReportTable(p, functionTable(p, *selection, *metrics), *metrics, limit));
    FlameGraphOptions flame;
    flame.metric = metrics->find("CPI");
    section.svgTitle = "Flame graph, coloured by " + (flame.metric < 0 ? std::string("self share") : std::string("CPI"));
    section.svg = flameGraphSvg(p, *selection, *metrics, flame);
    return section;
}

std::string lineTableText(const Profile& p, const std::string& function, const std::vector<LineRow>& rows,
                          ProfileMetrics& metrics, const std::vector<std::string>& sourceFolders) {
    double samples = 0;
    for (const LineRow& r : rows) samples += r.sums[ProfileColumns::kSamples];
    std::string out = "Function " + function + ": " + count(samples) + " samples in its own body\n";
    std::vector<TextTable::Column> columns = {{"File", TextTable::Align::Left}, {"Line"}, {"Share %"}, {"Samples"}};
    addFigureHeaders(p, metrics, columns);
    columns.push_back({"Inlined calls", TextTable::Align::Left});
    columns.push_back({"Source", TextTable::Align::Left});
    TextTable table(columns);
    std::map<std::string, std::vector<std::string>> sources; // each file's lines, read once
    std::vector<std::string> missing;
    for (const LineRow& r : rows) {
        if (!r.file.empty() && !sources.count(r.file)) {
            const SourceLookup lookup = findSourceFile(r.file, sourceFolders);
            auto lines = lookup.found.empty() ? Result<std::vector<std::string>>(makeError("")) : readSourceLines(lookup.found);
            sources[r.file] = lines ? *lines : std::vector<std::string>{};
            if (!lines) missing.push_back(r.file + " (looked for " + join(lookup.looked, ", ") + ")");
        }
        std::vector<std::string> cells = {r.file.empty() ? "?" : pathFileName(r.file), r.line > 0 ? std::to_string(r.line) : "?",
                                          percent(r.share), count(r.sums[ProfileColumns::kSamples])};
        addFigures(p, r.sums, r.metrics, cells);
        cells.push_back(join(r.inlinedCalls, ", "));
        cells.push_back(r.file.empty() ? "" : shortLine(sources[r.file], r.line));
        table.addRow(std::move(cells));
    }
    out += table.render();
    out += "Share: of the function's own samples; a call inlined at a line counts at that line. Source: the file on this "
           "machine, where it is found.\n";
    for (const std::string& m : missing) out += "Source not found: " + m + "; --source-dir DIR looks under DIR too.\n";
    out += fewNote(metrics);
    return out;
}

namespace {

std::string sourceOf(const InstructionRow& row) {
    return row.file.empty() ? "" : pathFileName(row.file) + (row.line > 0 ? ":" + std::to_string(row.line) : "");
}

} // namespace

std::string disassemblyText(const Profile& p, const Disassembly& d) {
    std::string out = "Function " + d.function + " in " + d.module;
    if (d.size > 0) out += " (" + hex(d.start) + ", " + std::to_string(d.size) + " bytes)";
    out += ": " + count(d.sums[ProfileColumns::kSamples]) + " samples in its code\n";
    std::vector<TextTable::Column> columns = {{""}, {"Address"}, {"Share %"}, {"Samples"}};
    for (size_t e : sampledEvents(p)) columns.push_back({p.events[e].counter});
    columns.push_back({"Source", TextTable::Align::Left});
    columns.push_back({"Instruction", TextTable::Align::Left});
    TextTable table(columns);
    for (const InstructionRow& r : d.rows) {
        const bool sampled = r.sums[ProfileColumns::kSamples] > 0;
        std::vector<std::string> cells = {r.hottest ? "*" : "", hex(r.address), sampled ? percent(r.share) : "",
                                          sampled ? count(r.sums[ProfileColumns::kSamples]) : ""};
        for (size_t e : sampledEvents(p)) cells.push_back(sampled ? count(r.sums[p.columns().event(e)]) : "");
        cells.push_back(sourceOf(r));
        cells.push_back(r.text.empty() && !d.file.empty() ? "[not an instruction start]" : r.text);
        table.addRow(std::move(cells));
    }
    out += table.render();
    out += "*: the hottest instruction. Share: of the function's samples, ± one standard error (binomial). Code "
           "inlined into the function counts here, at its own source line.";
    out += d.file.empty() ? "\n" : " Instructions and lines: objdump of " + d.file + ".\n";
    for (const std::string& problem : d.problems) out += "Note: " + problem + "\n";
    return out;
}

namespace {

void callerLines(const CallerNode& node, const std::string& indent, bool last, bool root, std::string& out) {
    std::string line = root ? "" : indent + (last ? "└─ " : "├─ ");
    line += node.name + "  " + percent(node.share) + " %, " + count(node.sums[ProfileColumns::kSamples]) + " samples";
    for (size_t m = 0; m < node.metrics.size(); ++m) line += ", " + metricText(node.metrics[m]);
    out += line + "\n";
    const std::string childIndent = root ? "" : indent + (last ? "   " : "│  ");
    for (size_t i = 0; i < node.callers.size(); ++i)
        callerLines(node.callers[i], childIndent, i + 1 == node.callers.size(), false, out);
}

} // namespace

std::string callerTreeText(const Profile&, const CallerNode& tree, ProfileMetrics& metrics) {
    std::string out = "Callers of " + tree.name + " (each level: who called the one above; % of the selection";
    if (metrics.count()) out += "; " + join(metrics.names(), ", ") + " of that call path";
    out += ")\n";
    callerLines(tree, "", true, true, out);
    out += fewNote(metrics);
    return out;
}

ojson functionTableJson(const Profile& p, const ProfileSelection& selection, const std::vector<FunctionRow>& rows,
                        ProfileMetrics& metrics, const ProfileSource& source, size_t limit) {
    ojson out = viewHead("profile_functions", p, selection, source);
    ojson functions = ojson::array();
    const size_t shown = limit == 0 ? rows.size() : std::min(limit, rows.size());
    for (size_t i = 0; i < shown; ++i) {
        const FunctionRow& r = rows[i];
        functions.push_back({{"name", r.name},
                             {"module", r.module},
                             {"file", r.file},
                             {"kernel", r.kernel},
                             {"inlined_into", r.inlinedInto},
                             {"self", sumsJson(p, r.self, r.selfShare)},
                             {"total", sumsJson(p, r.total, r.totalShare)},
                             {"metrics", metricsJson(metrics, r.metrics, r.self[ProfileColumns::kSamples])},
                             {"incomplete_stacks", r.incompleteStacks}});
    }
    out["functions"] = functions;
    out["functions_left_out"] = rows.size() - shown;
    return out;
}

std::string functionChangesText(const std::vector<FunctionChange>& changes, const std::vector<std::string>& metrics,
                                size_t limit) {
    std::vector<TextTable::Column> columns = {{"Change"}, {"Self % before"}, {"Self % now"}, {"Samples before"},
                                              {"Samples now"}};
    for (const std::string& m : metrics) columns.push_back({m + " before -> now"});
    columns.push_back({"Function", TextTable::Align::Left});
    columns.push_back({"Module", TextTable::Align::Left});
    TextTable table(columns);
    const size_t shown = limit == 0 ? changes.size() : std::min(limit, changes.size());
    for (size_t i = 0; i < shown; ++i) {
        const FunctionChange& c = changes[i];
        std::vector<std::string> cells = {printfString("%+.1f ±%.1f", c.change * 100, c.changeError * 100),
                                          c.inBaseline ? percent(c.baselineSelf) : "-", c.inSession ? percent(c.self) : "-",
                                          count(c.baselineSamples), count(c.samples)};
        for (size_t m = 0; m < metrics.size(); ++m)
            cells.push_back((c.inBaseline ? metricText(c.baselineMetrics[m]) : "-") + " -> " +
                            (c.inSession ? metricText(c.metrics[m]) : "-"));
        cells.push_back(c.name);
        cells.push_back(c.module);
        table.addRow(std::move(cells));
    }
    std::string out = table.render();
    if (shown < changes.size()) out += std::to_string(changes.size() - shown) + " more functions (--limit 0 shows all)\n";
    return out + "Change: the self share now minus before, in share points, ± its standard error (the two runs' "
                 "binomial errors, taken as independent). '-': not sampled in that run.\n";
}

ojson functionChangesJson(const Profile& p, const ProfileSelection& selection, const ProfileSource& source,
                          const ProfileSelection& baselineSelection, const ProfileSource& baseline,
                          const std::vector<FunctionChange>& changes, const std::vector<std::string>& metrics,
                          size_t limit) {
    ojson out = viewHead("profile_functions_change", p, selection, source);
    out["baseline"] = {{"session", baseline.session},
                       {"started_at", baseline.startedAt},
                       {"selection",
                        {{"description", baselineSelection.description},
                         {"samples", baselineSelection.sums[ProfileColumns::kSamples]},
                         {"weight", baselineSelection.sums[ProfileColumns::kWeight]}}}};
    auto side = [&](bool in, const Share& share, double samples, const std::vector<MetricValue>& values) {
        if (!in) return ojson(nullptr);
        ojson m = ojson::array();
        for (size_t i = 0; i < metrics.size(); ++i)
            m.push_back({{"name", metrics[i]},
                         {"value", numberOrNull(values[i].value)},
                         {"error", numberOrNull(values[i].error)},
                         {"too_few_samples", values[i].few}});
        return ojson{{"share", share.value}, {"share_error", share.error}, {"samples", samples}, {"metrics", m}};
    };
    ojson functions = ojson::array();
    const size_t shown = limit == 0 ? changes.size() : std::min(limit, changes.size());
    for (size_t i = 0; i < shown; ++i) {
        const FunctionChange& c = changes[i];
        functions.push_back({{"name", c.name},
                             {"module", c.module},
                             {"change", c.change},
                             {"change_error", c.changeError},
                             {"before", side(c.inBaseline, c.baselineSelf, c.baselineSamples, c.baselineMetrics)},
                             {"now", side(c.inSession, c.self, c.samples, c.metrics)}});
    }
    out["functions"] = functions;
    out["functions_left_out"] = changes.size() - shown;
    return out;
}

ojson lineTableJson(const Profile& p, const ProfileSelection& selection, const std::string& function,
                    const std::vector<LineRow>& rows, ProfileMetrics& metrics, const ProfileSource& source) {
    ojson out = viewHead("profile_lines", p, selection, source);
    out["function"] = function;
    ojson lines = ojson::array();
    for (const LineRow& r : rows)
        lines.push_back({{"file", r.file},
                         {"line", r.line},
                         {"inlined_calls", r.inlinedCalls},
                         {"sums", sumsJson(p, r.sums, r.share)},
                         {"metrics", metricsJson(metrics, r.metrics, r.sums[ProfileColumns::kSamples])}});
    out["lines"] = lines;
    return out;
}

namespace {

ojson callerJson(const Profile& p, const CallerNode& n, ProfileMetrics& metrics) {
    ojson callers = ojson::array();
    for (const CallerNode& c : n.callers) callers.push_back(callerJson(p, c, metrics));
    return {{"name", n.name},
            {"sums", sumsJson(p, n.sums, n.share)},
            {"metrics", metricsJson(metrics, n.metrics, n.sums[ProfileColumns::kSamples])},
            {"incomplete_stack", n.incomplete},
            {"callers", callers}};
}

} // namespace

ojson callerTreeJson(const Profile& p, const ProfileSelection& selection, const CallerNode& tree,
                     ProfileMetrics& metrics, const ProfileSource& source) {
    ojson out = viewHead("profile_callers", p, selection, source);
    out["function"] = callerJson(p, tree, metrics);
    return out;
}

ojson foldedJson(const Profile& p, const ProfileSelection& selection, const ProfileSource& source) {
    ojson out = viewHead("profile_folded", p, selection, source);
    ojson stacks = ojson::array();
    for (const std::string& line : split(foldedStacks(p, selection), '\n')) {
        const size_t space = line.rfind(' ');
        stacks.push_back({{"stack", split(line.substr(0, space), ';')}, {"samples", std::stod(line.substr(space + 1))}});
    }
    out["stacks"] = stacks;
    return out;
}

ojson disassemblyJson(const Profile& p, const ProfileSelection& selection, const Disassembly& d,
                      const ProfileSource& source) {
    ojson out = viewHead("profile_disasm", p, selection, source);
    out["function"] = d.function;
    out["module"] = d.module;
    out["build_id"] = d.buildId;
    out["file"] = d.file;
    out["start"] = hex(d.start);
    out["size"] = d.size;
    out["sums"] = sumsJson(p, d.sums, shareOf(d.sums[ProfileColumns::kWeight], selection.sums[ProfileColumns::kWeight],
                                              selection.sums[ProfileColumns::kSamples]));
    ojson instructions = ojson::array();
    for (const InstructionRow& r : d.rows)
        instructions.push_back({{"address", hex(r.address)},
                                {"text", r.text},
                                {"file", r.file},
                                {"line", r.line},
                                {"hottest", r.hottest},
                                {"sums", sumsJson(p, r.sums, r.share)}});
    out["instructions"] = instructions;
    out["problems"] = d.problems;
    return out;
}

} // namespace perfdash
