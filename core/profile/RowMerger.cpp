#include "core/profile/RowMerger.h"

#include "core/util/HashCombine.h"

namespace perfdash {

size_t RowKeyHash::operator()(const RowKey& k) const {
    size_t h = k.interval;
    h = hashCombine(h, k.thread);
    h = hashCombine(h, k.regions);
    h = hashCombine(h, k.node);
    return hashCombine(h, static_cast<size_t>(k.stack));
}

void RowMerger::add(const RowKey& key, const double* values) {
    auto [it, added] = index_.emplace(key, keys_.size());
    if (added) {
        keys_.push_back(key);
        values_.insert(values_.end(), values, values + stride_);
        return;
    }
    double* row = values_.data() + it->second * stride_;
    for (size_t c = 0; c < stride_; ++c) row[c] += values[c];
}

void RowMerger::takeInto(std::vector<RowKey>& keys, std::vector<double>& values) {
    index_.clear();
    if (keys.empty()) { // the usual case: handed over, not copied (a long run's million rows)
        keys = std::move(keys_);
        values = std::move(values_);
    } else {
        keys.insert(keys.end(), keys_.begin(), keys_.end());
        values.insert(values.end(), values_.begin(), values_.end());
    }
    keys_ = {};
    values_ = {};
}

void IntervalMerger::add(const RowKey& key, const double* values) {
    if (key.interval != interval_ && !current_.empty()) finish();
    interval_ = key.interval;
    current_.add(key, values);
}

void IntervalMerger::finish() {
    keys_.clear();
    values_.clear();
    current_.takeInto(keys_, values_);
    if (!keys_.empty()) sink_(keys_, values_);
}

} // namespace perfdash
