#include "core/groups/GroupFileParser.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include "core/groups/LikwidCounters.h"
#include "core/groups/LikwidEventOptions.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

constexpr const char* kKeywords[] = {"SHORT", "EVENTSET", "METRICS", "LONG", "REQUIRE_NOHT"};
constexpr const char* kKeywordList = "SHORT, EVENTSET, METRICS, LONG or REQUIRE_NOHT";

enum class Section { None, EventSet, Metrics, Long };

// perfdash's extension of the format, in comment lines so that likwid reads
// such a file unchanged: "#@metric NAME | parent=NAME | above=NUMBER".
constexpr std::string_view kHierarchyTag = "#@metric";
constexpr const char* kHierarchySyntax =
    "'#@metric NAME | parent=NAME | above=NUMBER' (or below=NUMBER; 'with-parent': marked only with its parent)";

bool isHierarchyLine(std::string_view text) {
    return text.starts_with(kHierarchyTag) &&
           (text.size() == kHierarchyTag.size() || std::isspace(static_cast<unsigned char>(text[kHierarchyTag.size()])));
}

// A metric name as the METRICS section stores it: words joined by one space.
std::string normalisedName(std::string_view text) { return join(splitWhitespace(trim(text)), " "); }

// One '#@metric' line, applied to its metric once the METRICS section is read.
struct HierarchyLine {
    std::string metric;
    std::string parent;
    std::optional<MetricLimit> threshold;
    bool withParent = false;
    int line = 0;
};

bool isIdentifier(std::string_view s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return true;
}

// A lone upper-case word one or two edits away from a keyword ("METRIC",
// "EVENTSETS") is a misspelt section header, not a counter or a metric.
std::string misspeltKeyword(std::string_view word) {
    for (char c : word)
        if (!std::isupper(static_cast<unsigned char>(c)) && c != '_') return {};
    for (const char* k : kKeywords)
        if (editDistance(word, k) <= 2) return k;
    return {};
}

bool endsWithOperator(std::string_view word) {
    return !word.empty() && std::strchr("+-*/^(,", word.back()) != nullptr;
}

// A word that continues a formula: a binary operator, ')' or ',' first.
bool startsWithOperator(std::string_view word) {
    return !word.empty() && std::strchr("+-*/^),", word.front()) != nullptr;
}

// `formula` with every whole identifier `name` (not FIXC30 for FIXC3) replaced.
std::string replaceIdentifier(const std::string& formula, const std::string& name, const std::string& replacement) {
    const auto isWord = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    std::string out;
    for (size_t i = 0; i < formula.size();) {
        if (!isWord(formula[i])) {
            out += formula[i++];
            continue;
        }
        size_t end = i;
        while (end < formula.size() && isWord(formula[end])) ++end;
        const std::string word = formula.substr(i, end - i);
        out += word == name ? replacement : word;
        i = end;
    }
    return out;
}

class Parser {
public:
    Parser(std::string sourceFile, std::string name) {
        group_.sourceFile = std::move(sourceFile);
        group_.name = std::move(name);
    }

    Result<PerformanceGroup> parse(std::string_view text) {
        if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3); // UTF-8 byte order mark
        const auto lines = split(text, '\n', /*keepEmpty=*/true);
        for (size_t i = 0; i < lines.size(); ++i) parseLine(lines[i], static_cast<int>(i) + 1);
        finish();
        if (!problems_.empty()) return makeError(join(problems_, "\n"));
        return std::move(group_);
    }

