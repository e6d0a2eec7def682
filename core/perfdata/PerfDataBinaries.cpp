#include "core/perfdata/PerfDataBinaries.h"

#include "core/symbols/Mapping.h"
#include "core/symbols/RecordedBinary.h"

namespace perfdash {

std::vector<uint8_t> buildIdBytes(const std::string& hex) {
    std::vector<uint8_t> out;
    if (hex.size() % 2 != 0) return {};
    for (size_t i = 0; i < hex.size(); i += 2) {
        unsigned value = 0;
        for (char c : hex.substr(i, 2)) {
            const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
            if (digit < 0) return {};
            value = value * 16 + static_cast<unsigned>(digit);
        }
        out.push_back(static_cast<uint8_t>(value));
    }
    return out;
}

PerfDataBinaries::PerfDataBinaries(const std::vector<PerfDataBuildId>& buildIds, std::vector<std::string> roots)
    : roots_(std::move(roots)) {
    for (const PerfDataBuildId& b : buildIds)
        if (b.path.starts_with('/')) buildIdOf_[b.path] = b.buildId;
}

void PerfDataBinaries::locate(MmapRecord& mmap) {
    Mapping asRecorded;
    asRecorded.path = mmap.filename;
    if (mmap.cpuMode == CpuMode::Kernel || !asRecorded.isFile()) return;
    auto it = found_.find(mmap.filename);
    if (it == found_.end()) {
        std::string buildId = buildIdHex(mmap.buildId);
        if (buildId.empty())
            if (auto known = buildIdOf_.find(mmap.filename); known != buildIdOf_.end()) buildId = known->second;
        Found found{mmap.filename, buildIdBytes(buildId)};
        // Without a build-id nor roots there is nothing to prove or look under:
        // the file is read where it was, and the symbolizer says if it is not there.
        if (!buildId.empty() || !roots_.empty()) {
            auto path = findRecordedBinary(mmap.filename, buildId, roots_);
            if (path) found.path = *path;
            // perf lists the build-ids of the files with samples: only those are worth a warning.
            else if (!buildId.empty()) warnings_.push_back(mmap.filename + ": " + path.error().message);
        }
        it = found_.emplace(mmap.filename, std::move(found)).first;
    }
    mmap.filename = it->second.path;
    if (mmap.buildId.empty()) mmap.buildId = it->second.buildId;
}

} // namespace perfdash
