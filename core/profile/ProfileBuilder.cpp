#include "core/profile/ProfileBuilder.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <span>
#include <unordered_map>

#include "core/profile/RecordMappings.h"
#include "core/symbols/CallchainCheck.h"
#include "core/symbols/PerfRegisters.h"
#include "core/util/HashCombine.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

size_t readMaxStack() {
    std::ifstream in("/proc/sys/kernel/perf_event_max_stack");
    size_t value = 0;
    return in >> value ? value : 127; // the kernel's default
}

} // namespace

size_t defaultMaxRows(const ProfileColumns& columns) {
    constexpr double kBudgetBytes = 90e6;
    return static_cast<size_t>(kBudgetBytes / (24.0 + 14.0 * static_cast<double>(columns.count())));
}

struct ProfileBuilder::Impl {
    explicit Impl(const ProfileBuilderOptions& options)
        : symbolizer(options.symbols), unwinder(options.symbols.debug) {}

    struct AddressKey {
        const ModuleInfo* module;
        uint64_t relative;
        bool returnAddress;
        bool operator==(const AddressKey&) const = default;
    };
    struct AddressHash {
        size_t operator()(const AddressKey& k) const {
            return hashCombine(hashCombine(std::hash<const void*>{}(k.module), k.relative), k.returnAddress);
        }
    };
    struct FrameHash {
        size_t operator()(const ProfileFrame& f) const {
            size_t h = hashCombine(f.function, static_cast<size_t>(f.module));
            return hashCombine(hashCombine(hashCombine(h, f.file), static_cast<size_t>(f.line)), f.flags);
        }
    };

    Symbolizer symbolizer;
    Unwinder unwinder;
    UnwindTally unwindTally;
    std::unordered_map<AddressKey, std::vector<uint32_t>, AddressHash> framesOf; // outermost first
    std::unordered_map<std::string_view, uint32_t> stringIds;                  // views into Profile::strings' copies below
    std::vector<std::unique_ptr<std::string>> stringStore;
    std::unordered_map<const ModuleInfo*, int32_t> moduleIds;
    std::unordered_map<ProfileFrame, uint32_t, FrameHash> frameIds;
    std::unordered_map<uint64_t, uint32_t> nodeIds; // parent << 32 | frame

    uint32_t string(Profile& p, std::string_view text) {
        if (text.empty()) return 0;
        auto it = stringIds.find(text);
        if (it != stringIds.end()) return it->second;
        stringStore.push_back(std::make_unique<std::string>(text));
        const uint32_t id = static_cast<uint32_t>(p.strings.size());
        p.strings.push_back(*stringStore.back());
        stringIds.emplace(*stringStore.back(), id);
        return id;
    }
    int32_t module(Profile& p, const ModuleInfo* info) {
        auto [it, added] = moduleIds.emplace(info, static_cast<int32_t>(p.modules.size()));
        if (added) p.modules.push_back({info->path, info->buildId, info->debugFile, info->problem});
        return it->second;
    }
    uint32_t frame(Profile& p, const ProfileFrame& f) {
        auto [it, added] = frameIds.emplace(f, static_cast<uint32_t>(p.frames.size()));
        if (added) p.frames.push_back(f);
        return it->second;
    }
    uint32_t node(Profile& p, uint32_t parent, uint32_t frameId) {
        const uint64_t key = uint64_t(parent) << 32 | frameId;
        auto [it, added] = nodeIds.emplace(key, static_cast<uint32_t>(p.nodes.size()));
        if (added) p.nodes.push_back({parent, frameId});
        return it->second;
    }

