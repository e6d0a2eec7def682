#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfdash {

std::string trim(std::string_view s);
std::string toLower(std::string_view s);
bool containsIgnoreCase(std::string_view haystack, std::string_view needle);
std::vector<std::string> split(std::string_view s, char sep, bool keepEmpty = false);
std::vector<std::string> splitWhitespace(std::string_view s);
std::string join(const std::vector<std::string>& parts, std::string_view sep);

// Unsigned integer in decimal or 0x-hex; nullopt on anything else (no partial parses).
std::optional<uint64_t> parseUnsigned(std::string_view s);
std::optional<int64_t> parseSigned(std::string_view s);
std::optional<double> parseDouble(std::string_view s);

// Edit distance, for "did you mean" suggestions.
size_t editDistance(std::string_view a, std::string_view b);
// The candidates closest to `word` (case-insensitive), best first, at most `limit`.
std::vector<std::string> closestMatches(std::string_view word, const std::vector<std::string>& candidates,
                                        size_t limit = 5);

// Reads a whole (small) file, e.g. a sysfs attribute; nullopt if it cannot be read.
std::optional<std::string> readFile(const std::string& path);
// First line of a file with surrounding whitespace removed.
std::optional<std::string> readFirstLine(const std::string& path);

std::string hex(uint64_t v);

// printf into a std::string (GCC 12 has no std::format); any length.
std::string printfString(const char* pattern, ...) __attribute__((format(printf, 1, 2)));

} // namespace perfdash
