#include "core/profile/ProfileViews.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

#include "core/profile/FlameTree.h"
#include "core/util/Duration.h"
#include "core/util/IdMap.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

void addRow(std::vector<double>& sums, const double* row, size_t count) {
    if (sums.size() < count) sums.resize(count, 0.0);
    for (size_t c = 0; c < count; ++c) sums[c] += row[c];
}

std::string seconds(double s) {
    std::string text = printfString("%.3f", s);
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
    return text + " s";
}

// A time of the session: a duration from its start, a bare number in seconds.
Result<double> parseSeconds(const std::string& text) {
    const std::string t = trim(text);
    const size_t unit = t.find_first_not_of("0.");
    if (!t.empty() && t.front() == '0' && (unit == std::string::npos || std::string("nsumh").find(t[unit]) != std::string::npos) &&
        parseDouble(t.substr(0, unit)) == 0.0)
        return 0.0; // the start: a duration is never 0
    auto d = parseDuration(t, "--time");
    if (!d) return d.error();
    return std::chrono::duration<double>(*d).count();
}

// The function a frame belongs to: its name, or its module where it has none.
struct FunctionKey {
    uint32_t function;
    int32_t module; // only for functions without a name
    bool operator<(const FunctionKey& o) const {
        return function != o.function ? function < o.function : module < o.module;
    }
    bool operator==(const FunctionKey&) const = default;
};

FunctionKey keyOf(const ProfileFrame& f) { return {f.function, f.function == 0 ? f.module : -1}; }

// Each node's frames, outermost first, computed once per view.
class Paths {
public:
    explicit Paths(const Profile& p) : p_(p) {}
    const std::vector<uint32_t>& of(uint32_t node) {
        auto it = paths_.find(node);
        if (it == paths_.end()) it = paths_.emplace(node, p_.pathOf(node)).first;
        return it->second;
    }

private:
    const Profile& p_;
    std::unordered_map<uint32_t, std::vector<uint32_t>> paths_;
};

std::string moduleName(const Profile& p, int32_t module) {
    return module < 0 ? std::string("[unknown]") : p.modules[static_cast<size_t>(module)].path;
}

// The module of each named function: that of any of its frames (the same name in two modules is rare).
std::unordered_map<uint32_t, int32_t> modulesOfFunctions(const Profile& p) {
    std::unordered_map<uint32_t, int32_t> out;
    for (const ProfileFrame& f : p.frames)
        if (f.function != 0) out.emplace(f.function, f.module);
    return out;
}

std::vector<FunctionRow> sortedByWeight(std::vector<FunctionRow> rows) {
    std::sort(rows.begin(), rows.end(), [](const FunctionRow& a, const FunctionRow& b) {
        const double sa = a.self[ProfileColumns::kWeight], sb = b.self[ProfileColumns::kWeight];
        if (sa != sb) return sa > sb;
        const double ta = a.total[ProfileColumns::kWeight], tb = b.total[ProfileColumns::kWeight];
        if (ta != tb) return ta > tb;
        return a.name < b.name;
    });
    return rows;
}

std::string commOf(const ProfileThread& t) { return t.comm.empty() ? std::string("?") : t.comm; }

} // namespace

std::vector<size_t> sampledEvents(const Profile& p) {
    std::vector<size_t> out;
    for (size_t e = 0; e < p.events.size(); ++e)
        if (p.events[e].inSamples) out.push_back(e);
    return out;
}

std::string frameLabel(const Profile& profile, uint32_t frame) {
    return profile.functionName(profile.frames[frame]);
}

