#pragma once
// A perf.data file as an ordinary perfdash Profile: its records, in time
// order (PerfDataReader), fed to core/profile's ProfileBuilder exactly as a
// live recording's are, so that every view of `report` reads it as it reads
// a session of `record`.
//
// The profile's events are the sampled event (the first whose attr samples)
// and the members of its group (`perf record -e '{a,b}:S'`: each read with
// every sample, PERF_SAMPLE_READ), named as perf named them. Samples of
// other sampled events are counted as skipped: a profile has one sampled
// event. Without PERF_SAMPLE_READ the leader's column is the sum of its
// samples' periods (what it counted between samples, as perf weighs).
// The group's formulas (CPI, IPC) come from a group whose slots all name
// events of the sampled group: the user's, else a built-in one
// (PerfDataMetrics.h). The notices say which file, mode, perf version and
// command, events and samples, and whose formulas; the warnings what was
// skipped and why, and each binary that is missing or rebuilt.
#include <string>
#include <vector>

#include "core/perfdata/PerfDataMetrics.h"
#include "core/perfdata/PerfDataReader.h"
#include "core/profile/Profile.h"
#include "core/symbols/Symbolizer.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct PerfDataProfileOptions {
    std::vector<std::string> symbolRoots; // --symfs: a copy of the recording machine's files under each
    SymbolizerOptions symbols;
    double intervalS = 1.0;
    PerfDataMetricGroups metricGroups; // formulas for the sampled group's events; none: no metrics
};

Result<Profile> profileOfPerfData(PerfDataReader& reader, const PerfDataProfileOptions& options);
// The file at `path` ("-": standard input) read whole, then as above.
Result<Profile> readPerfDataProfile(const std::string& path, const PerfDataProfileOptions& options);

} // namespace perfdash
