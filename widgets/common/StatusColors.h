#pragma once
// The two colours that say "problem" and "fine" (inline errors, stderr, ✗ and
// ✓), chosen to stay readable on the palette's base colour, light or dark.
#include <QColor>
#include <QPalette>

namespace perfdash {

QColor errorColor(const QPalette& palette);
QColor okColor(const QPalette& palette);

} // namespace perfdash
