// `perfdash-cli serve`'s CPU profiles (GET /debug/pprof/profile?seconds=N)
// as a client meets them: the token and the methods of /metrics, the bounds
// (seconds from 1 to 60, one profile at a time: 503 with Retry-After), a
// gzipped pprof answer with Go's headers, /metrics answered while a profile
// runs, what /api/v1/info says of profiles, and a profile in progress ended
// when the agent stops. What go tool pprof reads of it: test_serve_pprof.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>


#include <atomic>
#include <future>
#include <thread>

#include <nlohmann/json.hpp>

#include "ServeAgent.h"
#include "core/profile/ProfileJson.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

const std::string kToken = "profile-t0ken";

int statusOf(const httplib::Result& answer) { return answer ? answer->status : 0; }

} // namespace

class TestServeProfile : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    ServeAgent agent_;
    httplib::Headers authorized_{{"Authorization", "Bearer " + kToken}};

    httplib::Result profile(const std::string& query) const {
        return agent_.get("/debug/pprof/profile" + query, authorized_);
    }

private slots:
    void initTestCase() {
        if (qEnvironmentVariable("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        QVERIFY(dir_.isValid());
        const QString tokenFile = dir_.filePath("token");
        QVERIFY(writeTokenFile(tokenFile, kToken));
        const std::string why =
            agent_.start({"-e", "task-clock,page-faults", "--interval", "200ms", "--token-file", tokenFile});
        QVERIFY2(why.empty(), why.c_str());
    }

    // The same guard as /metrics: nothing but 401 without the token, GET only.
    void theTokenAndGetOnly() {
        auto none = agent_.get("/debug/pprof/profile?seconds=1");
        QVERIFY(none);
        QCOMPARE(none->status, 401);
        QCOMPARE(none->get_header_value("WWW-Authenticate"), std::string("Bearer"));
        QCOMPARE(statusOf(agent_.get("/debug/pprof/profile?seconds=1", {{"Authorization", "Bearer wrong"}})), 401);
        // The token is never taken from the URL, where logs and shell histories keep it.
        QCOMPARE(statusOf(agent_.get("/debug/pprof/profile?seconds=1&token=" + kToken)), 401);
        httplib::Client client("127.0.0.1", agent_.port());
        client.set_read_timeout(30);
        auto post = client.Post("/debug/pprof/profile?seconds=1", authorized_, "", "text/plain");
        QVERIFY(post);
        QCOMPARE(post->status, 405);
        QCOMPARE(post->get_header_value("Allow"), std::string("GET"));
    }

    void badSecondsAreRefused_data() {
        QTest::addColumn<QString>("query");
        QTest::newRow("zero") << "?seconds=0";
        QTest::newRow("above 60") << "?seconds=61";
        QTest::newRow("not a number") << "?seconds=abc";
        QTest::newRow("empty") << "?seconds=";
        QTest::newRow("unknown parameter") << "?seconds=1&debug=1";
        QTest::newRow("a cgroup of an agent without") << "?seconds=1&cgroup=system.slice";
    }
    void badSecondsAreRefused() {
        QFETCH(QString, query);
        auto answer = profile(query.toStdString());
        QVERIFY(answer);
        QCOMPARE(answer->status, 400);
        // The message names the parameter the client got wrong.
        const std::string name = query.contains("debug") ? "debug" : query.contains("cgroup") ? "cgroup" : "seconds";
        QVERIFY2(answer->body.find(name) != std::string::npos, answer->body.c_str());
        if (name == "seconds") QVERIFY2(answer->body.find("from 1 to 60") != std::string::npos, answer->body.c_str());
    }

    // Two at once: one samples, the other is told to come back when it is done; /metrics meanwhile is
    // answered at once. Then the answer is pprof's: gzip, as Go's net/http/pprof sends it.
    void oneProfileAtATime() {
        auto first = std::async(std::launch::async, [&] { return profile("?seconds=2"); });
        // Half a second for the first to reach the agent and start sampling (it takes milliseconds).
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        auto second = profile("?seconds=1");
        QVERIFY(second);
        QCOMPARE(second->status, 503);
        const auto retryAfter = parseUnsigned(second->get_header_value("Retry-After"));
        QVERIFY2(retryAfter && *retryAfter >= 1 && *retryAfter <= 2, second->get_header_value("Retry-After").c_str());

        const auto asked = std::chrono::steady_clock::now();
        auto metrics = agent_.get("/metrics", authorized_);
        const auto waited = std::chrono::steady_clock::now() - asked;
        QCOMPARE(statusOf(metrics), 200);
        QVERIFY2(first.wait_for(std::chrono::seconds(0)) == std::future_status::timeout,
                 "the profile ended before /metrics was asked: the check below proves nothing");
        QVERIFY2(waited < std::chrono::milliseconds(500),
                 qPrintable(QString("/metrics took %1 ms while a profile ran")
                                .arg(std::chrono::duration_cast<std::chrono::milliseconds>(waited).count())));

        auto answer = first.get();
        QVERIFY(answer);
        QCOMPARE(answer->status, 200);
        QCOMPARE(answer->get_header_value("Content-Type"), std::string("application/octet-stream"));
        QCOMPARE(answer->get_header_value("Content-Disposition"), std::string("attachment; filename=\"profile\""));
        QVERIFY2(answer->body.size() > 20 && answer->body.starts_with("\x1f\x8b"), "not gzip");
        // Free again once it is done.
        QCOMPARE(statusOf(profile("?seconds=1")), 200);
    }

    // The dashboard's Hosts page fetches /api/v1/profile: the same profile as perfdash's own JSON, with the
    // group's events and what took it; it holds the same one slot as pprof's page.
    void theDashboardsProfileIsPerfdashJson() {
        QCOMPARE(statusOf(agent_.get("/api/v1/profile?seconds=1")), 401);
        QCOMPARE(statusOf(agent_.get("/api/v1/profile?seconds=61", authorized_)), 400);
        auto pprof = std::async(std::launch::async, [&] { return profile("?seconds=2"); });
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        QCOMPARE(statusOf(agent_.get("/api/v1/profile?seconds=1", authorized_)), 503);
        QCOMPARE(statusOf(pprof.get()), 200);

        // Something to sample on the agent's CPUs: this thread, busy for the second sampled.
        std::atomic<bool> done = false;
        std::thread busy([&] {
            volatile uint64_t n = 0;
            while (!done) n = n + 1;
        });
        auto answer = agent_.get("/api/v1/profile?seconds=1", authorized_);
        done = true;
        busy.join();
        QCOMPARE(statusOf(answer), 200);
        QCOMPARE(answer->get_header_value("Content-Type"), std::string("application/json"));
        const auto json = nlohmann::json::parse(answer->body, nullptr, false);
        QVERIFY2(!json.is_discarded(), answer->body.substr(0, 500).c_str());
        auto read = readProfileJson(json, "the agent's answer");
        QVERIFY2(read, read ? "" : read.error().message.c_str());
        QVERIFY(read->samples() > 0);
        QCOMPARE(read->sampling.leader, std::string("task-clock"));
        // The group's events, read with every sample.
        QCOMPARE(read->events.size(), size_t(2));
        QCOMPARE(read->events[1].event, std::string("page-faults"));
        bool named = false;
        for (const std::string& n : read->sampling.notices) named = named || n.starts_with("taken by the perfdash agent on ");
        QVERIFY2(named, json["sampling"].dump().c_str());
    }

    void infoSaysWhatIsSampled() {
        auto info = agent_.get("/api/v1/info", authorized_);
        QCOMPARE(statusOf(info), 200);
        const auto json = nlohmann::json::parse(info->body, nullptr, false);
        const auto& p = json["profile"];
        QVERIFY2(p.is_object(), info->body.c_str());
        QCOMPARE(p["path"].get<std::string>(), std::string("/debug/pprof/profile"));
        QCOMPARE(p["available"].get<bool>(), true);
        QCOMPARE(p["sampled"].get<std::string>(), std::string("task-clock")); // the leader of -e task-clock,page-faults
        QCOMPARE(p["max_seconds"].get<int>(), 60);
        QCOMPARE(p["max_concurrent"].get<int>(), 1);
        // The memory bound: functions only (no DWARF), so many binaries' symbols at once.
        QCOMPARE(p["symbols"].get<std::string>(), std::string("functions"));
        QCOMPARE(p["max_open_files"].get<int>(), 32);
    }

    // SIGTERM while a 60-second profile runs: the agent stops in moments, not after the profile.
    void stopsDuringAProfile() {
        auto running = std::async(std::launch::async, [&] { return profile("?seconds=60"); });
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        const auto asked = std::chrono::steady_clock::now();
        std::string err;
        QCOMPARE(agent_.stop(err), 0);
        QVERIFY2(std::chrono::steady_clock::now() - asked < std::chrono::seconds(10), err.c_str());
        auto answer = running.get();
        QVERIFY2(statusOf(answer) != 200, "a profile cut short was answered as if whole");
        QVERIFY2(err.find("perfdash-cli: stopped") != std::string::npos, err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestServeProfile)
#include "test_serve_profile.moc"
