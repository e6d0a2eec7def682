#include "widgets/probes/ProbeFormat.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace perfdash {

namespace {

QString notAvailable() { return QCoreApplication::translate("ProbeFormat", "n/a"); }

} // namespace

QString formatCycles(double cycles) {
    if (!std::isfinite(cycles)) return notAvailable();
    return QLocale().toString(cycles, 'f', 2);
}

QString formatDeviation(const std::optional<double>& deviation) {
    if (!deviation || !std::isfinite(*deviation)) return notAvailable();
    // A deviation that rounds to 0 has no sign ("0 %", never "−0 %").
    const double percent = std::round(100 * *deviation);
    const QString number = QLocale().toString(std::fabs(percent), 'f', 0);
    if (percent == 0) return QCoreApplication::translate("ProbeFormat", "%1%2 %").arg(QString(), number);
    //: a relative deviation from a reference value, e.g. "+12 %"
    return QCoreApplication::translate("ProbeFormat", "%1%2 %").arg(percent < 0 ? QStringLiteral("−") : QStringLiteral("+"), number);
}

QString formatGigahertz(const std::optional<double>& hz) {
    if (!hz || !std::isfinite(*hz)) return notAvailable();
    return QCoreApplication::translate("ProbeFormat", "%1 GHz").arg(QLocale().toString(*hz / 1e9, 'f', 3));
}

} // namespace perfdash
