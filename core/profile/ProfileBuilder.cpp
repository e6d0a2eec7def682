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
    CallchainJudge judge;
    // Each judgement's counter in stackReasons_, null for a complete stack:
    // a sample's judgement is counted without its reason's text (nodes of
    // std::map stay where they are).
    std::unordered_map<const StackJudgement*, uint64_t*> judgementCounts;
    CallchainParts parts;       // the sample's, kept for their vectors' capacity
    std::vector<double> values; // addToRows', likewise
    GroupDelta periodDelta;     // a sample's period as its count (periodSlot), its vector kept
    std::unordered_map<AddressKey, std::vector<uint32_t>, AddressHash> framesOf; // outermost first
    std::unordered_map<std::string_view, uint32_t> stringIds;                  // views into Profile::strings' copies below
    std::vector<std::unique_ptr<std::string>> stringStore;
    std::unordered_map<const ModuleInfo*, int32_t> moduleIds;
    std::unordered_map<ProfileFrame, uint32_t, FrameHash> frameIds;
    std::unordered_map<uint64_t, uint32_t> nodeIds; // parent << 32 | frame
    struct PairHash {
        template <typename A, typename B>
        size_t operator()(const std::pair<A, B>& k) const {
            return hashCombine(std::hash<A>{}(k.first), k.second);
        }
    };
    std::unordered_map<std::pair<int32_t, uint64_t>, uint32_t, PairHash> codeIds;         // (module, start)
    std::unordered_map<std::pair<uint32_t, uint64_t>, uint32_t, PairHash> instructionIds; // (code, address)

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
        auto [it, added] = moduleIds.try_emplace(info, static_cast<int32_t>(p.modules.size()));
        if (added) p.modules.push_back({info->path, info->buildId, info->debugFile, info->problem});
        return it->second;
    }
    uint32_t frame(Profile& p, const ProfileFrame& f) {
        auto [it, added] = frameIds.try_emplace(f, static_cast<uint32_t>(p.frames.size()));
        if (added) p.frames.push_back(f);
        return it->second;
    }
    uint32_t node(Profile& p, uint32_t parent, uint32_t frameId) {
        const uint64_t key = uint64_t(parent) << 32 | frameId;
        auto [it, added] = nodeIds.try_emplace(key, static_cast<uint32_t>(p.nodes.size()));
        if (added) p.nodes.push_back({parent, frameId});
        return it->second;
    }

    // The instruction a sample was taken at, in the code of its ELF
    // function; none where no function is known.
    std::optional<uint32_t> instruction(Profile& p, const Symbol& leaf) {
        if (!leaf.known()) return std::nullopt;
        const int32_t moduleId = module(p, leaf.module);
        const uint64_t start = leaf.relative - leaf.offset;
        auto [code, added] = codeIds.try_emplace(std::pair{moduleId, start}, static_cast<uint32_t>(p.codes.size()));
        if (added) p.codes.push_back({string(p, leaf.function), moduleId, start, leaf.size});
        auto [it, isNew] = instructionIds.try_emplace(std::pair{code->second, leaf.relative},
                                                  static_cast<uint32_t>(p.instructions.size()));
        if (isNew) p.instructions.push_back({code->second, leaf.relative});
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
    p.instructionsKept = true;
    return p;
}

ProfileBuilder::ProfileBuilder(ProfileBuilderOptions options)
    : options_(std::move(options)), profile_(emptyProfile(options_)), columns_(profile_.columns()),
      deltas_(options_.readsPerThread), regions_(profile_.regions, profile_.regionSets),
      paths_(profile_.keys, profile_.values, columns_.count(), options_.spillDirectory),
      instructionRows_(profile_.instructionKeys, profile_.instructionValues, profile_.instructionColumns().count(),
                       options_.spillDirectory) {
    maxRows_ = options_.maxRows ? options_.maxRows : defaultMaxRows(columns_);
    coarsenAt_ = maxRows_;
    intervalNs_ = static_cast<uint64_t>(std::llround(options_.intervalS * 1e9));
    if (options_.maxStack == 0) options_.maxStack = readMaxStack();
    impl_ = std::make_unique<Impl>(options_);
    impl_->periodDelta.counts.push_back({options_.periodSlot, 0});
}

