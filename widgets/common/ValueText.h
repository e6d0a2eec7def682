#pragma once
// A metric's value as people read it at a glance, in the overview's tiles
// and the fleet table alike: three or four significant digits, thousands
// grouped, millions and beyond with a prefix (M, G, T, P, E), "n/a" for no
// value; where a value is held, when another CPU holds it.
#include <QString>

namespace perfdash {

QString tileValueText(double value);

// A CPU whose value a package unit's reader holds (core/result's HeldElsewhere):
// the cell's text, "see CPU 0", and its tooltip, which says why it is no failure.
QString heldElsewhereText(int cpu);
QString heldElsewhereToolTip(int cpu);

} // namespace perfdash