Result<std::pair<std::optional<double>, std::optional<double>>> parseTimeRange(const std::string& text) {
    const size_t dash = text.find('-');
    if (dash == std::string::npos)
        return makeError("--time: '" + text + "' is not a range; write FROM-TO, e.g. 2s-5s, 2s- or -5s");
    std::pair<std::optional<double>, std::optional<double>> range;
    const std::string from = trim(text.substr(0, dash)), to = trim(text.substr(dash + 1));
    if (from.empty() && to.empty()) return makeError("--time: '" + text + "' names neither a start nor an end");
    if (!from.empty()) {
        auto s = parseSeconds(from);
        if (!s) return s.error();
        range.first = *s;
    }
    if (!to.empty()) {
        auto s = parseSeconds(to);
        if (!s) return s.error();
        range.second = *s;
    }
    if (range.first && range.second && *range.first >= *range.second)
        return makeError("--time: the range " + text + " is empty: its end is not after its start");
    return range;
}

namespace {

// Which keys a filter keeps, decided once per selection and asked of every
// row of both tables: its intervals, region sets and threads.
struct KeyFilter {
    uint32_t first = 0, last = UINT32_MAX; // intervals
    std::vector<bool> setKept;
    std::vector<bool> threadKept;

    bool keeps(const RowKey& k) const {
        return k.interval >= first && k.interval <= last && setKept[k.regions] && threadKept[k.thread];
    }
};

} // namespace

Result<ProfileSelection> selectRows(const Profile& p, const ProfileFilter& filter) {
    if (p.rows() == 0)
        return makeError("it holds no samples: the sampled program ran too briefly, or every sample was lost (the "
                         "session's warnings say which)");
    ProfileSelection s;
    std::vector<std::string> parts;
    const double len = p.intervalS;
    KeyFilter keys;
    if (filter.fromS || filter.toS) {
        const double from = filter.fromS.value_or(0), to = filter.toS.value_or(p.durationS);
        if (from >= p.durationS || to <= 0)
            return makeError("no samples between " + seconds(from) + " and " + seconds(to) + ": the session's samples "
                             "span 0 s to " + seconds(p.durationS));
        keys.first = static_cast<uint32_t>(std::floor(from / len));
        keys.last = static_cast<uint32_t>(std::ceil(to / len)) - 1;
        s.fromS = keys.first * len;
        s.toS = std::min((keys.last + 1) * len, p.durationS);
        std::string text = seconds(s.fromS) + " to " + seconds(s.toS);
        if (std::abs(s.fromS - from) > 1e-9 || std::abs(s.toS - std::min(to, p.durationS)) > 1e-9)
            text += " (the range asked for, rounded out to the session's intervals of " + seconds(len) + ")";
        parts.push_back(text);
    } else {
        s.toS = p.durationS;
    }
    keys.setKept.assign(p.regionSets.size(), true);
    if (!filter.region.empty()) {
        const auto it = std::find(p.regions.begin(), p.regions.end(), filter.region);
        if (it == p.regions.end()) {
            if (p.regions.empty())
                return makeError("--region " + filter.region + ": the session has no marker regions (record the program "
                                 "with -m, built with perfdash's marker API)");
            std::string message = "--region " + filter.region + ": no such region in the session; its regions: " +
                                  join(p.regions, ", ");
            const auto close = closestMatches(filter.region, p.regions, 3);
            if (!close.empty()) message += " (did you mean '" + close.front() + "'?)";
            return makeError(message);
        }
        const uint32_t region = static_cast<uint32_t>(it - p.regions.begin());
        for (size_t set = 0; set < p.regionSets.size(); ++set)
            keys.setKept[set] = std::find(p.regionSets[set].begin(), p.regionSets[set].end(), region) != p.regionSets[set].end();
        parts.push_back("region " + filter.region);
    }
    if (filter.pid) parts.push_back("process " + std::to_string(*filter.pid));
    if (filter.tid) parts.push_back("thread " + std::to_string(*filter.tid));
    keys.threadKept.resize(p.threads.size());
    for (size_t t = 0; t < p.threads.size(); ++t)
        keys.threadKept[t] = (!filter.pid || p.threads[t].pid == *filter.pid) && (!filter.tid || p.threads[t].tid == *filter.tid);
    const size_t count = p.columns().count();
    s.sums.assign(count, 0.0);
    for (size_t r = 0; r < p.rows(); ++r) {
        if (!keys.keeps(p.keys[r])) continue;
        s.rows.push_back(static_cast<uint32_t>(r));
        addRow(s.sums, p.row(r), count);
    }
    for (size_t r = 0; r < p.instructionKeys.size(); ++r)
        if (keys.keeps(p.instructionKeys[r])) s.instructionRows.push_back(static_cast<uint32_t>(r));
    s.description = parts.empty() ? "all samples" : join(parts, ", ");
    if (s.rows.empty()) return makeError("no samples in " + s.description);
    return s;
}

