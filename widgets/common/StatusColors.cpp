#include "widgets/common/StatusColors.h"

namespace perfdash {

bool darkBase(const QPalette& palette) { return palette.color(QPalette::Base).lightness() < 128; }

QColor errorColor(const QPalette& palette) {
    return darkBase(palette) ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x1c, 0x1c);
}

QColor okColor(const QPalette& palette) {
    return darkBase(palette) ? QColor(0x8b, 0xd8, 0x8b) : QColor(0x1b, 0x7a, 0x2e);
}

QColor warningColor(const QPalette& palette) {
    return darkBase(palette) ? QColor(0xff, 0xd0, 0x70) : QColor(0x9a, 0x5b, 0x00);
}

} // namespace perfdash
