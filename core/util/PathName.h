#pragma once
// The last part of a path, as tables name a module or a file whose full
// path (long in a build tree) is in a tooltip or the JSON.
#include <string>
#include <string_view>

namespace perfdash {

// "libc.so.6" of "/usr/lib/x86_64-linux-gnu/libc.so.6"; a path without '/' is itself.
inline std::string pathFileName(std::string_view path) {
    const size_t slash = path.rfind('/');
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

} // namespace perfdash
