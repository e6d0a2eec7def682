#include "core/util/Strings.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace perfdash {

std::string trim(std::string_view s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

std::string toLower(std::string_view s) {
    std::string out(s);
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool containsIgnoreCase(std::string_view haystack, std::string_view needle) {
    if (needle.empty()) return true;
    auto it = std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
    return it != haystack.end();
}

std::vector<std::string> split(std::string_view s, char sep, bool keepEmpty) {
    std::vector<std::string> out;
    size_t start = 0;
    while (true) {
        size_t pos = s.find(sep, start);
        std::string_view part = s.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start);
        if (keepEmpty || !part.empty()) out.emplace_back(part);
        if (pos == std::string_view::npos) break;
        start = pos + 1;
    }
    return out;
}

std::vector<std::string> splitWhitespace(std::string_view s) {
    std::vector<std::string> out;
    std::istringstream in{std::string(s)};
    std::string w;
    while (in >> w) out.push_back(w);
    return out;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i) out += sep;
        out += parts[i];
    }
    return out;
}

std::optional<uint64_t> parseUnsigned(std::string_view s) {
    if (s.empty()) return std::nullopt;
    int base = 10;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s.remove_prefix(2);
    }
    uint64_t v = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
    if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
    return v;
}

std::optional<int64_t> parseSigned(std::string_view s) {
    bool neg = !s.empty() && s[0] == '-';
    if (neg) s.remove_prefix(1);
    auto u = parseUnsigned(s);
    if (!u || *u > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
    return neg ? -static_cast<int64_t>(*u) : static_cast<int64_t>(*u);
}

std::optional<double> parseDouble(std::string_view s) {
    if (s.empty()) return std::nullopt;
    std::string copy(s);
    char* end = nullptr;
    errno = 0;
    double v = std::strtod(copy.c_str(), &end);
    if (errno != 0 || end != copy.c_str() + copy.size()) return std::nullopt;
    return v;
}

size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            size_t subst = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
        }
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::vector<std::string> closestMatches(std::string_view word, const std::vector<std::string>& candidates,
                                        size_t limit) {
    const std::string w = toLower(word);
    std::vector<std::pair<size_t, const std::string*>> scored;
    scored.reserve(candidates.size());
    for (const auto& c : candidates) {
        const std::string lc = toLower(c);
        size_t d = editDistance(w, lc);
        // A candidate that contains the word (or vice versa) is a strong hint even if long.
        if (lc.find(w) != std::string::npos || w.find(lc) != std::string::npos)
            d = std::min(d, std::max<size_t>(1, lc.size() > w.size() ? (lc.size() - w.size()) / 4 : 1));
        scored.emplace_back(d, &c);
    }
    std::stable_sort(scored.begin(), scored.end(), [](auto& x, auto& y) { return x.first < y.first; });
    const size_t maxDistance = std::max<size_t>(3, w.size() / 2);
    std::vector<std::string> out;
    for (auto& [d, c] : scored) {
        if (out.size() >= limit || d > maxDistance) break;
        if (std::find(out.begin(), out.end(), *c) == out.end()) out.push_back(*c);
    }
    return out;
}

std::optional<std::string> readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return ss.str();
}

std::optional<std::string> readFirstLine(const std::string& path) {
    auto content = readFile(path);
    if (!content) return std::nullopt;
    auto nl = content->find('\n');
    return trim(nl == std::string::npos ? *content : content->substr(0, nl));
}

std::string hex(uint64_t v) {
    char buf[24];
    auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v, 16);
    (void)ec;
    return "0x" + std::string(buf, ptr);
}

std::string printfString(const char* pattern, ...) {
    va_list args;
    va_start(args, pattern);
    va_list again;
    va_copy(again, args);
    const int n = std::vsnprintf(nullptr, 0, pattern, args);
    va_end(args);
    std::string out(n > 0 ? static_cast<size_t>(n) : 0, '\0');
    if (n > 0) std::vsnprintf(out.data(), out.size() + 1, pattern, again);
    va_end(again);
    return out;
}

} // namespace perfdash
