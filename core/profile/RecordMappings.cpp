#include "core/profile/RecordMappings.h"

#include "core/sampling/ProcSnapshot.h"
#include "core/util/Strings.h"

namespace perfdash {

Mapping mappingOf(const MmapRecord& record) {
    Mapping m;
    m.start = record.address;
    m.length = record.length;
    m.pgoff = record.pageOffset;
    // perf names anonymous executable memory "//anon"; the symbols module knows it as such.
    m.path = record.filename;
    m.buildId = record.buildId;
    m.prot = record.protection;
    return m;
}

Result<std::vector<Mapping>> processMappings(int pid) {
    const std::string path = "/proc/" + std::to_string(pid) + "/maps";
    auto text = readFile(path);
    if (!text)
        return makeError("cannot read the memory map of process " + std::to_string(pid) + " (" + path +
                         "): it exited, or may not be inspected by this user");
    return mappingsOfProcMaps(*text, pid);
}

Result<std::vector<Mapping>> mappingsOfProcMaps(std::string_view text, int pid) {
    auto records = parseProcMaps(text, pid, 0);
    if (!records) return records.error();
    std::vector<Mapping> out;
    for (const MmapRecord& r : *records) out.push_back(mappingOf(r));
    return out;
}

} // namespace perfdash
