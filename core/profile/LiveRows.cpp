#include "core/profile/LiveRows.h"

namespace perfdash {

LiveRows::LiveRows(std::vector<RowKey>& keys, std::vector<double>& values, size_t stride, std::string spillDirectory)
    : keys_(keys), values_(values), stride_(stride), spill_(stride, std::move(spillDirectory)) {}

double* LiveRows::row(const RowKey& key, bool& added) {
    auto [it, isNew] = open_.try_emplace(key, keys_.size());
    added = isNew;
    if (added) {
        keys_.push_back(key);
        values_.resize(values_.size() + stride_, 0.0);
    }
    return values_.data() + it->second * stride_;
}

// Rows are in interval order but for the odd late sample, whose row simply
// waits for the next time.
Status LiveRows::spillBefore(uint32_t interval) {
    size_t n = 0;
    while (n < keys_.size() && keys_[n].interval < interval) ++n;
    if (n == 0) return {};
    if (Status s = spill_.append(keys_.data(), values_.data(), n); !s) return s;
    keys_.erase(keys_.begin(), keys_.begin() + static_cast<ptrdiff_t>(n));
    values_.erase(values_.begin(), values_.begin() + static_cast<ptrdiff_t>(n * stride_));
    // The open interval's rows all come after the first n (those are of earlier intervals).
    for (auto& entry : open_) entry.second -= n;
    return {};
}

void LiveRows::replaceRows(RowMerger& merged, uint32_t divisor, uint32_t openInterval) {
    for (size_t r = 0; r < keys_.size(); ++r) {
        RowKey key = keys_[r];
        key.interval /= divisor;
        merged.add(key, values_.data() + r * stride_);
    }
    keys_.clear();
    values_.clear();
    merged.takeInto(keys_, values_);
    open_.clear();
    for (size_t r = 0; r < keys_.size(); ++r)
        if (keys_[r].interval == openInterval) open_.emplace(keys_[r], r);
}

Status LiveRows::readBack(const std::function<void(const RowKey&, const double*)>& row) {
    const Status read = spill_.forEach(row);
    spill_.clear();
    if (!read) return makeError(read.error().message + "; the samples of those rows are missing from the session");
    return {};
}

Status LiveRows::backToMemory(uint32_t openInterval) {
    RowMerger rows(stride_);
    const Status read = readBack([&](const RowKey& k, const double* v) { rows.add(k, v); });
    replaceRows(rows, 1, openInterval);
    return read;
}

Status LiveRows::coarsen(uint32_t openInterval) {
    Status disk = spill_.coarsen();
    if (!disk) {
        // The rows come back as they are, then coarsen with memory's below.
        if (Status read = backToMemory(openInterval * 2); !read)
            disk = makeError(disk.error().message + "; " + read.error().message);
    }
    RowMerger merged(stride_);
    replaceRows(merged, 2, openInterval);
    return disk;
}

Status LiveRows::finish() {
    if (spill_.rows() == 0) return {};
    // The rows from disk, then memory's, an interval at a time: one split
    // between the two (by a coarsening) becomes one row per key again.
    std::vector<RowKey> keys;
    std::vector<double> values;
    keys.reserve(spill_.rows() + keys_.size());
    values.reserve(keys.capacity() * stride_);
    IntervalMerger merger(stride_, [&](std::vector<RowKey>& k, std::vector<double>& v) {
        keys.insert(keys.end(), k.begin(), k.end());
        values.insert(values.end(), v.begin(), v.end());
    });
    const Status read = readBack([&](const RowKey& k, const double* v) { merger.add(k, v); });
    for (size_t r = 0; r < keys_.size(); ++r) merger.add(keys_[r], values_.data() + r * stride_);
    merger.finish();
    keys_ = std::move(keys);
    values_ = std::move(values);
    open_.clear();
    return read;
}

} // namespace perfdash
