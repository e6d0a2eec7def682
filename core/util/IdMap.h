#pragma once
// A hash map from 64-bit keys to 32-bit ids, for the trees a profile's rows
// are summed into: open addressing in one array of 12-byte slots, filled to
// at most 70 %, so a million inserts make no allocation each
// (std::unordered_map's node per entry was most of the time a flame tree of
// a million samples took to build) and the table is about twice its keys.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace perfdash {

class IdMap {
public:
    static constexpr uint32_t kNoId = UINT32_MAX; // not an id a map can hold

    explicit IdMap(size_t expected = 0) { resize(capacityFor(expected)); }

    // The id of key, `id` inserted where it has none: {its id, whether it was added}.
    std::pair<uint32_t, bool> tryEmplace(uint64_t key, uint32_t id) {
        if (size_ + 1 > slots_.size() * 7 / 10) resize(slots_.size() * 2);
        const auto low = static_cast<uint32_t>(key), high = static_cast<uint32_t>(key >> 32);
        for (size_t i = slotOf(key);; i = i + 1 == slots_.size() ? 0 : i + 1) {
            Slot& s = slots_[i];
            if (s.id == kNoId) {
                s = {low, high, id};
                ++size_;
                return {id, true};
            }
            if (s.low == low && s.high == high) return {s.id, false};
        }
    }
    size_t size() const { return size_; }
    // Room for `expected` keys: one allocation where they are known beforehand, not one per doubling
    // (on a virtual machine each page first written costs microseconds).
    void reserve(size_t expected) {
        if (capacityFor(expected) > slots_.size()) resize(capacityFor(expected));
    }

private:
    struct Slot { // the key in two halves: 12 bytes, not 16
        uint32_t low = 0, high = 0;
        uint32_t id = kNoId;
    };
    static size_t capacityFor(size_t keys) { return std::max<size_t>(16, keys * 10 / 7 + 1); }
    // The key mixed (Fibonacci hashing), then scaled to the table without a division.
    size_t slotOf(uint64_t key) const {
        return static_cast<size_t>((static_cast<unsigned __int128>(key * 0x9e3779b97f4a7c15ULL) * slots_.size()) >> 64);
    }

    void resize(size_t capacity) {
        std::vector<Slot> old = std::exchange(slots_, std::vector<Slot>(capacity));
        size_ = 0;
        for (const Slot& s : old)
            if (s.id != kNoId) tryEmplace((uint64_t(s.high) << 32) | s.low, s.id);
    }

    std::vector<Slot> slots_;
    size_t size_ = 0;
};

} // namespace perfdash