namespace {

// The selection's rows summed per call path and stack state: the rows of a
// long run repeat their paths interval after interval and thread after
// thread, and a view that walks each path's frames needs each path once.
struct PathSums {
    struct Path {
        uint32_t node = 0;
        bool incomplete = false;
    };
    std::vector<Path> paths;
    std::vector<double> sums; // paths × columns
};

PathSums sumsByPath(const Profile& p, const ProfileSelection& selection) {
    PathSums out;
    const size_t count = p.columns().count();
    IdMap slot(selection.rows.size() / 8);
    for (size_t r : selection.rows) {
        const RowKey& k = p.keys[r];
        const bool incomplete = k.stack != StackState::Complete;
        const auto [id, added] = slot.tryEmplace((uint64_t(k.node) << 1) | (incomplete ? 1 : 0), uint32_t(out.paths.size()));
        if (added) {
            out.paths.push_back({k.node, incomplete});
            out.sums.resize(out.sums.size() + count, 0.0);
        }
        double* into = out.sums.data() + size_t(id) * count;
        const double* row = p.row(r);
        for (size_t c = 0; c < count; ++c) into[c] += row[c];
    }
    return out;
}

// The metrics of a row's own samples; a row without any (a caller that
// never ran itself) has none, not the formulas' value on zeros.
std::vector<MetricValue> ownMetrics(ProfileMetrics& metrics, const std::vector<double>& self) {
    if (self[ProfileColumns::kSamples] <= 0) return std::vector<MetricValue>(metrics.count());
    return metrics.evaluate(self);
}

} // namespace

std::vector<FunctionRow> functionTable(const Profile& p, const ProfileSelection& selection, ProfileMetrics& metrics) {
    struct Acc {
        std::vector<double> self, total;
        double incomplete = 0, inlinedSamples = 0, ownSamples = 0;
        std::map<std::string, double> callers; // where it was inlined
        bool kernel = false;
        uint32_t file = 0;
        size_t lastPath = SIZE_MAX; // the last path that counted it in its total
    };
    // Each frame's function found once, its figures in a vector: a path's frames are then summed without a lookup.
    std::map<FunctionKey, uint32_t> index;
    std::vector<Acc> acc;
    std::vector<uint32_t> accOfFrame(p.frames.size(), UINT32_MAX);
    auto accOf = [&](uint32_t frame) -> Acc& {
        uint32_t& i = accOfFrame[frame];
        if (i == UINT32_MAX) {
            i = index.try_emplace(keyOf(p.frames[frame]), uint32_t(acc.size())).first->second;
            if (i == acc.size()) acc.emplace_back();
        }
        return acc[i];
    };
    const size_t count = p.columns().count();
    const PathSums collapsed = sumsByPath(p, selection);
    std::vector<uint32_t> path;
    for (size_t c = 0; c < collapsed.paths.size(); ++c) {
        const double* row = collapsed.sums.data() + c * count;
        p.pathOf(collapsed.paths[c].node, path);
        const double samples = row[ProfileColumns::kSamples];
        const bool incomplete = collapsed.paths[c].incomplete;
        for (size_t i = 0; i < path.size(); ++i) {
            const ProfileFrame& f = p.frames[path[i]];
            Acc& a = accOf(path[i]);
            a.kernel = (f.flags & ProfileFrame::kKernel) != 0;
            if (a.file == 0) a.file = f.file;
            if (f.flags & ProfileFrame::kInlined && i > 0) {
                a.inlinedSamples += samples;
                a.callers[frameLabel(p, path[i - 1])] += samples;
            } else {
                a.ownSamples += samples;
            }
            if (a.lastPath == c) continue; // recursion: once per sample
            a.lastPath = c;
            addRow(a.total, row, count);
            if (incomplete) a.incomplete += samples;
        }
        if (!path.empty()) addRow(accOf(path.back()).self, row, count);
    }
    const double weight = selection.sums[ProfileColumns::kWeight], samples = selection.sums[ProfileColumns::kSamples];
    const auto modules = modulesOfFunctions(p);
    std::vector<FunctionRow> out;
    for (const auto& [key, i] : index) {
        Acc& a = acc[i];
        FunctionRow row;
        ProfileFrame f;
        f.function = key.function;
        f.module = key.module;
        row.name = p.functionName(f);
        row.module = moduleName(p, key.function != 0 ? modules.at(key.function) : key.module);
        row.kernel = a.kernel;
        row.file = p.string(a.file);
        if (a.ownSamples == 0 && !a.callers.empty())
            row.inlinedInto = std::max_element(a.callers.begin(), a.callers.end(), [](const auto& x, const auto& y) {
                                  return x.second < y.second;
                              })->first;
        row.self = a.self.empty() ? std::vector<double>(count, 0.0) : std::move(a.self);
        row.total = std::move(a.total);
        row.selfShare = shareOf(row.self[ProfileColumns::kWeight], weight, samples);
        row.totalShare = shareOf(row.total[ProfileColumns::kWeight], weight, samples);
        row.metrics = ownMetrics(metrics, row.self);
        row.incompleteStacks = a.incomplete;
        out.push_back(std::move(row));
    }
    return sortedByWeight(std::move(out));
}

