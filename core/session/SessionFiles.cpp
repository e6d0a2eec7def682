#include "core/session/SessionFiles.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/presentation/NumberFormat.h"
#include "core/report/ReportJsonReader.h"
#include "core/report/ReportTables.h"
#include "core/report/WholeRunMetrics.h"
#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

constexpr size_t kMaxTargetChars = 40;

// Collects the summary fields from the head of a report and stops at
// "locations": the writer puts everything a summary needs before it.
class SummaryReader : public nlohmann::json_sax<json> {
public:
    explicit SummaryReader(SessionSummary& summary) : s_(summary) {}

    bool stoppedEarly() const { return stopped_; }
    const RunConfig& config() const { return config_; }

    bool null() override { return scalar(json(nullptr)); }
    bool boolean(bool v) override { return scalar(json(v)); }
    bool number_integer(number_integer_t v) override { return scalar(json(v)); }
    bool number_unsigned(number_unsigned_t v) override { return scalar(json(v)); }
    bool number_float(number_float_t v, const string_t&) override { return scalar(json(v)); }
    bool string(string_t& v) override { return scalar(json(v)); }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return open(true); }
    bool start_array(std::size_t) override { return open(false); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool key(string_t& k) override {
        levels_.back().key = k;
        if (levels_.size() == 1 && (k == "locations" || k == "groups" || k == "intervals")) {
            stopped_ = true;
            return false;
        }
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
        if (s_.error.empty()) s_.error = s_.path + ": not valid JSON: " + e.what();
        return false;
    }

private:
    struct Level {
        bool object;
        std::string key;
    };

    bool open(bool object) {
        if (levels_.empty() && !object) return fail("expected a JSON object (a perfdash report), found an array");
        levels_.push_back({object, {}});
        return true;
    }
    bool close() {
        levels_.pop_back();
        return true;
    }
    // "config.command[]": the keys down to the current value, "[]" for an array element.
    std::string where() const {
        std::string out;
        for (const Level& l : levels_) {
            if (!l.object) out += "[]";
            else out += (out.empty() ? "" : ".") + l.key;
        }
        return out;
    }
    bool fail(std::string problem) {
        if (s_.error.empty()) s_.error = s_.path + ": " + std::move(problem);
        return false;
    }

    bool scalar(const json& v) {
        if (levels_.empty()) return fail("expected a JSON object (a perfdash report)");
        const std::string at = where();
        if (at == "type" && v != "report") return fail("not a perfdash session (its type is " + v.dump() + ")");
        if (at == "schema" && v.is_number_integer() && v.get<int64_t>() > kReportSchemaVersion)
            return fail("written by a newer perfdash (schema " + v.dump() + "); update perfdash to open it");
        if (at == "started_at" && v.is_string()) s_.startedAt = v.get<std::string>();
        if (at == "duration_s" && v.is_number()) s_.durationS = v.get<double>();
        if (at == "exit_status" && v.is_number_integer()) s_.exitStatus = v.get<int>();
        if (at == "interrupted" && v.is_boolean()) s_.interrupted = v.get<bool>();
        if (at == "incomplete" && v.is_boolean()) s_.incomplete = v.get<bool>();
        if (at == "config.mode" && v.is_string()) config_.mode = v.get<std::string>();
        if (at == "config.pid" && v.is_number_integer()) config_.pid = v.get<int>();
        if (at == "config.command[]" && v.is_string()) config_.command.push_back(v.get<std::string>());
        if (at == "config.groups[]" && v.is_string()) config_.groups.push_back(v.get<std::string>());
        if (at == "config.events[]" && v.is_string()) config_.events.push_back(v.get<std::string>());
        return true;
    }

    SessionSummary& s_;
    RunConfig config_;
    std::vector<Level> levels_;
    bool stopped_ = false;
};

// t of the last complete interval line of an autosave: its tail is read, never the whole file.
double lastIntervalTime(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    const std::streamoff size = in.tellg();
    for (std::streamoff window = 64 * 1024; in && window < 2 * size + 64 * 1024; window *= 4) {
        const std::streamoff begin = std::max<std::streamoff>(0, size - window);
        std::string tail(static_cast<size_t>(size - begin), '\0');
        in.seekg(begin);
        in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
        for (size_t end = tail.rfind('\n'); end != std::string::npos && end > 0; end = tail.rfind('\n', end - 1)) {
            const size_t start = tail.rfind('\n', end - 1);
            if (start == std::string::npos) break; // the line may begin before the window
            std::string_view line(tail.data() + start + 1, end - start - 1);
            if (!line.starts_with("{\"t\":")) continue;
            if (line.ends_with(",")) line.remove_suffix(1);
            const json interval = json::parse(line, nullptr, false);
            if (interval.is_object() && interval["t"].is_number()) return interval["t"].get<double>();
        }
        if (begin == 0) break;
    }
    return 0;
}

