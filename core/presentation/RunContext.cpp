#include "core/presentation/RunContext.h"

#include <algorithm>
#include <optional>

#include "core/presentation/NumberFormat.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

std::string whatRan(const MeasurementResult& r) {
    const RunConfig& config = r.config;
    // Counted for some cgroups only (serve --cgroup): their locations name them; it was not all processes.
    std::vector<std::string> cgroups;
    for (const LocationInfo& l : r.locations)
        if (!l.cgroup.empty() && std::find(cgroups.begin(), cgroups.end(), l.cgroup) == cgroups.end())
            cgroups.push_back(l.cgroup);
    if (!cgroups.empty()) return (cgroups.size() == 1 ? "the tasks of cgroup " : "the tasks of cgroups ") + join(cgroups, ", ");
    if (config.mode == "system") return "all processes (system-wide)";
    if (config.mode == "attach") return "process " + std::to_string(config.pid);
    if (config.command.empty()) return "a program";
    std::vector<std::string> shown = config.command;
    // The program's path says little at a glance; its name and arguments do.
    if (const auto slash = shown.front().rfind('/'); slash != std::string::npos) shown.front().erase(0, slash + 1);
    return join(shown, " ");
}

std::string seconds(double s) { return s < 10 ? printfString("%.2f s", s) : printfString("%.1f s", s); }

std::string machine(const nlohmann::json& m) {
    std::vector<std::string> parts;
    if (m.is_object() && m.contains("topology") && m["topology"].is_object()) {
        const nlohmann::json& topo = m["topology"];
        if (topo.contains("cpu") && topo["cpu"].is_object() && topo["cpu"].value("modelName", std::string()) != "")
            parts.push_back(topo["cpu"].value("modelName", std::string()));
        if (topo.contains("hwThreads") && topo["hwThreads"].is_number_integer())
            parts.push_back(std::to_string(topo["hwThreads"].get<int>()) + " hardware threads");
    }
    if (m.is_object() && m.contains("kernel") && m["kernel"].is_string())
        parts.push_back("Linux " + m["kernel"].get<std::string>());
    return parts.empty() ? "machine not recorded" : join(parts, ", ");
}

// A merged report's runs: "2 runs on vm (ranks 0, 1)", "3 runs on node1, node2, node3".
std::string runsOf(const std::vector<HostRun>& hosts) {
    std::vector<std::string> names, ranks;
    for (const HostRun& h : hosts) {
        if (std::find(names.begin(), names.end(), h.host) == names.end()) names.push_back(h.host);
        if (h.rank) ranks.push_back(std::to_string(*h.rank));
    }
    const size_t shown = std::min<size_t>(names.size(), 4);
    std::string out = std::to_string(hosts.size()) + " runs on " +
                      join(std::vector<std::string>(names.begin(), names.begin() + static_cast<long>(shown)), ", ") +
                      (names.size() > shown ? " and " + std::to_string(names.size() - shown) + " more hosts" : "");
    if (ranks.size() == hosts.size() && ranks.size() <= 8) out += " (ranks " + join(ranks, ", ") + ")";
    return out;
}

// The recorded capability `id` when the machine could not do it: its detail.
std::optional<std::string> missingCapability(const nlohmann::json& m, const std::string& id) {
    if (!m.is_object() || !m.contains("capabilities") || !m["capabilities"].is_array()) return std::nullopt;
    for (const nlohmann::json& c : m["capabilities"])
        if (c.is_object() && c.value("id", std::string()) == id && c.value("applicable", true) &&
            !c.value("available", true))
            return c.value("detail", std::string("not available"));
    return std::nullopt;
}

} // namespace

RunContext describeRun(const MeasurementResult& r) {
    RunContext context;
    std::vector<std::string> parts{whatRan(r)};
    const std::string how = r.config.mode == "attach" ? "attached" : r.config.mode == "system" ? "" : "launched";
    const std::string where = r.config.cpuList.empty() ? (r.config.mode == "system" ? "every CPU" : "any CPU")
                                                       : "CPUs " + r.config.cpuList;
    parts.push_back(how.empty() ? where : how + ", " + where);
    // n/a for a run that goes on (an agent's): no length is better than a wrong one.
    if (isAvailable(r.durationS)) parts.push_back(seconds(r.durationS) + (r.interrupted ? " (stopped before the end)" : ""));
    if (r.exitStatus) parts.push_back("exit status " + std::to_string(*r.exitStatus));
    parts.push_back(r.hosts.empty() ? machine(r.machine) : runsOf(r.hosts));
    // Unnamed (an older agent's run): left out, never guessed.
    if (!r.config.backend.empty()) parts.push_back(r.config.backend + " backend");
    std::vector<std::string> groups;
    for (const GroupResult& g : r.groups) groups.push_back(g.name);
    if (!groups.empty()) parts.push_back((groups.size() == 1 ? "group " : "groups ") + join(groups, ", "));
    context.line = join(parts, " · ");

    auto& limits = context.limitations;
    // First: no other figure of such a file was measured.
    if (!r.synthetic.empty())
        limits.push_back("Synthetic data: not measured on any machine (" + r.synthetic + ").");
    if (!r.hosts.empty())
        limits.push_back("Merged: " + std::to_string(r.hosts.size()) +
                         " runs of a parallel job put together by perfdash-cli merge, not measured now: counts "
                         "are summed over the runs and rates taken over the longest run's duration; each run's "
                         "own figures are in the report's runs (perfdash-cli merge FILES shows them side by side).");
    else if (r.replay && r.synthetic.empty())
        limits.push_back("Recorded data: replayed from a saved session (recorded " + r.startedAt +
                         "), not measured now.");
    if (r.incomplete)
        limits.push_back("Incomplete: the run never finished saving; whole-run figures were rebuilt from the " +
                         std::to_string(r.intervals.size()) + " intervals saved.");
    if (const auto pmu = missingCapability(r.machine, "hardware_pmu"))
        limits.push_back("No hardware PMU: " + *pmu);
    if (r.config.userSpaceOnly)
        limits.push_back("User space only: the kernel's share of the work was not counted, because this process "
                         "may not count it (perf_event_paranoid, or no CAP_PERFMON).");
    double lowest = 1;
    size_t multiplexed = 0, notCounted = 0;
    std::string firstNotCounted;
    for (const GroupResult& g : r.groups)
        for (const EventResult& e : g.events) {
            if (!e.counted) {
                if (notCounted++ == 0) firstNotCounted = e.event + ": " + e.reason;
                continue;
            }
            if (isMultiplexed(e.total)) {
                ++multiplexed;
                lowest = std::min(lowest, e.total.coverage);
            }
        }
    if (multiplexed)
        limits.push_back("Multiplexed: " + std::to_string(multiplexed) +
                         " event(s) shared a counter with others and were scaled up from the time they were "
                         "counted (at least " + formatCoverage(lowest) + " of the run).");
    if (notCounted)
        limits.push_back("Not counted: " + std::to_string(notCounted) + " event(s), so the metrics that need them "
                         "read n/a (" + firstNotCounted + (notCounted > 1 ? "; …)" : ")"));
    return context;
}

} // namespace perfdash
