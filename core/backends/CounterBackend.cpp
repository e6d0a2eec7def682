#include "core/backends/CounterBackend.h"

namespace perfdash {

std::string CounterLocation::label() const {
    switch (kind) {
    case Kind::Cpu: return "cpu" + std::to_string(id);
    case Kind::Thread: return "tid " + std::to_string(id);
    case Kind::Process: return "pid " + std::to_string(id);
    }
    return {};
}

} // namespace perfdash
