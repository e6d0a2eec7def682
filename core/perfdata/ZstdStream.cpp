#include "core/perfdata/ZstdStream.h"

#include <algorithm>
#include <zstd.h>

namespace perfdash {

struct ZstdStream::Context {
    ZSTD_DStream* stream = ZSTD_createDStream();
    ~Context() { ZSTD_freeDStream(stream); }
};

ZstdStream::ZstdStream() : context_(std::make_unique<Context>()) {}
ZstdStream::~ZstdStream() = default;

Status ZstdStream::decompress(std::span<const std::byte> compressed, std::vector<std::byte>& out, size_t limit) {
    if (!context_->stream) return makeError("zstd could not allocate its decompression context");
    ZSTD_inBuffer in{compressed.data(), compressed.size(), 0};
    // Grows the output as zstd fills it; stops when the input is used and
    // zstd holds nothing more back.
    for (;;) {
        if (out.size() >= limit)
            return makeError("its records decompress to more than " + std::to_string(limit >> 20) +
                             " MiB, more than perf writes at once");
        const size_t at = out.size();
        const size_t room = std::min(limit - at, std::max<size_t>(ZSTD_DStreamOutSize(), compressed.size() * 4));
        out.resize(at + room);
        ZSTD_outBuffer o{out.data() + at, room, 0};
        const size_t rc = ZSTD_decompressStream(context_->stream, &o, &in);
        out.resize(at + o.pos);
        if (ZSTD_isError(rc)) return makeError(std::string("zstd cannot decompress it: ") + ZSTD_getErrorName(rc));
        if (in.pos == in.size && o.pos < room) return {};
    }
}

} // namespace perfdash