    // The frames of one address, outermost first: its function at the line
    // of the outermost inlined call, then each inlined function at its line.
    const std::vector<uint32_t>& frames(Profile& p, const Symbol& symbol, bool returnAddress, bool kernel) {
        const AddressKey key{symbol.module, symbol.relative, returnAddress};
        auto it = framesOf.find(key);
        if (it != framesOf.end()) return it->second;
        std::vector<uint32_t> out;
        const int32_t moduleId = module(p, symbol.module);
        const uint8_t space = kernel ? ProfileFrame::kKernel : 0;
        if (!symbol.known() || kernel) {
            out.push_back(frame(p, {string(p, symbol.function), moduleId, 0, 0, space}));
        } else {
            const SourceLocation& source = symbolizer.source(symbol);
            const auto& inlined = source.inlined;
            const bool any = !inlined.empty();
            out.push_back(frame(p, {string(p, symbol.function), moduleId,
                                    string(p, any ? inlined.back().callFile : source.file),
                                    any ? inlined.back().callLine : source.line, space}));
            for (size_t k = inlined.size(); k-- > 0;) {
                const bool innermost = k == 0;
                out.push_back(frame(p, {string(p, inlined[k].function), moduleId,
                                        string(p, innermost ? source.file : inlined[k - 1].callFile),
                                        innermost ? source.line : inlined[k - 1].callLine,
                                        static_cast<uint8_t>(space | ProfileFrame::kInlined)}));
            }
        }
        return framesOf.emplace(key, std::move(out)).first->second;
    }
};

// The profile before any record: what the options say of the run.
Profile ProfileBuilder::emptyProfile(const ProfileBuilderOptions& o) {
    Profile p;
    p.events = o.events;
    p.constants = o.constants;
    p.metrics = o.metrics;
    p.sampling = o.sampling;
    p.intervalS = o.intervalS;
    return p;
}

ProfileBuilder::ProfileBuilder(ProfileBuilderOptions options)
    : options_(std::move(options)), profile_(emptyProfile(options_)), columns_(profile_.columns()),
      deltas_(options_.readsPerThread), regions_(profile_.regions, profile_.regionSets),
      spill_(columns_.count(), options_.spillDirectory) {
    maxRows_ = options_.maxRows ? options_.maxRows : defaultMaxRows(columns_);
    coarsenAt_ = maxRows_;
    intervalNs_ = static_cast<uint64_t>(std::llround(options_.intervalS * 1e9));
    if (options_.maxStack == 0) options_.maxStack = readMaxStack();
    impl_ = std::make_unique<Impl>(options_);
}

ProfileBuilder::~ProfileBuilder() = default;

uint32_t ProfileBuilder::intervalAt(uint64_t timeNs) const {
    return timeNs <= options_.startNs ? 0 : static_cast<uint32_t>((timeNs - options_.startNs) / intervalNs_);
}

uint32_t ProfileBuilder::threadIndex(int pid, int tid) {
    auto [it, added] = threadOf_.emplace(tid, static_cast<uint32_t>(profile_.threads.size()));
    if (added) profile_.threads.push_back({pid, tid, {}});
    else if (profile_.threads[it->second].pid != pid && pid >= 0) profile_.threads[it->second].pid = pid;
    return it->second;
}

void ProfileBuilder::readKernelSymbols() { impl_->symbolizer.readKernelSymbols(); }

void ProfileBuilder::add(const PerfRecord& record) {
    if (const auto* sample = std::get_if<SampleRecord>(&record)) {
        addSample(*sample);
    } else if (const auto* mmap = std::get_if<MmapRecord>(&record)) {
        if (mmap->cpuMode != CpuMode::Kernel && mmap->executable) maps_.map(mmap->pid, mappingOf(*mmap));
    } else if (const auto* comm = std::get_if<CommRecord>(&record)) {
        if (comm->exec) {
            maps_.exec(comm->pid);
            impl_->unwinder.forget(comm->pid);
        }
        profile_.threads[threadIndex(comm->pid, comm->tid)].comm = comm->comm;
    } else if (const auto* fork = std::get_if<ForkRecord>(&record)) {
        if (fork->pid != fork->ppid) maps_.fork(fork->ppid, fork->pid);
        // The child carries its parent's name until it execs or renames itself.
        const auto parent = threadOf_.find(fork->ptid);
        const uint32_t child = threadIndex(fork->pid, fork->tid);
        if (parent != threadOf_.end() && profile_.threads[child].comm.empty())
            profile_.threads[child].comm = profile_.threads[parent->second].comm;
    } else if (const auto* exit = std::get_if<ExitRecord>(&record)) {
        deltas_.forgetThread(exit->tid);
        if (exit->pid == exit->tid) {
            maps_.exit(exit->pid);
            impl_->unwinder.forget(exit->pid);
        }
    }
}

