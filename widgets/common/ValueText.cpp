#include "widgets/common/ValueText.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

#include "core/presentation/NumberFormat.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

QString tileValueText(double value) {
    if (!isAvailable(value)) return QString::fromLatin1(kNotAvailableText);
    const double magnitude = std::abs(value);
    if (magnitude >= 999.95e3) {
        // Millions and beyond read as "12.3 G" with a prefix, the way people say them: eleven
        // digits neither fit a tile nor read at a glance (the exact count is in the tables).
        static const char kPrefixes[] = {'M', 'G', 'T', 'P', 'E'};
        double scaled = value / 1e6;
        size_t prefix = 0;
        while (std::abs(scaled) >= 999.95 && prefix + 1 < sizeof kPrefixes) {
            scaled /= 1e3;
            ++prefix;
        }
        return tileValueText(scaled) + QLatin1Char(' ') + QLatin1Char(kPrefixes[prefix]);
    }
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
