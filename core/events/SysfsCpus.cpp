#include "core/events/SysfsCpus.h"

#include <algorithm>
#include <filesystem>

#include "core/util/Strings.h"

namespace perfdash {

std::vector<SysfsCpu> sysfsCpus(const std::string& sysfsRoot) {
    namespace fs = std::filesystem;
    std::vector<SysfsCpu> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(sysfsRoot + "/devices/system/cpu", ec)) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with("cpu")) continue;
        const auto number = parseUnsigned(std::string_view(name).substr(3));
        if (!number) continue;
        const std::string topology = entry.path().string() + "/topology/";
        const auto package = readFirstLine(topology + "physical_package_id");
        const auto core = readFirstLine(topology + "core_id");
        const auto p = package ? parseSigned(*package) : std::nullopt;
        const auto c = core ? parseSigned(*core) : std::nullopt;
        if (!p || !c) continue;
        const auto die = readFirstLine(topology + "die_id");
        const auto d = die ? parseSigned(*die) : std::nullopt;
        out.push_back({static_cast<int>(*number), static_cast<int>(*p), static_cast<int>(*c),
                       d ? static_cast<int>(*d) : 0});
    }
    std::sort(out.begin(), out.end(), [](const SysfsCpu& a, const SysfsCpu& b) { return a.cpu < b.cpu; });
    return out;
}

} // namespace perfdash
