#pragma once
// The "profile" section of a session file (docs/report-schema.md,
// "Profile"): a report JSON (core/report/ReportJson.h, its counts) with the
// profile beside them, so one file holds counts and samples. Tables and rows
// are written one element per line, so that a session of a million rows is
// a file of a million lines, not of ten million.
//
// The reader checks every index against the table it points into and every
// row's length against the columns: bad input is an Error naming the field,
// never an exception or a crash.
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/profile/Profile.h"
#include "core/result/MeasurementResult.h"
#include "core/util/Outcome.h"

namespace perfdash {

// The profile section's own version ("format"); a reader refuses a newer one.
inline constexpr int kProfileFormatVersion = 1;

// The section's JSON text (an object), without a trailing newline, appended to `out`.
void appendProfileJson(std::string& out, const Profile& profile);

// The whole session: the report (counts) as ReportJson writes it, with
// "profile" as its last member.
std::string formatSessionJson(const MeasurementResult& result, const Profile& profile);
// That member as text, with its leading comma: what a report's text (or a
// SessionJournal's ending) gains after its last member.
std::string profileSessionMember(const Profile& profile);

// The section, from its JSON value; `source` names the input in messages.
Result<Profile> readProfileJson(const nlohmann::json& value, const std::string& source);

struct Session {
    MeasurementResult result;       // the counts, as the report reader reads them
    std::optional<Profile> profile; // none: a session of `stat`, without samples
};

// A session file's text or file: its counts and, where it has one, its profile.
Result<Session> readSessionJson(std::string_view text, const std::string& source);
Result<Session> readSessionFile(const std::string& path);
// Only the profile of a session file, for a reader that has its counts from
// elsewhere (the dashboard's session loader): none where it has no samples.
Result<std::optional<Profile>> readSessionProfile(const std::string& path);

} // namespace perfdash