ProfileBuilder::~ProfileBuilder() = default;

uint32_t ProfileBuilder::intervalAt(uint64_t timeNs) const {
    return timeNs <= options_.startNs ? 0 : static_cast<uint32_t>((timeNs - options_.startNs) / intervalNs_);
}

uint32_t ProfileBuilder::threadIndex(int pid, int tid) {
    auto [it, added] = threadOf_.try_emplace(tid, static_cast<uint32_t>(profile_.threads.size()));
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

    CallchainParts& parts = impl.parts;
    splitCallchain(sample.callchain, parts);
    if (sample.callchain.empty()) {
        if (sample.cpuMode == CpuMode::Kernel) parts.kernel = {sample.ip};
        else parts.user = {sample.ip};
    }
    // Reasons name addresses: beyond a few dozen, the rest are counted together.
    const auto reasonCount = [&](StackState state, const std::string& reason) -> uint64_t& {
        constexpr size_t kReasonsKept = 32;
        std::string key = std::string(toString(state)) + ": " + reason;
        if (stackReasons_.size() >= kReasonsKept && !stackReasons_.count(key))
            key = std::string(toString(state)) + ": other reasons";
        return stackReasons_[key];
    };
    StackState state = StackState::Complete;
    uint64_t* reasonCounter = nullptr;
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
                reasonCounter = &reasonCount(state, std::string("unwinding stopped: ") + describe(unwound.stop));
            }
        }
    } else if (options_.callGraph == CallGraph::FramePointer && !parts.user.empty()) {
        const StackJudgement& judged =
            impl.judge.judge(parts.user, parts.kernel.size(), options_.maxStack, impl.symbolizer, sample.pid, space);
        state = judged.verdict == StackVerdict::Complete     ? StackState::Complete
                : judged.verdict == StackVerdict::Incomplete ? StackState::Incomplete
                                                             : StackState::Unknown;
        auto [counted, added] = impl.judgementCounts.try_emplace(&judged, nullptr);
        if (added && state != StackState::Complete) counted->second = &reasonCount(state, judged.reason);
        reasonCounter = counted->second;
    }
    if (reasonCounter) ++*reasonCounter;

    // The path from the root: user frames outermost first, then the kernel's.
    uint32_t node = 0;
    const Symbol* leaf = nullptr; // the innermost: where the sample was taken
    const bool inKernel = !parts.kernel.empty();
    for (size_t i = parts.user.size(); i-- > 0;) {
        const bool returnAddress = i > 0 || inKernel;
        leaf = &impl.symbolizer.symbolize(sample.pid, space, parts.user[i], returnAddress);
        for (uint32_t f : impl.frames(p, *leaf, returnAddress, false)) node = impl.node(p, node, f);
    }
    for (size_t i = parts.kernel.size(); i-- > 0;) {
        leaf = &impl.symbolizer.symbolizeKernel(parts.kernel[i], i > 0);
        for (uint32_t f : impl.frames(p, *leaf, i > 0, true)) node = impl.node(p, node, f);
    }

    RowKey key;
    key.interval = intervalAt(sample.time);
    key.thread = threadIndex(sample.pid, sample.tid);
    key.regions = regions_.at(sample.tid, sample.time);
    key.node = node;
    key.stack = state;
    std::optional<RowKey> instructionKey;
    if (const auto instruction = leaf ? impl.instruction(p, *leaf) : std::nullopt) {
        instructionKey = key;
        instructionKey->node = *instruction;
        instructionKey->stack = StackState::Complete;
    }
    if (options_.periodSlot >= 0) {
        impl.periodDelta.counts.front().count = sample.period;
        addToRows(key, instructionKey, sample, impl.periodDelta);
    } else {
        addToRows(key, instructionKey, sample, deltas_.take(sample));
    }
    ++samples_;
}

