#pragma once
// A sampled profile's share in words, the same on every page that shows one.
#include <QString>

#include "core/profile/ProfileViews.h"

namespace perfdash {

// A share in percent with its standard error: "49.4 ± 2.2"; "0.0" for none.
QString shareText(const Share& share);

} // namespace perfdash