void ProfileBuilder::addTransitions(const std::vector<MarkerTransition>& transitions) {
    for (const MarkerTransition& t : transitions) regions_.add(t);
}

void ProfileBuilder::addSample(const SampleRecord& sample) {
    Profile& p = profile_;
    Impl& impl = *impl_;
    const AddressSpace* space = maps_.find(sample.pid);

    CallchainParts parts = splitCallchain(sample.callchain);
    if (sample.callchain.empty()) {
        if (sample.cpuMode == CpuMode::Kernel) parts.kernel = {sample.ip};
        else parts.user = {sample.ip};
    }
    StackState state = StackState::Complete;
    std::string reason;
    if (options_.callGraph == CallGraph::Dwarf) {
        parts.user.clear();
        const auto arch = hostRegisterArch();
        if (sample.regsAbi != 0 && !sample.regsUser.empty() && arch) {
            UserRegisters registers{*arch, options_.regsUserMask, sample.regsUser};
            const size_t copied = std::min<size_t>(sample.stackDynamicSize, sample.stackUser.size());
            const std::span<const uint8_t> stack(reinterpret_cast<const uint8_t*>(sample.stackUser.data()), copied);
            static const AddressSpace kNoMappings;
            UnwindResult unwound = impl.unwinder.unwind(sample.pid, space ? *space : kNoMappings, registers, stack);
            impl.unwindTally.add(unwound);
            parts.user = std::move(unwound.ips);
            if (!unwound.complete()) {
                state = StackState::Incomplete;
                reason = std::string("unwinding stopped: ") + describe(unwound.stop);
            }
        }
    } else if (options_.callGraph == CallGraph::FramePointer && !parts.user.empty()) {
        const StackJudgement judged =
            judgeUserCallchain(parts.user, parts.kernel.size(), options_.maxStack, impl.symbolizer, sample.pid, space);
        state = judged.verdict == StackVerdict::Complete     ? StackState::Complete
                : judged.verdict == StackVerdict::Incomplete ? StackState::Incomplete
                                                             : StackState::Unknown;
        reason = judged.reason;
    }
    if (state != StackState::Complete) {
        // Reasons name addresses: beyond a few dozen, the rest are counted together.
        constexpr size_t kReasonsKept = 32;
        std::string key = std::string(toString(state)) + ": " + reason;
        if (stackReasons_.size() >= kReasonsKept && !stackReasons_.count(key))
            key = std::string(toString(state)) + ": other reasons";
        ++stackReasons_[key];
    }

    // The path from the root: user frames outermost first, then the kernel's.
    uint32_t node = 0;
    const bool inKernel = !parts.kernel.empty();
    for (size_t i = parts.user.size(); i-- > 0;) {
        const bool returnAddress = i > 0 || inKernel;
        const Symbol& symbol = impl.symbolizer.symbolize(sample.pid, space, parts.user[i], returnAddress);
        for (uint32_t f : impl.frames(p, symbol, returnAddress, false)) node = impl.node(p, node, f);
    }
    for (size_t i = parts.kernel.size(); i-- > 0;) {
        const Symbol& symbol = impl.symbolizer.symbolizeKernel(parts.kernel[i], i > 0);
        for (uint32_t f : impl.frames(p, symbol, i > 0, true)) node = impl.node(p, node, f);
    }

    RowKey key;
    key.interval = intervalAt(sample.time);
    key.thread = threadIndex(sample.pid, sample.tid);
    key.regions = regions_.at(sample.tid, sample.time);
    key.node = node;
    key.stack = state;
    addToRow(key, sample, deltas_.take(sample));
    ++samples_;
}