std::vector<FunctionRow> groupedTable(const Profile& p, const ProfileSelection& selection, ProfileMetrics& metrics,
                                      ProfileGrouping grouping) {
    if (grouping == ProfileGrouping::Function) return functionTable(p, selection, metrics);
    const bool byThread = grouping == ProfileGrouping::Process || grouping == ProfileGrouping::Thread;
    // Each frame's group, found once: a file (code without one: its module's "no file"), or a module.
    struct Group {
        std::string name;
        std::string module;
        bool kernel = false;
        std::string file;
    };
    std::vector<Group> groups;
    std::vector<uint32_t> groupOfFrame(p.frames.size());
    if (byThread) {
        // A thread's own group, or its process's: named by its main thread (threads name themselves apart).
        const bool process = grouping == ProfileGrouping::Process;
        std::map<int, uint32_t> index; // by pid, or by thread
        groupOfFrame.assign(p.threads.size(), 0); // here: each thread's group
        for (size_t t = 0; t < p.threads.size(); ++t) {
            const ProfileThread& thread = p.threads[t];
            const auto [it, added] = index.emplace(process ? thread.pid : static_cast<int>(t), static_cast<uint32_t>(groups.size()));
            if (added)
                groups.push_back({commOf(thread) + " [" + std::to_string(thread.pid) +
                                      (process ? "" : "/" + std::to_string(thread.tid)) + "]",
                                  "", false, ""});
            else if (thread.tid == thread.pid)
                groups[it->second].name = commOf(thread) + " [" + std::to_string(thread.pid) + "]";
            groupOfFrame[t] = it->second;
        }
    } else {
        std::map<std::pair<uint32_t, int32_t>, uint32_t> index; // (file, module) or (0, module)
        for (size_t i = 0; i < p.frames.size(); ++i) {
            const ProfileFrame& f = p.frames[i];
            const bool byFile = grouping == ProfileGrouping::File;
            const std::pair<uint32_t, int32_t> key{byFile ? f.file : 0, byFile && f.file != 0 ? -1 : f.module};
            const auto [it, added] = index.emplace(key, static_cast<uint32_t>(groups.size()));
            if (added) {
                Group g;
                g.kernel = (f.flags & ProfileFrame::kKernel) != 0;
                if (!byFile) {
                    g.name = moduleName(p, f.module);
                } else if (f.file != 0) {
                    g.name = g.file = p.string(f.file);
                    g.module = moduleName(p, f.module);
                } else {
                    g.name = "[no source file]";
                    g.module = moduleName(p, f.module);
                }
                groups.push_back(std::move(g));
            }
            groupOfFrame[i] = it->second;
        }
    }
    struct Acc {
        std::vector<double> self, total;
        double incomplete = 0;
    };
    std::vector<Acc> acc(groups.size());
    std::vector<bool> used(groups.size(), false);
    const size_t count = p.columns().count();
    Paths paths(p);
    std::vector<uint32_t> onStack;
    for (size_t r : selection.rows) {
        const double* row = p.row(r);
        const RowKey& key = p.keys[r];
        const bool incomplete = key.stack != StackState::Complete;
        onStack.clear();
        if (byThread) {
            onStack.push_back(groupOfFrame[key.thread]);
            addRow(acc[onStack.back()].self, row, count);
        } else {
            const std::vector<uint32_t>& path = paths.of(key.node);
            for (uint32_t frame : path)
                if (std::find(onStack.begin(), onStack.end(), groupOfFrame[frame]) == onStack.end())
                    onStack.push_back(groupOfFrame[frame]); // recursion and repeats: once per sample
            if (!path.empty()) addRow(acc[groupOfFrame[path.back()]].self, row, count);
        }
        for (uint32_t g : onStack) {
            used[g] = true;
            addRow(acc[g].total, row, count);
            if (incomplete) acc[g].incomplete += row[ProfileColumns::kSamples];
        }
    }
    const double weight = selection.sums[ProfileColumns::kWeight], samples = selection.sums[ProfileColumns::kSamples];
    std::vector<FunctionRow> out;
    for (size_t g = 0; g < groups.size(); ++g) {
        if (!used[g]) continue;
        FunctionRow row;
        row.name = std::move(groups[g].name);
        row.module = std::move(groups[g].module);
        row.kernel = groups[g].kernel;
        row.file = std::move(groups[g].file);
        row.self = acc[g].self.empty() ? std::vector<double>(count, 0.0) : std::move(acc[g].self);
        row.total = std::move(acc[g].total);
        row.selfShare = shareOf(row.self[ProfileColumns::kWeight], weight, samples);
        row.totalShare = shareOf(row.total[ProfileColumns::kWeight], weight, samples);
        row.metrics = ownMetrics(metrics, row.self);
        row.incompleteStacks = acc[g].incomplete;
        out.push_back(std::move(row));
    }
    return sortedByWeight(std::move(out));
}

