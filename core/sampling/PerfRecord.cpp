#include "core/sampling/PerfRecord.h"

#include <type_traits>

namespace perfdash {

uint64_t recordTime(const PerfRecord& record) {
    return std::visit(
        [](const auto& r) -> uint64_t {
            using R = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<R, SampleRecord> || std::is_base_of_v<TaskFields, R> ||
                          std::is_same_v<R, ThrottleRecord>)
                return r.time;
            else if constexpr (std::is_same_v<R, OtherRecord>) return 0;
            else return r.sampleId.time;
        },
        record);
}

int recordCpu(const PerfRecord& record) {
    return std::visit(
        [](const auto& r) -> int {
            using R = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<R, SampleRecord>) return r.cpu;
            else if constexpr (std::is_same_v<R, OtherRecord>) return -1;
            else return r.sampleId.cpu;
        },
        record);
}

} // namespace perfdash