void ProfileBuilder::addToRow(const RowKey& key, const SampleRecord& sample, const GroupDelta& delta) {
    if (key.interval > openInterval_) {
        openRows_.clear(); // samples come in time order: no earlier interval gets rows again
        openInterval_ = key.interval;
        spillClosedIntervals();
    }
    profile_.durationS = std::max(profile_.durationS, (key.interval + 1) * profile_.intervalS);
    auto [it, added] = openRows_.emplace(key, profile_.keys.size());
    const size_t stride = columns_.count();
    if (added) {
        profile_.keys.push_back(key);
        profile_.values.resize(profile_.values.size() + stride, 0.0);
    }
    double* row = profile_.values.data() + it->second * stride;
    row[ProfileColumns::kSamples] += 1;
    row[ProfileColumns::kWeight] += static_cast<double>(sample.period);

    std::vector<double> v(columns_.variables(), 0.0);
    for (const SampleDelta& c : delta.counts) {
        if (c.slot < 0 || static_cast<size_t>(c.slot) >= options_.eventOfSampled.size()) continue;
        const int e = options_.eventOfSampled[static_cast<size_t>(c.slot)];
        if (e >= 0 && profile_.events[static_cast<size_t>(e)].inSamples) v[static_cast<size_t>(e)] = static_cast<double>(c.count);
    }
    v.back() = static_cast<double>(delta.runningNs);
    for (size_t e = 0; e < columns_.events; ++e) row[columns_.event(e)] += v[e];
    row[columns_.time()] += v.back();
    if (columns_.moments)
        for (size_t a = 0; a < v.size(); ++a)
            for (size_t b = a; b < v.size(); ++b) row[columns_.moment(a, b)] += v[a] * v[b];

    if (added && spill_.rows() + profile_.keys.size() > coarsenAt_) coarsen();
}

// The rows of the intervals no live view needs go to disk, the oldest
// first (rows are in interval order but for the odd late sample, whose row
// simply waits for the next time).
void ProfileBuilder::spillClosedIntervals() {
    if (!spillProblem_.empty()) return;
    const uint32_t kept = openInterval_ - std::min(openInterval_, options_.liveIntervals);
    size_t n = 0;
    while (n < profile_.keys.size() && profile_.keys[n].interval < kept) ++n;
    if (n == 0) return;
    if (Status s = spill_.append(profile_.keys.data(), profile_.values.data(), n); !s) {
        spillProblem_ = s.error().message;
        return;
    }
    const size_t stride = columns_.count();
    profile_.keys.erase(profile_.keys.begin(), profile_.keys.begin() + static_cast<ptrdiff_t>(n));
    profile_.values.erase(profile_.values.begin(), profile_.values.begin() + static_cast<ptrdiff_t>(n * stride));
}

// Every row on disk to `row`, and the file emptied.
void ProfileBuilder::readBackSpilled(const std::function<void(const RowKey&, const double*)>& row) {
    if (Status s = spill_.forEach(row); !s)
        spillProblem_ += (spillProblem_.empty() ? "" : "; ") + s.error().message +
                         "; the samples of those rows are missing from the session";
    spill_.clear();
}

// The rows in memory summed into `rows` (after those already there), each
// interval divided by `divisor`, and made the profile's rows.
void ProfileBuilder::replaceRows(RowMerger& rows, uint32_t divisor) {
    const size_t stride = columns_.count();
    for (size_t r = 0; r < profile_.keys.size(); ++r) {
        RowKey key = profile_.keys[r];
        key.interval /= divisor;
        rows.add(key, profile_.values.data() + r * stride);
    }
    profile_.keys.clear();
    profile_.values.clear();
    rows.takeInto(profile_.keys, profile_.values);
    openRows_.clear();
    for (size_t r = 0; r < profile_.keys.size(); ++r)
        if (profile_.keys[r].interval == openInterval_) openRows_.emplace(profile_.keys[r], r);
}

