#include "core/probes/Plausibility.h"

#include <algorithm>
#include <cmath>

#include "core/util/Strings.h"

namespace perfdash {

std::string whyCyclesNotMeasurable(const Summary& s) {
    for (double v : {s.min, s.q1, s.median, s.q3, s.max})
        if (!std::isfinite(v)) return "not measurable: the timing gave no finite value";
    const double least = std::min({s.min, s.q1, s.median, s.q3, s.max});
    if (least <= 0)
        return "machine too busy: the kernel with more copies did not take longer than the one with fewer; run "
               "again on an idle CPU";
    if (least < 1 / kMaxInstructionsPerCycle)
        return "machine too busy: " + printfString("%.3g", least) + " cycles per instruction would be more than " +
               printfString("%.0f", kMaxInstructionsPerCycle) + " instructions per cycle, beyond any core; run again on "
               "an idle CPU";
    return {};
}

std::string whyClockNotMeasurable(double fastest, double median) {
    if (!(fastest > 0) || !(median > 0) || !std::isfinite(fastest) || !std::isfinite(median))
        return "clock chain not monotonic: the longer chain of adds did not take longer than the shorter one (the "
               "CPU was busy or changing frequency); run again on an idle CPU";
    const double hz = 1 / std::min(fastest, median);
    if (hz > kMaxCoreClockHz)
        return "machine too busy: the clock chain gave " + printfString("%.3g", hz / 1e9) + " GHz, faster than any core (" +
               printfString("%.0f", kMaxCoreClockHz / 1e9) + " GHz at most); run again on an idle CPU";
    return {};
}

} // namespace perfdash
