#include "core/presentation/ColorScale.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {

Result<ColorScale> ColorScale::load(const std::string& path) {
    const auto text = readFile(path);
    if (!text) return makeError("cannot read the colour scale " + path + ": reinstall perfdash's data files");
    ColorScale scale;
    std::istringstream in(*text);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::string t = trim(line);
        if (t.empty() || t[0] == '#') continue;
        std::istringstream fields(t);
        double c[3];
        std::string extra;
        if (!(fields >> c[0] >> c[1] >> c[2]) || (fields >> extra) ||
            !std::all_of(c, c + 3, [](double v) { return v >= 0 && v <= 1; }))
            return makeError(path + ":" + std::to_string(number) +
                             ": expected three numbers in [0, 1] (red green blue), got '" + t + "'");
        scale.entries_.insert(scale.entries_.end(), c, c + 3);
    }
    if (scale.size() < 2) return makeError(path + ": a colour scale needs at least two colours");
    return scale;
}

std::string ColorScale::defaultPath() { return dataDir() + "/colormaps/viridis.txt"; }

Rgb ColorScale::at(double x) const {
    const double pos = std::clamp(std::isfinite(x) ? x : 0.0, 0.0, 1.0) * double(size() - 1);
    const size_t lo = std::min(size_t(pos), size() - 2);
    const double f = pos - double(lo);
    auto channel = [&](size_t k) {
        const double v = entries_[lo * 3 + k] * (1 - f) + entries_[(lo + 1) * 3 + k] * f;
        return uint8_t(std::lround(v * 255));
    };
    return {channel(0), channel(1), channel(2)};
}

} // namespace perfdash