// Disk failed us: every row in memory from now on, the spilled ones first.
void ProfileBuilder::keepRowsInMemory(const std::string& problem) {
    spillProblem_ = problem;
    RowMerger rows(columns_.count());
    readBackSpilled([&](const RowKey& k, const double* v) { rows.add(k, v); });
    replaceRows(rows, 1);
}

// Neighbouring intervals merged pairwise, on disk and in memory: the
// interval doubles, the rows of equal keys are summed. Halves the rows of a
// steady program.
void ProfileBuilder::coarsen() {
    if (Status s = spill_.coarsen(); !s) keepRowsInMemory(s.error().message);
    profile_.intervalS *= 2;
    intervalNs_ *= 2;
    openInterval_ /= 2;
    profile_.durationS = (openInterval_ + 1) * profile_.intervalS;
    RowMerger merged(columns_.count());
    replaceRows(merged, 2);
    // Rows that do not merge (threads that come and go, code that moves) would
    // have every new row coarsen again for nothing: where a quarter did not
    // go, the next time waits for twice the rows.
    const size_t rows = spill_.rows() + profile_.keys.size();
    coarsenAt_ = rows <= maxRows_ / 4 * 3 ? maxRows_ : 2 * rows;
}

Profile ProfileBuilder::finish(const std::vector<std::string>& samplingWarnings, uint64_t lostSamples) {
    if (spill_.rows() > 0) {
        // The rows from disk, then memory's, an interval at a time: one split between the two (by a
        // coarsening) becomes one row per key again.
        const size_t stride = columns_.count();
        std::vector<RowKey> keys;
        std::vector<double> values;
        keys.reserve(spill_.rows() + profile_.keys.size());
        values.reserve(keys.capacity() * stride);
        IntervalMerger merger(stride, [&](std::vector<RowKey>& k, std::vector<double>& v) {
            keys.insert(keys.end(), k.begin(), k.end());
            values.insert(values.end(), v.begin(), v.end());
        });
        readBackSpilled([&](const RowKey& k, const double* v) { merger.add(k, v); });
        for (size_t r = 0; r < profile_.keys.size(); ++r) merger.add(profile_.keys[r], profile_.values.data() + r * stride);
        merger.finish();
        profile_.keys = std::move(keys);
        profile_.values = std::move(values);
    }
    Profile p = std::move(profile_); // the builder is done: no copy of a long run's rows
    profile_ = Profile{};
    if (!spillProblem_.empty()) p.sampling.warnings.push_back(spillProblem_);
    if (p.rows() > maxRows_)
        p.sampling.warnings.push_back(std::to_string(p.rows()) + " rows, above the session's budget of " +
                                      std::to_string(maxRows_) + ": the run's call paths and threads did not repeat "
                                      "over time, so merging intervals (now " + printfString("%g", p.intervalS) +
                                      " s) could not make it smaller");
    p.sampling.warnings.insert(p.sampling.warnings.end(), samplingWarnings.begin(), samplingWarnings.end());
    p.sampling.lost = lostSamples;
    if (impl_->unwindTally.total() > 0 && impl_->unwindTally.incomplete() > 0)
        p.sampling.warnings.push_back("DWARF unwinding: " + impl_->unwindTally.summary());
    if (regions_.inconsistent() > 0)
        p.sampling.warnings.push_back(std::to_string(regions_.inconsistent()) +
                                      " marker region transitions did not match the regions running on their thread "
                                      "(a STOP without START, or START twice) and were ignored");
    for (const auto& [reason, count] : stackReasons_) p.stackReasons.emplace_back(reason, count);
    return p;
}

} // namespace perfdash
