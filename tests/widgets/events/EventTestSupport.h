#pragma once
// Shared by the event browser tests: finding catalog entries by name and
// choosing a libpfm4 event of a PMU model that is not present here.
#include <optional>
#include <string>

#include "core/events/EventCatalog.h"
#include "core/events/LibpfmTable.h"

namespace perfdash::test {

inline std::optional<size_t> catalogIndexOf(const EventCatalog& catalog, const std::string& name) {
    const auto& entries = catalog.entries();
    for (size_t i = 0; i < entries.size(); ++i)
        if (entries[i].name == name) return i;
    return std::nullopt;
}

// A libpfm4 event of a model libpfm4 did not detect here (with unit masks, for
// the details pane), or nullopt when every model is present (no such machine).
inline std::optional<size_t> absentModelEvent(const EventCatalog& catalog) {
    for (const char* name : {"amd64_fam19h_zen4::RETIRED_INSTRUCTIONS", "skl::INST_RETIRED", "icl::INST_RETIRED"}) {
        const std::string model = std::string(name).substr(0, std::string(name).find("::"));
        const LibpfmPmu* pmu = LibpfmTable::instance().findPmu(model);
        if (pmu && !pmu->present)
            if (auto index = catalogIndexOf(catalog, name)) return index;
    }
    return std::nullopt;
}

} // namespace perfdash::test
