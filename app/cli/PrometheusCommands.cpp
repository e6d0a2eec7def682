// perfdash-cli serve: the agent Prometheus scrapes (system-wide counts per
// CPU, served as OpenMetrics over HTTP), and perfdash-cli prometheus-rules:
// the recording rules that compute group metrics from those counts.
#include <arpa/inet.h>
#include <sys/socket.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>

#include <httplib.h>

#include "app/cli/ArchOption.h"
#include "app/cli/AgentProfiles.h"
#include "app/cli/AgentServing.h"
#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "core/measurement/Capabilities.h"
#include "core/measurement/Measurement.h"
#include "core/prometheus/AgentRequest.h"
#include "core/prometheus/Exposition.h"
#include "core/prometheus/RecordingRules.h"
#include "core/topology/CpuList.h"
#include "core/util/AtomicFile.h"
#include "core/util/Duration.h"
#include "core/util/JobEnvironment.h"
#include "core/util/Strings.h"

namespace perfdash::cli {

namespace {

// Few clients scrape an agent; more wait in the queue, each one bounded by the timeouts,
// and beyond the queue in the kernel's listen backlog. Streams and CPU profiles have threads
// of their own, so that neither holds up a scrape.
constexpr size_t kServerThreads = 4;
constexpr size_t kMaxQueuedConnections = 64;
constexpr time_t kClientTimeoutS = 5;
// Debian's libcpp-httplib listens with a backlog of 5: a hundred scrapers connecting at once would overflow
// it and wait out the kernel's SYN retries (1 s, 3 s, ...). listen() again on the bound socket raises it.
constexpr int kListenBacklog = 1024;
// Snapshots the sampler may run ahead of the counting thread before two intervals merge into one (no count lost).
constexpr size_t kBufferedSnapshots = 16;

CommandLine serveCommandLine() {
    CommandLine cl("serve", "", "count whole CPUs continuously and serve the counts to Prometheus (OpenMetrics)",
                   "The perfdash agent: counts the groups and events system-wide on every CPU of -c (or only the "
                   "tasks of each --cgroup there), without end, "
                   "and serves the counts since it started on GET /metrics as OpenMetrics text (Prometheus's text "
                   "format 0.0.4 when the client does not ask for OpenMetrics), and what it counts, on which "
                   "machine, on GET /api/v1/info as JSON; and a CPU profile of those CPUs on GET "
                   "/debug/pprof/profile?seconds=N (pprof's convention: N from 1 to 60, 30 if not given; one at a "
                   "time) as a gzipped pprof file, for go tool pprof, Parca and Pyroscope (on GET /api/v1/profile?seconds=N as "
                   "perfdash's own profile JSON, for the dashboard's Hosts page). Raw counts only, and a gauge's (likwid's TMP0, the core "
                   "temperature) latest reading: metrics such as CPI are computed in "
                   "Prometheus by the rules of 'perfdash-cli prometheus-rules'.\n"
                   "It listens on 127.0.0.1 unless told otherwise; any other address needs --token-file. With a "
                   "token file every request must carry 'Authorization: Bearer <token>'. It is read-only (GET). "
                   "SIGINT or SIGTERM stop it. See the README, \"Prometheus agent\".");
    cl.option({.longName = "--listen", .valueName = "ADDR:PORT", .help = "address and port to serve on ([::1]:PORT "
               "for IPv6; port 0 picks a free one, printed on stderr)", .defaultValue = "127.0.0.1:9464"});
    cl.option({"-g", "--group", "GROUP", "performance group name or group file", true});
    cl.option({"-e", "--events", "EVENTS", "comma-separated events, perf or libpfm4 names", true});
    cl.option({.shortName = "-c", .longName = "--cpus", .valueName = "LIST",
               .help = "the CPUs to count (likwid CPU-list syntax)", .defaultValue = "every online CPU"});
    cl.option({.longName = "--interval", .valueName = "DURATION",
               .help = "how often the counters are read into the totals", .defaultValue = "1s"});
    cl.option({"", "--cgroup", "PATH", "count only the tasks of this cgroup, on every CPU (perf's cgroup mode; a "
               "path under the cgroup v2 mount, e.g. system.slice/job42.scope, or an absolute one); repeatable: "
               "each cgroup's counts are labelled cgroup=\"PATH\"", true});
    cl.option({"", "--token-file", "FILE",
               "require 'Authorization: Bearer <token>' with the token in FILE (not readable by every user)"});
    cl.option({"", "--sysfs", "DIR",
               "read the kernel's PMUs (DIR/bus/event_source/devices) and hardware monitors (DIR/class/hwmon: "
               "TMP0's temperatures) from DIR instead of /sys, where this machine's /sys is mounted elsewhere (a "
               "container given the host's /sys, as node_exporter's --path.sysfs)"});
    cl.example("-g SOFTWARE", "Count the SOFTWARE group on every CPU; serve on 127.0.0.1:9464");
    cl.example("--listen 0.0.0.0:9464 --token-file /etc/perfdash/token -g CPI", "Serve the network, with a token");
    cl.example("-g SOFTWARE --cgroup system.slice/slurmstepd.scope", "Count one cgroup's tasks (a job, a container)");
    return cl;
}

CommandLine prometheusRulesCommandLine() {
    CommandLine cl("prometheus-rules", "",
                   "write Prometheus recording rules that compute group metrics from the agent's counters",
                   "Writes a Prometheus rule file (YAML) that computes the METRICS of each group from the counters "
                   "'perfdash-cli serve -g GROUP' exposes: per CPU (host_cpu:...) and per host (host:...), over "
                   "the rate window. A metric that is a ratio or a rate is exact over the window (a gauge such as TMP0 "
                   "enters as its last reading in it); one that is an "
                   "amount over the measured period (a run time), or that uses what the agent does not export "
                   "(inverseClock, num_cpus) or a function PromQL lacks, is not translated: it is listed on stderr "
                   "and as a comment in the file.");
    cl.option({"-g", "--group", "GROUP", "performance group name or group file", true});
    cl.option({.longName = "--window", .valueName = "DURATION", .help = "the rate() window", .defaultValue = "1m"});
    cl.option({"", "--cgroup", "", "rules for agents run with --cgroup: per cgroup and CPU (host_cgroup_cpu:) and per "
               "cgroup (host_cgroup:), keeping the cgroup label, instead of per CPU and per host"});
    cl.option({"-o", "--output", "FILE", "write the rules to FILE instead of stdout"});
    cl.example("-g CPI -g SOFTWARE -o /etc/prometheus/perfdash.rules.yml", "Rules for two groups");
    cl.example("-g SOFTWARE --cgroup", "Rules per cgroup, for 'serve -g SOFTWARE --cgroup PATH...'");
    return cl;
}

struct ListenAddress {
    std::string host;
    int port = 0;
    bool loopback = false;
};

// Numeric addresses only: a name could resolve to something else tomorrow, and
// whether it is loopback decides whether a token is needed.
Result<ListenAddress> parseListen(const std::string& text) {
    const std::string what = "--listen '" + text + "'";
    const size_t colon = text.rfind(':');
    if (colon == std::string::npos)
        return makeError(what + ": give ADDRESS:PORT, e.g. 127.0.0.1:9464 or [::1]:9464");
    ListenAddress a;
    a.host = text.substr(0, colon);
    const auto port = parseUnsigned(text.substr(colon + 1));
    if (!port || *port > 65535) return makeError(what + ": the port must be a number from 0 to 65535");
    a.port = static_cast<int>(*port);
    if (a.host.size() >= 2 && a.host.front() == '[' && a.host.back() == ']') {
        a.host = a.host.substr(1, a.host.size() - 2);
        in6_addr v6{};
        if (inet_pton(AF_INET6, a.host.c_str(), &v6) != 1)
            return makeError(what + ": '" + a.host + "' is not an IPv6 address");
        a.loopback = IN6_IS_ADDR_LOOPBACK(&v6);
        return a;
    }
    in_addr v4{};
    if (inet_pton(AF_INET, a.host.c_str(), &v4) != 1)
        return makeError(what + ": '" + a.host + "' is not a numeric IPv4 address (write IPv6 as [::1]:PORT)");
    a.loopback = (ntohl(v4.s_addr) >> 24) == 127;
    return a;
}

Result<std::string> readToken(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return makeError("--token-file " + path + ": " + std::strerror(errno));
    if (st.st_mode & S_IROTH)
        return makeError("--token-file " + path + ": every user can read it; make it private first (chmod 600 " +
                         path + ")");
    auto contents = readFile(path);
    if (!contents) return makeError("--token-file " + path + ": cannot be read");
    std::string token = trim(*contents);
    if (token.empty()) return makeError("--token-file " + path + ": the file holds no token");
    if (token.find_first_of(" \t\r\n") != std::string::npos)
        return makeError("--token-file " + path + ": the token must be one word (no spaces or line breaks)");
    return token;
}

// What the agent counts, and its running totals, shared by the counting
// thread and the server's threads. The totals change once an interval, so
// each format's exposition is written once per interval, by the first scrape
// that asks for it, and every later scrape until the next interval gets the
// same text: a hundred scrapers cost one rendering, not a hundred.
class AgentState {
public:
    AgentState(std::string host, std::vector<CpuLabels> locations, std::string info)
        : host_(std::move(host)), locations_(std::move(locations)), info_(std::move(info)) {}

