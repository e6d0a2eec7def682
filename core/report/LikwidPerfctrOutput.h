#pragma once
// likwid-perfctr's own output layouts over a MeasurementResult, for the
// scripts people wrote against likwid (`perfdash-cli likwid-perfctr`,
// docs/likwid-perfctr.md): per group (and per marker region and group) the
// boxed "Event | Counter | HWThread 0 ..." table, with more than one
// location (or --stats) its "... STAT" table of Sum/Min/Max/Avg, the
// "Metric | HWThread 0 ..." table and its STAT table; the same tables as
// likwid's CSV (-O) with its "STRUCT,Info" and "TABLE,Group 1 Raw,..."
// marker lines and every line padded to one field count; and the timeline
// lines of -t. Numbers are written as likwid writes them (integers plain,
// short decimals with four places, else %e); a value that is not available
// is "-", likwid's own placeholder, never 0.
#include <string>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

// The "CPU name:", "CPU type:" and "CPU clock:" lines of likwid's header.
struct LikwidMachineInfo {
    std::string cpuName;          // the brand string
    std::string cpuType;          // what perfdash reads the events as (a libpfm4 model), or why none
    double clockHz = kNotAvailable;
};

struct LikwidOutputOptions {
    LikwidMachineInfo machine;
    bool statistics = false;   // --stats: the STAT tables even for one location
    // -o FILE.txt: the machine lines open every group, as likwid writes them
    // into a file (on a terminal they were printed before the program ran).
    bool machineLinesPerGroup = false;
    // -m: likwid reports the marker regions only, not the whole program.
    bool regionsOnly = false;
};

// likwid's num2str: "-" for not available.
std::string likwidNumber(double value);

// "--------...": the 80-character rule likwid draws between its parts.
const std::string& likwidRule();

// The header printed before the program runs: rule, CPU name, type, clock.
std::string formatLikwidHeader(const LikwidMachineInfo& machine);

// The tables of every group, then of every marker region (layout above).
std::string formatLikwidTables(const MeasurementResult& result, const LikwidOutputOptions& options);
std::string formatLikwidCsv(const MeasurementResult& result, const LikwidOutputOptions& options);

// What likwid's layout has no place for, one line each, for the front end
// to print on stderr so that stdout stays as likwid's: each slot whose code
// is likwid's own, not the vendor's ("group UOPS_RETIRE: PMC0
// UOPS_RETIRED_USED_CYCLES: likwid's code ..."), and each metric's note
// (metricNote: computed with such a slot, or without absent boxes). Each
// group once, also where only its marker regions are reported.
std::vector<std::string> likwidTableNotes(const MeasurementResult& result);

// -t: the lines likwid prints before the first interval, "# HWThreads: 0|1"
// and per group "# GID|MetricsCount|CpuCount|Total runtime [s]|<metric names>"
// (events when the group has no metrics). `groups` give the names, `cpus` the columns.
std::string formatLikwidTimelineHeader(const std::vector<GroupResult>& groups, const std::vector<LocationInfo>& locations);
// One line per group counted in the interval: "<group> <count> <locations> <time> <value per metric per
// location>...", space-separated, or comma-separated with `csv`.
std::string formatLikwidTimelineLines(const IntervalResult& interval, size_t locations, bool csv);

} // namespace perfdash
