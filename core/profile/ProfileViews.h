#pragma once
// What `report` and `top` show of a profile: a selection of its rows (a time
// range, a marker region, a process or thread) and, over it, the functions
// (self and total), the source lines of one function, the callers of one
// function, and the folded stacks (Brendan Gregg's format, one line per call
// path). Every figure is summed from the rows, so the views agree with each
// other and with any other selection of the same session.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/profile/Profile.h"
#include "core/profile/ProfileMetrics.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct ProfileFilter {
    std::optional<double> fromS; // the time range, seconds from the start of sampling
    std::optional<double> toS;
    std::string region;           // only samples while this marker region ran on their thread
    std::optional<int> pid;
    std::optional<int> tid;
};

// "2s-5s", "2s-", "-5s", "1.5-3" (seconds; units as durations take them: ms, s, min).
Result<std::pair<std::optional<double>, std::optional<double>>> parseTimeRange(const std::string& text);

struct ProfileSelection {
    // Indices into Profile::keys, 4 bytes each: a million rows' selection is
    // held by every view of it, and a profile's builder keeps its rows far
    // below 2^32.
    std::vector<uint32_t> rows;
    // The instruction rows (Profile::instructionKeys) of the same intervals,
    // regions and threads: the same samples, per instruction.
    std::vector<uint32_t> instructionRows;
    // The intervals the rows come from: a time range is rounded out to whole
    // intervals of the session, and says so.
    double fromS = 0;
    double toS = 0;
    std::string description; // "all samples", "1 s-5 s (whole intervals of 1 s), region solve"
    std::vector<double> sums; // of every row chosen
};

// The rows the filter keeps, of both tables. Errors name the input and the
// fix: a session without samples, a time range with none in it (and the
// span the session covers), a region the session does not know (with its
// regions).
Result<ProfileSelection> selectRows(const Profile& profile, const ProfileFilter& filter);

// A function: a name in a module (functions without a name: one per module).
struct FunctionRow {
    std::string name;
    std::string module;
    bool kernel = false;
    // Inlined into its callers everywhere it was sampled: the caller it was
    // found in most often (the flame graph and --callers show it there too).
    std::string inlinedInto;
    std::string file; // its source file, where known
    std::vector<double> self;  // summed columns of the samples in it (its own code, inlined callees apart)
    std::vector<double> total; // ... of every sample with it on the stack (counted once per sample)
    Share selfShare;
    Share totalShare;
    std::vector<MetricValue> metrics; // over `self`
    double incompleteStacks = 0;      // of its total samples, those whose stacks are not complete
};

// Ordered by self weight, then total weight, then name.
std::vector<FunctionRow> functionTable(const Profile& profile, const ProfileSelection& selection,
                                       ProfileMetrics& metrics);

// What a row of the hotspot table gathers: a function, or all the functions
// of a source file, of a module, or of a process or thread.
enum class ProfileGrouping { Function, File, Module, Process, Thread };

// The function table gathered otherwise, ordered as it is. A row's name is
// the file (code without a source file: "[no source file]" in its module),
// the module's path, or the thread's "comm [pid]" / "comm [pid/tid]"; its
// module is the file's module, the module itself, or empty. Self: the
// samples whose innermost frame is in it; total: those with it anywhere on
// the stack, once per sample (a process or thread: its samples, both).
// ProfileGrouping::Function gives functionTable().
std::vector<FunctionRow> groupedTable(const Profile& profile, const ProfileSelection& selection,
                                      ProfileMetrics& metrics, ProfileGrouping grouping);

// The events in the samples (Profile::events indices): the figures a table shows per row.
std::vector<size_t> sampledEvents(const Profile& profile);

// The function a user named: exactly, else the one whose name without its
// parameters is it ("hot_loop" for "hot_loop(int)"); otherwise an error with
// the closest names of the selection.
Result<std::string> findFunction(const Profile& profile, const ProfileSelection& selection, const std::string& name);
// The same among `names`; `where` says in the error where they were looked for ("the samples of region solve").
Result<std::string> matchFunctionName(const std::set<std::string>& names, const std::string& name,
                                      const std::string& where);

struct LineRow {
    std::string file;
    int line = 0;               // 0: no line known
    std::vector<std::string> inlinedCalls; // functions inlined at this line whose samples count here
    std::vector<double> sums;
    Share share; // of the function's samples in its own body
    std::vector<MetricValue> metrics;
};

// The samples inside `function`'s own body (its code and what is inlined
// into it), per source line, ascending by file and line.
std::vector<LineRow> lineTable(const Profile& profile, const ProfileSelection& selection, ProfileMetrics& metrics,
                               const std::string& function);

// The callers of a function as a tree: each level the functions that called
// the one above, with the samples of that call path.
struct CallerNode {
    std::string name;
    std::vector<double> sums;
    Share share; // of the selection
    std::vector<MetricValue> metrics;
    std::vector<CallerNode> callers; // by weight, heaviest first
    bool incomplete = false;         // the stacks end here without reaching a process or thread entry
};
CallerNode callerTree(const Profile& profile, const ProfileSelection& selection, ProfileMetrics& metrics,
                      const std::string& function);

// "comm;outer;...;leaf COUNT\n" per distinct path, COUNT its samples; the
// thread's process name first, "[incomplete stack]" under it for stacks that
// did not reach an entry; lines sorted. What flamegraph.pl and speedscope read.
std::string foldedStacks(const Profile& profile, const ProfileSelection& selection);

// The display name of a frame in stacks: its function, "[unknown in MODULE]" without one.
std::string frameLabel(const Profile& profile, uint32_t frame);

} // namespace perfdash
