// The agent's own decisions on a request (core/prometheus/AgentRequest.h):
// the bearer token, the order of 401/405/404/400, a CPU profile's seconds,
// and the exposition format an Accept header asks for, as Prometheus and
// other clients send it.
#include <QtTest>

#include "core/prometheus/AgentRequest.h"

using namespace perfdash;

namespace {

AgentRequest get(std::string_view path, std::optional<std::string_view> authorization = std::nullopt) {
    AgentRequest r;
    r.method = "GET";
    r.path = path;
    r.authorization = authorization;
    return r;
}

const std::optional<std::string> kToken = "s3cret-token";
constexpr std::chrono::nanoseconds kEverySecond = std::chrono::seconds(1);

AgentAnswer answerRequest(const AgentRequest& request, const std::optional<std::string>& token) {
    return perfdash::answerRequest(request, token, kEverySecond);
}

} // namespace

class TestAgentRequest : public QObject {
    Q_OBJECT

private slots:
    void bearerToken() {
        QVERIFY(bearerTokenMatches("Bearer s3cret-token", "s3cret-token"));
        QVERIFY(bearerTokenMatches("bearer s3cret-token", "s3cret-token")); // the scheme is case-insensitive
        QVERIFY(!bearerTokenMatches("Bearer s3cret-toke", "s3cret-token"));
        QVERIFY(!bearerTokenMatches("Bearer s3cret-token2", "s3cret-token"));
        QVERIFY(!bearerTokenMatches("Bearer S3cret-token", "s3cret-token"));
        QVERIFY(!bearerTokenMatches("Basic s3cret-token", "s3cret-token"));
        QVERIFY(!bearerTokenMatches("s3cret-token", "s3cret-token"));
        QVERIFY(!bearerTokenMatches("Bearer ", "s3cret-token"));
        QVERIFY(!bearerTokenMatches("", "s3cret-token"));
        QVERIFY(!bearerTokenMatches("Bearer ", "")); // an empty token never matches
    }

    void answers() {
        const std::string bearer = "Bearer " + *kToken;
        AgentAnswer a = answerRequest(get("/metrics"), kToken);
        QCOMPARE(a.status, 401);
        QCOMPARE(answerRequest(get("/metrics", "Bearer wrong"), kToken).status, 401);
        // Nothing but 401 is told to a client without the token, not even that a path does not exist.
        QCOMPARE(answerRequest(get("/nowhere", "Bearer wrong"), kToken).status, 401);
        a = answerRequest(get("/metrics", bearer), kToken);
        QCOMPARE(a.status, 200);
        QCOMPARE(a.page, AgentPage::Metrics);
        QCOMPARE(answerRequest(get("/api/v1/info", bearer), kToken).page, AgentPage::Info);
        QCOMPARE(answerRequest(get("/metrics"), std::nullopt).status, 200);

        AgentRequest post = get("/metrics", bearer);
        post.method = "POST";
        QCOMPARE(answerRequest(post, kToken).status, 405);
        post.method = "HEAD";
        QCOMPARE(answerRequest(post, kToken).status, 405);
        QCOMPARE(answerRequest(get("/metrics/", bearer), kToken).status, 404);
        AgentRequest body = get("/metrics", bearer);
        body.hasBody = true;
        QCOMPARE(answerRequest(body, kToken).status, 413);
        AgentRequest query = get("/metrics", bearer);
        query.parameters = {{"interval", "1s"}};
        a = answerRequest(query, kToken);
        QCOMPARE(a.status, 400);
        QVERIFY2(a.error.find("'interval'") != std::string::npos, a.error.c_str());
    }

    void streamInterval() {
        const std::string bearer = "Bearer " + *kToken;
        QCOMPARE(answerRequest(get("/api/v1/stream"), kToken).status, 401);
        AgentAnswer a = answerRequest(get("/api/v1/stream", bearer), kToken);
        QCOMPARE(a.status, 200);
        QCOMPARE(a.page, AgentPage::Stream);
        QCOMPARE(a.streamEvery, size_t(1)); // no interval: every one the agent counts

        AgentRequest r = get("/api/v1/stream", bearer);
        r.parameters = {{"interval", "10s"}};
        QCOMPARE(answerRequest(r, kToken).streamEvery, size_t(10));
        r.parameters = {{"interval", "1000ms"}};
        QCOMPARE(answerRequest(r, kToken).streamEvery, size_t(1));
        r.parameters = {{"interval", "2500ms"}}; // not whole intervals
        a = answerRequest(r, kToken);
        QCOMPARE(a.status, 400);
        QVERIFY2(a.error.find("interval=2500ms") != std::string::npos && a.error.find("every 1s") != std::string::npos,
                 a.error.c_str());
        r.parameters = {{"interval", "100ms"}}; // shorter than the agent's: says how to get it
        a = answerRequest(r, kToken);
        QCOMPARE(a.status, 400);
        QVERIFY2(a.error.find("--interval") != std::string::npos, a.error.c_str());
        r.parameters = {{"interval", "soon"}};
        QCOMPARE(answerRequest(r, kToken).status, 400);
        r.parameters = {{"interval", "2s"}, {"interval", "4s"}};
        a = answerRequest(r, kToken);
        QCOMPARE(a.status, 400);
        QVERIFY2(a.error.find("given twice") != std::string::npos, a.error.c_str());
        r.parameters = {{"format", "json"}};
        a = answerRequest(r, kToken);
        QCOMPARE(a.status, 400);
        QVERIFY2(a.error.find("'format'") != std::string::npos, a.error.c_str());
        // An agent counting every 250 ms: 1 s is four of its intervals.
        r.parameters = {{"interval", "1s"}};
        QCOMPARE(perfdash::answerRequest(r, kToken, std::chrono::milliseconds(250)).streamEvery, size_t(4));
    }

