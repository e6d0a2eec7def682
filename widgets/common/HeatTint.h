#pragma once
// The background of a row by its share of the hottest row's, from the base
// colour towards orange: the source and disassembly views tint their lines
// the same way (the share is also a column: colour is never the only carrier).
#include <QColor>

namespace perfdash {

// `fraction`: the row's share over the hottest row's, in [0, 1].
QColor heatTint(double fraction);

} // namespace perfdash