    void add(const std::vector<IntervalResult>& intervals) {
        if (intervals.empty()) return;
        std::lock_guard lock(mutex_);
        for (const IntervalResult& interval : intervals) totals_.add(interval);
        for (auto& text : rendered_) text.reset();
    }
    // Shared and never changed once written: a server thread still sending the previous interval's text keeps it.
    std::shared_ptr<const std::string> metrics(ExpositionFormat format) const {
        std::lock_guard lock(mutex_);
        auto& text = rendered_[static_cast<size_t>(format)];
        if (!text) text = std::make_shared<const std::string>(formatExposition({host_, locations_, totals_}, format));
        return text;
    }
    const std::string& info() const { return info_; }

private:
    const std::string host_;
    const std::vector<CpuLabels> locations_;
    const std::string info_;
    mutable std::mutex mutex_;
    CounterTotals totals_;
    mutable std::array<std::shared_ptr<const std::string>, 2> rendered_; // by ExpositionFormat
};

std::vector<CpuLabels> cpuLabels(const std::vector<LocationInfo>& locations, MachineContext& machine) {
    std::vector<CpuLabels> out;
    for (const LocationInfo& l : locations) {
        CpuLabels labels;
        labels.cpu = l.id;
        labels.coreType = l.coreType;
        labels.cgroup = l.cgroup;
        if (const auto& topology = machine.topology())
            if (const HwThread* t = topology->hwThread(l.id)) {
                labels.socket = t->packageId;
                labels.numaNode = t->numaNode;
            }
        out.push_back(labels);
    }
    return out;
}

nlohmann::json infoJson(MachineContext& machine, const MeasurementPlan& plan, const Measurement& m,
                        const std::string& host, const AgentProfiler& profiler) {
    nlohmann::json counted = nlohmann::json::array();
    for (const PlannedGroup& g : plan.groups) {
        nlohmann::json events = nlohmann::json::array();
        for (const PlannedEvent& e : g.events) {
            nlohmann::json event = {{"counter", e.counter}, {"event", e.name}, {"counted", e.eventSetSlot >= 0}};
            if (e.eventSetSlot < 0) event["reason"] = e.availability.reason;
            events.push_back(std::move(event));
        }
        counted.push_back({{"group", g.group.name}, {"events", std::move(events)}});
    }
    // The cgroups by the names their counts are labelled with (an absolute --cgroup path reads as the label).
    std::vector<std::string> cgroups;
    for (const LocationInfo& l : m.locations())
        if (!l.cgroup.empty() && std::find(cgroups.begin(), cgroups.end(), l.cgroup) == cgroups.end())
            cgroups.push_back(l.cgroup);
    return {{"host", host},
            {"machine", machine.machineJson()},
            // What a run's context says of how it counts (core/presentation/RunContext): a client need not assume.
            {"backend", plan.request.backend.name},
            {"user_space_only", plan.userSpaceOnly},
            {"capabilities", toJson(checkCapabilities(machine))},
            {"cpus", plan.cpus},
            {"cgroups", cgroups},
            {"groups", std::move(counted)},
            {"interval_s", std::chrono::duration<double>(plan.request.interval).count()},
            {"started_at", m.startedAt()},
            {"profile", profiler.info()},
            {"warnings", plan.warnings}};
}

void answer(const httplib::Request& req, httplib::Response& res, const AgentState& state, IntervalFeed& feed,
            AgentProfiler& profiler, const std::optional<std::string>& token,
            std::chrono::nanoseconds countingInterval) {
    const std::string authorization = req.get_header_value("Authorization");
    const std::string accept = req.get_header_value("Accept");
    AgentRequest request;
    request.method = req.method;
    request.path = req.path;
    request.accept = accept;
    if (req.has_header("Authorization")) request.authorization = authorization;
    for (const auto& [name, value] : req.params) request.parameters.emplace_back(name, value);
    // Answered before httplib reads a body, so a body is refused unread, whatever its size.
    const std::string length = req.get_header_value("Content-Length");
    request.hasBody = req.has_header("Transfer-Encoding") || (!length.empty() && length != "0");
    const AgentAnswer a = answerRequest(request, token, countingInterval);
    res.status = a.status;
    if (a.status == 401) res.set_header("WWW-Authenticate", "Bearer");
    if (a.status == 405) res.set_header("Allow", "GET");
    if (a.status != 200) res.set_content(a.error, "text/plain; charset=utf-8");
    else if (a.page == AgentPage::Metrics) res.set_content(*state.metrics(a.format), contentType(a.format));
    else if (a.page == AgentPage::Stream) feed.answer(res, a.streamEvery);
    else if (a.page == AgentPage::Profile)
        profiler.answer(res, a.profileSeconds, a.profileCgroup, AgentProfiler::Encoding::Pprof);
    else if (a.page == AgentPage::ProfileJson)
        profiler.answer(res, a.profileSeconds, a.profileCgroup, AgentProfiler::Encoding::PerfdashJson);
    else res.set_content(state.info(), "application/json");
}

int serveCommand(const ParsedArgs& args) {
    if (!args.positional().empty()) return fail("unexpected argument '" + args.positional().front() + "'", kExitUsage);
    auto listen = parseListen(args.value("--listen").value_or("127.0.0.1:9464"));
    if (!listen) return fail(listen.error().message, kExitUsage);
    std::optional<std::string> token;
    if (auto file = args.value("--token-file")) {
        auto read = readToken(*file);
        if (!read) return fail(read.error().message, kExitUsage);
        token = *read;
    } else if (!listen->loopback) {
        return fail("--listen " + *args.value("--listen") +
                        ": an address other than loopback needs --token-file FILE, so that not everyone who can "
                        "reach this port can read the counters",
                    kExitUsage);
    }
    if (args.values("--group").empty() && args.values("--events").empty())
        return fail("nothing to count: give a group (-g SOFTWARE) or events (-e page-faults,task-clock)", kExitUsage);

    const auto sysfs = args.value("--sysfs");
    if (std::error_code ec; sysfs && !std::filesystem::is_directory(*sysfs, ec))
        return fail("--sysfs " + *sysfs + ": not a directory; give the directory where /sys is mounted", kExitUsage);
    auto paths = machinePathsOf(args, sysfs);
    if (!paths) return fail(paths.error().message, kExitUsage);
    MachineContext machine(std::move(*paths));
    MeasurementRequest request;
    request.mode = MeasurementRequest::Mode::SystemWide;
    request.groups = args.values("--group");
    request.events = args.values("--events");
    request.cgroups = args.values("--cgroup");
    request.keepIntervals = false; // the totals are all that is kept: memory stays flat
    // The counting thread takes each interval as it comes; a longer ring would only fill, over 4096 intervals
    // (68 min at 1 s), with snapshots nobody reads again: RSS that grows with time for an hour.
    request.bufferedSnapshots = kBufferedSnapshots;
    request.interval = std::chrono::seconds(1);
    if (auto interval = args.value("--interval")) {
        auto parsed = parseDuration(*interval, "--interval");
        if (!parsed) return fail(parsed.error().message, kExitUsage);
        request.interval = *parsed;
    }
    if (auto cpus = args.value("--cpus")) {
        request.cpuList = *cpus;
    } else {
        const auto& topology = machine.topology();
        if (!topology) return fail("cannot read this machine's CPUs: " + topology.error().message);
        request.cpuList = formatCpuList(topology->onlineCpus());
    }
    auto plan = MeasurementPlan::prepare(request, machine);
    if (!plan) return fail(plan.error().message);
    for (const auto& w : plan->warnings) warn(w);

    // Signals go to the thread that waits for them, never to the server's or the sampler's:
    // blocked here, before any of them exists, so every thread inherits the mask.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&stopSignals, s);
    pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
    std::signal(SIGPIPE, SIG_IGN); // a client that hangs up is the server's error to handle, not our death

    httplib::Server server;
    server.new_task_queue = [] {
        return new BoundedTaskQueue(kServerThreads + IntervalFeed::kMaxStreams + AgentProfiler::kMaxProfiles,
                                    kMaxQueuedConnections);
    };
    // httplib's default also sets SO_REUSEPORT, which would let a second agent share the port and take half
    // its scrapes; SO_REUSEADDR alone lets a restarted agent bind while old connections linger.
    int listeningSocket = -1;
    server.set_socket_options([&listeningSocket](int sock) {
        const int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        listeningSocket = sock;
    });
    server.set_read_timeout(kClientTimeoutS);
    server.set_write_timeout(kClientTimeoutS);
    server.set_keep_alive_timeout(kClientTimeoutS);
    // One answer per connection: an idle kept-alive connection would hold one of the few server threads for
    // the keep-alive timeout, and scrapers that keep theirs (Prometheus does) would starve the others.
    server.set_keep_alive_max_count(1);
    errno = 0;
    int port = listen->port;
    const bool bound = port == 0 ? (port = server.bind_to_any_port(listen->host)) > 0
                                 : server.bind_to_port(listen->host, port);
    if (!bound)
        return fail("--listen " + args.value("--listen").value_or("127.0.0.1:9464") + ": cannot listen there: " +
                    (errno ? std::string(std::strerror(errno)) : "is the port in use, or the address not this machine's?") +
                    "; choose another port or address");
    ::listen(listeningSocket, kListenBacklog);

    auto started = Measurement::start(*plan, machine);
    if (!started) return fail(started.error().message);
    Measurement& m = **started;
    std::string host = hostName();
    if (host.empty()) host = "unknown";
    AgentProfiler profiler(*plan, machine, request.cgroups, host);
    for (const std::string& n : profiler.notices()) warn(n);
    AgentState state(host, cpuLabels(m.locations(), machine),
                     infoJson(machine, *plan, m, host, profiler).dump(2) + "\n");
    auto builder = m.newResultBuilder();
    if (!builder) {
        m.requestStop();
        (void)m.finish();
        return fail(builder.error().message);
    }
    IntervalFeed feed(*plan, std::move(*builder));
    server.set_pre_routing_handler([&](const httplib::Request& req, httplib::Response& res) {
        answer(req, res, state, feed, profiler, token, plan->request.interval);
        return httplib::Server::HandlerResponse::Handled;
    });

    std::atomic<bool> serving{true};
    std::atomic<bool> stopRequested{false};
    std::thread counting([&] {
        while (!m.finished()) {
            m.waitForData(std::chrono::milliseconds(200));
            const auto intervals = m.takeIntervals();
            state.add(intervals);
            feed.add(intervals);
        }
        const auto last = m.takeIntervals();
        state.add(last);
        feed.add(last);
        feed.close(); // the streams and a profile in progress end, so that the server's threads can stop
        profiler.close();
        while (serving) { // counting ended: so does serving (stop() is a no-op until the server runs)
            server.stop();
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    });
    std::thread signals([&] {
        const timespec poll{0, 200'000'000};
        while (serving) {
            if (sigtimedwait(&stopSignals, nullptr, &poll) > 0) {
                stopRequested = true;
                m.requestStop();
            }
        }
    });
    std::cerr << "perfdash-cli: serving on " << (listen->host.find(':') != std::string::npos ? "[" + listen->host + "]"
                                                                                              : listen->host)
              << ':' << port << " (/metrics, /api/v1/info, /api/v1/stream, /debug/pprof/profile, /api/v1/profile)" << std::endl;
    const bool listened = server.listen_after_bind();
    serving = false;
    feed.close();
    profiler.close();
    m.requestStop();
    counting.join();
    signals.join();
    MeasurementResult result = m.finish();
    for (size_t i = plan->warnings.size(); i < result.warnings.size(); ++i) warn(result.warnings[i]);
    if (!listened) return fail("the server stopped unexpectedly");
    if (!stopRequested) return fail("counting stopped, so the agent stopped too");
    std::cerr << "perfdash-cli: stopped" << std::endl;
    return kExitOk;
}

// A Prometheus duration: whole minutes, whole seconds, or milliseconds.
Result<std::string> prometheusDuration(const std::string& text) {
    auto d = parseDuration(text, "--window");
    if (!d) return d.error();
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(*d).count();
    if (ms <= 0) return makeError("--window " + text + ": must be at least 1ms");
    if (ms % 60000 == 0) return std::to_string(ms / 60000) + "m";
    if (ms % 1000 == 0) return std::to_string(ms / 1000) + "s";
    return std::to_string(ms) + "ms";
}

int prometheusRulesCommand(const ParsedArgs& args) {
    if (!args.positional().empty()) return fail("unexpected argument '" + args.positional().front() + "'", kExitUsage);
    if (args.values("--group").empty()) return fail("give at least one group (-g CPI)", kExitUsage);
    auto window = prometheusDuration(args.value("--window").value_or("1m"));
    if (!window) return fail(window.error().message, kExitUsage);
    auto paths = machinePathsOf(args);
    if (!paths) return fail(paths.error().message, kExitUsage);
    MachineContext machine(std::move(*paths));
    std::vector<PerformanceGroup> groups;
    for (const std::string& name : args.values("--group")) {
        auto group = machine.groups().load(name);
        if (!group) return fail(group.error().message);
        groups.push_back(std::move(*group));
    }
    const RecordingRules rules = formatRecordingRules(groups, *window, args.has("--cgroup"));
    for (const UntranslatedMetric& u : rules.untranslated)
        warn(u.group + ": '" + u.metric + "' has no recording rule: " + u.reason);
    if (auto path = args.value("--output")) {
        if (Status s = writeFileAtomically(*path, rules.yaml); !s) return fail(s.error().message);
        return kExitOk;
    }
    std::cout << rules.yaml << std::flush;
    return kExitOk;
}

} // namespace

const Subcommand kServeCommand{serveCommandLine, serveCommand};
const Subcommand kPrometheusRulesCommand{prometheusRulesCommandLine, prometheusRulesCommand};

} // namespace perfdash::cli
