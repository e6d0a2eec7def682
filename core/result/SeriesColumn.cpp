#include "core/result/SeriesColumn.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

namespace perfdash {

namespace {
// Bitwise, so that NaN equals NaN: the question is "same as stored?".
bool sameFloat(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }
} // namespace

void SeriesColumn::append(double value, double coverage) {
    const auto stored = static_cast<float>(coverage);
    if (values_.empty())
        uniformCoverage_ = stored;
    else if (coverage_.empty() && !sameFloat(stored, uniformCoverage_))
        for (size_t i = 0; i < values_.size(); ++i) coverage_.push_back(uniformCoverage_);
    if (!coverage_.empty()) coverage_.push_back(stored);

    values_.push_back(value);
    const size_t count = values_.size();
    size_t blockSize = kFanOut;
    for (size_t k = 0;; ++k, blockSize *= kFanOut) {
        if (k == levels_.size()) {
            // A level starts once it would hold two blocks: its first block
            // summarises the level below, the second starts with this value.
            if (count <= blockSize) break;
            ValueRange first;
            includeElements(static_cast<int>(k) - 1, 0, kFanOut, first);
            levels_.emplace_back();
            levels_[k].push_back(first);
            levels_[k].push_back({});
        } else if ((count - 1) / blockSize == levels_[k].size()) {
            levels_[k].push_back({});
        }
        levels_[k].back().include(value);
    }
}

double SeriesColumn::coverage(size_t index) const {
    const float stored = coverage_.empty() ? uniformCoverage_ : coverage_[index];
    if (!std::isfinite(stored)) return stored;
    // Widened through its shortest decimal form: 0.7 reads back as 0.7, not
    // 0.69999999 (which a coverage rounded down would show as 69.9%).
    char text[32];
    const auto written = std::to_chars(text, text + sizeof text, stored);
    double widened = stored;
    std::from_chars(text, written.ptr, widened);
    return widened;
}

void SeriesColumn::includeElements(int level, size_t begin, size_t end, ValueRange& range) const {
    if (level < 0) {
        for (size_t i = begin; i < end; ++i) range.include(values_[i]);
        return;
    }
    const auto& blocks = levels_[static_cast<size_t>(level)];
    for (size_t i = begin; i < end; ++i) range.include(blocks[i]);
}

ValueRange SeriesColumn::range(size_t begin, size_t end) const {
    ValueRange r;
    end = std::min(end, values_.size());
    // Climb the pyramid: take the ragged ends at each level, and hand the
    // whole blocks in the middle to the level above.
    int level = -1;
    while (begin < end) {
        const size_t up = (begin + kFanOut - 1) / kFanOut * kFanOut;
        const size_t down = end / kFanOut * kFanOut;
        if (static_cast<size_t>(level + 1) < levels_.size() && up < down) {
            includeElements(level, begin, up, r);
            includeElements(level, down, end, r);
            begin = up / kFanOut;
            end = down / kFanOut;
            ++level;
            continue;
        }
        includeElements(level, begin, end, r);
        break;
    }
    return r;
}

size_t SeriesColumn::bytesAllocated() const {
    size_t bytes = values_.bytesAllocated() + coverage_.bytesAllocated() + levels_.capacity() * sizeof(levels_[0]);
    for (const auto& level : levels_) bytes += level.bytesAllocated();
    return bytes;
}

} // namespace perfdash
