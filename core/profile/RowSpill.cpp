#include "core/profile/RowSpill.h"

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string_view>
#include <unistd.h>
#include <vector>

#include "core/profile/RowMerger.h"
#include "core/util/AtomicFile.h"
#include "core/util/SystemError.h"

namespace perfdash {

namespace {

constexpr size_t kKeyFields = 5;
constexpr size_t kReadBytes = size_t{1} << 20;

void encode(const RowKey& k, const double* values, size_t stride, std::string& out) {
    const uint32_t key[kKeyFields] = {k.interval, k.thread, k.regions, k.node, static_cast<uint32_t>(k.stack)};
    out.append(reinterpret_cast<const char*>(key), sizeof key);
    out.append(reinterpret_cast<const char*>(values), stride * sizeof(double));
}

RowKey decodeKey(const char* at) {
    uint32_t key[kKeyFields];
    std::memcpy(key, at, sizeof key);
    return {key[0], key[1], key[2], key[3], static_cast<StackState>(key[4])};
}

Error spillError(const std::string& what, const std::string& directory, int err) {
    return makeError(what + " the session's earlier rows in " + directory + " (" + systemErrorText(err) +
                     "); they stay in memory. Set TMPDIR to a directory with free space to keep memory flat");
}

} // namespace

RowSpill::RowSpill(size_t stride, std::string directory) : stride_(stride), directory_(std::move(directory)) {
    if (directory_.empty()) {
        const char* tmp = std::getenv("TMPDIR");
        directory_ = tmp && *tmp ? tmp : "/tmp";
    }
}

size_t RowSpill::rowBytes() const { return kKeyFields * sizeof(uint32_t) + stride_ * sizeof(double); }

Result<UniqueFd> RowSpill::makeFile() const {
    UniqueFd fd(::open(directory_.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600));
    if (fd) return fd;
    // File systems without O_TMPFILE: a named file, unlinked at once.
    std::string pattern = directory_ + "/perfdash-rows-XXXXXX";
    fd.reset(::mkostemp(pattern.data(), O_CLOEXEC));
    if (!fd) return spillError("cannot make a file for", directory_, errno);
    ::unlink(pattern.c_str());
    return fd;
}

Status RowSpill::append(const RowKey* keys, const double* values, size_t rows) {
    if (rows == 0) return {};
    if (!fd_) {
        auto file = makeFile();
        if (!file) return file.error();
        fd_ = std::move(*file);
    }
    std::string bytes;
    bytes.reserve(rows * rowBytes());
    for (size_t r = 0; r < rows; ++r) encode(keys[r], values + r * stride_, stride_, bytes);
    // After the rows counted: what a failed write left there is never read, and the next append overwrites it.
    const off_t end = static_cast<off_t>(rows_ * rowBytes());
    if (::lseek(fd_.get(), end, SEEK_SET) != end || !writeAll(fd_.get(), bytes))
        return spillError("cannot write", directory_, errno);
    rows_ += rows;
    return {};
}

Status RowSpill::forEach(const std::function<void(const RowKey&, const double*)>& row) const {
    if (rows_ == 0) return {};
    const size_t bytes = rowBytes();
    const size_t perRead = std::max<size_t>(1, kReadBytes / bytes);
    std::vector<char> buffer(perRead * bytes);
    std::vector<double> values(stride_);
    for (size_t done = 0; done < rows_;) {
        const size_t want = std::min(perRead, rows_ - done) * bytes;
        size_t got = 0;
        while (got < want) {
            const ssize_t n = ::pread(fd_.get(), buffer.data() + got, want - got, static_cast<off_t>(done * bytes + got));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return makeError("cannot read the session's earlier rows back from " + directory_ + " (" +
                                         (n < 0 ? systemErrorText(errno) : std::string("the file ended early")) + ")");
            got += static_cast<size_t>(n);
        }
        for (const char* at = buffer.data(); at < buffer.data() + want; at += bytes) {
            std::memcpy(values.data(), at + kKeyFields * sizeof(uint32_t), stride_ * sizeof(double));
            row(decodeKey(at), values.data());
        }
        done += want / bytes;
    }
    return {};
}

Status RowSpill::coarsen() {
    if (rows_ == 0) return {};
    RowSpill coarse(stride_, directory_);
    Status written;
    IntervalMerger merger(stride_, [&](std::vector<RowKey>& keys, std::vector<double>& values) {
        if (written) written = coarse.append(keys.data(), values.data(), keys.size());
    });
    const Status read = forEach([&](const RowKey& k, const double* v) {
        RowKey key = k;
        key.interval /= 2;
        merger.add(key, v);
    });
    merger.finish();
    if (!read) return read;
    if (!written) return written;
    fd_ = std::move(coarse.fd_);
    rows_ = coarse.rows_;
    return {};
}

} // namespace perfdash
