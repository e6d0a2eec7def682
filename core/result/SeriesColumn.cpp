#include "core/result/SeriesColumn.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>

namespace perfdash {

namespace {
// Bitwise, so that NaN equals NaN: the question is "same as stored?".
bool sameFloat(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// A bucket's range in floats, rounded outwards so that it still holds every value.
float floatBelow(double v) {
    float f = static_cast<float>(v);
    return static_cast<double>(f) > v ? std::nextafter(f, -std::numeric_limits<float>::infinity()) : f;
}
float floatAbove(double v) {
    float f = static_cast<float>(v);
    return static_cast<double>(f) < v ? std::nextafter(f, std::numeric_limits<float>::infinity()) : f;
}
float lowerCoverage(float a, float b) {
    if (!std::isfinite(a)) return b;
    return std::isfinite(b) ? std::min(a, b) : a;
}
} // namespace

void SeriesColumn::append(double value, double coverage) {
    const auto stored = static_cast<float>(coverage);
    if (values_.empty())
        uniformCoverage_ = stored;
    else if (coverage_.empty() && !sameFloat(stored, uniformCoverage_)) {
        coverage_.startAt(coarseEnd_); // folded points keep their coverage in their bucket
        for (size_t i = coarseEnd_; i < values_.size(); ++i) coverage_.push_back(uniformCoverage_);
    }
    if (!coverage_.empty()) coverage_.push_back(stored);

    values_.push_back(value);
    const size_t count = values_.size();
    size_t blockSize = kFanOut;
    for (size_t k = 0;; ++k, blockSize *= kFanOut) {
        if (k == levels_.size()) {
            // A level starts once it would hold two blocks: its first block
            // summarises the level below, the second starts with this value.
            if (k == maxLevels_ || count <= blockSize) break;
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

float SeriesColumn::storedCoverage(size_t index) const {
    if (index < coarseEnd_) return bucketRanges_[index / bucketSize_].coverage;
    return coverage_.empty() ? uniformCoverage_ : coverage_[index];
}

double SeriesColumn::coverage(size_t index) const {
    const float stored = storedCoverage(index);
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
    if (begin < std::min(end, coarseEnd_)) {
        const size_t last = std::min(end, coarseEnd_);
        for (size_t b = begin / bucketSize_; b * bucketSize_ < last; ++b)
            if (bucketRanges_[b].min <= bucketRanges_[b].max) r.include(ValueRange{bucketRanges_[b].min, bucketRanges_[b].max});
        begin = coarseEnd_;
    }
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

WeightedSum SeriesColumn::weightedSum(size_t begin, size_t end, const TimeColumn& durations) const {
    WeightedSum out;
    end = std::min(end, values_.size());
    size_t i = begin;
    while (i < end && i < coarseEnd_) {
        const size_t first = i / bucketSize_ * bucketSize_, last = std::min(first + bucketSize_, coarseEnd_);
        const WeightedSum bucketSum = bucket(i / bucketSize_);
        if (i == first && last <= end) {
            out.add(bucketSum);
        } else if (bucketSum.weight > 0) {
            // Its points are gone: the part inside gets the bucket's mean, over
            // the share of its length that had values.
            double inside = 0, whole = 0;
            for (size_t j = first; j < last; ++j) (j >= i && j < end ? inside : whole) += durations[j];
            whole += inside;
            const double weight = bucketSum.weight * inside / whole;
            out.add(WeightedSum{bucketSum.mean() * weight, weight});
        }
        i = last;
    }
    for (i = std::max(begin, coarseEnd_); i < end; ++i) out.add(values_[i], durations[i]);
    return out;
}

void SeriesColumn::foldOne(const TimeColumn& durations) {
    const size_t i = coarseEnd_;
    if (i % bucketSize_ == 0) {
        bucketSums_.push_back(0);
        bucketRanges_.emplace_back();
        if (!ownWeights_.empty()) ownWeights_.push_back(0);
    }
    const size_t b = bucketSums_.size() - 1;
    const double v = values_[i], dt = durations[i];
    BucketRange& range = bucketRanges_[b];
    if (std::isfinite(v)) {
        // As WeightedSum::add sums them: the store's lengths add the same durations in the same order.
        bucketSums_[b] += v * dt;
        if (!ownWeights_.empty()) ownWeights_[b] += dt;
        range.min = std::min(range.min, floatBelow(v)), range.max = std::max(range.max, floatAbove(v));
    } else if (ownWeights_.empty()) {
        // The first missing value: from here on this series' weights are its own. The store has not
        // added this interval yet, nor a new bucket's length (which is then 0 here).
        ownWeights_.assign(bucketLengths_->begin(), bucketLengths_->end());
        ownWeights_.resize(b + 1);
    }
    range.coverage = lowerCoverage(range.coverage, storedCoverage(i));
    coarseEnd_ = i + 1;
    values_.releaseBefore(coarseEnd_);
    if (!coverage_.empty()) coverage_.releaseBefore(coarseEnd_);
    size_t blockSize = kFanOut;
    for (auto& level : levels_) {
        level.releaseBefore(coarseEnd_ / blockSize);
        blockSize *= kFanOut;
    }
}

void SeriesColumn::mergeBucketPairs() {
    mergePairs(bucketSums_, std::plus<double>()); // as WeightedSum::add(const WeightedSum&) adds them
    mergePairs(ownWeights_, std::plus<double>());
    mergePairs(bucketRanges_, [](const BucketRange& a, const BucketRange& c) {
        return BucketRange{std::min(a.min, c.min), std::max(a.max, c.max), lowerCoverage(a.coverage, c.coverage)};
    });
    bucketSize_ *= 2;
}

size_t SeriesColumn::bytesAllocated() const {
    size_t bytes = values_.bytesAllocated() + coverage_.bytesAllocated() + levels_.capacity() * sizeof(levels_[0]) +
                   bucketSums_.capacity() * sizeof(double) + bucketRanges_.capacity() * sizeof(BucketRange) +
                   ownWeights_.capacity() * sizeof(double);
    for (const auto& level : levels_) bytes += level.bytesAllocated();
    return bytes;
}

} // namespace perfdash
