#include "core/result/MeasurementResult.h"

namespace perfdash {

const char* toString(LocationKind kind) {
    switch (kind) {
    case LocationKind::Cpu: return "cpu";
    case LocationKind::Thread: return "thread";
    case LocationKind::Process: return "process";
    case LocationKind::Host: return "host";
    }
    return "?";
}

std::optional<LocationKind> locationKindNamed(std::string_view word) {
    for (LocationKind kind : {LocationKind::Cpu, LocationKind::Thread, LocationKind::Process, LocationKind::Host})
        if (word == toString(kind)) return kind;
    return std::nullopt;
}

} // namespace perfdash
