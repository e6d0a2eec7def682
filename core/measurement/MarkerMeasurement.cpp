#include "core/measurement/MarkerMeasurement.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

#include "core/measurement/MarkerEnvironment.h"
#include "core/measurement/MarkerResultsFile.h"
#include "core/measurement/RegionResults.h"
#include "marker/wire/perfdash_marker_wire.h"

namespace perfdash {

Result<std::unique_ptr<MarkerMeasurement>> MarkerMeasurement::create(const MeasurementPlan& plan) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/perfdash-marker-XXXXXX";
    if (!::mkdtemp(pattern.data()))
        return makeError("cannot create a directory for the marker results (" + pattern + "): " +
                         std::strerror(errno) + "; set TMPDIR to a writable directory");
    std::unique_ptr<MarkerMeasurement> marker(new MarkerMeasurement(plan, pattern));
    if (plan.request.markerTransitions) {
        // Created here: the library only appends, and each process that INITs opens the same file.
        const std::string path = pattern + "/transitions";
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0)
            return makeError("cannot create the marker's region transitions file (" + path + "): " +
                             std::strerror(errno) + "; set TMPDIR to a writable directory");
        ::close(fd);
        marker->transitionsPath_ = path;
        marker->environment_.push_back(std::string(PERFDASH_MARKER_ENV_TRANSITIONS) + "=" + path);
    }
    return marker;
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
