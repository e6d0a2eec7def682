#pragma once
// Saved sessions for the GUI tests: the report tests' rich result (three
// CPUs, groups CPI, MEM and custom) with a timeline of `intervals` intervals
// of `dt` seconds, written as the session files perfdash saves.
#include <QFile>
#include <QString>

#include "core/report/ReportJson.h"
#include "report/ReportSamples.h"

namespace perfdash::test {

// CPI's metric "CPI" is 1 + i / 100 in interval i (1-based), so the order is visible.
inline MeasurementResult sessionWithTimeline(int intervals, double dt, const std::string& startedAt) {
    MeasurementResult r = samples::richResult();
    r.startedAt = startedAt;
    r.config.command = {"/usr/bin/stream"};
    r.config.intervalS = dt;
    r.durationS = dt * intervals;
    const std::vector<GroupResult> shape = r.intervals.front().groups;
    r.intervals.clear();
    for (int i = 1; i <= intervals; ++i) {
        IntervalResult interval{dt * i, dt, shape};
        interval.groups[0].metrics[0].aggregate = 1 + i / 100.0;
        r.intervals.push_back(std::move(interval));
    }
    return r;
}

inline bool writeSession(const QString& path, const MeasurementResult& session) {
    const std::string text = formatReportJson(session);
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text.data(), qint64(text.size())) == qint64(text.size());
}

} // namespace perfdash::test
