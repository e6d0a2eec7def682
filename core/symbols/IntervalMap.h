#pragma once
// Non-overlapping address ranges, each with a value, where a range placed
// later covers whatever parts of earlier ones it overlaps: mmap's rule for a
// process's mappings, and a JIT map's rule for code written over old code.
#include <cstdint>
#include <iterator>
#include <map>
#include <utility>

namespace perfdash {

template <class V>
class IntervalMap {
public:
    struct Range {
        uint64_t end;
        V value;
    };

    // Places value on [start, end). An older range it overlaps keeps the parts
    // outside it, each told its new bounds by `kept(value, start, end)` (a
    // mapping's file offset moves with its start). Returns whether anything
    // older was covered.
    template <class Kept>
    bool assign(uint64_t start, uint64_t end, V value, Kept kept) {
        if (end <= start) return false;
        auto it = ranges_.lower_bound(start);
        if (it != ranges_.begin() && std::prev(it)->second.end > start) --it;
        bool covered = false;
        while (it != ranges_.end() && it->first < end) {
            const uint64_t oldStart = it->first;
            Range old = std::move(it->second);
            it = ranges_.erase(it);
            covered = true;
            if (old.end > end) {
                Range above{old.end, old.value};
                kept(above.value, end, old.end);
                it = ranges_.emplace_hint(it, end, std::move(above));
            }
            if (oldStart < start) {
                kept(old.value, oldStart, start);
                ranges_.emplace(oldStart, Range{start, std::move(old.value)});
            }
        }
        ranges_.emplace(start, Range{end, std::move(value)});
        return covered;
    }

    // The (start, range) holding address, or null.
    const std::pair<const uint64_t, Range>* find(uint64_t address) const {
        auto it = ranges_.upper_bound(address);
        if (it == ranges_.begin()) return nullptr;
        --it;
        return address < it->second.end ? &*it : nullptr;
    }

    auto begin() const { return ranges_.begin(); }
    auto end() const { return ranges_.end(); }
    size_t size() const { return ranges_.size(); }

private:
    std::map<uint64_t, Range> ranges_;
};

} // namespace perfdash