    // pprof's convention (Go's net/http/pprof): seconds defaults to 30; here it is also bounded, and a bad
    // value is refused with a message naming the parameter and the range rather than replaced by the default.
    void profileSeconds() {
        const std::string bearer = "Bearer " + *kToken;
        QCOMPARE(answerRequest(get("/debug/pprof/profile"), kToken).status, 401);
        AgentAnswer a = answerRequest(get("/debug/pprof/profile", bearer), kToken);
        QCOMPARE(a.status, 200);
        QCOMPARE(a.page, AgentPage::Profile);
        QCOMPARE(a.profileSeconds, 30u);
        QVERIFY(a.profileCgroup.empty());

        AgentRequest r = get("/debug/pprof/profile", bearer);
        r.parameters = {{"seconds", "1"}};
        QCOMPARE(answerRequest(r, kToken).profileSeconds, 1u);
        r.parameters = {{"seconds", "60"}, {"cgroup", "system.slice/job.scope"}};
        a = answerRequest(r, kToken);
        QCOMPARE(a.status, 200);
        QCOMPARE(a.profileSeconds, 60u);
        QCOMPARE(a.profileCgroup, std::string("system.slice/job.scope"));
        for (const char* bad : {"0", "61", "abc", "", "-1", "1.5", "99999999999999999999999"}) {
            r.parameters = {{"seconds", bad}};
            a = answerRequest(r, kToken);
            QCOMPARE(a.status, 400);
            QVERIFY2(a.error.starts_with(std::string("seconds=") + bad + ":") &&
                         a.error.find("from 1 to 60") != std::string::npos,
                     a.error.c_str());
        }
        r.parameters = {{"seconds", "5"}, {"seconds", "6"}};
        QCOMPARE(answerRequest(r, kToken).status, 400);
        r.parameters = {{"cgroup", ""}};
        QCOMPARE(answerRequest(r, kToken).status, 400);
        r.parameters = {{"debug", "1"}}; // Go's other pprof pages take it; this one does not
        a = answerRequest(r, kToken);
        QCOMPARE(a.status, 400);
        QVERIFY2(a.error.find("'debug'") != std::string::npos, a.error.c_str());
        r = get("/debug/pprof/profile", bearer);
        r.method = "POST";
        QCOMPARE(answerRequest(r, kToken).status, 405);
        QCOMPARE(answerRequest(get("/debug/pprof/heap", bearer), kToken).status, 404);

        // The dashboard's page: the same parameters and bounds, its own page, its path in messages.
        r = get("/api/v1/profile", bearer);
        r.parameters = {{"seconds", "5"}};
        a = answerRequest(r, kToken);
        QCOMPARE(a.status, 200);
        QCOMPARE(a.page, AgentPage::ProfileJson);
        QCOMPARE(a.profileSeconds, 5u);
        r.parameters = {{"seconds", "61"}};
        QCOMPARE(answerRequest(r, kToken).status, 400);
        r.parameters = {{"debug", "1"}};
        a = answerRequest(r, kToken);
        QVERIFY2(a.status == 400 && a.error.find("/api/v1/profile takes only") != std::string::npos, a.error.c_str());
    }

    void acceptNegotiation_data() {
        QTest::addColumn<QString>("accept");
        QTest::addColumn<bool>("openMetrics");
        QTest::newRow("Prometheus 2.42") << "application/openmetrics-text;version=1.0.0,application/"
                                            "openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,"
                                            "*/*;q=0.1"
                                         << true;
        QTest::newRow("no header") << "" << false;
        QTest::newRow("anything") << "*/*" << false;
        QTest::newRow("text format") << "text/plain;version=0.0.4" << false;
        QTest::newRow("OpenMetrics only") << "application/openmetrics-text" << true;
        QTest::newRow("upper case, spaces") << " Application/OpenMetrics-Text ; Version=1.0.0 " << true;
        QTest::newRow("refused") << "application/openmetrics-text;q=0, text/plain" << false;
        QTest::newRow("text preferred") << "text/plain;q=1, application/openmetrics-text;q=0.5" << false;
        QTest::newRow("OpenMetrics preferred") << "text/plain;q=0.2,application/openmetrics-text;q=0.9" << true;
        QTest::newRow("bad quality") << "application/openmetrics-text;q=high" << false;
        QTest::newRow("junk") << ";;,,q=;" << false;
    }
    void acceptNegotiation() {
        QFETCH(QString, accept);
        QFETCH(bool, openMetrics);
        const std::string header = accept.toStdString();
        QCOMPARE(negotiateExposition(header) == ExpositionFormat::OpenMetrics, openMetrics);
        AgentRequest r = get("/metrics");
        r.accept = header;
        QCOMPARE(answerRequest(r, std::nullopt).format == ExpositionFormat::OpenMetrics, openMetrics);
    }
};

QTEST_GUILESS_MAIN(TestAgentRequest)
#include "test_agent_request.moc"
