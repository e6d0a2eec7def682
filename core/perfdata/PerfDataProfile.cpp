#include "core/perfdata/PerfDataProfile.h"

#include <map>
#include <memory>
#include <optional>
#include <sys/utsname.h>

#include "core/perfdata/PerfDataBinaries.h"
#include "core/profile/ProfileBuilder.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// The events a profile of the file shows: the sampled leader and its group.
struct SampledGroup {
    int leader = -1;
    std::vector<int> members; // leader first, into PerfDataInfo::events
};

SampledGroup sampledGroup(const PerfDataInfo& info) {
    SampledGroup g;
    for (size_t e = 0; e < info.events.size() && g.leader < 0; ++e)
        if (info.events[e].sampled()) g.leader = static_cast<int>(e);
    if (g.leader < 0) return g;
    const perf_event_attr& attr = info.events[static_cast<size_t>(g.leader)].attr;
    size_t end = static_cast<size_t>(g.leader) + 1;
    if (!info.groups.empty()) {
        for (const PerfDataGroup& group : info.groups)
            if (group.leader == static_cast<uint32_t>(g.leader))
                end = std::min(info.events.size(), static_cast<size_t>(group.leader) + std::max(group.members, 1u));
    } else if ((attr.sample_type & PERF_SAMPLE_READ) && (attr.read_format & PERF_FORMAT_GROUP)) {
        // No GROUP_DESC: the members are the events that follow without sampling themselves.
        while (end < info.events.size() && !info.events[end].sampled()) ++end;
    }
    for (size_t e = static_cast<size_t>(g.leader); e < end; ++e) g.members.push_back(static_cast<int>(e));
    return g;
}

class PerfDataProfiler {
public:
    PerfDataProfiler(PerfDataReader& reader, const PerfDataProfileOptions& options)
        : reader_(reader), options_(options), binaries_(reader.info().buildIds, options.symbolRoots) {}

    void add(PerfRecord&& record) {
        if (auto* mmap = std::get_if<MmapRecord>(&record)) binaries_.locate(*mmap);
        auto* sample = std::get_if<SampleRecord>(&record);
        if (!builder_ && !sample) {
            early_.push_back(std::move(record)); // its mappings and names, until the first sample says when it began
            return;
        }
        if (sample) {
            if (!builder_) start(sample->time);
            const int event = reader_.eventOf(*sample);
            if (event != group_.leader) {
                ++otherSamples_[event >= 0 ? reader_.info().events[static_cast<size_t>(event)].name : "an unknown event"];
                return;
            }
        }
        builder_->add(record);
    }

    Result<Profile> finish() {
        if (!builder_) start(0);
        if (columnsError_) return *columnsError_;
        const PerfDataInfo& info = reader_.info();
        const RecordTally& tally = reader_.tally();
        std::vector<std::string> warnings;
        std::vector<std::string> skipped;
        for (const auto& [why, count] : tally.skipped) skipped.push_back(std::to_string(count) + " " + why);
        for (const auto& [event, count] : otherSamples_)
            skipped.push_back(std::to_string(count) + " SAMPLE (of " + event + ": a profile shows one sampled event, " +
                              leaderName() + ")");
        uint64_t skippedCount = tally.skippedTotal();
        for (const auto& [event, count] : otherSamples_) skippedCount += count;
        if (!skipped.empty())
            warnings.push_back(std::to_string(skippedCount) + " records of " + reader_.name() + " skipped: " +
                               join(skipped, "; "));
        for (const std::string& w : binaries_.warnings()) warnings.push_back(w);
        if (const std::string w = reader_.orderingWarning(); !w.empty()) warnings.push_back(w);
        if (utsname here{}; !info.osRelease.empty() && ::uname(&here) == 0 && info.osRelease != here.release)
            warnings.push_back("recorded on Linux " + info.osRelease + ", read on " + here.release +
                               ": kernel addresses are named by this machine's kallsyms, which may be another kernel's");
        if (builder_->samples() == 0 && !skipped.empty())
            return makeError(reader_.name() + " has no sample perfdash can read: " + join(skipped, "; "));
        Profile profile = builder_->finish(warnings, tally.lostSamples);
        const std::vector<std::string> read = readNotices(profile);
        profile.sampling.notices.insert(profile.sampling.notices.begin(), read.begin(), read.end());
        return profile;
    }

private:
    std::string leaderName() const {
        return group_.leader < 0 ? "none" : reader_.info().events[static_cast<size_t>(group_.leader)].name;
    }

