#include "core/backends/BackendChoice.h"

#include <algorithm>
#include <cstdlib>

#include "core/backends/loongson/PcounterDevice.h"
#include "core/backends/msr/MsrDevice.h"

namespace perfdash {

namespace {

std::string orEnvironment(const std::string& given, const char* variable, const char* fallback) {
    if (!given.empty()) return given;
    if (const char* env = std::getenv(variable); env && *env) return env;
    return fallback;
}

} // namespace

std::string BackendChoice::effectiveMsrRoot() const {
    return orEnvironment(msrRoot, "PERFDASH_MSR_ROOT", msr::kDefaultMsrRoot);
}

std::string BackendChoice::effectivePcounterPath() const {
    return orEnvironment(pcounterPath, "PERFDASH_PCOUNTER", loongson::kDefaultPcounterPath);
}

const std::vector<std::string>& backendNames() {
    static const std::vector<std::string> names = {"perf", "msr", "loongson"};
    return names;
}

bool isBackendName(std::string_view name) {
    const auto& names = backendNames();
    return std::find(names.begin(), names.end(), name) != names.end();
}

} // namespace perfdash
