#include "core/util/JobEnvironment.h"

#include <climits>
#include <cstdlib>
#include <unistd.h>

#include "core/util/Strings.h"

namespace perfdash {

std::string hostName() {
    char host[HOST_NAME_MAX + 1] = {};
    return ::gethostname(host, sizeof host - 1) == 0 ? std::string(host) : std::string();
}

std::optional<int> mpiRankFromEnvironment() {
    for (const char* name : kMpiRankVariables) {
        const char* v = std::getenv(name);
        const auto rank = v ? parseUnsigned(v) : std::nullopt;
        if (rank && *rank <= static_cast<uint64_t>(INT_MAX)) return static_cast<int>(*rank);
    }
    return std::nullopt;
}

std::optional<std::string> jobIdFromEnvironment() {
    for (const char* name : kJobIdVariables) {
        const char* v = std::getenv(name);
        if (v && *v) return std::string(v);
    }
    return std::nullopt;
}

} // namespace perfdash
