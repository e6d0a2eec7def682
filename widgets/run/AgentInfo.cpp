#include "widgets/run/AgentInfo.h"

#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>

#include "core/topology/CpuList.h"
#include "widgets/run/AgentStream.h"

namespace perfdash {

namespace {

// An info page is a few kilobytes; far more is not our agent.
constexpr qint64 kMaxInfo = 16 * 1024 * 1024;
constexpr int kTimeoutMs = 15000;

using json = nlohmann::json;

QString text(const json& object, const char* key) {
    if (!object.is_object()) return {};
    const auto it = object.find(key);
    if (it == object.end() || it->is_null()) return {};
    return it->is_string() ? QString::fromStdString(it->get<std::string>()).toHtmlEscaped()
                           : QString::fromStdString(it->dump()).toHtmlEscaped();
}

const json& member(const json& object, const char* key) {
    static const json none;
    if (!object.is_object()) return none;
    const auto it = object.find(key);
    return it == object.end() ? none : *it;
}

std::string string(const json& object, const char* key) {
    const json& value = member(object, key);
    return value.is_string() ? value.get<std::string>() : std::string();
}

QString row(const QString& name, const QString& value) {
    return value.isEmpty() ? QString() : QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(name, value);
}

} // namespace

AgentInfo::AgentInfo(QObject* parent) : QObject(parent) { network_.setProxy(QNetworkProxy::NoProxy); }

void AgentInfo::fetch(const QString& address, const QString& token) {
    QNetworkRequest request(QUrl("http://" + address + "/api/v1/info"));
    request.setTransferTimeout(kTimeoutMs);
    if (!token.isEmpty()) request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
    QNetworkReply* reply = network_.get(request);
    connect(reply, &QNetworkReply::downloadProgress, reply, [reply](qint64 received, qint64) {
        if (received > kMaxInfo) reply->abort();
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply, address] {
        reply->deleteLater();
        if (const AgentProblem problem = agentReplyProblem(reply); !problem.reason.isEmpty())
            return emit failed(address, tr("its info (GET /api/v1/info) failed: %1").arg(problem.reason), problem.advice);
        const QByteArray body = reply->readAll();
        json info = json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
        if (!info.is_object())
            return emit failed(address, tr("its info (GET /api/v1/info) is not a JSON object"), notAnAgentAdvice());
        emit arrived(address, info);
    });
}

QString agentInfoHtml(const json& info) {
    const json& machine = member(info, "machine");
    const json& topology = member(machine, "topology");
    const json& cpu = member(topology, "cpu");
    QString html = QStringLiteral("<table cellspacing=\"2\">");
    html += row(AgentInfo::tr("Host"), text(machine, "hostname").isEmpty() ? text(info, "host") : text(machine, "hostname"));
    html += row(AgentInfo::tr("Processor"), text(cpu, "modelName"));
    QString arch = text(member(machine, "cpu_arch"), "arch");
    if (!arch.isEmpty() && member(member(machine, "cpu_arch"), "uncertain") == json(true))
        arch += AgentInfo::tr(" (uncertain)");
    html += row(AgentInfo::tr("Architecture"), arch);
    if (topology.is_object())
        html += row(AgentInfo::tr("Topology"),
                    AgentInfo::tr("%1 socket(s), %2 core(s), %3 hardware thread(s), %4 NUMA domain(s)")
                        .arg(text(topology, "sockets"), text(topology, "cores"), text(topology, "hwThreads"),
                             text(topology, "numaDomains")));
    else if (machine.is_object())
        html += row(AgentInfo::tr("Topology"), AgentInfo::tr("not known: %1").arg(text(machine, "topology_error")));
    html += row(AgentInfo::tr("Kernel"), text(machine, "kernel"));
    html += row(AgentInfo::tr("perf_event_paranoid"), text(machine, "perf_event_paranoid"));
    html += row(AgentInfo::tr("Counts with"), text(info, "backend").isEmpty() ? QString()
                                                  : AgentInfo::tr("the %1 backend").arg(text(info, "backend")));
    const json& cpus = member(info, "cpus");
    if (cpus.is_array()) html += row(AgentInfo::tr("Counts on"), AgentInfo::tr("%n CPU(s)", "", int(cpus.size())));
    if (const QString every = text(info, "interval_s"); !every.isEmpty())
        html += row(AgentInfo::tr("Interval"), AgentInfo::tr("%1 s").arg(every));
    html += row(AgentInfo::tr("Counting since"), text(info, "started_at"));
    html += QStringLiteral("</table>");

    const json& groups = member(info, "groups");
    if (groups.is_array() && !groups.empty()) {
        // A line per group, flush with the tables above and below: no bullet (the marks below are states).
        html += QStringLiteral("<p><b>%1</b></p><table cellspacing=\"2\">").arg(AgentInfo::tr("What it counts"));
        for (const json& g : groups) {
            QStringList events;
            for (const json& e : member(g, "events").is_array() ? member(g, "events") : json::array()) {
                const bool counted = member(e, "counted") == json(true);
                QString item = text(e, "event") + (text(e, "counter").isEmpty() ? QString() : " (" + text(e, "counter") + ")");
                if (!counted) item = AgentInfo::tr("<i>%1: not counted, %2</i>").arg(item, text(e, "reason"));
                events << item;
            }
            html += QStringLiteral("<tr><td><b>%1</b>: %2</td></tr>").arg(text(g, "group"), events.join(QStringLiteral(", ")));
        }
        html += QStringLiteral("</table>");
    }
    const json& capabilities = member(info, "capabilities").is_array() ? member(info, "capabilities")
                                                                       : member(machine, "capabilities");
    if (capabilities.is_array() && !capabilities.empty()) {
        // One mark per line, ✓ or ✗ as the plan shows an event: a table keeps the marks in a column and each
        // detail wrapped beside its own mark.
        html += QStringLiteral("<p><b>%1</b></p><table cellspacing=\"2\">").arg(AgentInfo::tr("What it can count"));
        for (const json& c : capabilities) {
            if (member(c, "applicable") == json(false)) continue;
            const bool available = member(c, "available") == json(true);
            html += QStringLiteral("<tr><td>%1</td><td><b>%2</b>: %3</td></tr>")
                        .arg(available ? QStringLiteral("✓") : QStringLiteral("✗"), text(c, "title"), text(c, "detail"));
        }
        html += QStringLiteral("</table>");
    }
    const json& warnings = member(info, "warnings");
    if (warnings.is_array())
        for (const json& w : warnings)
            html += QStringLiteral("<p>⚠ %1</p>").arg(w.is_string() ? QString::fromStdString(w.get<std::string>()).toHtmlEscaped() : QString());
    return html;
}

MeasurementResult agentRunOf(const json& info) {
    MeasurementResult run;
    run.config.mode = "system";
    run.durationS = kNotAvailable;
    run.startedAt = string(info, "started_at");
    // An older agent does not say: its backend stays unnamed rather than assumed.
    run.config.backend = string(info, "backend");
    run.config.userSpaceOnly = member(info, "user_space_only") == json(true);
    if (member(info, "machine").is_object()) run.machine = member(info, "machine");
    // The run's limitations read the capabilities from its machine; an agent may give them beside it.
    if (run.machine.is_object() && !run.machine.contains("capabilities") && member(info, "capabilities").is_array())
        run.machine["capabilities"] = member(info, "capabilities");
    if (const json& cpus = member(info, "cpus"); cpus.is_array()) {
        for (const json& cpu : cpus)
            if (cpu.is_number_integer()) run.config.cpus.push_back(cpu.get<int>());
        run.config.cpuList = formatCpuList(run.config.cpus);
    }
    // An agent run with --cgroup counts those cgroups' tasks only, each on every CPU: its locations, as its
    // stream's, one per cgroup and CPU (a run without counts: no event has figures for them).
    if (const json& cgroups = member(info, "cgroups"); cgroups.is_array())
        for (const json& cgroup : cgroups)
            if (cgroup.is_string())
                for (const int cpu : run.config.cpus) {
                    run.locations.emplace_back(LocationKind::Cpu, cpu);
                    run.locations.back().cgroup = cgroup.get<std::string>();
                }
    const json& groups = member(info, "groups");
    for (const json& g : groups.is_array() ? groups : json::array()) {
        GroupResult group;
        group.name = string(g, "group");
        const json& events = member(g, "events");
        for (const json& e : events.is_array() ? events : json::array()) {
            EventResult event;
            event.counter = string(e, "counter");
            event.event = string(e, "event");
            event.counted = member(e, "counted") == json(true);
            event.reason = string(e, "reason");
            group.events.push_back(std::move(event));
        }
        run.config.groups.push_back(group.name);
        run.groups.push_back(std::move(group));
    }
    return run;
}

} // namespace perfdash
