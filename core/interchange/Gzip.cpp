#include "core/interchange/Gzip.h"

#include <string>

#include <zlib.h>

namespace perfdash {

Result<std::string> gzipCompress(std::string_view data) {
    // zlib counts in 32 bits per call; a profile that large is not one a viewer would open either.
    if (data.size() > (1ULL << 31))
        return makeError("cannot compress " + std::to_string(data.size()) + " bytes at once: select fewer samples "
                         "(--time, --pid, --tid)");
    z_stream z{};
    // 15 + 16: the largest window, with a gzip header and trailer rather than zlib's.
    if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return makeError(std::string("cannot compress: zlib's deflateInit2 failed: ") + (z.msg ? z.msg : "no memory"));
    std::string out(deflateBound(&z, static_cast<uLong>(data.size())) + 32, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int rc = deflate(&z, Z_FINISH);
    const size_t written = z.total_out;
    deflateEnd(&z);
    // deflateBound is an upper bound of the whole output, so one Z_FINISH ends the stream.
    if (rc != Z_STREAM_END) return makeError("cannot compress: zlib's deflate returned " + std::to_string(rc));
    out.resize(written);
    return out;
}

} // namespace perfdash
