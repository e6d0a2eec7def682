#include "widgets/common/HeatTint.h"

#include <QApplication>
#include <QPalette>

namespace perfdash {

QColor heatTint(double fraction) {
    const double t = 0.15 + 0.45 * fraction;
    const QColor base = QApplication::palette().color(QPalette::Base);
    const QColor warm(255, 120, 40);
    return QColor::fromRgbF(float(base.redF() * (1 - t) + warm.redF() * t), float(base.greenF() * (1 - t) + warm.greenF() * t),
                            float(base.blueF() * (1 - t) + warm.blueF() * t));
}

} // namespace perfdash
