#include "core/events/PerfModifiers.h"

#include <string>

namespace perfdash {

namespace {
constexpr std::string_view kModifierLetters = "ukhGHIp";
constexpr int kMaxPrecise = 3;
} // namespace

bool isPerfModifierString(std::string_view modifiers) {
    return !modifiers.empty() && modifiers.find_first_not_of(kModifierLetters) == std::string_view::npos;
}

Status applyPerfModifiers(std::string_view modifiers, std::string_view event, PerfEncoding& encoding) {
    bool user = false, kernel = false, hv = false, guest = false, host = false, idle = false;
    int precise = 0;
    for (char c : modifiers) {
        switch (c) {
        case 'u': user = true; break;
        case 'k': kernel = true; break;
        case 'h': hv = true; break;
        case 'G': guest = true; break;
        case 'H': host = true; break;
        case 'I': idle = true; break;
        case 'p': ++precise; break;
        default:
            return makeError("unknown modifier '" + std::string(1, c) + "' in '" + std::string(event) +
                             "'; perf modifiers are u (user), k (kernel), h (hypervisor), G (guest), H (host), "
                             "I (exclude idle), p/pp/ppp (precise)");
        }
    }
    if (precise > kMaxPrecise)
        return makeError("'" + std::string(event) + "' asks for precise level " + std::to_string(precise) +
                         "; the highest is 3 (ppp)");
    if (user || kernel || hv) {
        encoding.excludeUser = !user;
        encoding.excludeKernel = !kernel;
        encoding.excludeHv = !hv;
    }
    if (guest || host) {
        encoding.excludeGuest = !guest;
        encoding.excludeHost = !host;
    }
    if (idle) encoding.excludeIdle = true;
    encoding.preciseIp = static_cast<uint8_t>(precise);
    return {};
}

} // namespace perfdash
