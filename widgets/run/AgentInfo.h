#pragma once
// What an agent says about itself: GET /api/v1/info (machine, topology,
// capabilities, what it counts), asked asynchronously on the GUI thread's
// event loop, and that answer as the Hosts page shows it and as a run's
// context line reads it. A host whose info fails says why (the same words as
// a failed stream).
#include <QNetworkAccessManager>
#include <QObject>

#include <nlohmann/json.hpp>

#include "core/result/MeasurementResult.h"

namespace perfdash {

class AgentInfo : public QObject {
    Q_OBJECT
public:
    explicit AgentInfo(QObject* parent = nullptr);
    // `address`: host:port; `token`: empty for none. Answers with arrived() or failed(), within 15 s.
    void fetch(const QString& address, const QString& token);

signals:
    void arrived(const QString& address, const nlohmann::json& info);
    // `message`: what failed and why, without the address; `advice`: what to do (as agentReplyProblem's).
    void failed(const QString& address, const QString& message, const QString& advice);

private:
    QNetworkAccessManager network_;
};

// The info as rich text: the host and its CPU, the topology, what it can count
// and what not (with the reason), the groups and events it counts. Fields an
// older or other agent lacks are left out; nothing in `info` is trusted as HTML.
QString agentInfoHtml(const nlohmann::json& info);

// The info as a run without counts, what core/presentation/RunContext describes: the
// machine, system-wide on the CPUs it counts (an agent that names cgroups: a
// location per cgroup and CPU, as its stream's, so that it reads as those
// cgroups' tasks only), with the backend it names and whether it counts user
// space only, since when, each group with its events and why one is not counted. Its duration is n/a: the agent counts on. Fields an
// older or other agent lacks, or gives as another type, stay empty (no backend).
MeasurementResult agentRunOf(const nlohmann::json& info);

} // namespace perfdash
