#include "core/probes/KernelPlan.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "core/probes/TargetAbi.h"
#include "core/util/Strings.h"

namespace perfdash {

const char* toString(BenchMode mode) { return mode == BenchMode::Latency ? "latency" : "throughput"; }

std::string KernelPlan::bodyText() const {
    std::string out;
    for (const auto& i : body) out += i.text + "\n";
    return out;
}

namespace {

// The registers of each file an operand may still be given, lowest first.
class RegisterPool {
public:
    RegisterPool(const CatalogEntry& e, bool withLink) {
        const Arch arch = e.instruction.arch();
        std::map<RegisterFile, std::pair<int, int>> range;
        auto addClasses = [&](const InstructionTemplate& t) {
            for (const auto& op : t.operands()) {
                auto [it, fresh] = range.try_emplace(op.cls->file, op.cls->firstIndex, op.cls->lastIndex);
                if (!fresh) {
                    it->second.first = std::max(it->second.first, op.cls->firstIndex);
                    it->second.second = std::min(it->second.second, op.cls->lastIndex);
                }
            }
        };
        std::set<PhysicalRegister> excluded;
        auto exclude = [&](const InstructionTemplate& t) {
            excluded.insert(t.literalRegisters().begin(), t.literalRegisters().end());
            excluded.insert(t.implicitRegisters().begin(), t.implicitRegisters().end());
        };
        addClasses(e.instruction);
        exclude(e.instruction);
        if (withLink && e.link) {
            addClasses(*e.link);
            exclude(*e.link);
        }
        for (const auto* lines : {&e.setup, &e.breaker})
            for (const auto& line : *lines)
                for (const auto& r : registersNamedIn(arch, line)) excluded.insert(r);
        for (const auto& [file, lohi] : range) {
            auto& free = free_[file];
            for (int i = lohi.first; i <= lohi.second; ++i) {
                const PhysicalRegister r{file, i};
                if (!isReservedRegister(arch, r) && !excluded.count(r)) free.push_back(i);
            }
        }
    }

