#pragma once
// An append-only column of values kept in fixed-size chunks. Appending never
// moves what is already stored: a vector would copy a whole hour of points
// (and briefly hold it twice) every time it grows, on the GUI thread, for
// every series at the same moment. The slack is at most one chunk.
#include <cstddef>
#include <memory>
#include <vector>

namespace perfdash {

template <class T, unsigned ChunkBits> class ChunkedColumn {
public:
    static constexpr size_t kChunkSize = size_t(1) << ChunkBits;

    void push_back(const T& value) {
        if ((size_ & kMask) == 0) chunks_.push_back(std::make_unique_for_overwrite<T[]>(kChunkSize));
        chunks_.back()[size_ & kMask] = value;
        ++size_;
    }
    const T& operator[](size_t i) const { return chunks_[i >> ChunkBits][i & kMask]; }
    T& operator[](size_t i) { return chunks_[i >> ChunkBits][i & kMask]; }
    T& back() { return (*this)[size_ - 1]; }

    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    void clear() {
        chunks_.clear();
        chunks_.shrink_to_fit();
        size_ = 0;
    }
    size_t bytesAllocated() const {
        return chunks_.size() * kChunkSize * sizeof(T) + chunks_.capacity() * sizeof(std::unique_ptr<T[]>);
    }

private:
    static constexpr size_t kMask = kChunkSize - 1;
    std::vector<std::unique_ptr<T[]>> chunks_;
    size_t size_ = 0;
};

} // namespace perfdash
