#pragma once
// A metric's value as people read it at a glance, in the overview's tiles
// and the fleet table alike: three or four significant digits, thousands
// grouped, millions and beyond with a prefix (M, G, T, P, E), "n/a" for no
// value.
#include <QString>

namespace perfdash {

QString tileValueText(double value);

} // namespace perfdash
