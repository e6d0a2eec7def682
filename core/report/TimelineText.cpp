#include "core/report/TimelineText.h"

#include "core/presentation/NumberFormat.h"
#include "core/report/ReportKeys.h"
#include "core/result/MetricCoverage.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

std::string line(const std::string& t, const std::string& dt, const std::string& value, const std::string& name) {
    return printfString("%12s %9s %18s  ", t.c_str(), dt.c_str(), value.c_str()) + name + "\n";
}

std::string fixed(double v) {
    if (!isAvailable(v)) return kNotAvailableText;
    return printfString("%.6f", v);
}

} // namespace

std::string timelineTextHeader() {
    std::string header = line("t [s]", "dt [s]", "value", "event / metric");
    header[0] = '#';
    return header;
}

std::string formatTimelineText(const IntervalResult& interval) {
    const ReportKeys keys = makeReportKeys(interval.groups);
    const std::string t = fixed(interval.t), dt = fixed(interval.dt);
    std::string out;
    for (size_t g = 0; g < interval.groups.size(); ++g) {
        const GroupResult& group = interval.groups[g];
        for (size_t e = 0; e < group.events.size(); ++e) {
            const EventResult& event = group.events[e];
            // A partial total is n/a in the value column (it is not the total); what is known follows the
            // name, so that the columns stay aligned.
            std::string name = keys.events[g][e] + unitSuffix(event.unit);
            if (event.partialTotal) name += "  " + formatPartial(*event.partialTotal, "locations");
            out += line(t, dt, event.counted ? formatCount(event.total) : kNotCountedText, name);
        }
        // A metric's coverage follows its value as an event's does: only when it is below 100%.
        const double coverage = metricCoverage(group, kAggregateLocation);
        for (size_t m = 0; m < group.metrics.size(); ++m)
            out += line(t, dt, formatCount({group.metrics[m].aggregate, coverage}), keys.metrics[g][m]);
    }
    return out;
}

} // namespace perfdash
