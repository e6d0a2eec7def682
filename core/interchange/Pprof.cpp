#include "core/interchange/Pprof.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/interchange/ExportValues.h"
#include "core/interchange/Gzip.h"
#include "core/util/AtomicFile.h"
#include "core/util/Clock.h"
#include "core/util/Strings.h"
#include "interchange/pprof.pb.h" // generated from pprof.proto

namespace perfdash {

namespace {

// The string table: each string once, "" at 0 as the format requires.
class Strings {
public:
    explicit Strings(pprof::Profile& out) : out_(out) { id(""); }
    int64_t id(const std::string& s) {
        const auto [it, added] = ids_.try_emplace(s, static_cast<int64_t>(ids_.size()));
        if (added) out_.add_string_table(s);
        return it->second;
    }

private:
    pprof::Profile& out_;
    std::unordered_map<std::string, int64_t> ids_;
};

// Events between two samples, or in frequency mode (where the kernel varies
// the period to keep the rate) the selection's mean.
int64_t periodOf(const Profile& p, const ProfileSelection& s) {
    const std::string& rate = p.sampling.rate;
    if (rate.rfind("every ", 0) == 0)
        if (auto n = parseSigned(rate.substr(6, rate.find(' ', 6) - 6))) return *n;
    const double samples = s.sums.size() > ProfileColumns::kSamples ? s.sums[ProfileColumns::kSamples] : 0;
    return samples > 0 ? std::llround(s.sums[ProfileColumns::kWeight] / samples) : 0;
}

class Encoder {
public:
    Encoder(const Profile& p, pprof::Profile& out) : p_(p), out_(out), strings_(out) {}

    Strings& strings() { return strings_; }

    // The locations of a call path, innermost first: its frames cut before
    // every frame that is not inlined into the one above it.
    const std::vector<uint64_t>& locationsOf(uint32_t node) {
        auto it = paths_.find(node);
        if (it != paths_.end()) return it->second;
        p_.pathOf(node, frames_);
        std::vector<uint64_t> ids;
        size_t end = frames_.size();
        while (end > 0) {
            size_t begin = end - 1;
            while (begin > 0 && (p_.frames[frames_[begin]].flags & ProfileFrame::kInlined)) --begin;
            ids.push_back(location(std::vector<uint32_t>(frames_.begin() + begin, frames_.begin() + end)));
            end = begin;
        }
        return paths_.emplace(node, std::move(ids)).first->second;
    }

private:
    // frames: the frame of the code, then those inlined into it, outermost first.
    uint64_t location(std::vector<uint32_t> frames) {
        const auto [it, added] = locations_.try_emplace(frames, locations_.size() + 1);
        if (!added) return it->second;
        pprof::Location* l = out_.add_location();
        l->set_id(it->second);
        l->set_mapping_id(mapping(p_.frames[frames.front()].module));
        for (size_t i = frames.size(); i-- > 0;) {
            const ProfileFrame& f = p_.frames[frames[i]];
            pprof::Line* line = l->add_line();
            line->set_function_id(function(f));
            line->set_line(f.line);
        }
        return it->second;
    }

    uint64_t mapping(int32_t module) {
        if (module < 0) return 0;
        const auto [it, added] = mappings_.try_emplace(module, mappings_.size() + 1);
        if (!added) return it->second;
        const ProfileModule& m = p_.modules[static_cast<size_t>(module)];
        pprof::Mapping* out = out_.add_mapping();
        out->set_id(it->second);
        out->set_filename(strings_.id(m.path));
        out->set_build_id(strings_.id(m.buildId));
        // Every location carries its lines: a viewer must not look up the binary to name them.
        out->set_has_functions(true);
        bool files = false, lines = false;
        for (const ProfileFrame& f : p_.frames)
            if (f.module == module) {
                files = files || f.file != 0;
                lines = lines || f.line != 0;
            }
        out->set_has_filenames(files);
        out->set_has_line_numbers(lines);
        // Inlined calls come from the same DWARF as lines do.
        out->set_has_inline_frames(lines);
        return it->second;
    }

    uint64_t function(const ProfileFrame& f) {
        const std::string name = p_.functionName(f);
        const auto [it, added] = functions_.try_emplace({name, f.file}, functions_.size() + 1);
        if (!added) return it->second;
        pprof::Function* out = out_.add_function();
        out->set_id(it->second);
        out->set_name(strings_.id(name));
        out->set_system_name(strings_.id(name));
        out->set_filename(strings_.id(p_.string(f.file)));
        return it->second;
    }

