#pragma once
// core/ speaks UTF-8 std::string, Qt speaks QString: the one conversion, and
// the one for text that goes into rich text (tooltips, details panes).
#include <QString>
#include <string_view>

namespace perfdash {

QString toQString(std::string_view utf8);
// The text with <, >, & and " escaped, ready for a rich-text label.
QString htmlEscaped(std::string_view utf8);

} // namespace perfdash
