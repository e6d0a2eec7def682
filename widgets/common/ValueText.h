#pragma once
// A metric's value as people read it at a glance, in the overview's tiles
// and the fleet table alike: three or four significant digits, thousands
// grouped, "n/a" for no value.
#include <QString>

namespace perfdash {

QString tileValueText(double value);

} // namespace perfdash
