// `perfdash-cli serve` as an attacker and a careless admin meet it: without
// or with a wrong token (401), writing (405), oversized, malformed and slow
// requests (4xx or closed), a burst of them from several clients, and the
// refusals at start (a network address without a token, a token file every
// user can read, bad addresses, a port in use, an unknown group). It must
// go on counting through all of it and stop cleanly on SIGTERM, also while a
// client streams. The interval stream (/api/v1/stream) is read as the
// dashboard reads it: joined lines, and a bound on concurrent streams.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include <atomic>
#include <memory>
#include <thread>

#include <nlohmann/json.hpp>

#include "ServeAgent.h"
#include "StatCli.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

const std::string kToken = "t0ken-for-the-test";

// `perfdash-cli serve ARGS` that must refuse to start.
StatRun serveRefused(const QStringList& args) {
    QProcess p;
    p.start(cliPath(), QStringList{"serve"} << args);
    return collect(p, 60000);
}

// The status of an answer, 0 for none.
int statusOf(const httplib::Result& answer) { return answer ? answer->status : 0; }

} // namespace

class TestServeSecurity : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString tokenFile_;
    ServeAgent agent_;
    httplib::Headers authorized_{{"Authorization", "Bearer " + kToken}};

    // Starts `client` reading the stream in `reader`; true once the agent answered 200. A stream
    // whose client hung up (in a test before) ends at its next line and counts until then: retried.
    bool startStream(StreamClient& client, std::thread& reader, const std::atomic<bool>& stop) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (std::chrono::steady_clock::now() < deadline) {
            client.status = 0;
            reader = std::thread([&] { client.read(agent_.port(), "/api/v1/stream", authorized_, 1000000, &stop); });
            while (client.status == 0 && std::chrono::steady_clock::now() < deadline)
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            if (client.status == 200) return true;
            reader.join();
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
        return false;
    }

    std::optional<double> taskClockOfCpu0() {
        auto res = agent_.get("/metrics", authorized_);
        if (!res || res->status != 200) return std::nullopt;
        return sampleValue(res->body, "perfdash_event_total", {"cpu=\"0\"", "event=\"task-clock\""});
    }

    // 8 clients x 25 requests, a third each with a wrong token, not HTTP, and right: how many were answered.
    int burst() {
        std::vector<std::thread> clients;
        std::atomic<int> answered{0};
        for (int c = 0; c < 8; ++c)
            clients.emplace_back([&] {
                for (int i = 0; i < 25; ++i) {
                    const std::string request =
                        i % 3 == 0 ? "GET /metrics HTTP/1.1\r\nAuthorization: Bearer wrong\r\n\r\n"
                        : i % 3 == 1 ? "\x16\x03\x01 not http at all\r\n\r\n"
                                     : "GET /metrics HTTP/1.1\r\nAuthorization: Bearer " + kToken + "\r\n\r\n";
                    if (rawStatus(rawExchange(agent_.port(), request, 30)) > 0) ++answered;
                }
            });
        for (auto& t : clients) t.join();
        return answered;
    }

