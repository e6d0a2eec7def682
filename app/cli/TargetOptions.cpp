#include "app/cli/TargetOptions.h"

#include "core/util/Duration.h"
#include "core/util/Strings.h"

namespace perfdash::cli {

void addTargetOptions(CommandLine& cl, const std::string& what) {
    cl.option({"-C", "--cpu", "LIST", "pin the launched program to LIST and " + what + " it per CPU (likwid CPU-list syntax)"});
    cl.option({"-c", "--cpus", "LIST", what + " whole CPUs of LIST system-wide (needs root or CAP_PERFMON)"});
    cl.option({"-p", "--pid", "PID", "attach to the running process PID (all its threads)"});
    cl.option({"-g", "--group", "GROUP", "performance group name or group file", true});
    cl.option({"-e", "--events", "EVENTS", "comma-separated events, perf or libpfm4 names", true});
    cl.option({"-m", "--marker", "", "the program uses the marker API: also " + what + " its regions per thread"});
    cl.option({"-S", "--duration", "DURATION", "stop after DURATION (e.g. 2s); a launched program is terminated"});
    cl.option({"", "--env", "NAME=VALUE", "extra environment variable for the program", true});
    cl.option({"", "--cwd", "DIR", "working directory for the program"});
}

Result<MeasurementRequest> targetRequestFrom(const ParsedArgs& args, const std::string& command) {
    MeasurementRequest r;
    const std::string example = "perfdash-cli " + command + " -g SOFTWARE -- ./app";
    if (!args.positional().empty())
        return makeError("unexpected argument '" + args.positional().front() +
                         "': put the program to measure after '--' (" + example + ")");
    const bool pinned = args.has("--cpu"), systemWide = args.has("--cpus"), attach = args.has("--pid");
    if (pinned + systemWide + attach > 1)
        return makeError("-C (pin and count a program), -c (count whole CPUs) and --pid (attach) exclude each other");
    r.command = args.afterDashDash();
    // An empty list would silently mean "not pinned" (-C) or nothing to count (-c).
    for (const auto& [name, flag] : {std::pair{"--cpu", "-C"}, std::pair{"--cpus", "-c"}})
        if (args.has(name) && trim(*args.value(name)).empty())
            return makeError(std::string(flag) + ": the CPU list is empty; give CPUs such as 0-3 or S0:0-1 "
                             "('perfdash-cli topology' lists them)");
    if (attach) {
        auto pid = parseSigned(*args.value("--pid"));
        if (!pid || *pid <= 0) return makeError("--pid: '" + *args.value("--pid") + "' is not a process ID");
        r.mode = MeasurementRequest::Mode::Attach;
        r.pid = static_cast<int>(*pid);
    } else if (systemWide) {
        r.mode = MeasurementRequest::Mode::SystemWide;
        r.cpuList = *args.value("--cpus");
    } else {
        r.mode = MeasurementRequest::Mode::Launch;
        if (pinned) r.cpuList = *args.value("--cpu");
        if (r.command.empty())
            return makeError("no program to measure: put it after '--' (" + example + "), or attach with --pid PID, "
                             "or take whole CPUs with -c LIST -S 2s");
    }
    r.marker = args.has("--marker");
    r.groups = args.values("--group");
    r.events = args.values("--events");
    if (auto s = args.value("--duration")) {
        auto duration = parseDuration(*s, "-S");
        if (!duration) return duration.error();
        r.duration = *duration;
    }
    r.environment = args.values("--env");
    if (auto cwd = args.value("--cwd")) r.workingDirectory = *cwd;
    r.outputToStderr = args.has("--json");
    return r;
}

} // namespace perfdash::cli
