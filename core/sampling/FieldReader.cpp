#include "core/sampling/FieldReader.h"

#include <algorithm>
#include <cstring>

namespace perfdash {

FieldReader::FieldReader(std::span<const std::byte> bytes, size_t pos, size_t end, std::string what)
    : bytes_(bytes), pos_(std::min(pos, bytes.size())), end_(std::clamp(end, pos_, bytes.size())),
      record_(std::move(what)) {}

FieldReader::FieldReader(std::span<const std::byte> record, size_t pos, const char* recordType)
    : bytes_(record), pos_(std::min(pos, record.size())), end_(record.size()), recordType_(recordType) {}

void FieldReader::skip(size_t n, const char* field) {
    if (fits(n, field)) pos_ += n;
}

bool FieldReader::fitsCount(uint64_t count, size_t elementBytes, const char* field) {
    if (failed()) return false;
    if (count > remaining() / elementBytes) {
        fail(std::string("its ") + field + " claims " + std::to_string(count) + " entries of " +
             std::to_string(elementBytes) + " bytes, more than the " + std::to_string(remaining()) + " bytes left");
        return false;
    }
    return true;
}

std::vector<uint64_t> FieldReader::u64s(uint64_t count, const char* field) {
    std::vector<uint64_t> out;
    if (!fitsCount(count, 8, field)) return out;
    out.resize(count);
    take(out.data(), count * 8, field);
    return out;
}

std::vector<std::byte> FieldReader::bytes(uint64_t count, const char* field) {
    std::vector<std::byte> out;
    if (!fitsCount(count, 1, field)) return out;
    out.assign(bytes_.begin() + static_cast<std::ptrdiff_t>(pos_),
               bytes_.begin() + static_cast<std::ptrdiff_t>(pos_ + count));
    pos_ += count;
    return out;
}

void FieldReader::copy(void* out, size_t n, const char* field) {
    std::memset(out, 0, n);
    take(out, n, field);
}

std::string FieldReader::paddedString(const char* field) {
    if (failed()) return {};
    const char* begin = reinterpret_cast<const char*>(bytes_.data()) + pos_;
    const char* stop = begin + remaining();
    const char* nul = std::find(begin, stop, '\0');
    if (nul == stop) {
        fail(std::string("its ") + field + " is not NUL-terminated within the record");
        return {};
    }
    pos_ = end_;
    return std::string(begin, nul);
}

std::string FieldReader::fixedString(size_t n, const char* field) {
    if (!fits(n, field)) return {};
    const char* begin = reinterpret_cast<const char*>(bytes_.data()) + pos_;
    const char* nul = std::find(begin, begin + n, '\0');
    if (nul == begin + n) {
        fail(std::string("its ") + field + " is not NUL-terminated within its " + std::to_string(n) + " bytes");
        return {};
    }
    pos_ += n;
    return std::string(begin, nul);
}

void FieldReader::expectEnd(const char* after) {
    if (!failed() && pos_ != end_)
        fail("it has " + std::to_string(end_ - pos_) + " bytes more than " + after +
             " take (the record does not match its event's layout)");
}

void FieldReader::fail(const std::string& what) {
    if (!error_.empty()) return;
    if (recordType_) record_ = std::string("a ") + recordType_ + " record of " + std::to_string(bytes_.size()) + " bytes";
    error_ = record_ + " is malformed: " + what;
}

bool FieldReader::fits(size_t n, const char* field) {
    if (failed()) return false;
    if (remaining() < n) {
        fail(std::string("it ends inside its ") + field + " (" + std::to_string(n) + " bytes needed, " +
             std::to_string(remaining()) + " left)");
        return false;
    }
    return true;
}

void FieldReader::take(void* out, size_t n, const char* field) {
    if (!fits(n, field) || n == 0) return; // an empty vector's data() may be null, which memcpy must not get
    std::memcpy(out, bytes_.data() + pos_, n);
    pos_ += n;
}

} // namespace perfdash
