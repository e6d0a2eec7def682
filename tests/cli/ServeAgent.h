#pragma once
// `perfdash-cli serve` run as a user runs it (PERFDASH_CLI, a separate
// process), and what a client sees of it: HTTP answers through cpp-httplib's
// client, raw bytes through a plain socket, and the counts in its /metrics.
#include <QFile>
#include <QProcess>
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <optional>
#include <string>
#include <vector>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "core/util/Strings.h"

namespace perfdash::testing {

class ServeAgent {
public:
    ServeAgent() = default;
    ServeAgent(const ServeAgent&) = delete;
    ~ServeAgent() {
        if (process_.state() != QProcess::NotRunning) {
            process_.kill();
            process_.waitForFinished(10000);
        }
    }

    // Starts `perfdash-cli serve ARGS --listen 127.0.0.1:0` and waits for the
    // line that names its port; empty, or what went wrong with its stderr.
    std::string start(const QStringList& args) {
#ifdef __SANITIZE_ADDRESS__
        // ASan keeps freed blocks from reuse (its quarantine, 256 MB): the agent's RSS would grow with
        // every request it answers, and the memory checks would measure ASan, not the agent.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        const QString options = env.value("ASAN_OPTIONS");
        env.insert("ASAN_OPTIONS", options + (options.isEmpty() ? "" : ":") + "quarantine_size_mb=0");
        process_.setProcessEnvironment(env);
#endif
        process_.start(qEnvironmentVariable("PERFDASH_CLI"), QStringList{"serve"} << args
                                                                 << QStringList{"--listen", "127.0.0.1:0"});
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (std::chrono::steady_clock::now() < deadline && process_.state() != QProcess::NotRunning) {
            process_.waitForReadyRead(200);
            err_ += process_.readAllStandardError().toStdString();
            const size_t at = err_.find("serving on 127.0.0.1:");
            if (at == std::string::npos) continue;
            const size_t end = err_.find(' ', at + 21);
            if (end == std::string::npos) continue; // the line came in pieces: its port may be cut short
            if (auto port = parseUnsigned(err_.substr(at + 21, end - at - 21))) {
                port_ = static_cast<int>(*port);
                return {};
            }
        }
        return "the agent did not start serving: " + err_;
    }

    int port() const { return port_; }

    // The agent's resident memory now, KiB (VmRSS of /proc/PID/status); -1 if unreadable.
    long residentKiB() const {
        QFile status(QString("/proc/%1/status").arg(process_.processId()));
        if (!status.open(QIODevice::ReadOnly)) return -1;
        for (const QByteArray& line : status.readAll().split('\n'))
            if (line.startsWith("VmRSS:")) return line.mid(6).trimmed().split(' ').front().toLong();
        return -1;
    }

    // SIGTERM, then its exit code (-1: it did not exit by itself) and its stderr.
    int stop(std::string& err) {
        ::kill(static_cast<pid_t>(process_.processId()), SIGTERM);
        const bool exited = process_.waitForFinished(60000);
        err = err_ + process_.readAllStandardError().toStdString();
        return exited && process_.exitStatus() == QProcess::NormalExit ? process_.exitCode() : -1;
    }

    httplib::Result get(const std::string& path, const httplib::Headers& headers = {}) const {
        httplib::Client client("127.0.0.1", port_);
        client.set_read_timeout(30);
        client.set_connection_timeout(30);
        return client.Get(path.c_str(), headers);
    }

private:
    QProcess process_;
    std::string err_;
    int port_ = 0;
};

// A client of /api/v1/stream: reads lines until `wanted` came or `stop` is set.
// `lines` belongs to the reading thread until read() returns.
struct StreamClient {
    std::vector<nlohmann::json> lines;
    std::atomic<int> status{0};      // read by the test's thread while this one streams
    std::atomic<size_t> received{0}; // lines.size(), for the same reader

    void read(int port, const std::string& path, const httplib::Headers& headers, size_t wanted,
              const std::atomic<bool>* stop = nullptr) {
        httplib::Client client("127.0.0.1", port);
        client.set_read_timeout(30);
        std::string pending;
        auto answer = client.Get(
            path.c_str(), headers,
            [&](const httplib::Response& response) {
                status = response.status;
                return true;
            },
            [&](const char* data, size_t size) {
                pending.append(data, size);
                for (size_t end; (end = pending.find('\n')) != std::string::npos; pending.erase(0, end + 1))
                    lines.push_back(nlohmann::json::parse(pending.substr(0, end), nullptr, false));
                received = lines.size();
                return lines.size() < wanted && !(stop && *stop);
            });
        if (answer && status == 0) status = answer->status;
    }
};

// The count of `event` of `group` on `cpu` in a stream line; -1 if the line has none.
// The agent's --token-file: `token` and a newline, readable by its owner only (the agent refuses others).
inline bool writeTokenFile(const QString& path, const std::string& token) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QByteArray::fromStdString(token + "\n")) < 0) return false;
    file.close();
    return file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

inline double streamValue(const nlohmann::json& line, const std::string& group, const std::string& event, int cpu) {
    const auto& locations = line["locations"];
    for (size_t l = 0; l < locations.size(); ++l)
        if (locations[l]["kind"] == "cpu" && locations[l]["id"] == cpu)
            for (const auto& g : line["groups"])
                if (g["name"] == group)
                    for (const auto& e : g["events"])
                        if (e["event"] == event) return e["per_location"][l]["value"].get<double>();
    return -1;
}

// Sends `bytes` on a fresh connection and returns what comes back until the
// end of the answer's header, the server closing it, or `timeoutS`.
inline std::string rawExchange(int port, const std::string& bytes, int timeoutS = 30) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    timeval timeout{timeoutS, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    std::string answer;
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
        size_t sent = 0;
        while (sent < bytes.size()) {
            const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
            if (n <= 0) break; // the server may answer and close before reading everything
            sent += static_cast<size_t>(n);
        }
        char buffer[4096];
        ssize_t n;
        while (answer.find("\r\n\r\n") == std::string::npos && (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0)
            answer.append(buffer, static_cast<size_t>(n));
    }
    ::close(fd);
    return answer;
}

// The status code of a raw answer ("HTTP/1.1 414 ..." -> 414), or 0.
inline int rawStatus(const std::string& answer) {
    if (answer.size() < 12 || !answer.starts_with("HTTP/1.1 ")) return 0;
    return static_cast<int>(parseUnsigned(answer.substr(9, 3)).value_or(0));
}

// The value of the first sample of `metric` whose labels hold every one of
// `labels` (each written as in the text: cpu="0"), or nullopt.
inline std::optional<double> sampleValue(const std::string& exposition, const std::string& metric,
                                         const std::vector<std::string>& labels) {
    for (const std::string& line : split(exposition, '\n')) {
        if (!line.starts_with(metric + "{")) continue;
        bool all = true;
        for (const std::string& l : labels) all = all && line.find(l) != std::string::npos;
        if (!all) continue;
        return parseDouble(line.substr(line.rfind(' ') + 1));
    }
    return std::nullopt;
}

} // namespace perfdash::testing
