#include "core/profile/Profile.h"

#include <algorithm>

namespace perfdash {

const char* toString(StackState state) {
    switch (state) {
    case StackState::Complete: return "complete";
    case StackState::Incomplete: return "incomplete";
    case StackState::Unknown: return "unknown";
    }
    return "unknown";
}

size_t ProfileColumns::moment(size_t a, size_t b) const {
    if (a > b) std::swap(a, b);
    const size_t v = variables();
    // Row a of the upper triangle starts after rows 0..a-1, of v, v-1, ... entries.
    return time() + 1 + a * v - a * (a - 1) / 2 + (b - a);
}

size_t ProfileColumns::count() const {
    const size_t v = variables();
    return time() + 1 + (moments ? v * (v + 1) / 2 : 0);
}

std::string Profile::functionName(const ProfileFrame& frame) const {
    if (frame.function != 0) return strings[frame.function];
    if (frame.module < 0 || modules[static_cast<size_t>(frame.module)].path == "[unknown]") return "[unknown]";
    const std::string& path = modules[static_cast<size_t>(frame.module)].path;
    const size_t slash = path.rfind('/');
    return "[unknown in " + (slash == std::string::npos ? path : path.substr(slash + 1)) + "]";
}

std::vector<uint32_t> Profile::pathOf(uint32_t node) const {
    std::vector<uint32_t> frames;
    pathOf(node, frames);
    return frames;
}

void Profile::pathOf(uint32_t node, std::vector<uint32_t>& frames) const {
    frames.clear();
    while (node != 0) {
        frames.push_back(nodes[node].frame);
        node = nodes[node].parent;
    }
    std::reverse(frames.begin(), frames.end());
}

double Profile::samples() const {
    const size_t stride = columns().count();
    double n = 0;
    for (size_t r = 0; r < keys.size(); ++r) n += values[r * stride + ProfileColumns::kSamples];
    return n;
}

} // namespace perfdash
