#pragma once
// The views of ProfileViews.h as people and programs read them: text tables
// (the CLI's `report` and `top`), the HTML report's section, and JSON objects (`--json`, documented in
// docs/report-schema.md, "Profile views"). Every metric value carries its
// error and sample count; one from too few samples is marked, never printed
// as if it were precise.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/profile/Disassembly.h"
#include "core/profile/Profile.h"
#include "core/profile/ProfileCompare.h"
#include "core/profile/ProfileViews.h"
#include "core/report/HtmlReport.h"

namespace perfdash {

// What a view says about where its data came from.
struct ProfileSource {
    std::string session;   // the file, or "live" for top
    std::string startedAt; // the run's start (ISO 8601), "" where not known
    bool recorded = true;  // read from a file (not measured now)
};

// A few lines: the sampled event and how, the selection, its samples and
// their stacks, the notices and warnings of the recording.
std::string profileHeaderText(const Profile& profile, const ProfileSelection& selection, const ProfileSource& source);

// `limit` rows (0: all), with a line saying how many are left out.
std::string functionTableText(const Profile& profile, const std::vector<FunctionRow>& rows, ProfileMetrics& metrics,
                              size_t limit);
// The same rows for the HTML report, the function and its module first.
ReportTable functionReportTable(const Profile& profile, const std::vector<FunctionRow>& rows, ProfileMetrics& metrics,
                                size_t limit);
// The HTML report's section of a sampled session: how it was sampled, its
// `limit` functions of the most self samples with their events and metrics,
// and its flame graph, coloured by CPI where the group has it, else by self
// share. A session whose samples cannot be shown gets a section that says why.
HtmlSection profileHtmlSection(const Profile& profile, const ProfileSource& source, size_t limit);

// Each line's source text from the file found as SourceFiles.h finds it, under `sourceFolders` too.
std::string lineTableText(const Profile& profile, const std::string& function, const std::vector<LineRow>& rows,
                          ProfileMetrics& metrics, const std::vector<std::string>& sourceFolders);
std::string callerTreeText(const Profile& profile, const CallerNode& tree, ProfileMetrics& metrics);
// Every instruction in address order with its samples, share, events, source
// line and text, the hottest marked; then what could not be shown and why.
std::string disassemblyText(const Profile& profile, const Disassembly& disassembly);

// The JSON views: {"type": "profile_functions"|"profile_lines"|"profile_callers"|
// "profile_folded"|"profile_flame"|"profile_disasm", "schema", "source", "selection", ...}.
nlohmann::ordered_json functionTableJson(const Profile& profile, const ProfileSelection& selection,
                                         const std::vector<FunctionRow>& rows, ProfileMetrics& metrics,
                                         const ProfileSource& source, size_t limit);
nlohmann::ordered_json lineTableJson(const Profile& profile, const ProfileSelection& selection,
                                     const std::string& function, const std::vector<LineRow>& rows,
                                     ProfileMetrics& metrics, const ProfileSource& source);
nlohmann::ordered_json callerTreeJson(const Profile& profile, const ProfileSelection& selection, const CallerNode& tree,
                                      ProfileMetrics& metrics, const ProfileSource& source);
nlohmann::ordered_json foldedJson(const Profile& profile, const ProfileSelection& selection, const ProfileSource& source);
nlohmann::ordered_json disassemblyJson(const Profile& profile, const ProfileSelection& selection,
                                       const Disassembly& disassembly, const ProfileSource& source);

// `report --functions --baseline`: `limit` changes (0: all); `metrics`, the
// metrics both sessions have (empty where their groups differ).
std::string functionChangesText(const std::vector<FunctionChange>& changes, const std::vector<std::string>& metrics,
                                size_t limit);
nlohmann::ordered_json functionChangesJson(const Profile& profile, const ProfileSelection& selection,
                                           const ProfileSource& source, const ProfileSelection& baselineSelection,
                                           const ProfileSource& baseline, const std::vector<FunctionChange>& changes,
                                           const std::vector<std::string>& metrics, size_t limit);

// "1.23 ±0.05"; "1.2 ?" for too few samples; "n/a".
std::string metricText(const MetricValue& value);

} // namespace perfdash
