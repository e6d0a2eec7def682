#pragma once
// A hand-built marker run for the regions widget tests: region "solve" in
// two threads (one event multiplexed, one not counted, a metric n/a in one
// thread), region "setup" in the first thread only, and region "solve"
// again under a second group.
#include "report/ReportSamples.h"

namespace perfdash::regionstest {

inline RegionResult solveRegion() {
    RegionResult r;
    r.name = "solve";
    r.threads = {{LocationKind::Thread, 4242}, {LocationKind::Thread, 4243}};
    r.timeS = {0.5, 0.25};
    r.calls = {10, 7};
    r.group.name = "SOFTWARE";
    r.group.events.push_back(samples::counted("FAULTS", "page-faults", {{1000, 1}, {500, 0.5}}));
    r.group.events.push_back(samples::notCounted("MAJFAULTS", "major-faults", "not permitted", 2));
    r.group.metrics.push_back(samples::metric("Page faults [1/s]", "FAULTS/time", {2000, kNotAvailable}, 3000));
    return r;
}

inline RegionResult setupRegion() {
    RegionResult r;
    r.name = "setup";
    r.threads = {{LocationKind::Thread, 4242}};
    r.timeS = {0.125};
    r.calls = {1};
    r.group.name = "SOFTWARE";
    r.group.events.push_back(samples::counted("FAULTS", "page-faults", {{3, 1}}));
    r.group.events.push_back(samples::notCounted("MAJFAULTS", "major-faults", "not permitted", 1));
    r.group.metrics.push_back(samples::metric("Page faults [1/s]", "FAULTS/time", {24}, 24));
    return r;
}

inline RegionResult solveUnderSecondGroup() {
    RegionResult r;
    r.name = "solve";
    r.groupIndex = 1;
    r.threads = {{LocationKind::Thread, 4243}};
    r.timeS = {0.75};
    r.calls = {3};
    r.group.name = "custom";
    r.group.events.push_back(samples::counted("context-switches", "context-switches", {{12, 1}}));
    return r;
}

inline MeasurementResult markerRun(std::vector<RegionResult> regions) {
    MeasurementResult r = samples::smallResult();
    r.config.marker = true;
    r.regions = std::move(regions);
    return r;
}

} // namespace perfdash::regionstest
