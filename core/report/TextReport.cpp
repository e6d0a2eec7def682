#include "core/report/TextReport.h"

#include <algorithm>
#include <optional>

#include "core/report/MetricTree.h"
#include "core/report/ReportMerge.h"
#include "core/report/ReportTables.h"
#include "core/util/TextTable.h"

namespace perfdash {

namespace {

const std::string kRule(80, '-');

std::string headerBlock(const MeasurementResult& r) {
    std::string out = kRule + "\n";
    for (const auto& [label, value] : reportHeaderLines(r)) {
        std::string head = label + ":";
        head.resize(std::max<size_t>(head.size() + 1, 14), ' ');
        out += head + value + "\n";
    }
    return out + kRule + "\n";
}

// Name columns centred, value columns right-aligned (likwid's layout), notes under the box.
std::string render(const ReportTable& table) {
    std::vector<TextTable::Column> columns;
    for (size_t i = 0; i < table.headers.size(); ++i)
        columns.push_back({table.headers[i], i < table.labelColumns ? TextTable::Align::Center : TextTable::Align::Right});
    TextTable text(std::move(columns));
    for (const auto& row : table.rows) text.addRow(row);
    std::string out = text.render();
    for (const auto& note : table.notes) out += note + "\n";
    return out;
}

std::string groupText(const GroupTables& tables, const GroupResult& group) {
    std::string out = render(tables.events);
    if (tables.hasStatistics) out += "\n" + render(tables.eventStatistics);
    if (!group.metrics.empty()) {
        out += "\n" + render(tables.metrics);
        if (tables.hasStatistics) out += "\n" + render(tables.metricStatistics);
        if (const std::string tree = formatMetricTree(group); !tree.empty()) out += "\n" + tree;
    }
    if (!tables.coreTypes.rows.empty()) out += "\n" + render(tables.coreTypes);
    return out;
}

std::string regionText(const RegionResult& region) {
    const RegionTables tables = regionTables(region);
    return tables.title + "\n" + render(tables.info) + groupText(tables.group, region.group);
}

} // namespace

std::string formatTextReport(const MeasurementResult& merged) {
    std::string out = headerBlock(merged);
    // A merged report shows one column per run (its locations summed): hundreds
    // of hosts' CPUs would not fit side by side, and the statistics over the
    // columns are then the statistics across hosts. CSV and JSON keep every location.
    std::optional<MeasurementResult> view;
    if (!merged.hosts.empty()) view = perHostView(merged);
    const MeasurementResult& r = view ? *view : merged;
    if (!r.hosts.empty()) out += "Runs\n" + render(runsTable(r)) + kRule + "\n";
    for (size_t i = 0; i < r.groups.size(); ++i) {
        const GroupTables tables = groupTables(r, i);
        if (i > 0) out += kRule + "\n";
        out += tables.title + "\n" + groupText(tables, r.groups[i]);
    }
    for (const auto& region : r.regions) out += kRule + "\n" + regionText(region);
    return out;
}

} // namespace perfdash
