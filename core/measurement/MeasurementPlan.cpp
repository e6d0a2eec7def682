#include "core/measurement/MeasurementPlan.h"

#include <algorithm>
#include <optional>

#include "core/events/EventList.h"
#include "core/events/HybridCoreEvent.h"
#include "core/events/PowercapEnergy.h"
#include "core/groups/GroupArch.h"
#include "core/groups/LikwidEventOptions.h"
#include "core/groups/MetricEvaluator.h"
#include "core/measurement/MarkerEnvironment.h"
#include "core/measurement/CountingBackends.h"
#include "core/util/Duration.h"
#include "core/topology/CpuList.h"
#include "core/topology/SharedUnitReaders.h"
#include "core/util/JobEnvironment.h"
#include "core/util/Strings.h"

namespace perfdash {

const char* toString(MeasurementRequest::Mode mode) {
    switch (mode) {
    case MeasurementRequest::Mode::Launch: return "launch";
    case MeasurementRequest::Mode::Attach: return "attach";
    case MeasurementRequest::Mode::SystemWide: return "system";
    }
    return "?";
}

namespace {

Availability unsupported(std::string reason) {
    Availability a;
    a.state = Availability::State::Unsupported;
    a.brief = "unknown event";
    a.reason = std::move(reason);
    return a;
}

bool perTask(CountingScope::Kind kind) { return kind != CountingScope::Kind::Cpus; }

using Refusal = PlannedEvent::Refusal;

// What to do about events that count whole CPUs only, said once per group.
constexpr const char* kWholeCpusFix =
    "measure system-wide with -c CPUS (perfdash-cli stat -c LIST, Whole CPUs in the GUI; root or CAP_PERFMON)";

Result<ResolvedEvent> resolveFor(const std::string& spec, MachineContext& machine, const DirectBackend* direct) {
    if (direct)
        if (auto own = direct->ownEvent(spec)) return std::move(*own);
    return machine.resolver().resolve(spec);
}

// A direct backend's own events first (loongson2f::...), then likwid's
// reading of the slot on this machine's architecture, per core type where
// the CPU is hybrid.
std::vector<CoreTypeEvent> resolveSlot(const GroupSlot& slot, MachineContext& machine,
                                                     const DirectBackend* direct) {
    if (direct)
        if (auto spec = perfEventString(slot))
            if (auto own = direct->ownEvent(*spec)) return {{std::string(), std::move(*own)}};
    return machine.slotResolver().resolveCoreTypes(slot);
}

// A gauge (a core temperature) is read from its files for each counted CPU
// (core/backends/GaugeBackend.h): it needs CPUs to be counted, and a reading
// for at least one of them. The marker library counts inside the program,
// where no gauge is read.
Availability gaugeAvailability(const ResolvedEvent& event, const MeasurementPlan& plan) {
    if (plan.request.marker)
        return unsupported("'" + event.name + "' is a reading of the machine's sensors, which marker regions (-m) do "
                           "not read; measure without -m");
    if (plan.scope.kind == CountingScope::Kind::Threads || plan.scope.cpus.empty())
        return unsupported("'" + event.name + "' is a CPU's temperature, not a program's: give a CPU list (-c 0-3) "
                           "to read it for those CPUs");
    const bool any = std::any_of(plan.scope.cpus.begin(), plan.scope.cpus.end(), [&](int cpu) {
        return std::any_of(event.sysfsInputs.begin(), event.sysfsInputs.end(),
                           [&](const SysfsInput& in) { return in.cpu == cpu; });
    });
    if (!any) return unsupported("'" + event.name + "' has no reading for the counted CPUs: " + event.description);
    // CPUs without a reading are n/a in the result; the event's description says why.
    return Availability{Availability::State::Countable, {}, {}};
}

// A powercap energy counter (core/events/PowercapEnergy.h) is read from its
// zone's energy_uj on the CPUs that read it (its reader per package, or the
// counted CPUs where each is one), which this process must be allowed to
// read: root only since Linux 5.10. Per-task counting is refused before, as
// for any package's unit (ResolvedEvent::cpus).
Availability powercapAvailability(const ResolvedEvent& event, const MeasurementPlan& plan) {
    if (plan.request.marker)
        return unsupported("'" + event.name + "' is read from the kernel's powercap files, which marker regions (-m) "
                           "do not read; measure without -m");
    const std::vector<int>& readers = event.coreCpus.empty() ? plan.scope.cpus : event.coreCpus;
    bool any = false;
    for (const auto& in : event.sysfsInputs) {
        if (std::find(readers.begin(), readers.end(), in.cpu) == readers.end()) continue;
        any = true;
        if (auto why = powercapUnreadable(in.path)) {
            Availability a = unsupported("'" + event.name + "' cannot be read: " + *why);
            a.brief = "not readable";
            return a;
        }
    }
    if (!any) return unsupported("'" + event.name + "' has no reading for the counted CPUs: " + event.description);
    return Availability{Availability::State::Countable, {}, {}};
}

// Checks one resolved event of a group (a direct backend judges it itself)
// and adapts it to the scope. The event is added to the event set when it
// can be counted.
PlannedEvent planEvent(const std::string& counter, const std::string& spec, Result<ResolvedEvent> resolved,
                       MachineContext& machine, MeasurementPlan& plan, int set, const DirectBackend* direct) {
    PlannedEvent p;
    p.counter = counter;
    p.spec = spec;
    p.name = spec;
    if (!resolved) {
        p.availability = unsupported(resolved.error().message);
        p.refusal = Refusal::Own;
        if (resolved.error().absent) {
            p.refusal = Refusal::Absent;
            p.availability.brief = "absent here";
        }
        return p;
    }
    ResolvedEvent event = std::move(*resolved);
    p.name = event.name;
    p.unit = event.unit;
    p.scale = event.scale;
    p.gauge = event.gauge();
    p.codeSource = event.codeSource;
    p.codeNote = event.codeNote;
    if (!event.cpus.empty() && perTask(plan.scope.kind) && (!direct || event.readFromFiles())) {
        // Uncore, data fabric and RAPL PMUs belong to the package, not to a CPU: they count
        // whatever runs on the CPUs they serve (their cpumask), so a per-program count would
        // be a lie. Say so and name CPUs that would count it.
        const std::string cpus = formatCpuList(event.cpus);
        p.availability = unsupported("'" + event.name + "' counts whole CPUs only: PMU '" + event.pmu +
                                     "' belongs to the package and counts everything that runs on the CPUs it "
                                     "serves (its cpumask: " + cpus + "), whichever program it is, so it cannot "
                                     "count one program; " + kWholeCpusFix + " (e.g. -c " + cpus + ")");
        p.availability.brief = "system-wide only";
        p.refusal = Refusal::WholeCpusOnly;
        return p;
    }
    if (!event.cpus.empty() && plan.scope.kind == CountingScope::Kind::Cpus && (!direct || event.readFromFiles()) &&
        !std::all_of(plan.scope.cpus.begin(), plan.scope.cpus.end(), [&](int cpu) {
            return std::find(event.cpus.begin(), event.cpus.end(), cpu) != event.cpus.end();
        })) {
        // The kernel reads a package's unit on the CPU of its cpumask, whichever CPU the event
        // is opened on (uncore.c, rapl.c, amd/uncore.c): opened on every counted CPU, each
        // package would be counted once per CPU and the sums would be that many times too big.
        // So it opens on one counted CPU per package, as likwid reads such units on one CPU per socket.
        const auto& topology = machine.topology();
        auto readers = topology ? sharedUnitReaders(*topology, event.cpus, plan.scope.cpus)
                                : Result<std::map<int, int>>(topology.error());
        if (!readers) {
            const std::string cpus = formatCpuList(event.cpus);
            p.fix = "count it with -c " + cpus + " (one CPU per package)";
            p.availability = unsupported("'" + event.name + "' is counted by PMU '" + event.pmu +
                                         "', which belongs to the package: the kernel reads it on CPU(s) " + cpus +
                                         " (its cpumask) wherever it is opened, and " + readers.error().message +
                                         "; " + p.fix);
            p.availability.brief = "once per package";
            p.refusal = Refusal::OncePerPackage;
            return p;
        }
        p.readerOf = std::move(*readers);
        event.coreCpus = p.readOn();
    }
    p.availability = event.gauge()                              ? gaugeAvailability(event, plan)
                     : event.source == EventSource::Powercap ? powercapAvailability(event, plan)
                     : direct                                ? direct->check(event)
                                                             : machine.availability().check(event);
    if (!p.availability.countable()) {
        p.refusal = Refusal::Own;
        return p;
    }
    // A direct backend reads a register that CPUs share on one of them, as
    // the perf path opens a package's unit on one CPU: the same record.
    if (direct) p.readerOf = direct->readerOf(event, plan.scope.cpus);
    if (p.availability.state == Availability::State::Restricted && perTask(plan.scope.kind)) {
        event.encoding.excludeKernel = true;
        plan.userSpaceOnly = true;
    }
    p.eventSetSlot = static_cast<int>(plan.eventSet.size());
    plan.eventSet.push_back(EventSlot{counter, std::move(event), set});
    return p;
}

// A slot's event on each core type of a hybrid CPU, planned as one event with
// a part per core type; anything else as planEvent does.
PlannedEvent planCoreTypes(const std::string& counter, const std::string& spec,
                           std::vector<CoreTypeEvent> onTypes, MachineContext& machine,
                           MeasurementPlan& plan, int set, const DirectBackend* direct) {
    if (onTypes.size() == 1 && onTypes.front().corePmu.empty())
        return planEvent(counter, spec, std::move(onTypes.front().event), machine, plan, set, direct);
    PlannedEvent merged;
    std::vector<std::string> names;
    for (auto& onType : onTypes) {
        PlannedEvent p = planEvent(counter, spec, std::move(onType.event), machine, plan, set, direct);
        PlannedEvent::CoreTypePart part{onType.corePmu, {}, p.eventSetSlot, p.availability.reason};
        if (const SysfsPmu* pmu = machine.resolver().pmus().find(onType.corePmu)) part.cpus = pmu->coreCpus;
        if (p.eventSetSlot >= 0) names.push_back(p.name);
        const bool firstCounted = merged.eventSetSlot < 0 && p.eventSetSlot >= 0;
        if (merged.coreTypes.empty() || firstCounted) {
            auto parts = std::move(merged.coreTypes);
            merged = std::move(p);
            merged.coreTypes = std::move(parts);
        }
        merged.coreTypes.push_back(std::move(part));
    }
    if (names.empty()) return merged; // not counted at all: the plan says so once, with the first reason
    merged.name = join(names, " + ");
    for (const auto& part : merged.coreTypes)
        if (part.eventSetSlot < 0)
            plan.warnings.push_back(counter + " (" + spec + ") will not be counted on the CPUs of " + part.corePmu +
                                    ": " + part.reason);
    return merged;
}

Status checkTarget(const MeasurementRequest& r) {
    using Mode = MeasurementRequest::Mode;
    switch (r.mode) {
    case Mode::Launch:
        if (r.command.empty())
            return makeError("no program to launch: give the program and its arguments (after '--' on the command "
                             "line), attach to a process, or count whole CPUs");
        break;
    case Mode::Attach:
        if (r.pid <= 0)
            return makeError("no process to attach to: give the PID of a running process (e.g. --pid 1234)");
        if (!r.cpuList.empty())
            return makeError("a CPU list does not apply when attaching to process " + std::to_string(r.pid) +
                             ": its threads are counted wherever they run (count whole CPUs instead with -c)");
        if (!r.command.empty())
            return makeError("attach to a process or launch a program, not both");
        break;
    case Mode::SystemWide:
        if (r.cpuList.empty())
            return makeError("system-wide counting needs the CPUs to count: give a CPU list, e.g. -c 0-3 or -c N:0-7");
        break;
    }
    if (r.switchPeriod.count() > 0) {
        if (r.mode != Mode::SystemWide)
            return makeError("switching event sets round-robin works on whole CPUs only (a launched or attached "
                             "program's counters start and stop with its threads): count whole CPUs, or let the "
                             "kernel multiplex the sets");
        if (r.backend.name != "perf")
            return makeError("switching event sets round-robin needs the perf backend: --backend " + r.backend.name +
                             " programs all its counters together");
        if (r.interval.count() > 0 && r.interval != r.switchPeriod)
            return makeError("with a timeline the event sets switch at every interval: the switch period (" +
                             formatDuration(r.switchPeriod) + ") must be the interval (" +
                             formatDuration(r.interval) + ")");
    }
    if (r.pinCommand && (r.mode != Mode::SystemWide || r.command.empty()))
        return makeError("pinning applies to a program launched while whole CPUs are counted; a launched program "
                         "that is counted on its own is pinned by its CPU list already");
    if (r.marker && r.mode != Mode::Launch)
        return makeError("-m (marker regions) needs a program to launch: the marker API counts inside a program that "
                         "perfdash starts, not in an attached process or on whole CPUs");
    // The marker library opens perf_event groups on the program's own threads;
    // the direct backends program the same PMU registers behind perf's back.
    if (r.marker && r.backend.name != "perf")
        return makeError("-m (marker regions) counts through perf_event inside the program, so it cannot run with "
                         "--backend " + r.backend.name + ", which programs the counters directly: drop -m to count "
                         "the whole program with " + r.backend.name + ", or use --backend perf for the regions");
    return {};
}

// What the plan says of a group: its own warnings, its package units read
// once per package, and why each refused event is not counted (by the kind
// of refusal, in the order of PlannedEvent::Refusal).
void sayGroup(const PlannedGroup& g, std::vector<std::string>& warnings) {
    warnings.insert(warnings.end(), g.group.warnings.begin(), g.group.warnings.end());
    // Package units read on one CPU per package: said once per set of CPUs,
    // so that nobody takes their n/a at the other CPUs for a failure.
    std::vector<std::pair<std::vector<int>, std::string>> readOnce;
    for (const auto& e : g.events) {
        if (e.eventSetSlot < 0 || e.readerOf.empty()) continue;
        const std::vector<int> readers = e.readOn();
        auto same = std::find_if(readOnce.begin(), readOnce.end(), [&](const auto& r) { return r.first == readers; });
        if (same == readOnce.end()) readOnce.emplace_back(readers, e.counter);
        else same->second += ", " + e.counter;
    }
    for (const auto& [cpus, counters] : readOnce)
        warnings.push_back(counters + " of group " + g.group.name + " count units of the package (memory "
                           "controllers, caches, RAPL), read once per package on CPU(s) " +
                           formatCpuList(cpus) + ": the other CPUs' counts are in their reader's (their cells say 'see CPU n'), and "
                           "totals hold each package once");

    std::map<Refusal, std::vector<const PlannedEvent*>> refused; // ordered by kind
    for (const auto& e : g.events)
        if (e.eventSetSlot < 0) refused[e.refusal].push_back(&e);
    const auto notCounted = [&](const PlannedEvent& e) {
        warnings.push_back(e.name + " (" + e.counter + ") in group " + g.group.name +
                           " will not be counted: " + e.availability.reason);
    };
    const auto counters = [](const std::vector<const PlannedEvent*>& events) {
        std::string out;
        for (const PlannedEvent* e : events) out += (out.empty() ? "" : ", ") + e->counter;
        return out;
    };
    // Several events refused for one reason: one line names them all (a MEM
    // group has a whole-CPU event per memory channel, and a line each would bury the fix).
    const auto together = [&](const std::vector<const PlannedEvent*>& events, const std::string& why) {
        if (events.size() == 1) return notCounted(*events[0]);
        warnings.push_back(std::to_string(events.size()) + " events of group " + g.group.name + " (" +
                           counters(events) + ") will not be counted: " + why);
    };
    for (const auto& [kind, events] : refused) {
        switch (kind) {
        case Refusal::None:
        case Refusal::Own:
            for (const PlannedEvent* e : events) notCounted(*e);
            break;
        case Refusal::Absent:
            // likwid's formulas that add up more boxes than this machine has: one line.
            warnings.push_back(counters(events) + " of group " + g.group.name + " name boxes this machine lacks; the "
                               "metrics that use them are computed from the boxes it has, and say so");
            break;
        case Refusal::WholeCpusOnly:
            together(events, std::string("they count whole CPUs only (their PMUs belong to the package, like memory "
                                         "controllers and RAPL, and see every program on it), not one program, so the "
                                         "metrics that use them are n/a; ") + kWholeCpusFix);
            break;
        case Refusal::OncePerPackage:
            // A group's package units share their cpumask (one CPU per socket), so the first one's fix is theirs.
            together(events, "their PMUs belong to the package and the kernel reads each on the CPU of its "
                             "cpumask wherever it is opened, so counted on every CPU each package would be "
                             "counted once per CPU; " + events.front()->fix);
            break;
        }
    }
}

} // namespace

std::vector<int> PlannedEvent::readOn() const { return readersOf(readerOf); }

std::optional<int> PlannedEvent::readElsewhere(const LocationInfo& where) const {
    if (where.kind != LocationKind::Cpu) return std::nullopt;
    const auto reader = readerOf.find(where.id);
    if (reader == readerOf.end() || reader->second == where.id) return std::nullopt;
    return reader->second;
}

std::vector<std::vector<int>> MeasurementPlan::coreTypeParts() const {
    std::vector<std::vector<int>> out;
    for (const auto& g : groups)
        for (const auto& e : g.events) {
            if (e.coreTypes.empty()) continue;
            std::vector<int> slots;
            for (const auto& part : e.coreTypes) slots.push_back(part.eventSetSlot);
            if (std::find(out.begin(), out.end(), slots) == out.end()) out.push_back(std::move(slots));
        }
    return out;
}

std::vector<int> PlannedEvent::slotsAt(const LocationInfo& where) const {
    if (readElsewhere(where)) return {};
    if (coreTypes.empty()) return {eventSetSlot};
    std::vector<int> slots;
    for (const auto& part : coreTypes)
        if (where.kind != LocationKind::Cpu || std::find(part.cpus.begin(), part.cpus.end(), where.id) != part.cpus.end())
            slots.push_back(part.eventSetSlot);
    return slots;
}

Result<MeasurementPlan> MeasurementPlan::prepare(const MeasurementRequest& request, MachineContext& machine) {
    using Mode = MeasurementRequest::Mode;
    if (Status s = checkTarget(request); !s) return s.error();
    if (request.groups.empty() && request.events.empty())
        return makeError("nothing to measure: name a performance group (e.g. SOFTWARE, CPI; see 'perfdash-cli "
                         "groups') or events (see 'perfdash-cli list')");

    std::unique_ptr<DirectBackend> direct;
    if (request.backend.name != "perf") {
        auto made = makeDirectBackend(request.backend, machine);
        if (!made) return made.error();
        direct = std::move(*made);
        if (Status s = direct->ready(); !s) return s.error();
    }

    MeasurementPlan plan;
    plan.request = request;
    if (!request.cpuList.empty()) {
        const auto& topology = machine.topology();
        if (!topology) return topology.error();
        auto cpus = parseCpuList(request.cpuList, *topology);
        if (!cpus) return cpus.error();
        plan.cpus = std::move(*cpus);
    }

    const PerfPermissions& perms = machine.permissions();
    if (!direct && !perms.mayCountAtAll())
        return makeError("this system forbids performance counting to unprivileged users (perf_event_paranoid=" +
                         std::to_string(perms.paranoid) + "): " + perms.fixHint());
    switch (request.mode) {
    case Mode::Launch:
        plan.scope.kind = CountingScope::Kind::Task;
        plan.scope.enableOnExec = true;
        break;
    case Mode::Attach: plan.scope.kind = CountingScope::Kind::Threads; break;
    case Mode::SystemWide:
        if (!direct && !perms.mayCountCpuWide())
            return makeError("counting whole CPUs is not permitted (perf_event_paranoid=" +
                             std::to_string(perms.paranoid) + "): " + perms.fixHint() +
                             "; or count just your program with -C instead of -c");
        plan.scope.kind = CountingScope::Kind::Cpus;
        break;
    }
    plan.scope.cpus = plan.cpus;
    plan.scope.inherit = true;
    if (!request.cgroups.empty()) {
        if (request.mode != Mode::SystemWide || direct)
            return makeError("a cgroup is counted on whole CPUs with the perf backend only (system-wide, -c CPUS)");
        plan.scope.cgroups = request.cgroups;
    }
    if (direct) {
        auto counted = direct->describeScope(plan.scope);
        if (!counted) return counted.error();
        if (!counted->empty()) plan.warnings.push_back(*counted);
        // Whole CPUs count from enable(), before the program is released; there is no exec to wait for.
        plan.scope.enableOnExec = false;
    }

    // A direct backend with events of its own has groups of its own (loongson2f/).
    std::optional<GroupLibrary> backendGroups;
    if (direct && !direct->groupArch().empty())
        backendGroups.emplace(GroupLibrary::defaultRoots(), groupArchsFor(direct->groupArch()));
    const GroupLibrary& groups = backendGroups ? *backendGroups : machine.groups();

    for (const auto& nameOrPath : request.groups) {
        auto group = groups.load(nameOrPath);
        if (!group) return group.error();
        PlannedGroup planned;
        planned.group = std::move(*group);
        const int set = static_cast<int>(plan.groups.size());
        for (const auto& slot : planned.group.events) {
            const auto spec = perfEventString(slot);
            planned.events.push_back(planCoreTypes(slot.counter, spec ? *spec : slot.event,
                                                   resolveSlot(slot, machine, direct.get()), machine, plan, set,
                                                   direct.get()));
        }
        auto formulas = MetricEvaluator::compile(planned.group);
        if (!formulas) return formulas.error();
        if (formulas->reads("inverseClock")) plan.needsNominalClock = true;
        plan.groups.push_back(std::move(planned));
    }

    if (!request.events.empty()) {
        PlannedGroup custom;
        custom.group.name = "custom";
        custom.group.shortDescription = "events named on the command line";
        custom.group.sourceFile = "-e";
        const int set = static_cast<int>(plan.groups.size());
        for (const auto& list : request.events) {
            auto specs = splitEventList(list);
            if (!specs) return specs.error();
            for (const auto& spec : *specs) {
                GroupSlot slot;
                // perf counts an event named twice twice; slot names must stay unique.
                slot.counter = spec;
                for (int n = 2; std::any_of(custom.group.events.begin(), custom.group.events.end(),
                                            [&](const GroupSlot& s) { return s.counter == slot.counter; });
                     ++n)
                    slot.counter = spec + "#" + std::to_string(n);
                // The counter column "as written" is the slot's own name: were it the
                // spec, the metric evaluator would add the spec as a second name of
                // this slot, which the first slot of the same spec already holds.
                slot.counterSpec = slot.counter;
                slot.event = spec;
                custom.group.events.push_back(slot);
                PlannedEvent e = planCoreTypes(slot.counter, spec,
                                               onEveryHybridCore(resolveFor(spec, machine, direct.get()),
                                                                 machine.resolver().pmus()),
                                               machine, plan, set, direct.get());
                // Events named explicitly must be counted: refuse rather than silently drop one.
                if (e.eventSetSlot < 0) return makeError(e.availability.reason);
                custom.events.push_back(std::move(e));
            }
        }
        plan.groups.push_back(std::move(custom));
    }

    for (const auto& g : plan.groups) sayGroup(g, plan.warnings);
    if (plan.userSpaceOnly)
        plan.warnings.push_back("counting user space only: the kernel is excluded because " +
                                std::string("perf_event_paranoid=") + std::to_string(perms.paranoid) +
                                " and no CAP_PERFMON; to include it: " + perms.fixHint());
    if (plan.eventSet.empty() && !request.allowNothingCounted) {
        std::string why;
        for (const auto& w : plan.warnings) why += "\n  " + w;
        return makeError("none of the requested events can be counted here:" + why);
    }
    if (request.marker)
        if (Status s = checkMarkerPlan(plan); !s) return s.error();
    return plan;
}

std::vector<UncountedEvent> MeasurementPlan::uncounted() const {
    std::vector<UncountedEvent> out;
    for (const auto& g : groups)
        for (const auto& e : g.events)
            if (e.eventSetSlot < 0 && !e.absent()) out.push_back({&g, &e});
    return out;
}

size_t MeasurementPlan::requestedEvents() const {
    size_t n = 0;
    for (const auto& g : groups)
        n += std::count_if(g.events.begin(), g.events.end(), [](const PlannedEvent& e) { return !e.absent(); });
    return n;
}

RunConfig MeasurementPlan::runConfig(int targetPid) const {
    const auto seconds = [](auto duration) { return std::chrono::duration<double>(duration).count(); };
    RunConfig c;
    c.backend = request.backend.name;
    c.mode = toString(request.mode);
    c.command = request.command;
    c.pid = targetPid;
    c.cpuList = request.cpuList;
    c.cpus = cpus;
    c.groups = request.groups;
    c.events = request.events;
    c.intervalS = seconds(request.interval);
    c.durationS = seconds(request.duration);
    c.userSpaceOnly = userSpaceOnly;
    c.marker = request.marker;
    c.mpiRank = mpiRankFromEnvironment();
    c.jobId = jobIdFromEnvironment().value_or("");
    return c;
}

} // namespace perfdash
