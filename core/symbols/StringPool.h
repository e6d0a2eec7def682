#pragma once
// One copy of each function and file name, however many addresses carry it;
// the views stay valid while the pool lives (set nodes do not move).
#include <string>
#include <string_view>
#include <unordered_set>

namespace perfdash {

class StringPool {
public:
    std::string_view intern(std::string_view text) {
        if (text.empty()) return {};
        auto it = strings_.find(text);
        if (it == strings_.end()) it = strings_.emplace(text).first;
        return *it;
    }
    size_t size() const { return strings_.size(); }

private:
    struct Hash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_set<std::string, Hash, std::equal_to<>> strings_;
};

} // namespace perfdash
