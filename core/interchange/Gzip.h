#pragma once
// Bytes gzip-compressed through zlib (RFC 1952: what `gzip -d` and Go's
// compress/gzip read), as pprof files are.
#include <string>
#include <string_view>

#include "core/util/Outcome.h"

namespace perfdash {

Result<std::string> gzipCompress(std::string_view data);

} // namespace perfdash
