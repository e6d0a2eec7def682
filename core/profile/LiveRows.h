#pragma once
// One of a profile's row tables while a run goes on (the call paths', the
// instructions'): the open interval's rows summed per key, the rows of
// closed intervals on disk (RowSpill) until the run ends, and every row's
// interval halved when the builder coarsens. The rows in memory are the
// profile's own vectors, so a live view reads them where they are.
// ProfileBuilder decides when to spill and coarsen, for all its tables at
// once, so that every table keeps the same intervals.
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/profile/Profile.h"
#include "core/profile/RowMerger.h"
#include "core/profile/RowSpill.h"
#include "core/util/Outcome.h"

namespace perfdash {

class LiveRows {
public:
    // The rows are `keys` and `values` (stride columns a row), which must outlive this.
    LiveRows(std::vector<RowKey>& keys, std::vector<double>& values, size_t stride, std::string spillDirectory);

    size_t stride() const { return stride_; }
    // On disk and in memory.
    size_t rows() const { return spill_.rows() + keys_.size(); }
    // The row of `key`, whose interval is the open one, made of zeros where
    // it is new (`added`). Valid until the next call.
    double* row(const RowKey& key, bool& added);
    // A later interval opened: no earlier interval gets rows again.
    void intervalOpened() { open_.clear(); }
    // The rows of the intervals before `interval` to disk; a failure leaves them in memory.
    Status spillBefore(uint32_t interval);
    // Every row's interval halved and the rows of equal keys summed, on disk
    // and in memory; `openInterval` (already halved) stays open. Where the
    // disk cannot, its rows come back to memory, coarsened, and the error says why.
    Status coarsen(uint32_t openInterval);
    // Every row from disk back in memory, after those in memory; the error
    // says where that failed, and those rows are lost.
    Status backToMemory(uint32_t openInterval);
    // The end of the run: every row in memory, in interval order as written,
    // one per key and interval; as backToMemory where reading fails.
    Status finish();

private:
    // The rows in memory summed into `merged` (after those already there),
    // each interval divided by `divisor`, made the rows in memory again.
    void replaceRows(RowMerger& merged, uint32_t divisor, uint32_t openInterval);
    Status readBack(const std::function<void(const RowKey&, const double*)>& row);

    std::vector<RowKey>& keys_;
    std::vector<double>& values_;
    size_t stride_;
    RowSpill spill_;
    std::unordered_map<RowKey, size_t, RowKeyHash> open_; // rows of the open interval
};

} // namespace perfdash
