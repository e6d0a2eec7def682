#pragma once
// What a report's tables say, as text cells: the header block and, per
// group, the event table (events × locations), the event statistics, the
// metric table and the metric statistics. The text report lays them out in
// boxes, the HTML report as <table>s: both show the same cells and notes.
#include <string>
#include <utility>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

struct ReportTable {
    std::vector<std::string> headers;
    size_t labelColumns = 1; // the leading columns that name a row (event, counter); the rest hold values
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> notes; // sentences that belong under the table (reasons, what a % means)
};

struct GroupTables {
    std::string title; // "Group 1: CPI - Cycles per instruction"
    ReportTable events;
    ReportTable metrics;
    // Only with more than one location (for one, they would repeat the value).
    bool hasStatistics = false;
    ReportTable eventStatistics;
    ReportTable metricStatistics;
    // Hybrid CPUs counted per CPU: each event's total and each metric's
    // aggregate per core type (perf stat's cpu_core/... and cpu_atom/...
    // lines); no rows elsewhere.
    ReportTable coreTypes;
};

// "Command" → the quoted command line, "CPUs", "Groups", "Regions" (marker runs), "Started", "Duration", ..., one "Warning" per warning.
std::vector<std::pair<std::string, std::string>> reportHeaderLines(const MeasurementResult& result);

// A merged report's runs (perfdash-cli merge): host, rank, duration, exit
// status, locations and file, with the slowest and the fastest run named.
ReportTable runsTable(const MeasurementResult& result);

// index: the group's position in the report, from 0.
GroupTables groupTables(const MeasurementResult& result, size_t index);

// A marker region as likwid prints it: "Region solve, Group 1: FLOPS_DP",
// the Region Info table (time and calls per thread), then the group's tables
// with one column per thread.
struct RegionTables {
    std::string title;
    ReportTable info;
    GroupTables group;
};
RegionTables regionTables(const RegionResult& region);

// What was measured, in a few words: the program's file name ("stream"),
// "PID 4242", or "system-wide"; for titles and file names.
std::string targetName(const RunConfig& config);

// Column title of a location as likwid users know it: "HWThread 0", "TID 1234", "PID 1234".
std::string locationLabel(const LocationInfo& location);

} // namespace perfdash
