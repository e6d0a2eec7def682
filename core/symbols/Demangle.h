#pragma once
#include <string>
#include <string_view>

namespace perfdash {

// A C++ symbol's readable name ("_ZN5probe3runEi" is "probe::run(int)"), by
// the C++ runtime's own demangler; any other name as it is.
std::string demangle(std::string_view name);

} // namespace perfdash
