#include "widgets/common/QtStrings.h"

namespace perfdash {

QString toQString(std::string_view utf8) { return QString::fromUtf8(utf8.data(), static_cast<qsizetype>(utf8.size())); }

QString htmlEscaped(std::string_view utf8) { return toQString(utf8).toHtmlEscaped(); }

} // namespace perfdash
