#include "widgets/common/ShareText.h"

namespace perfdash {

QString shareText(const Share& share) {
    return share.value > 0 ? QStringLiteral("%1 ± %2").arg(share.value * 100, 0, 'f', 1).arg(share.error * 100, 0, 'f', 1)
                           : QStringLiteral("0.0");
}

} // namespace perfdash
