#include "core/measurement/MarkerResultsFile.h"

#include "core/util/Strings.h"
#include "marker/wire/perfdash_marker_wire.h"

namespace perfdash {

namespace {

class ResultsParser {
public:
    explicit ResultsParser(std::string source) : source_(std::move(source)) {}

    Result<MarkerResults> parse(std::string_view text) {
        if (trim(text).empty()) {
            fail("the file is empty");
            return makeError(*error_);
        }
        const std::vector<std::string> lines = split(text, '\n', true);
        MarkerResults out;
        bool ended = false;
        for (size_t i = 0; i < lines.size() && !error_; ++i) {
            line_ = i + 1;
            const std::vector<std::string> f = splitWhitespace(lines[i]);
            if (line_ == 1) header(f); // the writer puts it first: a blank first line is not a results file
            else if (f.empty()) continue;
            else if (ended) fail("text after the final 'end' line");
            else if (f[0] == "sets") sets(f, out);
            else if (f[0] == "set") set(f, out);
            else if (f[0] == "event") event(f, out);
            else if (f[0] == "region") region(f, out);
            else if (f[0] == "end" && f.size() == 1) ended = true;
            else fail("unknown record '" + f[0] + "'");
        }
        if (!error_ && !ended) {
            line_ = lines.size();
            fail("the file ends without its final 'end' line: it is incomplete");
        }
        line_ = 0;
        if (!error_ && out.sets.empty()) fail("there is no 'sets NSETS' line");
        if (!error_)
            for (size_t s = 0; s < out.sets.size(); ++s) {
                if (!declared_[s]) fail("event set " + std::to_string(s) + " has no 'set " + std::to_string(s) +
                                        " NEVENTS' line");
                else if (out.sets[s].size() != declaredEvents_[s])
                    fail("event set " + std::to_string(s) + " declares " + std::to_string(declaredEvents_[s]) +
                         " events but lists " + std::to_string(out.sets[s].size()));
            }
        if (error_) return makeError(*error_);
        return out;
    }

private:
    void fail(const std::string& problem) {
        if (error_) return;
        const std::string where = line_ ? source_ + ", line " + std::to_string(line_) : source_;
        error_ = where + ": " + problem + " (expected a results file of perfdash's marker library, see " +
                 "marker/wire/perfdash_marker_wire.h)";
    }

    uint64_t number(const std::string& field, const char* what) {
        auto v = parseUnsigned(field);
        if (!v) fail(std::string(what) + " '" + field + "' is not a non-negative integer");
        return v.value_or(0);
    }

    int index(const std::string& field, const char* what, size_t below) {
        const uint64_t v = number(field, what);
        if (!error_ && v >= below)
            fail(std::string(what) + " " + field + " is out of range (" + std::to_string(below) + " declared)");
        return error_ ? 0 : static_cast<int>(v);
    }

    void fields(const std::vector<std::string>& f, size_t count, const char* layout) {
        if (f.size() != count) fail("'" + f[0] + "' needs the fields " + layout);
    }

    void header(const std::vector<std::string>& f) {
        if (f.size() != 2 || f[0] != PERFDASH_MARKER_RESULTS_MAGIC) {
            fail("the first line is not '" + std::string(PERFDASH_MARKER_RESULTS_MAGIC) + " VERSION'");
            return;
        }
        const uint64_t version = number(f[1], "version");
        if (!error_ && version != PERFDASH_MARKER_WIRE_VERSION)
            fail("results of marker wire version " + f[1] + ", this perfdash reads version " +
                 std::to_string(PERFDASH_MARKER_WIRE_VERSION) +
                 ": rebuild the program against this perfdash's marker library");
    }

    void sets(const std::vector<std::string>& f, MarkerResults& out) {
        fields(f, 2, "'sets NSETS'");
        if (error_) return;
        const uint64_t n = number(f[1], "the number of sets");
        if (!error_ && (n == 0 || n > PERFDASH_MARKER_MAX_SETS)) fail("the number of sets " + f[1] + " is out of range");
        if (!error_ && !out.sets.empty()) fail("a second 'sets' line");
        if (error_) return;
        out.sets.resize(n);
        declaredEvents_.assign(n, 0);
        declared_.assign(n, false);
    }

