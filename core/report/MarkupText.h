#pragma once
// Text that goes into HTML or SVG: the report shows names the user (or the
// measured program) chose, so every one of them is escaped — a program named
// <script>alert(1)</script> is shown as those characters, never run.
#include <string>
#include <string_view>

namespace perfdash {

// Escapes & < > " ' so the result is safe both as element text and inside a
// quoted attribute. Bytes that are not valid UTF-8, and control characters
// that XML forbids, become U+FFFD: a report of a program with a binary name
// still parses as XML and shows where the odd bytes were.
std::string escapeMarkup(std::string_view text);

} // namespace perfdash