Result<std::string> findFunction(const Profile& p, const ProfileSelection& selection, const std::string& name) {
    std::set<std::string> names;
    Paths paths(p);
    for (size_t r : selection.rows)
        for (uint32_t f : paths.of(p.keys[r].node)) names.insert(frameLabel(p, f));
    return matchFunctionName(names, name, "the samples of " + selection.description);
}

Result<std::string> matchFunctionName(const std::set<std::string>& names, const std::string& name,
                                      const std::string& where) {
    if (names.count(name)) return name;
    std::vector<std::string> byBareName;
    for (const std::string& n : names)
        if (n.substr(0, n.find('(')) == name) byBareName.push_back(n);
    if (byBareName.size() == 1) return byBareName.front();
    if (byBareName.size() > 1)
        return makeError("'" + name + "' names several functions in the samples: " + join(byBareName, ", ") +
                         "; give the whole name");
    std::vector<std::string> all(names.begin(), names.end());
    std::vector<std::string> bare;
    for (const std::string& n : all) bare.push_back(n.substr(0, n.find('(')));
    std::string message = "no function '" + name + "' in " + where;
    const auto close = closestMatches(name, bare, 5);
    if (!close.empty()) message += "; the closest names: " + join(close, ", ");
    return makeError(message);
}

std::vector<LineRow> lineTable(const Profile& p, const ProfileSelection& selection, ProfileMetrics& metrics,
                               const std::string& function) {
    struct Acc {
        std::vector<double> sums;
        std::set<std::string> inlined;
    };
    std::map<std::pair<std::string, int>, Acc> acc;
    const size_t count = p.columns().count();
    std::vector<double> body(count, 0.0);
    Paths paths(p);
    for (size_t r : selection.rows) {
        const std::vector<uint32_t>& path = paths.of(p.keys[r].node);
        size_t k = path.size();
        for (size_t i = path.size(); i-- > 0;)
            if (frameLabel(p, path[i]) == function) {
                k = i;
                break;
            }
        if (k == path.size()) continue;
        bool ownBody = true; // only inlined frames below it: the code runs in its body
        for (size_t i = k + 1; i < path.size(); ++i) ownBody = ownBody && (p.frames[path[i]].flags & ProfileFrame::kInlined);
        if (!ownBody) continue;
        const ProfileFrame& f = p.frames[path[k]];
        Acc& a = acc[{p.string(f.file), f.line}];
        addRow(a.sums, p.row(r), count);
        addRow(body, p.row(r), count);
        if (k + 1 < path.size()) a.inlined.insert(frameLabel(p, path[k + 1]));
    }
    std::vector<LineRow> out;
    for (auto& [where, a] : acc) {
        LineRow row;
        row.file = where.first;
        row.line = where.second;
        row.inlinedCalls.assign(a.inlined.begin(), a.inlined.end());
        row.share = shareOf(a.sums[ProfileColumns::kWeight], body[ProfileColumns::kWeight], body[ProfileColumns::kSamples]);
        row.metrics = metrics.evaluate(a.sums);
        row.sums = std::move(a.sums);
        out.push_back(std::move(row));
    }
    return out;
}

