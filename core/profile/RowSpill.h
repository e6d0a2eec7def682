#pragma once
// The rows of a run's closed intervals, on disk until the run ends, so that
// recording's memory stays flat however long it runs (issue 30: a 10-minute
// run at 4 kHz holds a million rows). An unlinked file in $TMPDIR (or /tmp):
// nothing is left behind when the process ends, however it ends.
//
// Every call that fails leaves the file as it was and says why, so the
// caller keeps its rows in memory instead: rows are never lost to a full
// disk.
#include <cstddef>
#include <functional>
#include <string>

#include "core/profile/Profile.h"
#include "core/util/Outcome.h"
#include "core/util/UniqueFd.h"

namespace perfdash {

class RowSpill {
public:
    // Rows of `stride` columns; the file is made in `directory` ("" for
    // $TMPDIR, else /tmp) by the first append.
    explicit RowSpill(size_t stride, std::string directory = "");

    Status append(const RowKey* keys, const double* values, size_t rows);
    size_t rows() const { return rows_; }
    // Each row's interval halved and the rows of equal keys summed, one
    // coarse interval in memory at a time (rows come in interval order).
    Status coarsen();
    // Every row, in the order written.
    Status forEach(const std::function<void(const RowKey&, const double*)>& row) const;
    // No rows, and the file let go.
    void clear() {
        fd_.reset();
        rows_ = 0;
    }

private:
    Result<UniqueFd> makeFile() const;
    size_t rowBytes() const;

    size_t stride_;
    std::string directory_;
    UniqueFd fd_;
    size_t rows_ = 0;
};

} // namespace perfdash
