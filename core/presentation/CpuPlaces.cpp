#include "core/presentation/CpuPlaces.h"

namespace perfdash {

namespace {
int intOr(const nlohmann::json& object, const char* key) {
    const auto it = object.find(key);
    return it != object.end() && it->is_number_integer() ? it->get<int>() : -1;
}
} // namespace

std::map<int, CpuPlace> cpuPlaces(const nlohmann::json& machine) {
    std::map<int, CpuPlace> out;
    if (!machine.is_object() || !machine.contains("topology")) return out;
    const nlohmann::json& topology = machine["topology"];
    if (!topology.is_object() || !topology.contains("hwThreadList") || !topology["hwThreadList"].is_array()) return out;
    for (const auto& thread : topology["hwThreadList"]) {
        if (!thread.is_object()) continue;
        if (const int cpu = intOr(thread, "cpu"); cpu >= 0) out[cpu] = {intOr(thread, "socket"), intOr(thread, "numaNode")};
    }
    return out;
}

} // namespace perfdash
