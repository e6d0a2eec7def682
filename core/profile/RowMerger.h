#pragma once
// Rows summed by key: the rows of equal keys become one whose columns are
// their sums, in the order the keys first came. What coarsening (intervals
// merged pairwise), the rows' return from disk at the end of a run and the
// disk's own coarsening (RowSpill) all do; the last two, over a whole run's
// rows, one interval at a time (IntervalMerger).
#include <cstddef>
#include <functional>
#include <unordered_map>
#include <vector>

#include "core/profile/Profile.h"

namespace perfdash {

struct RowKeyHash {
    size_t operator()(const RowKey& k) const;
};

class RowMerger {
public:
    explicit RowMerger(size_t stride) : stride_(stride) {}

    // Sums `values` (stride of them) into the row of `key`.
    void add(const RowKey& key, const double* values);
    size_t rows() const { return keys_.size(); }
    bool empty() const { return keys_.empty(); }
    // Appends the rows to `keys` and `values` and starts empty again.
    void takeInto(std::vector<RowKey>& keys, std::vector<double>& values);

private:
    size_t stride_;
    std::unordered_map<RowKey, size_t, RowKeyHash> index_;
    std::vector<RowKey> keys_;
    std::vector<double> values_;
};

// Rows that come in interval order, summed per key with one interval in
// memory: each interval's rows go to the sink once a later one begins. A row
// out of order starts its interval again, and its key may then have two rows
// (the sums stay right; a late sample's row is as rare as it).
class IntervalMerger {
public:
    using Sink = std::function<void(std::vector<RowKey>& keys, std::vector<double>& values)>;
    IntervalMerger(size_t stride, Sink sink) : current_(stride), sink_(std::move(sink)) {}

    void add(const RowKey& key, const double* values);
    // The last interval's rows to the sink.
    void finish();

private:
    RowMerger current_;
    uint32_t interval_ = 0;
    Sink sink_;
    std::vector<RowKey> keys_;
    std::vector<double> values_;
};

} // namespace perfdash
