#pragma once
// A real Prometheus (Debian's package) run by a test on loopback: a free
// port picked here, its data in the test's temporary directory, ready when
// /-/ready answers; its HTTP API's answers as JSON. startScrapingAgent sets
// one up on an agent (ServeAgent.h) with the rules perfdash generates.
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QStringList>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>

#include <httplib.h>
#include <nlohmann/json.hpp>

namespace perfdash::testing {

inline int freeLoopbackPort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof a;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &length) == 0)
        port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

// A token file as an agent and Prometheus want it: readable by its owner only.
inline bool writePrivateFile(const QString& path, const QByteArray& contents) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size()) return false;
    file.close();
    return QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

// A configuration that scrapes `targets` (host:port) every second with the token in `tokenFile` (none if
// empty), evaluating `rulesFile`'s rules every second if one is given.
inline bool writeScrapeConfig(const QString& path, const QString& tokenFile, const QStringList& targets,
                              const QString& rulesFile = {}) {
    QString yaml = "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n";
    if (!rulesFile.isEmpty()) yaml += "rule_files: ['" + rulesFile + "']\n";
    yaml += "scrape_configs:\n  - job_name: perfdash\n";
    if (!tokenFile.isEmpty()) yaml += "    authorization: {credentials_file: '" + tokenFile + "'}\n";
    yaml += "    static_configs:\n      - targets: ['" + targets.join("', '") + "']\n";
    QFile file(path);
    const QByteArray bytes = yaml.toUtf8();
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

class PrometheusServer {
public:
    PrometheusServer(const PrometheusServer&) = delete;
    PrometheusServer() = default;
    ~PrometheusServer() { stop(); }

    static QString executable() { return QStandardPaths::findExecutable("prometheus"); }

    // Starts it on `config`, its data under `dataDir`; false (with its output in output()) if it never got ready.
    bool start(const QString& config, const QString& dataDir) {
        for (int attempt = 0; attempt < 3; ++attempt) { // the port picked may be taken in between
            port_ = freeLoopbackPort();
            process_.setProcessChannelMode(QProcess::MergedChannels);
            process_.start(executable(), {"--config.file=" + config, "--storage.tsdb.path=" + dataDir,
                                          "--web.listen-address=127.0.0.1:" + QString::number(port_),
                                          "--log.level=warn"});
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
            while (std::chrono::steady_clock::now() < deadline && process_.state() != QProcess::NotRunning) {
                httplib::Client client("127.0.0.1", port_);
                if (auto res = client.Get("/-/ready"); res && res->status == 200) return true;
                process_.waitForFinished(250);
            }
            process_.kill();
            process_.waitForFinished(10000);
        }
        return false;
    }

    void stop() {
        if (process_.state() == QProcess::NotRunning) return;
        process_.terminate();
        if (!process_.waitForFinished(30000)) {
            process_.kill();
            process_.waitForFinished(10000);
        }
    }

    QByteArray output() { return process_.readAll(); }

    // The "data" of an API answer that succeeded, or nullopt.
    std::optional<nlohmann::json> api(const std::string& path, const httplib::Params& params = {}) const {
        httplib::Client client("127.0.0.1", port_);
        client.set_read_timeout(30);
        auto res = client.Get(path.c_str(), params, httplib::Headers{});
        if (!res || res->status != 200) return std::nullopt;
        nlohmann::json j = nlohmann::json::parse(res->body, nullptr, false);
        if (!j.is_object() || j.value("status", "") != "success") return std::nullopt;
        return j["data"];
    }

    // Waits until every rule of the first rule group loaded and evaluates without error: empty, or the last
    // answer of /api/v1/rules.
    std::string waitForHealthyRules(std::chrono::seconds timeout) const {
        std::string last = "no answer";
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            if (auto rules = api("/api/v1/rules"); rules && !(*rules)["groups"].empty()) {
                last = rules->dump();
                bool healthy = true;
                for (const nlohmann::json& rule : (*rules)["groups"][0]["rules"])
                    healthy = healthy && rule.value("health", "") == "ok";
                if (healthy) return {};
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
        return last;
    }

    // The result of an instant query (at `time` if given), or nullopt.
    std::optional<nlohmann::json> query(const std::string& promql, std::optional<double> time = std::nullopt) const {
        httplib::Params params{{"query", promql}};
        if (time) params.emplace("time", std::to_string(*time));
        auto data = api("/api/v1/query", params);
        if (!data) return std::nullopt;
        return (*data)["result"];
    }

private:
    QProcess process_;
    int port_ = 0;
};

// `prometheus` scraping the agent on loopback port `agentPort` every second (with the token in `tokenFile`,
// none if empty) and evaluating the rules `perfdash-cli prometheus-rules -g GROUP --window WINDOW` writes,
// its files under the directory `dir`: empty once it is ready, else what failed.
inline std::string startScrapingAgent(PrometheusServer& prometheus, const QString& dir, int agentPort,
                                      const QString& group, const std::string& window, const QString& tokenFile = {}) {
    const QString rules = dir + "/perfdash.rules.yml";
    QProcess generate;
    generate.start(qEnvironmentVariable("PERFDASH_CLI"),
                   {"prometheus-rules", "-g", group, "--window", QString::fromStdString(window), "-o", rules});
    if (!generate.waitForFinished(60000) || generate.exitStatus() != QProcess::NormalExit || generate.exitCode() != 0)
        return "perfdash-cli prometheus-rules -g " + group.toStdString() +
               " did not write its rules: " + generate.readAllStandardError().toStdString();
    const QString config = dir + "/prometheus.yml";
    if (!writeScrapeConfig(config, tokenFile, {QString("127.0.0.1:%1").arg(agentPort)}, rules))
        return "cannot write " + config.toStdString();
    if (!prometheus.start(config, dir + "/data"))
        return "prometheus never got ready: " + prometheus.output().toStdString();
    return {};
}

} // namespace perfdash::testing