    // Where the profile came from, in a few notices: the file, its mode and
    // perf, the command, what was read.
    std::vector<std::string> readNotices(const Profile& profile) const {
        const PerfDataInfo& info = reader_.info();
        const RecordTally& tally = reader_.tally();
        std::vector<std::string> events;
        for (const PerfDataEvent& e : info.events) events.push_back(e.name);
        std::string from = "read from the perf.data file " + reader_.name() + " (" +
                           (info.pipe ? "pipe mode" : "file mode") +
                           (info.perfVersion.empty() ? "" : ", perf " + info.perfVersion) +
                           (info.hostname.empty() ? "" : ", recorded on " + info.hostname) +
                           (info.compressor ? ", zstd-compressed" : "") + "): " + std::to_string(tally.total()) +
                           " records, " + printfString("%.0f", profile.samples()) + " samples of " + leaderName() +
                           "; events " + join(events, ", ") + "; " +
                           (tally.skippedTotal() + otherSamplesTotal() == 0
                                ? std::string("no record skipped")
                                : std::to_string(tally.skippedTotal() + otherSamplesTotal()) + " records skipped (below)");
        std::vector<std::string> out{from};
        if (!info.cmdline.empty()) out.push_back("recorded by: " + join(info.cmdline, " "));
        if (!metricsNotice_.empty()) out.push_back(metricsNotice_);
        return out;
    }

    uint64_t otherSamplesTotal() const {
        uint64_t n = 0;
        for (const auto& [event, count] : otherSamples_) n += count;
        return n;
    }

    void start(uint64_t startNs) {
        const PerfDataInfo& info = reader_.info();
        group_ = sampledGroup(info);
        ProfileBuilderOptions o;
        o.eventOfSampled.assign(info.events.size(), -1);
        std::vector<const PerfDataEvent*> members;
        for (int e : group_.members) {
            o.eventOfSampled[static_cast<size_t>(e)] = static_cast<int>(members.size());
            members.push_back(&info.events[static_cast<size_t>(e)]);
        }
        if (auto columns = perfDataColumns(options_.metricGroups, members)) {
            o.events = std::move(columns->events);
            o.metrics = std::move(columns->metrics);
            metricsNotice_ = std::move(columns->notice);
        } else {
            columnsError_ = columns.error(); // reported by finish(); the events keep perf's names meanwhile
            for (const PerfDataEvent* e : members) o.events.push_back({e->name, e->name, true, ""});
        }
        if (group_.leader >= 0) {
            const perf_event_attr& attr = info.events[static_cast<size_t>(group_.leader)].attr;
            readsGroup_ = attr.sample_type & PERF_SAMPLE_READ;
            o.sampling.leader = o.sampling.leaderCounter = leaderName();
            o.sampling.rate = toString(SamplingRate{attr.freq ? SamplingRate::Kind::Frequency : SamplingRate::Kind::Period,
                                                    attr.sample_period});
            o.callGraph = (attr.sample_type & PERF_SAMPLE_STACK_USER) ? CallGraph::Dwarf
                          : (attr.sample_type & PERF_SAMPLE_CALLCHAIN) ? CallGraph::FramePointer
                                                                       : CallGraph::None;
            o.regsUserMask = attr.sample_regs_user;
            o.readsPerThread = attr.inherit;
            // Without PERF_SAMPLE_READ the leader counted each sample's period since the one before.
            if (!readsGroup_) o.periodSlot = group_.leader;
            o.maxStack = attr.sample_max_stack;
            o.sampling.follow = attr.inherit ? "inherit" : "per thread";
        }
        o.sampling.callGraph = toString(o.callGraph);
        o.symbols = options_.symbols;
        o.intervalS = options_.intervalS;
        o.startNs = startNs;
        builder_ = std::make_unique<ProfileBuilder>(std::move(o));
        for (PerfRecord& r : early_) builder_->add(r);
        early_.clear();
    }

    PerfDataReader& reader_;
    const PerfDataProfileOptions& options_;
    PerfDataBinaries binaries_;
    std::unique_ptr<ProfileBuilder> builder_;
    std::vector<PerfRecord> early_;
    SampledGroup group_;
    bool readsGroup_ = false;
    std::map<std::string, uint64_t> otherSamples_;
    std::string metricsNotice_;
    std::optional<Error> columnsError_;
};

} // namespace

Result<Profile> profileOfPerfData(PerfDataReader& reader, const PerfDataProfileOptions& options) {
    PerfDataProfiler profiler(reader, options);
    if (Status s = reader.read([&](PerfRecord&& record) { profiler.add(std::move(record)); }); !s) return s.error();
    if (sampledGroup(reader.info()).leader < 0)
        return makeError(reader.name() + " has no sampled event (its attrs sample nothing: perf stat record?); "
                         "give a file of perf record");
    return profiler.finish();
}

Result<Profile> readPerfDataProfile(const std::string& path, const PerfDataProfileOptions& options) {
    auto reader = PerfDataReader::openFile(path);
    if (!reader) return reader.error();
    return profileOfPerfData(**reader, options);
}

} // namespace perfdash
