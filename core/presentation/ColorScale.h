#pragma once
// A sequential colour scale read from data (resources/colormaps/NAME.txt:
// "red green blue" in [0, 1] per line, low to high, '#' comments), for the
// heat maps of the GUI and the reports. The default, viridis, is
// perceptually uniform and readable with colour-blindness and in grey.
#include <cstdint>
#include <string>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

struct Rgb {
    uint8_t r = 0, g = 0, b = 0;
    bool operator==(const Rgb&) const = default;
};

class ColorScale {
public:
    // An error names the file and the line that is wrong.
    static Result<ColorScale> load(const std::string& path);
    // <dataDir>/colormaps/viridis.txt
    static std::string defaultPath();

    // x in [0, 1] (clamped), interpolated between neighbouring entries.
    Rgb at(double x) const;
    size_t size() const { return entries_.size() / 3; } // colours

private:
    std::vector<double> entries_; // r, g, b per entry, in [0, 1]
};

} // namespace perfdash
