#pragma once
// The colours that say "problem", "worth a look" and "fine" (inline errors,
// stderr, ✗ and ✓, the overview's threshold bands), chosen to stay readable on
// the palette's base colour, light or dark.
#include <QColor>
#include <QPalette>

namespace perfdash {

// Whether the palette's base (where charts draw) is dark: lines and fills take the colours for dark backgrounds.
bool darkBase(const QPalette& palette);

QColor errorColor(const QPalette& palette);
QColor okColor(const QPalette& palette);
QColor warningColor(const QPalette& palette);

} // namespace perfdash
