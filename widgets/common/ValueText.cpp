#include "widgets/common/ValueText.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

#include "core/report/NumberFormat.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

QString tileValueText(double value) {
    if (!isAvailable(value)) return QString::fromLatin1(kNotAvailableText);
    const double magnitude = std::abs(value);
    const QLocale locale;
    // The bands are decided on the value as rounded, so 99.999 reads "100.0", not "100.00".
    if (magnitude >= 999.95) return locale.toString(value, 'f', 0);
    if (magnitude >= 99.995) return locale.toString(value, 'f', 1);
    if (magnitude >= 0.9995 || value == 0) return locale.toString(value, 'f', 2);
    return locale.toString(value, 'g', 3);
}

QString heldElsewhereText(int cpu) { return QCoreApplication::translate("ValueText", "see CPU %1").arg(cpu); }

QString heldElsewhereToolTip(int cpu) {
    return QCoreApplication::translate("ValueText",
                                       "Counted on CPU %1: this comes from a unit of the package (RAPL, uncore), "
                                       "which is read once per package, die or L3 cache. CPU %1's value holds this "
                                       "CPU's, and the sum holds each unit once.")
        .arg(cpu);
}

} // namespace perfdash