    const Profile& p_;
    pprof::Profile& out_;
    Strings strings_;
    std::vector<uint32_t> frames_;
    std::unordered_map<uint32_t, std::vector<uint64_t>> paths_;
    std::map<std::vector<uint32_t>, uint64_t> locations_;
    std::map<int32_t, uint64_t> mappings_;
    std::map<std::pair<std::string, uint32_t>, uint64_t> functions_;
};

void addLabel(pprof::Sample& sample, Strings& strings, const std::string& key, const std::string& text) {
    pprof::Label* l = sample.add_label();
    l->set_key(strings.id(key));
    l->set_str(strings.id(text));
}

void addNumber(pprof::Sample& sample, Strings& strings, const std::string& key, int64_t number) {
    pprof::Label* l = sample.add_label();
    l->set_key(strings.id(key));
    l->set_num(number);
}

std::vector<std::string> comments(const Profile& p, const ProfileSelection& s, const ExportSource& source) {
    std::vector<std::string> out;
    std::string origin = "perfdash " PERFDASH_VERSION "; from " + (source.name.empty() ? "a profile" : source.name);
    if (!source.startedAt.empty()) origin += ", started " + source.startedAt;
    out.push_back(origin);
    if (!source.synthetic.empty())
        out.push_back("synthetic: made up, not measured on any machine (" + source.synthetic + ")");
    else if (source.recorded)
        out.push_back("replayed: samples recorded earlier and read from the file, not measured now");
    out.push_back("sampled " + p.sampling.leader + (p.sampling.rate.empty() ? "" : ", " + p.sampling.rate) +
                  (p.sampling.callGraph.empty() ? "" : ", call stacks: " + p.sampling.callGraph));
    out.push_back("selection: " + s.description);
    for (const std::string& n : p.sampling.notices) out.push_back("notice: " + n);
    for (const std::string& w : p.sampling.warnings) out.push_back("warning: " + w);
    return out;
}

// Viewers take the first mapping for the profiled program ("File:" in
// pprof's header): the one named as the busiest thread's process is (a
// process's name is its executable's, cut to 15 bytes), else they keep the
// order they met them in.
void mainBinaryFirst(const Profile& p, const ProfileSelection& s, pprof::Profile& out) {
    std::map<uint32_t, double> weightOfThread;
    for (uint32_t r : s.rows) weightOfThread[p.keys[r].thread] += p.row(r)[ProfileColumns::kWeight];
    if (weightOfThread.empty()) return;
    const auto busiest = std::max_element(weightOfThread.begin(), weightOfThread.end(),
                                          [](const auto& a, const auto& b) { return a.second < b.second; });
    const std::string& comm = p.threads[busiest->first].comm;
    if (comm.empty()) return;
    auto* mappings = out.mutable_mapping();
    for (int m = 0; m < mappings->size(); ++m) {
        const std::string& file = out.string_table(static_cast<int>(mappings->Get(m).filename()));
        const std::string base = file.substr(file.rfind('/') + 1);
        if (base.rfind(comm, 0) == 0) {
            for (int i = m; i > 0; --i) mappings->SwapElements(i, i - 1);
            return;
        }
    }
}

} // namespace

std::string pprofProto(const Profile& p, const ProfileSelection& s, const PprofOptions& options) {
    pprof::Profile out;
    Encoder encoder(p, out);
    Strings& strings = encoder.strings();

    const std::vector<ExportValue> columns = exportValues(p);
    auto unitOf = [](const ExportValue& v) { return v.nanoseconds ? "nanoseconds" : "count"; };
    for (const ExportValue& c : columns) {
        pprof::ValueType* t = out.add_sample_type();
        t->set_type(strings.id(c.name));
        t->set_unit(strings.id(unitOf(c)));
    }
    const ExportValue& weight = columns[kExportWeight];
    out.set_default_sample_type(strings.id(weight.name));
    out.mutable_period_type()->set_type(strings.id(weight.name));
    out.mutable_period_type()->set_unit(strings.id(unitOf(weight)));
    out.set_period(periodOf(p, s));

    // The rows summed over the selection's intervals: a pprof sample per
    // call path, stack state, thread and set of regions.
    const size_t count = p.columns().count();
    std::map<std::tuple<uint32_t, uint32_t, uint32_t, StackState>, std::vector<double>> samples;
    for (uint32_t r : s.rows) {
        const RowKey& k = p.keys[r];
        std::vector<double>& sums = samples[{k.node, k.thread, k.regions, k.stack}];
        sums.resize(count, 0.0);
        const double* row = p.row(r);
        for (size_t c = 0; c < count; ++c) sums[c] += row[c];
    }
    for (const auto& [key, sums] : samples) {
        const auto& [node, thread, regions, stack] = key;
        pprof::Sample* sample = out.add_sample();
        for (uint64_t id : encoder.locationsOf(node)) sample->add_location_id(id);
        for (const ExportValue& c : columns) sample->add_value(std::llround(sums[c.column]));
        const ProfileThread& t = p.threads[thread];
        addNumber(*sample, strings, "pid", t.pid);
        addNumber(*sample, strings, "tid", t.tid);
        if (!t.comm.empty()) addLabel(*sample, strings, "thread", t.comm);
        for (uint32_t region : p.regionSets[regions]) addLabel(*sample, strings, "region", p.regions[region]);
        if (stack != StackState::Complete) addLabel(*sample, strings, "stack", toString(stack));
    }

    mainBinaryFirst(p, s, out);
    if (const auto start = unixSecondsOfIso(options.source.startedAt))
        out.set_time_nanos(*start * 1'000'000'000 + std::llround(s.fromS * 1e9));
    out.set_duration_nanos(std::llround((s.toS - s.fromS) * 1e9));
    for (const std::string& c : comments(p, s, options.source)) out.add_comment(strings.id(c));
    return out.SerializeAsString();
}

Result<std::string> pprofGzip(const Profile& p, const ProfileSelection& s, const PprofOptions& options) {
    return gzipCompress(pprofProto(p, s, options));
}

Status writePprofFile(const std::string& path, const Profile& p, const ProfileSelection& s,
                      const PprofOptions& options) {
    auto bytes = pprofGzip(p, s, options);
    if (!bytes) return bytes.error();
    return writeFileAtomically(path, *bytes);
}

} // namespace perfdash
