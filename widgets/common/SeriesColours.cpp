#include "widgets/common/SeriesColours.h"

#include <array>
#include <cmath>

namespace perfdash {

QColor seriesColour(size_t index, size_t count, bool darkBackground) {
    static constexpr std::array<QRgb, 10> kTableau10 = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f,
                                                        0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
    // Yellow, pink and grey are too pale against white for thin lines: with a
    // light background only the first seven are used alone.
    const size_t qualitative = darkBackground ? kTableau10.size() : 7;
    if (count <= qualitative) return QColor::fromRgb(kTableau10[index]);
    const double hue = std::fmod(static_cast<double>(index) * 137.50776405, 360.0);
    static constexpr std::array<double, 3> kLightness = {0.42, 0.52, 0.32};
    static constexpr std::array<double, 3> kLightnessOnDark = {0.62, 0.75, 0.52};
    const double lightness = (darkBackground ? kLightnessOnDark : kLightness)[index % 3];
    return QColor::fromHslF(static_cast<float>(hue / 360.0), 0.75f, static_cast<float>(lightness));
}

Qt::PenStyle metricPenStyle(size_t metricIndex) {
    static constexpr std::array<Qt::PenStyle, 4> kStyles = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    return kStyles[metricIndex % kStyles.size()];
}

} // namespace perfdash