    void set(const std::vector<std::string>& f, MarkerResults&) {
        fields(f, 3, "'set S NEVENTS'");
        const int s = error_ ? 0 : index(f[1], "set", declaredEvents_.size());
        const uint64_t n = error_ ? 0 : number(f[2], "the number of events");
        if (!error_ && n > PERFDASH_MARKER_MAX_EVENTS) fail("set " + f[1] + " has too many events (" + f[2] + ")");
        if (!error_ && declared_[s]) fail("set " + f[1] + " is declared twice");
        if (error_) return;
        declaredEvents_[s] = n;
        declared_[s] = true;
    }

    void event(const std::vector<std::string>& f, MarkerResults& out) {
        fields(f, 4, "'event S E STATE'");
        const int s = error_ ? 0 : index(f[1], "set", out.sets.size());
        if (!error_ && !declared_[s]) fail("an event of set " + f[1] + " before its 'set' line");
        const int e = error_ ? 0 : index(f[2], "event", declaredEvents_[s]);
        if (!error_ && static_cast<size_t>(e) != out.sets[s].size()) fail("events of set " + f[1] + " out of order");
        if (error_) return;
        MarkerEventState state;
        if (f[3] == "ok") {
            state.kind = MarkerEventState::Kind::Counted;
        } else if (f[3] == "unschedulable") {
            state.kind = MarkerEventState::Kind::Unschedulable;
        } else if (f[3].starts_with("errno=")) {
            state.kind = MarkerEventState::Kind::OpenFailed;
            state.error = static_cast<int>(number(f[3].substr(6), "errno"));
        } else {
            fail("event state '" + f[3] + "' is not ok, unschedulable or errno=N");
        }
        out.sets[s].push_back(state);
    }

    void region(const std::vector<std::string>& f, MarkerResults& out) {
        if (f.size() < 6) {
            fail("'region' needs the fields 'region S TID CALLS TIME_NS NAME VALUES...'");
            return;
        }
        MarkerRegionRecord r;
        r.set = index(f[1], "set", out.sets.size());
        if (!error_ && !declared_[r.set]) fail("a region of set " + f[1] + " before its 'set' line");
        r.tid = static_cast<int>(number(f[2], "thread id"));
        r.calls = number(f[3], "call count");
        r.timeNs = number(f[4], "time");
        r.name = f[5];
        if (error_) return;
        const size_t expected = declaredEvents_[r.set];
        if (f.size() - 6 != expected) {
            fail("region '" + r.name + "' has " + std::to_string(f.size() - 6) + " values, set " + f[1] + " has " +
                 std::to_string(expected) + " events");
            return;
        }
        for (size_t i = 6; i < f.size(); ++i) r.counts.push_back(f[i] == "-" ? std::nullopt : countValue(f[i]));
        out.regions.push_back(std::move(r));
    }

    // COUNT:ENABLED_NS:RUNNING_NS
    std::optional<CounterValue> countValue(const std::string& field) {
        const std::vector<std::string> parts = split(field, ':');
        if (parts.size() != 3) {
            fail("value '" + field + "' is not COUNT:ENABLED_NS:RUNNING_NS or -");
            return std::nullopt;
        }
        return CounterValue{number(parts[0], "count"), number(parts[1], "enabled time"),
                            number(parts[2], "running time")};
    }

    std::string source_;
    size_t line_ = 0;
    std::optional<std::string> error_;
    std::vector<uint64_t> declaredEvents_;
    std::vector<bool> declared_;
};

} // namespace

Result<MarkerResults> parseMarkerResults(std::string_view text, const std::string& source) {
    return ResultsParser(source).parse(text);
}

Result<MarkerResults> readMarkerResultsFile(const std::string& path) {
    auto text = readFile(path);
    if (!text) return makeError("cannot read the marker results '" + path + "' (check the path and its permissions)");
    return parseMarkerResults(*text, path);
}

} // namespace perfdash