namespace {

// A node of callTree's callers, and its callers below it, heaviest first.
CallerNode callerNode(const FlameTree& tree, uint32_t node, const ProfileSelection& selection, ProfileMetrics& metrics) {
    CallerNode n;
    n.name = tree.nameOf(node);
    n.sums.assign(tree.sumsOf(node), tree.sumsOf(node) + tree.columns);
    n.share = shareOf(n.sums[ProfileColumns::kWeight], selection.sums[ProfileColumns::kWeight],
                      selection.sums[ProfileColumns::kSamples]);
    n.metrics = metrics.evaluate(n.sums);
    n.incomplete = node != 0 && n.name == "[incomplete stack]";
    for (uint32_t c : tree.children(node)) n.callers.push_back(callerNode(tree, c, selection, metrics));
    std::stable_sort(n.callers.begin(), n.callers.end(), [](const CallerNode& a, const CallerNode& c) {
        return a.sums[ProfileColumns::kWeight] > c.sums[ProfileColumns::kWeight];
    });
    return n;
}

} // namespace

CallerNode callerTree(const Profile& p, const ProfileSelection& selection, ProfileMetrics& metrics,
                      const std::string& function) {
    return callerNode(callTree(p, selection, CallTreeView::Callers, function, function), 0, selection, metrics);
}

std::string foldedStacks(const Profile& p, const ProfileSelection& selection) {
    std::map<std::string, double> lines;
    Paths paths(p);
    auto clean = [](std::string name) {
        std::replace(name.begin(), name.end(), ';', ':'); // ';' separates the frames
        std::replace(name.begin(), name.end(), '\n', ' ');
        return name;
    };
    for (size_t r : selection.rows) {
        const RowKey& k = p.keys[r];
        const ProfileThread& t = p.threads[k.thread];
        std::string line = clean(t.comm.empty() ? "[pid " + std::to_string(t.pid) + "]" : t.comm);
        if (k.stack != StackState::Complete) line += ";[incomplete stack]";
        for (uint32_t f : paths.of(k.node)) {
            line += ';' + clean(frameLabel(p, f));
            if (p.frames[f].flags & ProfileFrame::kKernel) line += "_[k]";
        }
        lines[line] += p.row(r)[ProfileColumns::kSamples];
    }
    std::string out;
    for (const auto& [line, samples] : lines) out += line + ' ' + printfString("%.0f", samples) + '\n';
    return out;
}

} // namespace perfdash
