#pragma once
// What a run measured, as the controller handed it out, and whether intervals
// read back (from a session file, or the recorder's memory) are those, value
// for value as a report writes them: NaN ("not available") is written as
// null, so the written text is compared, not the doubles.
#include <QSignalSpy>
#include <string>
#include <vector>

#include "core/report/ReportJson.h"
#include "widgets/run/MeasurementController.h"

namespace perfdash::testing {

// Every interval of a spy on MeasurementController::intervalsArrived, in order.
inline std::vector<IntervalResult> intervalsOf(const QSignalSpy& arrived) {
    std::vector<IntervalResult> all;
    for (const auto& call : arrived)
        for (auto& interval : call[0].value<std::vector<IntervalResult>>()) all.push_back(std::move(interval));
    return all;
}

// "" when they are the same, else the first difference.
inline std::string intervalsDiffer(const std::vector<IntervalResult>& measured, const std::vector<IntervalResult>& got) {
    if (measured.size() != got.size())
        return std::to_string(got.size()) + " intervals, " + std::to_string(measured.size()) + " measured";
    const auto text = [](const IntervalResult& i) {
        return reportIntervalToJson(i).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    };
    for (size_t i = 0; i < measured.size(); ++i)
        if (text(measured[i]) != text(got[i]))
            return "interval " + std::to_string(i) + ": " + text(got[i]) + ", measured " + text(measured[i]);
    return {};
}

} // namespace perfdash::testing
