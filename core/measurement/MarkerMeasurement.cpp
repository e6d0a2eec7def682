#include "core/measurement/MarkerMeasurement.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "core/measurement/MarkerEnvironment.h"
#include "core/measurement/MarkerResultsFile.h"
#include "core/measurement/RegionResults.h"

namespace perfdash {

Result<std::unique_ptr<MarkerMeasurement>> MarkerMeasurement::create(const MeasurementPlan& plan) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/perfdash-marker-XXXXXX";
    if (!::mkdtemp(pattern.data()))
        return makeError("cannot create a directory for the marker results (" + pattern + "): " +
                         std::strerror(errno) + "; set TMPDIR to a writable directory");
    return std::unique_ptr<MarkerMeasurement>(new MarkerMeasurement(plan, pattern));
}

MarkerMeasurement::MarkerMeasurement(const MeasurementPlan& plan, std::string directory)
    : plan_(plan), directory_(std::move(directory)), resultsPath_(directory_ + "/results"),
      environment_(markerEnvironment(plan, resultsPath_)) {}

MarkerMeasurement::~MarkerMeasurement() {
    std::error_code ignored; // nothing useful to do about a directory that cannot be removed
    std::filesystem::remove_all(directory_, ignored);
}

void MarkerMeasurement::collect(MeasurementResult& result, const MetricEnvironment& constants,
                            const PerfPermissions& permissions) const {
    std::error_code error;
    if (!std::filesystem::exists(resultsPath_, error)) {
        result.warnings.push_back(
            "no marker regions: the program ended without calling PERFDASH_MARKER_CLOSE (LIKWID_MARKER_CLOSE); is it "
            "built with -DPERFDASH_PERFMON (-DLIKWID_PERFMON) and linked with perfdash's marker library?");
        return;
    }
    auto parsed = readMarkerResultsFile(resultsPath_);
    if (!parsed) {
        result.warnings.push_back("no marker regions: " + parsed.error().message);
        return;
    }
    auto regions = buildRegionResults(*parsed, plan_, constants, permissions);
    if (!regions) {
        result.warnings.push_back("no marker regions: " + regions.error().message);
        return;
    }
    if (regions->empty())
        result.warnings.push_back("the program closed the marker API without completing a region (no START/STOP pair)");
    result.regions = std::move(*regions);
}

} // namespace perfdash
