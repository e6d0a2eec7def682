#include "core/symbols/Demangle.h"

#include <cstdlib>
#include <cxxabi.h>
#include <memory>

namespace perfdash {

std::string demangle(std::string_view name) {
    if (!name.starts_with("_Z")) return std::string(name);
    const std::string mangled(name); // __cxa_demangle wants a terminated string
    int status = 0;
    std::unique_ptr<char, decltype(&std::free)> readable(abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status),
                                                          &std::free);
    return status == 0 && readable ? std::string(readable.get()) : mangled;
}

} // namespace perfdash
