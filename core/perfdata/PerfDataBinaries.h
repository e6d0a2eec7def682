#pragma once
// The files a perf.data file's mappings name, found on this machine: each
// with the build-id perf saw (its BUILD_ID feature, or the MMAP2 record's
// own), under the --symfs roots first (a copy of the recording machine's
// files), then at the recorded path; never a file with another build-id
// (core/symbols/RecordedBinary.h). A file that is missing or rebuilt is
// named once in warnings() with the fix; its samples keep their addresses.
#include <map>
#include <string>
#include <vector>

#include "core/perfdata/PerfDataInfo.h"
#include "core/sampling/PerfRecord.h"

namespace perfdash {

class PerfDataBinaries {
public:
    PerfDataBinaries(const std::vector<PerfDataBuildId>& buildIds, std::vector<std::string> roots);

    // The mapping's file name becomes the file to read here, its build-id
    // the recorded one (which the symbolizer checks the file against).
    void locate(MmapRecord& mmap);
    const std::vector<std::string>& warnings() const { return warnings_; }

private:
    struct Found {
        std::string path;
        std::vector<uint8_t> buildId;
    };
    std::map<std::string, std::string> buildIdOf_; // recorded path → hex
    std::vector<std::string> roots_;
    std::map<std::string, Found> found_; // recorded path → where it is read here
    std::vector<std::string> warnings_;
};

// The bytes of a hex build-id ("" for text that is not hex).
std::vector<uint8_t> buildIdBytes(const std::string& hex);

} // namespace perfdash