bool firstLineMarksIncomplete(std::string_view text) {
    return text.substr(0, text.find('\n')).find("\"incomplete\":true") != std::string_view::npos;
}

// Drops what follows the last complete line (a write cut short) and closes the arrays again.
std::string repairAutosave(std::string_view text, size_t& dropped) {
    size_t end = text.rfind('\n');
    if (end == std::string_view::npos) end = text.size();
    std::string repaired(text.substr(0, end));
    while (!repaired.empty() && (repaired.back() == ',' || std::isspace(static_cast<unsigned char>(repaired.back()))))
        repaired.pop_back();
    dropped = text.size() - repaired.size();
    return repaired + "\n]}\n";
}

// The whole-run figures an incomplete file does not hold: events summed over
// the intervals (exact for counts that were not multiplexed), metrics
// computed from those sums; both marked as rebuilt.
void rebuildFromIntervals(MeasurementResult& r) {
    if (r.intervals.empty()) {
        r.warnings.push_back("incomplete session without intervals: it is still running, or it ended before its "
                             "first autosave; there are no counts to show");
        return;
    }
    std::vector<std::string> notes = wholeRunFromIntervals(r);
    r.warnings.push_back("incomplete session: it is still running, or it ended without its final save (a crash or "
                         "a kill); the whole-run totals and metrics were computed from the " +
                         std::to_string(r.intervals.size()) + " intervals saved up to " + formatNumber(r.durationS) +
                         " s");
    for (auto& note : notes) r.warnings.push_back(std::move(note));
}

} // namespace

std::string sessionsDirectory() { return userDataDir() + "/sessions"; }

std::string sessionFileName(const std::string& startedAt, const std::string& target) {
    std::string stamp = startedAt.substr(0, 19); // 2024-05-01T10:00:00
    std::replace(stamp.begin(), stamp.end(), 'T', '_');
    std::replace(stamp.begin(), stamp.end(), ':', '-');
    std::string name;
    for (char c : target.substr(0, kMaxTargetChars))
        name += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' ? c : '_';
    if (name.empty() || name.find_first_not_of("._") == std::string::npos) name = "session";
    return (stamp.empty() ? std::string() : stamp + "_") + name + ".json";
}

std::string uniqueSessionPath(const std::string& directory, const std::string& name) {
    const fs::path file(name);
    fs::path candidate = fs::path(directory) / file;
    std::error_code ec;
    for (int n = 2; fs::exists(candidate, ec); ++n)
        candidate = fs::path(directory) / (file.stem().string() + "-" + std::to_string(n) + file.extension().string());
    return candidate.string();
}

SessionSummary readSessionSummary(const std::string& path) {
    SessionSummary s;
    s.path = path;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        s.error = "cannot read session '" + path + "' (check that it exists and its permissions)";
        return s;
    }
    SummaryReader reader(s);
    json::sax_parse(in, &reader);
    if (!reader.stoppedEarly() && s.error.empty())
        s.error = path + ": not a perfdash session (it has no \"locations\"; see docs/report-schema.md)";
    RunConfig config = reader.config();
    s.target = targetName(config);
    s.groups = config.groups;
    s.groups.insert(s.groups.end(), config.events.begin(), config.events.end());
    if (s.incomplete && s.error.empty()) s.durationS = lastIntervalTime(path);
    return s;
}

std::vector<SessionSummary> listSessions(const std::string& directory) {
    std::vector<SessionSummary> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(directory, ec)) {
        if (entry.is_regular_file(ec) && entry.path().extension() == ".json")
            out.push_back(readSessionSummary(entry.path().string()));
    }
    // ISO 8601 times of one zone sort as text; unreadable files (no time) go last.
    std::sort(out.begin(), out.end(), [](const SessionSummary& a, const SessionSummary& b) {
        return a.startedAt != b.startedAt ? a.startedAt > b.startedAt : a.path < b.path;
    });
    return out;
}

Result<MeasurementResult> openSessionFile(const std::string& path) {
    const auto text = readFile(path);
    if (!text) return makeError("cannot read session '" + path + "' (check that it exists and its permissions)");
    auto result = readReportJson(*text, path);
    if (!result && firstLineMarksIncomplete(*text)) {
        size_t dropped = 0;
        auto repaired = readReportJson(repairAutosave(*text, dropped), path);
        if (!repaired) return result.error(); // the original problem is the one to show
        result = std::move(repaired);
        result->warnings.push_back("the session file ended in the middle of an interval (cut off while saving); the "
                                   "last " + std::to_string(dropped) + " bytes were left out");
    }
    if (!result) return result.error();
    if (result->incomplete) rebuildFromIntervals(*result);
    result->replay = true;
    return result;
}

} // namespace perfdash