private slots:
    void initTestCase() {
        if (qEnvironmentVariable("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        QVERIFY(dir_.isValid());
        tokenFile_ = dir_.filePath("token");
        QVERIFY(writeTokenFile(tokenFile_, kToken));
        const std::string why =
            agent_.start({"-e", "task-clock,page-faults", "--interval", "200ms", "--token-file", tokenFile_});
        QVERIFY2(why.empty(), why.c_str());
    }

    void aTokenIsRequired() {
        auto none = agent_.get("/metrics");
        QVERIFY(none);
        QCOMPARE(none->status, 401);
        QCOMPARE(none->get_header_value("WWW-Authenticate"), std::string("Bearer"));
        QCOMPARE(statusOf(agent_.get("/metrics", {{"Authorization", "Bearer " + kToken + "x"}})), 401);
        QCOMPARE(statusOf(agent_.get("/api/v1/info", {{"Authorization", "Basic " + kToken}})), 401);
        QCOMPARE(statusOf(agent_.get("/metrics", authorized_)), 200);
    }

    void metricsAndInfo() {
        auto text = agent_.get("/metrics", authorized_);
        QVERIFY(text);
        QCOMPARE(text->get_header_value("Content-Type"), std::string("text/plain; version=0.0.4; charset=utf-8"));
        // The first sample comes with the first interval's end.
        std::optional<double> taskClock;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (!(taskClock = taskClockOfCpu0()) && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        QVERIFY2(taskClock.has_value(), "no task-clock sample of CPU 0 within a minute");
        httplib::Headers openMetrics = authorized_;
        openMetrics.emplace("Accept", "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5");
        auto om = agent_.get("/metrics", openMetrics);
        QVERIFY(om);
        QCOMPARE(om->get_header_value("Content-Type"),
                 std::string("application/openmetrics-text; version=1.0.0; charset=utf-8"));
        QVERIFY(om->body.ends_with("# EOF\n"));

        auto info = agent_.get("/api/v1/info", authorized_);
        QVERIFY(info);
        QCOMPARE(info->status, 200);
        const auto json = nlohmann::json::parse(info->body, nullptr, false);
        QVERIFY2(json.is_object(), info->body.c_str());
        QCOMPARE(json["interval_s"].get<double>(), 0.2);
        QVERIFY(!json["started_at"].get<std::string>().empty());
        QVERIFY(!json["cpus"].empty());
        QVERIFY(json["machine"].is_object());
        QVERIFY(json["capabilities"].is_array());
        // How it counts, as a run's context says it: serve counts with perf_event only; user space only exactly
        // when it warned so (no CAP_PERFMON and a high perf_event_paranoid).
        QCOMPARE(json.value("backend", std::string()), std::string("perf"));
        QVERIFY2(json["user_space_only"].is_boolean(), info->body.c_str());
        bool warnedUserSpaceOnly = false;
        for (const auto& w : json["warnings"]) warnedUserSpaceOnly |= w.get<std::string>().starts_with("counting user space only");
        QCOMPARE(json["user_space_only"].get<bool>(), warnedUserSpaceOnly);
        QCOMPARE(json["groups"][0]["events"][0]["event"].get<std::string>(), std::string("task-clock"));
        QCOMPARE(json["groups"][0]["events"][0]["counted"].get<bool>(), true);
    }

    void readOnly() {
        httplib::Client client("127.0.0.1", agent_.port());
        client.set_read_timeout(30);
        auto post = client.Post("/metrics", authorized_, "x", "text/plain");
        QVERIFY(post);
        QCOMPARE(post->status, 405);
        QCOMPARE(post->get_header_value("Allow"), std::string("GET"));
        QCOMPARE(statusOf(client.Delete("/metrics", authorized_)), 405);
        QCOMPARE(statusOf(agent_.get("/api/v1/streams", authorized_)), 404);
        QCOMPARE(statusOf(agent_.get("/metrics?interval=1s", authorized_)), 400);
        QCOMPARE(statusOf(agent_.get("/api/v1/stream?interval=300ms", authorized_)), 400); // not whole 200 ms
        QCOMPARE(statusOf(agent_.get("/api/v1/stream?interval=1s&interval=2s", authorized_)), 400);
    }

    void malformedAndOversizedRequests() {
        const std::string auth = "Authorization: Bearer " + kToken + "\r\n";
        QCOMPARE(rawStatus(rawExchange(agent_.port(), "GARBAGE\r\n\r\n")), 400);
        QCOMPARE(rawStatus(rawExchange(agent_.port(), "GET /metrics HTTP/7.5\r\n" + auth + "\r\n")), 400);
        QCOMPARE(rawStatus(rawExchange(agent_.port(), "GET /" + std::string(20000, 'a') + " HTTP/1.1\r\n\r\n")),
                 414);
        QCOMPARE(rawStatus(rawExchange(agent_.port(), "GET /metrics HTTP/1.1\r\n" + auth + "X-Big: " +
                                                          std::string(20000, 'b') + "\r\n\r\n")),
                 400);
        // A body is refused unread, however large it claims to be.
        QCOMPARE(rawStatus(rawExchange(agent_.port(), "GET /metrics HTTP/1.1\r\n" + auth +
                                                          "Content-Length: 1000000000\r\n\r\n" +
                                                          std::string(1000, 'c'))),
                 413);
    }

    // A client that connects and says nothing is dropped after the read timeout (5 s), not held forever.
    void slowClientsAreDropped() {
        const auto start = std::chrono::steady_clock::now();
        const std::string answer = rawExchange(agent_.port(), "GET /metrics HTTP/1.1\r\n", 60);
        const auto waited = std::chrono::steady_clock::now() - start;
        QVERIFY2(waited < std::chrono::seconds(60), "the server kept a silent client for a minute");
        QVERIFY2(rawStatus(answer) == 0 || rawStatus(answer) >= 400, answer.c_str());
    }

    // Memory stays flat through bursts: after a first one (every server thread has its buffers then),
    // four more (800 requests) add less than 512 KiB; a leak of 1 KiB a request would add 800.
    void countingGoesOnThroughABurst() {
#ifdef __SANITIZE_ADDRESS__
        // ASan's allocator, even without its quarantine (ServeAgent), grows to a plateau over the first
        // bursts: measured +11 MB in its first 8 bursts, then +0.3 MB in the next 4 (the release build: +0.2 MB in
        // 12). So under ASan the same bound is checked after a longer warm-up.
        constexpr int kWarmBursts = 10;
#else
        constexpr int kWarmBursts = 1;
#endif
        const std::optional<double> before = taskClockOfCpu0();
        QVERIFY(before);
        for (int b = 0; b < kWarmBursts; ++b) QCOMPARE(burst(), 200);
        const long warm = agent_.residentKiB();
        QVERIFY(warm > 0);
        for (int b = 0; b < 4; ++b) QCOMPARE(burst(), 200);
        const long later = agent_.residentKiB();
        QVERIFY2(later - warm < 512, qPrintable(QString("the agent's memory grew from %1 KiB to %2 KiB in 800 "
                                                        "requests").arg(warm).arg(later)));
        // Counting went on: the next reading is larger (the sampler reads every 200 ms).
        std::optional<double> after;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        do {
            after = taskClockOfCpu0();
        } while ((!after || *after <= *before) && std::chrono::steady_clock::now() < deadline);
        QVERIFY(after);
        QVERIFY2(*after > *before, "task-clock of CPU 0 did not advance after the burst");
    }

    // The agent counts every 200 ms; a line of `interval=1s` joins five of them.
    void streamsJoinedIntervals() {
        StreamClient stream;
        stream.read(agent_.port(), "/api/v1/stream?interval=1s", authorized_, 3);
        QCOMPARE(stream.status.load(), 200);
        QCOMPARE(stream.lines.size(), size_t(3));
        for (size_t i = 0; i < stream.lines.size(); ++i) {
            const auto& line = stream.lines[i];
            QVERIFY2(line.is_object(), "a stream line is not a JSON object");
            QCOMPARE(line["type"].get<std::string>(), std::string("interval"));
            const double dt = line["dt"].get<double>();
            // Five intervals of the sampler, each about 200 ms however busy the machine.
            QVERIFY2(dt > 0.5 && dt < 5, std::to_string(dt).c_str());
            // System-wide, a CPU's task-clock is the time it was counted: the line's length.
            const double taskClock = streamValue(line, "custom", "task-clock", 0);
            QVERIFY2(std::fabs(taskClock - dt * 1e9) < 0.02 * dt * 1e9,
                     (std::to_string(taskClock) + " ns in " + std::to_string(dt) + " s").c_str());
            // Lines join whole intervals and follow each other without a gap.
            if (i > 0) {
                const double gap = line["t"].get<double>() - dt - stream.lines[i - 1]["t"].get<double>();
                QVERIFY2(std::fabs(gap) < 1e-6, std::to_string(gap).c_str());
            }
        }
        QCOMPARE(statusOf(agent_.get("/api/v1/stream", {})), 401);
    }

    // A few streams at once at most, so that scrapes are still answered; one more is told to come back.
    void streamsAreBounded() {
        constexpr size_t kMaxStreams = 4; // IntervalFeed::kMaxStreams
        std::atomic<bool> stop{false};
        std::vector<std::unique_ptr<StreamClient>> streams;
        std::vector<std::thread> readers;
        for (size_t i = 0; i < kMaxStreams; ++i) {
            streams.push_back(std::make_unique<StreamClient>());
            readers.emplace_back();
            if (!startStream(*streams.back(), readers.back(), stop)) break;
        }
        auto extra = agent_.get("/api/v1/stream", authorized_);
        const int extraStatus = statusOf(extra);
        const std::string retry = extra ? extra->get_header_value("Retry-After") : "";
        const int scrape = statusOf(agent_.get("/metrics", authorized_));
        stop = true;
        for (auto& t : readers)
            if (t.joinable()) t.join();
        for (const auto& c : streams) QCOMPARE(c->status.load(), 200);
        QCOMPARE(streams.size(), kMaxStreams);
        QCOMPARE(extraStatus, 503);
        QVERIFY(!retry.empty());
        QCOMPARE(scrape, 200);
    }

    void refusedAtStart() {
        StatRun r = serveRefused({"-e", "task-clock", "--listen", "0.0.0.0:0"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.find("--token-file") != std::string::npos, r.err.c_str());
        r = serveRefused({"-e", "task-clock", "--listen", "[::]:0"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.find("--token-file") != std::string::npos, r.err.c_str());

        const QString open = dir_.filePath("open-token");
        QVERIFY(QFile::copy(tokenFile_, open));
        QVERIFY(::chmod(open.toLocal8Bit().constData(), 0644) == 0);
        r = serveRefused({"-e", "task-clock", "--token-file", open});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.find("chmod 600") != std::string::npos, r.err.c_str());

        r = serveRefused({"-e", "task-clock", "--listen", "localhost:9464"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.find("'localhost' is not a numeric IPv4 address") != std::string::npos, r.err.c_str());
        r = serveRefused({"-e", "task-clock", "--listen", "127.0.0.1:99999"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.find("the port must be a number") != std::string::npos, r.err.c_str());
        r = serveRefused({"-g", "NOSUCHGROUP"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.find("NOSUCHGROUP") != std::string::npos, r.err.c_str());
        r = serveRefused({"-e", "task-clock", "--listen", "127.0.0.1:" + QString::number(agent_.port())});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.find("cannot listen there") != std::string::npos, r.err.c_str());
    }

    // Also with a client streaming: its stream ends, and the agent does not wait for it.
    void stopsCleanly() {
        StreamClient streaming;
        std::thread reader;
        const std::atomic<bool> never{false};
        QVERIFY(startStream(streaming, reader, never));
        std::string err;
        const int exitCode = agent_.stop(err);
        reader.join();
        QCOMPARE(exitCode, 0);
        QVERIFY2(err.find("perfdash-cli: stopped") != std::string::npos, err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestServeSecurity)
#include "test_serve_security.moc"