void ProfileBuilder::addToRows(const RowKey& key, const std::optional<RowKey>& instructionKey,
                               const SampleRecord& sample, const GroupDelta& delta) {
    if (key.interval > openInterval_) openInterval(key.interval);
    profile_.durationS = std::max(profile_.durationS, (key.interval + 1) * profile_.intervalS);

    std::vector<double>& v = impl_->values;
    v.assign(columns_.variables(), 0.0);
    for (const SampleDelta& c : delta.counts) {
        if (c.slot < 0 || static_cast<size_t>(c.slot) >= options_.eventOfSampled.size()) continue;
        const int e = options_.eventOfSampled[static_cast<size_t>(c.slot)];
        if (e >= 0 && profile_.events[static_cast<size_t>(e)].inSamples) v[static_cast<size_t>(e)] = static_cast<double>(c.count);
    }
    v.back() = static_cast<double>(delta.runningNs);
    // The columns both tables have: samples, weight, the events, time.
    auto addFirstColumns = [&](double* row) {
        row[ProfileColumns::kSamples] += 1;
        row[ProfileColumns::kWeight] += static_cast<double>(sample.period);
        for (size_t e = 0; e < columns_.events; ++e) row[columns_.event(e)] += v[e];
        row[columns_.time()] += v.back();
    };
    bool added = false;
    double* row = paths_.row(key, added);
    addFirstColumns(row);
    if (columns_.moments)
        for (size_t a = 0; a < v.size(); ++a)
            for (size_t b = a; b < v.size(); ++b) row[columns_.moment(a, b)] += v[a] * v[b];
    if (instructionKey) {
        bool addedInstruction = false;
        addFirstColumns(instructionRows_.row(*instructionKey, addedInstruction));
        added = added || addedInstruction;
    }
    if (added && rows() > coarsenAt_) coarsen();
}

// Samples come in time order: no earlier interval gets rows again. The rows
// of the intervals no live view needs go to disk, the oldest first.
void ProfileBuilder::openInterval(uint32_t interval) {
    openInterval_ = interval;
    const uint32_t kept = openInterval_ - std::min(openInterval_, options_.liveIntervals);
    for (LiveRows* rows : {&paths_, &instructionRows_}) {
        rows->intervalOpened();
        if (spillProblem_.empty()) noteSpillProblem(rows->spillBefore(kept));
    }
}

void ProfileBuilder::noteSpillProblem(const Status& status) {
    // Both tables meet the same full disk: it is said once.
    if (!status && spillProblem_.find(status.error().message) == std::string::npos)
        spillProblem_ += (spillProblem_.empty() ? "" : "; ") + status.error().message;
}

// Neighbouring intervals merged pairwise, on disk and in memory, in both
// tables: the interval doubles, the rows of equal keys are summed. Halves
// the rows of a steady program.
void ProfileBuilder::coarsen() {
    profile_.intervalS *= 2;
    intervalNs_ *= 2;
    openInterval_ /= 2;
    profile_.durationS = (openInterval_ + 1) * profile_.intervalS;
    for (LiveRows* rows : {&paths_, &instructionRows_}) noteSpillProblem(rows->coarsen(openInterval_));
    // Rows that do not merge (threads that come and go, code that moves) would
    // have every new row coarsen again for nothing: where a quarter did not
    // go, the next time waits for twice the rows.
    coarsenAt_ = rows() <= maxRows_ / 4 * 3 ? maxRows_ : 2 * rows();
}

Profile ProfileBuilder::finish(const std::vector<std::string>& samplingWarnings, uint64_t lostSamples) {
    for (LiveRows* rows : {&paths_, &instructionRows_}) noteSpillProblem(rows->finish());
    Profile p = std::move(profile_); // the builder is done: no copy of a long run's rows
    profile_ = Profile{};
    if (!spillProblem_.empty()) p.sampling.warnings.push_back(spillProblem_);
    if (const size_t rows = p.rows() + p.instructionKeys.size(); rows > maxRows_)
        p.sampling.warnings.push_back(std::to_string(rows) + " rows, above the session's budget of " +
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
