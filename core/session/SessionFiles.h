#pragma once
// Saved sessions: where they live, what their files are called, what the
// list of recent sessions shows without reading whole files, and opening
// one again (an incomplete autosave included). A session file is a JSON
// report (docs/report-schema.md); see SessionJournal for how it is written.
#include <optional>
#include <string>
#include <vector>

#include "core/result/MeasurementResult.h"
#include "core/util/Outcome.h"

namespace perfdash {

// $XDG_DATA_HOME/perfdash/sessions, else ~/.local/share/perfdash/sessions.
std::string sessionsDirectory();

// "2024-05-01_10-00-00_stream.json": the start time (from an ISO 8601 time)
// and the target, in characters that are safe in any file system.
std::string sessionFileName(const std::string& startedAt, const std::string& target);

// `directory/name`, or with "-2", "-3", ... before the suffix when that exists already.
std::string uniqueSessionPath(const std::string& directory, const std::string& name);

struct SessionSummary {
    std::string path;
    std::string target;              // targetName(): "stream", "PID 4242", "system-wide"
    std::vector<std::string> groups; // groups asked for, then -e events
    std::string startedAt;
    double durationS = kNotAvailable; // of an incomplete session: up to its last saved interval
    std::optional<int> exitStatus;
    bool interrupted = false;
    bool incomplete = false;
    std::string error; // not empty: not readable as a session, and why
};

// Reads only the head of the file (and, for an incomplete session, its last
// interval), so listing hour-long sessions stays quick.
SessionSummary readSessionSummary(const std::string& path);

// Every *.json file in `directory`, newest start first (unreadable ones too, with their error).
std::vector<SessionSummary> listSessions(const std::string& directory);

// Opens a saved session or report for replay (`replay` set). An incomplete
// autosave opens too: a partial last line left by a power cut is dropped
// (with a warning), the duration, event totals and whole-run metrics are
// rebuilt from the intervals (WholeRunMetrics.h), and a warning says so.
// Errors name the file and the problem.
Result<MeasurementResult> openSessionFile(const std::string& path);

} // namespace perfdash
