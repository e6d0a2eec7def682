#pragma once
// One hash from several: for the keys of hash maps made of a few fields.
#include <cstddef>

namespace perfdash {

inline size_t hashCombine(size_t seed, size_t value) {
    return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

} // namespace perfdash
