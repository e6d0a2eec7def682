#pragma once
// An append-only column of values kept in fixed-size chunks. Appending never
// moves what is already stored: a vector would copy a whole hour of points
// (and briefly hold it twice) every time it grows, on the GUI thread, for
// every series at the same moment. The slack is at most one chunk.
// Elements keep their index for good: a column may start at a later index
// (startAt) and forget its oldest elements (releaseBefore), whose chunks are
// then freed; reading an element that was never stored or was released is an
// error.
#include <cstddef>
#include <memory>
#include <vector>

namespace perfdash {

template <class T, unsigned ChunkBits> class ChunkedColumn {
public:
    static constexpr size_t kChunkSize = size_t(1) << ChunkBits;

    void push_back(const T& value) {
        if ((size_ >> ChunkBits) == base_ + chunks_.size()) chunks_.push_back(std::make_unique_for_overwrite<T[]>(kChunkSize));
        chunks_.back()[size_ & kMask] = value;
        ++size_;
    }
    const T& operator[](size_t i) const { return chunks_[(i >> ChunkBits) - base_][i & kMask]; }
    T& operator[](size_t i) { return chunks_[(i >> ChunkBits) - base_][i & kMask]; }
    T& back() { return (*this)[size_ - 1]; }

    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    void clear() { startAt(0); }
    // An empty column whose first element will have index `index`.
    void startAt(size_t index) {
        chunks_.clear();
        chunks_.shrink_to_fit();
        base_ = index >> ChunkBits;
        size_ = index;
    }
    // Frees the chunks that hold only elements before `index`.
    void releaseBefore(size_t index) {
        size_t drop = 0;
        while (drop < chunks_.size() && ((base_ + drop + 1) << ChunkBits) <= index) ++drop;
        // Cheap: a column that forgets its oldest elements keeps only a few chunks.
        chunks_.erase(chunks_.begin(), chunks_.begin() + static_cast<std::ptrdiff_t>(drop));
        base_ += drop;
    }
    size_t bytesAllocated() const {
        return chunks_.size() * kChunkSize * sizeof(T) + chunks_.capacity() * sizeof(std::unique_ptr<T[]>);
    }

private:
    static constexpr size_t kMask = kChunkSize - 1;
    std::vector<std::unique_ptr<T[]>> chunks_; // chunks_[0] holds elements from base_ << ChunkBits
    size_t base_ = 0;
    size_t size_ = 0;
};

} // namespace perfdash
