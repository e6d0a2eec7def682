#include "core/report/HtmlReport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/presentation/KeyFigures.h"
#include "core/report/MarkupText.h"
#include "core/presentation/NumberFormat.h"
#include "core/presentation/RooflinePoints.h"
#include "core/report/ReportCharts.h"
#include "core/report/ReportTables.h"
#include "core/report/RooflineReport.h"
#include "core/presentation/RunContext.h"
#include "core/presentation/TopDown.h"
#include "core/result/MetricCoverage.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

using json = nlohmann::json;

std::string esc(std::string_view text) { return escapeMarkup(text); }

// The machine object is opaque to reports (hand-written files may hold anything): look, never assume.
const json* field(const json& object, const char* key) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

std::string scalarText(const json& v) {
    if (v.is_null()) return kNotAvailableText;
    if (v.is_string()) return v.get<std::string>();
    if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
    if (v.is_number()) return formatNumber(v.get<double>());
    return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string fieldText(const json& object, const char* key) {
    const json* v = field(object, key);
    return v ? scalarText(*v) : std::string();
}

std::string bytesText(double bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    size_t u = 0;
    while (bytes >= 1024 && u + 1 < std::size(units)) bytes /= 1024, ++u;
    return bytes == std::trunc(bytes) ? printfString("%.0f %s", bytes, units[u]) : printfString("%.1f %s", bytes, units[u]);
}

using Rows = std::vector<std::pair<std::string, std::string>>;

// Tables of text get the page's width on paper, where QTextDocument would squeeze their columns.
std::string tableOpen(const char* cls, bool fullWidth) {
    return std::string("<table") + (*cls ? std::string(" class=\"") + cls + "\"" : "") +
           (fullWidth ? " width=\"100%\"" : "") + " border=\"1\" cellspacing=\"0\" cellpadding=\"4\">\n";
}

std::string keyValueTable(const Rows& rows, bool forPrint) {
    std::string out = tableOpen("kv", forPrint);
    for (const auto& [key, value] : rows) {
        out += key == "Warning" ? "<tr class=\"warning\">" : "<tr>";
        out += "<th scope=\"row\">" + esc(key) + "</th><td>" + esc(value) + "</td></tr>\n";
    }
    return out + "</table>\n";
}

std::string valueCellClass(const std::string& cell) {
    if (cell == kNotCountedText || cell.starts_with(kNotAvailableText)) return "num na";
    return cell.find("(partial:") != std::string::npos ? "num partial" : "num";
}

std::string tableHtml(const ReportTable& table) {
    std::string out = tableOpen("", false) + "<thead><tr>";
    for (const auto& h : table.headers) out += "<th>" + esc(h) + "</th>";
    out += "</tr></thead>\n<tbody>\n";
    for (const auto& row : table.rows) {
        out += "<tr>";
        for (size_t c = 0; c < row.size(); ++c) {
            const bool label = c < table.labelColumns;
            out += "<td class=\"" + (label ? std::string("label") : valueCellClass(row[c])) + "\"" +
                   (label ? "" : " align=\"right\"") + ">" + esc(row[c]) + "</td>";
        }
        out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n";
    for (const auto& note : table.notes) out += "<p class=\"note\">" + esc(note) + "</p>\n";
    return out;
}

std::string groupTablesHtml(const GroupTables& tables, bool hasMetrics) {
    std::string out = "<h3>Events</h3>\n" + tableHtml(tables.events);
    if (tables.hasStatistics) out += "<h3>Event statistics</h3>\n" + tableHtml(tables.eventStatistics);
    if (hasMetrics) {
        out += "<h3>Metrics</h3>\n" + tableHtml(tables.metrics);
        if (tables.hasStatistics) out += "<h3>Metric statistics</h3>\n" + tableHtml(tables.metricStatistics);
    }
    if (!tables.coreTypes.rows.empty()) out += "<h3>Per core type</h3>\n" + tableHtml(tables.coreTypes);
    return out;
}

Rows configurationRows(const MeasurementResult& r) {
    Rows rows = reportHeaderLines(r);
    rows.insert(rows.begin() + (rows.empty() ? 0 : 1), {"Mode", r.config.mode.empty() ? "unknown" : r.config.mode});
    if (!r.config.events.empty()) rows.emplace_back("Events asked for", join(r.config.events, ", "));
    rows.emplace_back("Backend", r.config.backend);
    rows.emplace_back("Measured with", r.tool + (r.version.empty() ? "" : " " + r.version));
    return rows;
}

std::string topologyLayout(const json& topology) {
    std::string out;
    auto part = [&](const char* key, const char* what) {
        if (const json* v = field(topology, key); v && v->is_number()) {
            if (!out.empty()) out += ", ";
            out += scalarText(*v) + " " + what;
        }
    };
    part("sockets", "socket(s)");
    part("cores", "cores");
    part("hwThreads", "hardware threads");
    part("threadsPerCore", "per core");
    part("numaDomains", "NUMA domain(s)");
    return out;
}

std::string cacheText(const json& cache) {
    std::string out = "L" + fieldText(cache, "level") + " " + fieldText(cache, "type");
    if (const json* size = field(cache, "sizeBytes"); size && size->is_number()) out += ": " + bytesText(size->get<double>());
    if (const json* ways = field(cache, "associativity"); ways && ways->is_number()) out += ", " + scalarText(*ways) + "-way";
    if (const json* n = field(cache, "instances"); n && n->is_number()) out += ", " + scalarText(*n) + " instance(s)";
    return out;
}

// The likwid architecture the CPU was taken for (MachineContext's cpu_arch), in words: which, set or
// identified how, and the doubts about it.
std::string archText(const json& arch) {
    const json* name = field(arch, "arch");
    std::string text = name && name->is_string() ? name->get<std::string>() : "none (no likwid architecture matches this CPU)";
    if (const json* by = field(arch, "overriddenBy"); by && by->is_string()) {
        const json* detected = field(arch, "detectedArch");
        text += " (set by " + by->get<std::string>() + "; detected: " +
                (detected && detected->is_string() ? detected->get<std::string>() : std::string("none")) + ")";
    } else if (const std::string how = fieldText(arch, "how"); !how.empty()) {
        text += ": " + how;
    }
    if (const json* doubts = field(arch, "doubts"); doubts && doubts->is_array() && !doubts->empty()) {
        std::vector<std::string> lines;
        for (const json& d : *doubts) lines.push_back(scalarText(d));
        text += ". Uncertain: " + join(lines, "; ");
    }
    return text;
}

Rows machineRows(const json& machine) {
    static const std::vector<std::string> kShown = {"hostname", "topology",   "topology_error", "kernel",    "pmu_model",
                                                    "perf_event_paranoid",    "cap_perfmon",    "nominal_clock",
                                                    "capabilities",           "cpu_arch"};
    Rows rows;
    if (const json* host = field(machine, "hostname")) rows.emplace_back("Host", scalarText(*host));
    if (const json* topology = field(machine, "topology"); topology && topology->is_object()) {
        if (const json* cpu = field(*topology, "cpu"); cpu && cpu->is_object()) {
            std::string text = fieldText(*cpu, "modelName");
            const std::string id = fieldText(*cpu, "vendor") + " family " + fieldText(*cpu, "family") + " model " +
                                   fieldText(*cpu, "model") + " stepping " + fieldText(*cpu, "stepping");
            rows.emplace_back("CPU", text.empty() || text == kNotAvailableText ? id : text + " (" + id + ")");
        }
        if (const std::string arch = fieldText(*topology, "architecture"); !arch.empty()) rows.emplace_back("Architecture", arch);
        if (const std::string layout = topologyLayout(*topology); !layout.empty()) rows.emplace_back("Layout", layout);
        if (const json* caches = field(*topology, "caches"); caches && caches->is_array())
            for (const auto& c : *caches) rows.emplace_back("Cache", cacheText(c));
    }
    if (const json* arch = field(machine, "cpu_arch"); arch && arch->is_object()) rows.emplace_back("likwid architecture", archText(*arch));
    if (const json* error = field(machine, "topology_error")) rows.emplace_back("Topology", scalarText(*error));
    if (const json* kernel = field(machine, "kernel")) rows.emplace_back("Kernel", scalarText(*kernel));
    if (const json* pmu = field(machine, "pmu_model"))
        rows.emplace_back("PMU model", pmu->is_null() ? "none detected (no hardware counters here)" : scalarText(*pmu));
    if (const json* paranoid = field(machine, "perf_event_paranoid"))
        rows.emplace_back("perf_event_paranoid", scalarText(*paranoid));
    if (const json* perfmon = field(machine, "cap_perfmon")) rows.emplace_back("CAP_PERFMON", scalarText(*perfmon));
    if (const json* clock = field(machine, "nominal_clock"); clock && clock->is_object()) {
        const json* hz = field(*clock, "hz");
        std::string text = hz && hz->is_number() ? formatNumber(hz->get<double>() / 1e6) + " MHz" : kNotAvailableText;
        if (const std::string source = fieldText(*clock, "source"); !source.empty()) text += " (" + source + ")";
        rows.emplace_back("Nominal clock", text);
    }
    // Whatever else a machine object carries (other tools, hand-written files) is shown as it is.
    if (machine.is_object())
        for (const auto& [key, value] : machine.items())
            if (std::find(kShown.begin(), kShown.end(), key) == kShown.end()) rows.emplace_back(key, scalarText(value));
    return rows;
}

std::string capabilitiesTable(const json& machine, bool forPrint) {
    const json* capabilities = field(machine, "capabilities");
    if (!capabilities || !capabilities->is_array() || capabilities->empty()) return {};
    std::string out = "<h3>Capabilities</h3>\n" + tableOpen("", forPrint) +
                      // Widths for QTextDocument, which gives a column of long sentences too little room.
                      "<thead><tr><th width=\"22%\">Capability</th><th width=\"10%\">Available</th>"
                      "<th width=\"40%\">Detail</th><th width=\"28%\">How to enable</th></tr></thead>\n"
                      "<tbody>\n";
    for (const auto& c : *capabilities) {
        const json* applicable = field(c, "applicable");
        const json* available = field(c, "available");
        std::string state = applicable && applicable->is_boolean() && !applicable->get<bool>() ? "not applicable"
                            : available && available->is_boolean() ? (available->get<bool>() ? "yes" : "no")
                                                                    : kNotAvailableText;
        const json* fix = field(c, "fix");
        out += "<tr><td class=\"label\">" + esc(fieldText(c, "title")) + "</td><td class=\"" +
               (state == "yes" ? "ok" : "na") + "\">" + esc(state) + "</td><td>" + esc(fieldText(c, "detail")) +
               "</td><td>" + (fix && !fix->is_null() ? esc(scalarText(*fix)) : std::string()) + "</td></tr>\n";
    }
    return out + "</tbody>\n</table>\n";
}

std::string chartHtml(const ReportChart& chart, size_t index, bool forPrint) {
    if (!forPrint) return "<div class=\"chart\">\n" + chart.drawing.svg + "</div>\n";
    return "<p class=\"chart\"><img src=\"" + htmlChartResourceName(index) + "\" width=\"" +
           std::to_string(chart.drawing.width) + "\" height=\"" + std::to_string(chart.drawing.height) + "\" alt=\"" +
           esc(chart.title) + "\"/></p>\n";
}

const char* ratingClass(Rating rating) {
    switch (rating) {
    case Rating::Bad: return " class=\"bad\"";
    case Rating::Warning: return " class=\"warning\"";
    case Rating::Good:
    case Rating::None: break;
    }
    return "";
}

const char* ratingText(Rating rating) {
    switch (rating) {
    case Rating::Bad: return "worth a look";
    case Rating::Warning: return "watch";
    case Rating::Good: return "fine";
    case Rating::None: break;
    }
    return "";
}

// The overview's key figures of one group: each metric but the run's length, its
// whole-run value, coverage and band, the band's reason where it is not fine.
std::string keyFiguresHtml(const GroupResult& g, const MetricThresholds& thresholds, bool forPrint) {
    std::string out = "<h3>" + esc(g.name) + (g.shortDescription.empty() ? "" : ": " + esc(g.shortDescription)) +
                      "</h3>\n" + tableOpen("figures", forPrint) +
                      "<thead><tr><th>Key figure</th><th>Value</th><th>Unit</th><th>Coverage</th><th>Band</th></tr></thead>\n<tbody>\n";
    const double coverage = metricCoverage(g, kAggregateLocation);
    const std::vector<bool> pastVendorThreshold = metricsPastThreshold(g, aggregateValues(g));
    for (size_t i = 0; i < g.metrics.size(); ++i) {
        const MetricResult& m = g.metrics[i];
        if (!isKeyFigure(m)) continue;
        const MetricNameParts name = splitMetricName(m.name);
        const MetricThreshold* rule = thresholds.find(g.name, m.name);
        // thresholds.json first (the user's rules); else the group's own, the vendor's, threshold.
        const Rating rating = rule                         ? rule->rate(m.aggregate)
                              : !m.threshold || !isAvailable(m.aggregate) ? Rating::None
                              : pastVendorThreshold[i]     ? Rating::Warning
                                                           : Rating::Good;
        std::string band = ratingText(rating);
        if (rule && (rating == Rating::Warning || rating == Rating::Bad)) band += ": " + rule->why;
        if (!rule && m.threshold && rating != Rating::None)
            band += std::string(rating == Rating::Warning ? ": past" : ": within") + " the vendor's threshold (" +
                    thresholdText(*m.threshold) + ")";
        const bool value = isAvailable(m.aggregate);
        out += "<tr" + std::string(ratingClass(rating)) + "><td class=\"label\">" + esc(name.name) + "</td><td class=\"" +
               (value ? "num" : "na") + "\">" + esc(formatNumber(m.aggregate)) + "</td><td>" + esc(name.unit) +
               "</td><td class=\"num\">" + (value ? esc(formatCoverage(coverage)) : std::string()) + "</td><td>" +
               esc(band) + "</td></tr>\n";
    }
    return out + "</tbody>\n</table>\n";
}

std::string overviewHtml(const MeasurementResult& r, const HtmlReportOptions& options) {
    const RunContext context = describeRun(r);
    std::string out = "<h2>Overview</h2>\n<p class=\"context\">" + esc(context.line) + "</p>\n";
    if (!context.limitations.empty()) {
        out += "<ul class=\"limits\">\n";
        for (const std::string& line : context.limitations) out += "<li>" + esc(line) + "</li>\n";
        out += "</ul>\n";
    }
    for (const GroupResult& g : r.groups)
        if (std::any_of(g.metrics.begin(), g.metrics.end(), isKeyFigure)) out += keyFiguresHtml(g, options.thresholds, options.forPrint);
    for (const std::string& note : options.notes) out += "<p class=\"note\">" + esc(note) + "</p>\n";
    return out;
}

// Font sizes in points: QTextDocument (the PDF) takes pixels as device pixels, which at print
// resolution would make the text tiny; points mean the same on screen and on paper.
constexpr const char* kStyle = R"(body { font-family: sans-serif; font-size: 10.5pt; color: #222; margin: 24px; max-width: 1280px; }
h1 { font-size: 16pt; margin-bottom: 4px; }
h2 { font-size: 13.5pt; margin-top: 28px; border-bottom: 1px solid #ccc; padding-bottom: 2px; }
h3 { font-size: 11pt; margin: 16px 0 4px; }
p.subtitle { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: 4px 0 8px; font-size: 9.5pt; }
th, td { border: 1px solid #bbb; padding: 3px 8px; }
th { background: #eef1f5; font-weight: bold; }
table.kv th { text-align: left; white-space: nowrap; }
td.label { white-space: nowrap; }
td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.na { color: #777; font-style: italic; }
td.partial { color: #8a5a00; }
td.ok { color: #1a7f37; }
tr.warning td, tr.warning th { background: #fff4e0; }
p.note { color: #555; font-size: 9pt; margin: 2px 0; }
p.banner { background: #fff4e0; border: 1px solid #e0b060; padding: 6px 10px; }
p.context { font-weight: bold; }
ul.limits { color: #8a5a00; }
table.figures tr.warning td { background: #fff4e0; }
table.figures tr.bad td { background: #fde2e1; }
div.charts { display: flex; flex-wrap: wrap; gap: 12px; }
div.chart svg { display: block; max-width: 100%; height: auto; border: 1px solid #ddd; }
footer { margin-top: 32px; color: #777; font-size: 9pt; }
)";

// On A4 (QTextDocument, which knows no max-width or flex): smaller type, so that a table of a
// few locations fits the page, and the tables of text as wide as the page.
constexpr const char* kPrintStyle = R"(body { font-size: 9pt; }
h1 { font-size: 14pt; }
h2 { font-size: 12pt; }
h3 { font-size: 10pt; }
table { font-size: 7.5pt; }
p.note, footer { font-size: 7.5pt; }
)";

} // namespace

HtmlReportOptions htmlReportOptionsFromData() {
    HtmlReportOptions options;
    if (auto thresholds = loadMetricThresholds(defaultMetricThresholdsPath()); thresholds.ok())
        options.thresholds = std::move(thresholds.value());
    else
        options.notes.push_back("Key figures are not marked: " + thresholds.error().message);
    if (auto colors = ColorScale::load(ColorScale::defaultPath()); colors.ok())
        options.heatColors = std::move(colors.value());
    else
        options.notes.push_back("No heat map: " + colors.error().message);
    options.ceilings = reportCeilings({});
    return options;
}

std::string htmlChartResourceName(size_t index) { return "chart-" + std::to_string(index) + ".png"; }

namespace {

// The page's head and title: the same for a session's report and one of sections alone.
std::string htmlPageStart(const std::string& target, bool forPrint) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
           // Nothing in a report runs or is fetched, even if a name slipped through unescaped.
           "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
           "style-src 'unsafe-inline'; img-src data:\">\n"
           "<title>perfdash report: " +
           esc(target) + "</title>\n<style>\n" + kStyle + (forPrint ? kPrintStyle : "") +
           "</style>\n</head>\n<body>\n<h1>perfdash report: " + esc(target) + "</h1>\n";
}

std::string sectionsHtml(const std::vector<HtmlSection>& sections, bool forPrint) {
    std::string out;
    for (const HtmlSection& section : sections) {
        out += "<h2>" + esc(section.title) + "</h2>\n";
        for (const std::string& p : section.paragraphs) out += "<p>" + esc(p) + "</p>\n";
        for (const ReportTable& table : section.tables) out += tableHtml(table);
        if (section.svg.empty()) continue;
        out += "<h3>" + esc(section.svgTitle) + "</h3>\n";
        out += forPrint ? "<p class=\"note\">" + esc(section.svgTitle) + ": in the HTML report, not on paper.</p>\n"
                        : "<div class=\"chart\">\n" + section.svg + "</div>\n";
    }
    return out;
}

std::string htmlPageEnd() {
    return "<footer>perfdash report, format schema " + std::to_string(kReportSchemaVersion) + ".</footer>\n</body>\n</html>\n";
}

} // namespace

std::string formatHtmlSectionsReport(const std::string& target, const std::string& subtitle,
                                     const std::vector<HtmlSection>& sections) {
    return htmlPageStart(target, false) + "<p class=\"subtitle\">" + esc(subtitle) + "</p>\n" +
           sectionsHtml(sections, false) + htmlPageEnd();
}

std::string formatHtmlReport(const MeasurementResult& r, const HtmlReportOptions& options) {
    const std::string target = targetName(r.config);
    std::string out = htmlPageStart(target, options.forPrint);
    const std::string duration = isAvailable(r.durationS) ? printfString("%.3f s", r.durationS) : "duration unknown";
    out += "<p class=\"subtitle\">" + esc(r.startedAt.empty() ? std::string("start time unknown") : "started " + r.startedAt) +
           ", " + duration + "</p>\n";
    if (r.incomplete)
        out += "<p class=\"banner\">Incomplete session: it was saved while running and never finished. The "
               "timeline ends at the last save; whole-run metrics are not known.</p>\n";

    out += overviewHtml(r, options);
    out += "<h2>Configuration</h2>\n" + keyValueTable(configurationRows(r), options.forPrint);
    out += "<h2>Machine</h2>\n";
    const Rows machine = machineRows(r.machine);
    out += machine.empty() ? "<p class=\"note\">The report does not describe the machine.</p>\n" : keyValueTable(machine, options.forPrint);
    out += capabilitiesTable(r.machine, options.forPrint);

    const std::vector<ReportChart> charts = reportCharts(r);
    for (size_t g = 0; g < r.groups.size(); ++g) {
        const GroupTables tables = groupTables(r, g);
        out += "<h2>" + esc(tables.title) + "</h2>\n" + groupTablesHtml(tables, !r.groups[g].metrics.empty());
        std::string groupCharts;
        for (size_t c = 0; c < charts.size(); ++c)
            if (charts[c].group == g) groupCharts += chartHtml(charts[c], c, options.forPrint);
        if (!options.forPrint && options.heatColors)
            if (auto heatMap = groupHeatMap(r, g, *options.heatColors))
                groupCharts += "<div class=\"chart heatmap\">\n" + heatMap->drawing.svg + "</div>\n";
        if (!groupCharts.empty()) out += "<h3>Charts</h3>\n<div class=\"charts\">\n" + groupCharts + "</div>\n";
    }
    if (r.groups.empty()) out += "<p class=\"note\">The report holds no groups.</p>\n";
    for (const auto& region : r.regions) {
        const RegionTables tables = regionTables(region);
        out += "<h2>" + esc(tables.title) + "</h2>\n<h3>Region info</h3>\n" + tableHtml(tables.info) +
               groupTablesHtml(tables.group, !region.group.metrics.empty());
    }
    if (options.ceilings && hasRooflineGroups(r.groups))
        out += sectionsHtml({rooflineHtmlSection(r, *options.ceilings, "this run")}, options.forPrint);
    return out + sectionsHtml(options.sections, options.forPrint) + htmlPageEnd();
}

} // namespace perfdash
