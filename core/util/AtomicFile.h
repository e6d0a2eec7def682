#pragma once
#include <string>
#include <string_view>

#include "core/util/Result.h"

namespace perfdash {

// Writes `contents` to a temporary file beside `path`, fsyncs it and renames
// it over `path`, so a crash never leaves a half-written session or report.
Status writeFileAtomically(const std::string& path, std::string_view contents);

} // namespace perfdash
