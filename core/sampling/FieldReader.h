#pragma once
// Reads little fields in order within [pos, end) of a byte range: one perf
// record (RecordParser.cpp), or a perf.data file's header and feature
// sections (core/perfdata). The first field that does not fit sets `error`;
// reads after that return zeros, so a parse runs to its end without a check
// per field and reports the first problem, never reading past `end`.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

namespace perfdash {

class FieldReader {
public:
    // `what` names the range in the error ("a SAMPLE record of 40 bytes").
    FieldReader(std::span<const std::byte> bytes, size_t pos, size_t end, std::string what);
    // A whole record of type `recordType` ("SAMPLE", a literal): named "a
    // SAMPLE record of 40 bytes" in an error, and only then (a reader of a
    // million records spends nothing on the names of those that are sound).
    FieldReader(std::span<const std::byte> record, size_t pos, const char* recordType);

    uint64_t u64(const char* field) { return scalar<uint64_t>(field); }
    uint32_t u32(const char* field) { return scalar<uint32_t>(field); }
    uint16_t u16(const char* field) { return scalar<uint16_t>(field); }
    uint8_t u8(const char* field) { return scalar<uint8_t>(field); }
    int32_t pid(const char* field) { return static_cast<int32_t>(u32(field)); }
    void skip(size_t n, const char* field);
    // `count` elements of `elementBytes` each, checked against what is left
    // before anything is allocated for them.
    bool fitsCount(uint64_t count, size_t elementBytes, const char* field);
    std::vector<uint64_t> u64s(uint64_t count, const char* field);
    std::vector<std::byte> bytes(uint64_t count, const char* field);
    // `n` bytes copied out (a struct the kernel's header defines), zeros after a failure.
    void copy(void* out, size_t n, const char* field);
    // A NUL-terminated string filling the rest of [pos, end) with its padding.
    std::string paddedString(const char* field);
    // A NUL-terminated string of exactly `n` bytes with its padding.
    std::string fixedString(size_t n, const char* field);
    // The whole range must have been read: more bytes mean the layout does not fit the record.
    void expectEnd(const char* after);

    void fail(const std::string& what);
    bool failed() const { return !error_.empty(); }
    const std::string& error() const { return error_; }
    size_t position() const { return pos_; }
    size_t remaining() const { return end_ - pos_; }

private:
    template <class T>
    T scalar(const char* field) {
        T v = 0;
        // A field that fits is read here, inline: a file's million samples
        // have a dozen fields each.
        if (error_.empty() && sizeof v <= end_ - pos_) {
            std::memcpy(&v, bytes_.data() + pos_, sizeof v);
            pos_ += sizeof v;
        } else {
            take(&v, sizeof v, field);
        }
        return v;
    }
    bool fits(size_t n, const char* field);
    void take(void* out, size_t n, const char* field);

    std::span<const std::byte> bytes_;
    size_t pos_;
    size_t end_;
    std::string record_;
    const char* recordType_ = nullptr; // where set, record_ is made of it on the first error
    std::string error_;
};

} // namespace perfdash
