#pragma once
// The records of `perf record -z`: perf compresses the ring buffers' bytes
// with zstd into COMPRESSED records, one frame after another, and a record
// may be split between two of them. One decompression context reads them all
// in order, through Debian's libzstd (the format perf writes; a library kept
// by its authors and the distribution, rather than a decoder of our own).
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

class ZstdStream {
public:
    ZstdStream();
    ~ZstdStream();
    ZstdStream(const ZstdStream&) = delete;
    ZstdStream& operator=(const ZstdStream&) = delete;

    // Appends the decompressed bytes of `compressed` to `out`; at most
    // `limit` bytes in all (a corrupt or hostile frame cannot take the memory).
    Status decompress(std::span<const std::byte> compressed, std::vector<std::byte>& out, size_t limit);

private:
    struct Context;
    std::unique_ptr<Context> context_;
};

} // namespace perfdash