private:
    void problem(int line, const std::string& message) {
        problems_.push_back(group_.sourceFile + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " +
                            message);
    }

    void parseLine(std::string_view raw, int line) {
        if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
        if (const std::string text = trim(raw); isHierarchyLine(text)) return parseHierarchy(text, line);
        if (section_ == Section::Long) {
            if (!raw.starts_with("#")) longLines_.push_back(rtrim(raw));
            return;
        }
        const std::string text = trim(raw);
        if (text.empty() || text[0] == '#') return;
        const auto words = splitWhitespace(text);
        if (words[0] == "SHORT") return parseShort(text, line);
        if (words.size() == 1 && enterSection(words[0], line)) return;
        switch (section_) {
        case Section::None: return unknownSection(words[0], line);
        case Section::EventSet: return parseSlot(words, line);
        case Section::Metrics: return parseMetric(words, line);
        case Section::Long: return; // handled above
        }
    }

    static std::string rtrim(std::string_view s) {
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
        return std::string(s);
    }

    bool firstTime(const std::string& keyword, int line) {
        auto [it, inserted] = seen_.emplace(keyword, line);
        if (!inserted)
            problem(line, keyword + " appears a second time (first on line " + std::to_string(it->second) +
                              "); a group has one " + keyword + " section");
        return inserted;
    }

    void parseShort(const std::string& text, int line) {
        section_ = Section::None;
        if (!firstTime("SHORT", line)) return;
        group_.shortDescription = trim(std::string_view(text).substr(5));
        if (group_.shortDescription.empty())
            problem(line, "SHORT has no text; expected 'SHORT <one-line description>'");
    }

    bool enterSection(const std::string& word, int line) {
        if (word == "REQUIRE_NOHT") { // a flag, not a section: likwid accepts it anywhere
            group_.requireNoHt = true;
            return true;
        }
        Section next = Section::None;
        if (word == "EVENTSET") next = Section::EventSet;
        else if (word == "METRICS") next = Section::Metrics;
        else if (word == "LONG") next = Section::Long;
        else return false;
        section_ = next;
        if (firstTime(word, line) && next == Section::EventSet) eventSetLine_ = line;
        return true;
    }

    void unknownSection(const std::string& word, int line) {
        std::string message = "unknown section '" + word + "'; expected " + kKeywordList;
        if (auto close = misspeltKeyword(word); !close.empty()) message += " (did you mean " + close + "?)";
        problem(line, message);
    }

    void parseSlot(const std::vector<std::string>& words, int line) {
        if (words.size() == 1) {
            if (auto close = misspeltKeyword(words[0]); !close.empty())
                return problem(line, "unknown section '" + words[0] + "' (did you mean " + close + "?)");
            return problem(line, "counter '" + words[0] +
                                     "' has no event; expected 'COUNTER EVENT', e.g. 'PMC0 INSTR_RETIRED_ANY'");
        }
        if (words.size() > 2)
            return problem(line, "unexpected '" + words[2] + "' after the event of counter " + words[0] +
                                     "; expected 'COUNTER EVENT' (an event string has no spaces)");

        GroupSlot slot;
        slot.line = line;
        slot.counterSpec = words[0];
        const auto counterParts = split(words[0], ':', /*keepEmpty=*/true);
        slot.counter = counterParts[0];
        if (!isIdentifier(slot.counter))
            return problem(line, "counter name '" + slot.counter +
                                     "' is not a name formulas can use; expected a letter or '_' followed by "
                                     "letters, digits or '_', e.g. PMC0");
        for (size_t i = 1; i < counterParts.size(); ++i) {
            auto option = parseLikwidOption(counterParts[i]);
            if (!option)
                return problem(line, "unknown option '" + counterParts[i] + "' on counter " + slot.counter +
                                         "; likwid options are " + join(likwidOptionNames(), ", "));
            slot.options.push_back(std::move(*option));
        }
        auto event = splitLikwidOptions(words[1]);
        if (event.event.empty())
            return problem(line, "counter " + slot.counter + " has an empty event name before the options in '" +
                                     words[1] + "'; expected 'COUNTER EVENT[:OPTION...]'");
        slot.event = std::move(event.event);
        slot.options.insert(slot.options.end(), event.options.begin(), event.options.end());
        for (const auto& option : slot.options)
            if (Status valid = validateLikwidOption(option); !valid)
                return problem(line, "counter " + slot.counter + ": " + valid.error().message);

        auto [it, inserted] = counterLines_.emplace(slot.counter, line);
        if (!inserted)
            return problem(line, "counter " + slot.counter + " is used twice (lines " + std::to_string(it->second) +
                                     " and " + std::to_string(line) + "); each counter counts one event");
        group_.events.push_back(std::move(slot));
    }

    void parseMetric(const std::vector<std::string>& words, int line) {
        if (words.size() == 1) {
            if (auto close = misspeltKeyword(words[0]); !close.empty())
                return problem(line, "unknown section '" + words[0] + "' (did you mean " + close + "?)");
            return problem(line, "metric '" + words[0] +
                                     "' has no formula; expected 'NAME  FORMULA' (the formula is the last "
                                     "word, e.g. 'CPI  FIXC1/FIXC0')");
        }
        // The formula is the last word. A space beside an operator splits it
        // ("X [GB] 1.0E-09*(A+  B)*64.0"): likwid then takes only the tail
        // "B)*64.0" as the formula and the rest as the name (ivybridgeEP/
        // CACHES.txt has such lines, and likwid still measures the file). A
        // formula piece never ends with an operator, nor does a name word, so
        // the pieces are joined back and the slip is reported.
        size_t first = words.size() - 1;
        while (first > 1 && (endsWithOperator(words[first - 1]) || startsWithOperator(words[first]))) --first;
        // Only a sign may begin a formula: "PMC0 / PMC1" or "PMC0/ PMC1" leaves no name.
        if (first == 1 && (endsWithOperator(words[0]) || std::strchr("*/^),", words[1].front()) != nullptr))
            return problem(line, "the formula of metric line '" + join(words, " ") + "' seems to contain spaces, "
                                 "and no word is left for the name; expected 'NAME  FORMULA', the formula without "
                                 "spaces");
        const std::vector<std::string> pieces(words.begin() + static_cast<long>(first), words.end());
        GroupMetric metric;
        metric.line = line;
        metric.formula = join(pieces, "");
        metric.name = join(std::vector<std::string>(words.begin(), words.begin() + static_cast<long>(first)), " ");
        if (pieces.size() > 1)
            group_.warnings.push_back(group_.sourceFile + ":" + std::to_string(line) + ": the formula of '" +
                                      metric.name + "' contains spaces next to an operator; read as " +
                                      metric.formula + ". likwid takes only the last word, '" + pieces.back() +
                                      "', as the formula (and the rest as the name): remove the spaces");
        group_.metrics.push_back(std::move(metric));
    }

    void parseHierarchy(const std::string& text, int line) {
        const auto fields = split(std::string_view(text).substr(kHierarchyTag.size()), '|', /*keepEmpty=*/true);
        HierarchyLine entry;
        entry.line = line;
        entry.metric = normalisedName(fields[0]);
        if (entry.metric.empty())
            return problem(line, "'#@metric' names no metric; expected " + std::string(kHierarchySyntax));
        for (size_t i = 1; i < fields.size(); ++i) {
            const std::string field = trim(fields[i]);
            const size_t eq = field.find('=');
            const std::string key = trim(std::string_view(field).substr(0, eq));
            const std::string value =
                eq == std::string::npos ? std::string() : trim(std::string_view(field).substr(eq + 1));
            if (key == "parent") {
                entry.parent = normalisedName(value);
                if (entry.parent.empty())
                    return problem(line, "metric '" + entry.metric +
                                             "': 'parent=' names no metric; expected 'parent=NAME'");
            } else if (key == "above" || key == "below") {
                if (entry.threshold)
                    return problem(line, "metric '" + entry.metric + "' has a second threshold '" + field +
                                             "'; expected one of above=NUMBER or below=NUMBER");
                char* end = nullptr;
                const double number = std::strtod(value.c_str(), &end);
                if (value.empty() || *end != '\0' || !std::isfinite(number))
                    return problem(line, "metric '" + entry.metric + "': malformed threshold '" + field +
                                             "'; expected " + key + "=NUMBER, e.g. " + key + "=15");
                const auto direction = key == "above" ? MetricLimit::Direction::Above : MetricLimit::Direction::Below;
                entry.threshold = MetricLimit{direction, number};
            } else if (field == "with-parent") {
                entry.withParent = true;
            } else {
                return problem(line, "metric '" + entry.metric + "': unknown field '" + field +
                                         "'; expected parent=NAME, above=NUMBER, below=NUMBER or with-parent, "
                                         "separated by '|'");
            }
        }
        if (entry.withParent && !entry.threshold)
            return problem(line, "metric '" + entry.metric + "': 'with-parent' without a threshold; expected "
                                 "above=NUMBER or below=NUMBER beside it");
        if (entry.threshold) entry.threshold->withParent = entry.withParent;
        for (const auto& earlier : hierarchy_)
            if (earlier.metric == entry.metric)
                return problem(line, "metric '" + entry.metric + "' has a second '#@metric' line (first on line " +
                                         std::to_string(earlier.line) + "); expected one per metric");
        hierarchy_.push_back(std::move(entry));
    }

    GroupMetric* findMetric(const std::string& name) {
        for (auto& metric : group_.metrics)
            if (metric.name == name) return &metric;
        return nullptr;
    }

    std::string metricNames() const {
        std::vector<std::string> names;
        for (const auto& metric : group_.metrics) names.push_back("'" + metric.name + "'");
        return names.empty() ? std::string("none (the group has no METRICS)") : join(names, ", ");
    }

    void applyHierarchy() {
        for (const auto& entry : hierarchy_) {
            GroupMetric* metric = findMetric(entry.metric);
            if (!metric) {
                problem(entry.line, "'#@metric' names an unknown metric '" + entry.metric +
                                        "'; expected the name of a metric of the METRICS section: " + metricNames());
                continue;
            }
            if (!entry.parent.empty() && !findMetric(entry.parent)) {
                problem(entry.line, "metric '" + entry.metric + "' has an unknown parent '" + entry.parent +
                                        "'; expected the name of a metric of the METRICS section: " + metricNames());
                continue;
            }
            metric->parent = entry.parent;
            metric->threshold = entry.threshold;
        }
        for (const auto& entry : hierarchy_) {
            if (!entry.withParent) continue;
            const GroupMetric* parent = entry.parent.empty() ? nullptr : findMetric(entry.parent);
            if (!entry.parent.empty() && !parent) continue; // reported above
            if (!parent || !parent->threshold)
                problem(entry.line, "metric '" + entry.metric + "' is marked 'with-parent' but " +
                                        (entry.parent.empty() ? std::string("has no parent")
                                                              : "its parent '" + entry.parent + "' has no threshold") +
                                        "; expected a parent=NAME whose own '#@metric' line gives above= or below=");
        }
        reportCycles();
    }

    // A metric that is its own ancestor: reported once per cycle, on the
    // '#@metric' line of its first member in file order.
    void reportCycles() {
        std::set<std::string> reported;
        for (const auto& entry : hierarchy_) {
            if (reported.count(entry.metric)) continue;
            std::vector<std::string> path{entry.metric};
            for (const GroupMetric* m = findMetric(entry.metric); m && !m->parent.empty(); m = findMetric(m->parent)) {
                if (m->parent == entry.metric) {
                    path.push_back(entry.metric);
                    reported.insert(path.begin(), path.end());
                    problem(entry.line, "metric '" + entry.metric + "' is its own ancestor (" + join(path, " -> ") +
                                            "); expected a tree: give one metric of the cycle no parent");
                    break;
                }
                // A cycle above this metric, not through it: reported from one of its members.
                if (std::find(path.begin(), path.end(), m->parent) != path.end()) break;
                path.push_back(m->parent);
            }
        }
    }

    void finish() {
        while (!longLines_.empty() && longLines_.back().empty()) longLines_.pop_back();
        size_t first = 0;
        while (first < longLines_.size() && longLines_[first].empty()) ++first;
        group_.longDescription =
            join(std::vector<std::string>(longLines_.begin() + static_cast<long>(first), longLines_.end()), "\n");
        if (eventSetLine_ == 0)
            problem(0, "no EVENTSET section; a group needs a line 'EVENTSET' followed by lines 'COUNTER EVENT'");
        else if (group_.events.empty() && problems_.empty())
            problem(eventSetLine_, "EVENTSET lists no events; expected lines 'COUNTER EVENT' after it");
        applyFractions();
        applyHierarchy();
    }

    // likwid's formulas read some counters as shares of another (TMA0 is the
    // retiring fraction of all top-down slots, FIXC3), where the kernel counts
    // slots: each use of such a counter in a formula becomes (TMA0/FIXC3), so
    // every reader of the formula (live, saved runs, recording rules) means
    // what likwid means.
    void applyFractions() {
        for (const auto& slot : group_.events) {
            auto counter = classifyLikwidCounter(slot.counter);
            if (!counter) return problem(slot.line, counter.error().message);
            const std::string& whole = counter->fractionOf;
            if (whole.empty()) continue;
            if (!counterLines_.count(whole)) {
                problem(slot.line, "counter " + slot.counter + " is likwid's " + counter->unit + ", a share of " +
                                       whole + " in likwid's formulas: add " + whole + " (e.g. '" + whole +
                                       " TOPDOWN_SLOTS') to the EVENTSET");
                continue;
            }
            for (auto& metric : group_.metrics)
                metric.formula = replaceIdentifier(metric.formula, slot.counter, "(" + slot.counter + "/" + whole + ")");
        }
    }

    PerformanceGroup group_;
    Section section_ = Section::None;
    std::map<std::string, int> seen_;         // section keyword -> first line
    std::map<std::string, int> counterLines_; // counter -> line
    std::vector<std::string> longLines_;
    std::vector<HierarchyLine> hierarchy_;
    std::vector<std::string> problems_;
    int eventSetLine_ = 0;
};

} // namespace

Result<PerformanceGroup> parseGroupText(std::string_view text, const std::string& sourceFile, const std::string& name) {
    return Parser(sourceFile, name).parse(text);
}

std::string groupNameFromPath(const std::string& path) {
    std::filesystem::path p(path);
    return p.extension() == ".txt" ? p.stem().string() : p.filename().string();
}

Result<PerformanceGroup> parseGroupFile(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return makeError(path + ": is a directory; expected a group file such as " + path + "/CPI.txt");
    errno = 0;
    auto text = readFile(path);
    if (!text)
        return makeError(path + ": cannot read the group file: " +
                         (errno ? std::string(std::strerror(errno)) : std::string("unknown error")));
    return parseGroupText(*text, path, groupNameFromPath(path));
}

} // namespace perfdash