    std::optional<int> take(RegisterFile file) {
        auto& free = free_[file];
        if (free.empty()) return std::nullopt;
        const int r = free.front();
        free.pop_front();
        return r;
    }
    std::vector<int> takeAll(RegisterFile file) {
        auto& free = free_[file];
        std::vector<int> all(free.begin(), free.end());
        free.clear();
        return all;
    }

private:
    std::map<RegisterFile, std::deque<int>> free_;
};

Error outOfRegisters(const CatalogEntry& e, RegisterFile file) {
    const char* what = file == RegisterFile::General ? "general" : file == RegisterFile::Predicate ? "predicate" : "vector";
    return makeError("'" + e.instruction.text() + "' needs more " + what +
                     " registers than are left after the loop's and the template's own");
}

PlannedInstruction instantiate(const InstructionTemplate& t, const std::vector<int>& regs,
                               PlannedInstruction::Role role, int stream) {
    PlannedInstruction p;
    p.role = role;
    p.stream = stream;
    p.text = t.render(regs);
    for (size_t i = 0; i < t.operands().size(); ++i) {
        const PhysicalRegister r{t.operands()[i].cls->file, regs[i]};
        if (t.operands()[i].role != OperandRole::Destination) p.reads.push_back(r);
        if (t.operands()[i].written()) p.writes.push_back(r);
    }
    for (const auto& r : t.literalRegisters()) p.reads.push_back(r);
    for (const auto& r : t.implicitRegisters()) {
        p.reads.push_back(r);
        p.writes.push_back(r);
    }
    return p;
}

PlannedInstruction literalLine(Arch arch, const std::string& line, PlannedInstruction::Role role) {
    PlannedInstruction p;
    p.role = role;
    p.text = line;
    // A breaker's registers count as both read and written: its effect is to cut a chain.
    p.reads = registersNamedIn(arch, line);
    p.writes = p.reads;
    return p;
}

// Gives every operand not yet assigned a fixed register: sources become
// read-only registers no copy writes.
Status assignFixed(const InstructionTemplate& t, std::vector<int>& regs, RegisterPool& pool, const CatalogEntry& e) {
    for (size_t i = 0; i < t.operands().size(); ++i) {
        if (regs[i] >= 0) continue;
        auto r = pool.take(t.operands()[i].cls->file);
        if (!r) return outOfRegisters(e, t.operands()[i].cls->file);
        regs[i] = *r;
    }
    return {};
}

void addInits(KernelPlan& plan, const CatalogEntry& e, const InstructionTemplate& t, const std::vector<int>& regs,
              std::set<PhysicalRegister>& seen) {
    for (size_t i = 0; i < t.operands().size(); ++i) {
        const auto& op = t.operands()[i];
        const PhysicalRegister r{op.cls->file, regs[i]};
        if (!seen.insert(r).second) continue;
        plan.inits.push_back({r, op.cls, e.initFor(*op.cls)});
    }
}

// Widest class wins for vector registers, so a register used as xmm and ymm is loaded whole.
void widenInits(KernelPlan& plan, const CatalogEntry& e) {
    for (auto& init : plan.inits) {
        auto widen = [&](const InstructionTemplate& t) {
            for (const auto& op : t.operands())
                if (op.cls->file == init.reg.file && op.cls->vectorBytes > init.cls->vectorBytes) init.cls = op.cls;
        };
        widen(e.instruction);
        if (e.link) widen(*e.link);
    }
}

int sourceOperand(const InstructionTemplate& t, int oneBasedSource) {
    int n = 0;
    for (size_t i = 0; i < t.operands().size(); ++i)
        if (t.operands()[i].role == OperandRole::Source && ++n == oneBasedSource) return static_cast<int>(i);
    return -1;
}

Result<KernelPlan> planLatency(const CatalogEntry& e, int copies) {
    const auto& t = e.instruction;
    const auto& ops = t.operands();
    const int n = static_cast<int>(ops.size());
    KernelPlan plan;
    plan.streams = 1;
    RegisterPool pool(e, true);
    std::vector<std::vector<int>> copyRegs(static_cast<size_t>(copies), std::vector<int>(static_cast<size_t>(n), -1));
    std::vector<int> linkRegs;

    auto find = [&](auto pred) {
        for (int i = 0; i < n; ++i)
            if (pred(ops[static_cast<size_t>(i)])) return i;
        return -1;
    };
    const int sd = find([](const TemplateOperand& o) { return o.role == OperandRole::SourceDestination; });
    const int d = find([](const TemplateOperand& o) { return o.role == OperandRole::Destination; });
    int chainSrc = -1;
    if (sd < 0 && d >= 0) {
        const RegisterFile file = ops[static_cast<size_t>(d)].cls->file;
        if (e.chainSource > 0) {
            chainSrc = sourceOperand(t, e.chainSource);
            if (chainSrc >= 0 && ops[static_cast<size_t>(chainSrc)].cls->file != file && !e.link)
                return makeError("chain-source " + std::to_string(e.chainSource) +
                                 " is in another register file than the destination; add a link");
        } else {
            chainSrc = find([&](const TemplateOperand& o) { return o.role == OperandRole::Source && o.cls->file == file; });
        }
    }

    if (sd >= 0) {
        // A read-and-written operand chains through itself: every copy uses the same register.
        auto c = pool.take(ops[static_cast<size_t>(sd)].cls->file);
        if (!c) return outOfRegisters(e, ops[static_cast<size_t>(sd)].cls->file);
        for (auto& regs : copyRegs) regs[static_cast<size_t>(sd)] = *c;
    } else if (d >= 0 && chainSrc >= 0 && ops[static_cast<size_t>(chainSrc)].cls->file == ops[static_cast<size_t>(d)].cls->file) {
        // Two registers alternate: copy i writes c[i%2] and reads c[(i+1)%2], the
        // previous copy's destination. No copy reads its own destination, so
        // same-register special cases (mov elimination of "mov rax, rax",
        // zeroing idioms) never apply.
        auto c0 = pool.take(ops[static_cast<size_t>(d)].cls->file);
        auto c1 = pool.take(ops[static_cast<size_t>(d)].cls->file);
        if (!c0 || !c1) return outOfRegisters(e, ops[static_cast<size_t>(d)].cls->file);
        for (int i = 0; i < copies; ++i) {
            copyRegs[static_cast<size_t>(i)][static_cast<size_t>(d)] = i % 2 ? *c1 : *c0;
            copyRegs[static_cast<size_t>(i)][static_cast<size_t>(chainSrc)] = i % 2 ? *c0 : *c1;
        }
    } else if (d >= 0 && e.link) {
        // destination -> link -> source: the chain runs through both instructions.
        const auto& lops = e.link->operands();
        const RegisterFile destFile = ops[static_cast<size_t>(d)].cls->file;
        int linkRead = -1, linkWrite = -1;
        for (size_t i = 0; i < lops.size(); ++i) {
            if (linkRead < 0 && !lops[i].written() && lops[i].cls->file == destFile) linkRead = static_cast<int>(i);
            const RegisterFile f = lops[i].cls->file;
            if (linkWrite < 0 && lops[i].written() &&
                find([&](const TemplateOperand& o) { return o.role == OperandRole::Source && o.cls->file == f; }) >= 0)
                linkWrite = static_cast<int>(i);
        }
        const RegisterFile backFile = lops[static_cast<size_t>(linkWrite)].cls->file;
        const int src = chainSrc >= 0 && ops[static_cast<size_t>(chainSrc)].cls->file == backFile
                            ? chainSrc
                            : find([&](const TemplateOperand& o) { return o.role == OperandRole::Source && o.cls->file == backFile; });
        auto a = pool.take(destFile);
        auto b = pool.take(backFile);
        if (!a || !b) return outOfRegisters(e, !a ? destFile : backFile);
        for (auto& regs : copyRegs) {
            regs[static_cast<size_t>(d)] = *a;
            regs[static_cast<size_t>(src)] = *b;
        }
        linkRegs.assign(lops.size(), -1);
        linkRegs[static_cast<size_t>(linkRead)] = *a;
        linkRegs[static_cast<size_t>(linkWrite)] = *b;
        if (auto s = assignFixed(*e.link, linkRegs, pool, e); !s) return s.error();
        plan.notes.push_back("latency of the pair '" + t.mnemonic() + "' + link '" + e.link->mnemonic() +
                             "' (the chain closes through the link)");
    } else if (!t.implicitRegisters().empty()) {
        plan.notes.push_back("the chain runs through the implicit " + join(t.implicitNames(), ", "));
    } else {
        return makeError(d < 0 && sd < 0 ? "'" + t.text() + "' writes no register, so there is no chain to time"
                                         : "'" + t.text() + "' reads no register of its destination's kind; "
                                           "add a link that carries the result back to a source");
    }
    // Everything else is fixed: read-only sources, and destinations no one reads.
    if (auto s = assignFixed(t, copyRegs[0], pool, e); !s) return s.error();
    for (auto& regs : copyRegs)
        for (int i = 0; i < n; ++i)
            if (regs[static_cast<size_t>(i)] < 0) regs[static_cast<size_t>(i)] = copyRegs[0][static_cast<size_t>(i)];

    std::set<PhysicalRegister> seen;
    for (int i = 0; i < copies; ++i) {
        addInits(plan, e, t, copyRegs[static_cast<size_t>(i)], seen);
        plan.body.push_back(instantiate(t, copyRegs[static_cast<size_t>(i)], PlannedInstruction::Role::Copy, 0));
        if (!linkRegs.empty()) plan.body.push_back(instantiate(*e.link, linkRegs, PlannedInstruction::Role::Link, 0));
    }
    if (!linkRegs.empty()) addInits(plan, e, *e.link, linkRegs, seen);
    return plan;
}

Result<KernelPlan> planThroughput(const CatalogEntry& e, int copies, int maxStreams) {
    const auto& t = e.instruction;
    const auto& ops = t.operands();
    KernelPlan plan;
    RegisterPool pool(e, false);
    std::vector<int> fixed(ops.size(), -1);
    for (size_t i = 0; i < ops.size(); ++i) {
        if (ops[i].written()) continue;
        auto r = pool.take(ops[i].cls->file);
        if (!r) return outOfRegisters(e, ops[i].cls->file);
        fixed[i] = *r;
    }
    // Each stream owns `written[file]` registers of every file it writes.
    std::map<RegisterFile, int> written;
    for (const auto& op : ops)
        if (op.written()) ++written[op.cls->file];
    std::map<RegisterFile, std::vector<int>> streamRegs;
    int streams = written.empty() ? copies : 1 << 30;
    for (const auto& [file, count] : written) {
        streamRegs[file] = pool.takeAll(file);
        streams = std::min(streams, static_cast<int>(streamRegs[file].size()) / count);
    }
    if (streams < 1) return outOfRegisters(e, written.begin()->first);
    if (maxStreams > 0) streams = std::min(streams, maxStreams);
    plan.streams = streams;

    std::set<PhysicalRegister> seen;
    for (int j = 0; j < copies; ++j) {
        const int stream = j % streams;
        std::vector<int> regs = fixed;
        std::map<RegisterFile, int> nth;
        for (size_t i = 0; i < ops.size(); ++i) {
            if (!ops[i].written()) continue;
            const RegisterFile f = ops[i].cls->file;
            regs[i] = streamRegs[f][static_cast<size_t>(stream * written[f] + nth[f]++)];
        }
        for (const auto& line : e.breaker) plan.body.push_back(literalLine(t.arch(), line, PlannedInstruction::Role::Breaker));
        addInits(plan, e, t, regs, seen);
        plan.body.push_back(instantiate(t, regs, PlannedInstruction::Role::Copy, stream));
    }
    if (!written.empty())
        plan.notes.push_back(std::to_string(streams) + " independent stream" + (streams == 1 ? "" : "s"));
    if (!e.breaker.empty())
        plan.notes.push_back("each copy follows the breaker '" + join(e.breaker, "; ") + "'");
    else if (!t.implicitRegisters().empty())
        plan.notes.push_back("copies share the implicit " + join(t.implicitNames(), ", ") +
                             ": a dependency between copies unless a breaker cuts it");
    return plan;
}

} // namespace

Result<KernelPlan> planKernel(const CatalogEntry& entry, BenchMode mode, int copies, int maxStreams) {
    if (copies < 2 || copies % 2 != 0)
        return makeError("a kernel needs an even number of copies (at least 2), got " + std::to_string(copies));
    auto plan = mode == BenchMode::Latency ? planLatency(entry, copies) : planThroughput(entry, copies, maxStreams);
    if (!plan) return plan;
    plan->arch = entry.instruction.arch();
    plan->mode = mode;
    plan->copies = copies;
    plan->setup = entry.setup;
    widenInits(*plan, entry);
    return plan;
}

} // namespace perfdash
