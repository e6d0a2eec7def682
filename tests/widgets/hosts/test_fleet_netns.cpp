// Several hosts for real: three agents (`perfdash-cli serve`), each in a
// network namespace of its own with its own host name (ip netns, unshare
// --uts), reached over a veth pair whose addresses this test makes
// (10.X.N.0/30, X from its PID, names with its PID, so a second run or a
// leftover never collides). A real Prometheus scrapes all three with a
// token; the dashboard's fleet model, fed by the three agents' streams
// through AgentStream, shows three hosts with values. The namespaces go
// whatever happens (cleanupTestCase and the destructor). Every wait is a
// generous deadline with the reason it failed; nothing assumes a timing.
#include <QAbstractItemModelTester>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <memory>
#include <set>
#include <thread>

#include "../../cli/PrometheusServer.h"
#include "widgets/run/AgentStream.h"
#include "widgets/hosts/FleetModel.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

constexpr int kHosts = 3;
const QString kToken = "fleet-test-token";

// Runs a command to its end; its output on failure.
bool run(const QString& program, const QStringList& args, QString* output = nullptr) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    const bool ok = p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    if (output) *output = program + " " + args.join(' ') + ": " + QString::fromLocal8Bit(p.readAll());
    return ok;
}

} // namespace

class TestFleetNetns : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QStringList namespaces_;
    QStringList addresses_; // host:port of each agent
    std::vector<std::unique_ptr<QProcess>> agents_;
    PrometheusServer prometheus_;

    QString nsName(int i) const { return QString("pdfleet-%1-%2").arg(getpid()).arg(i); }
    // Interface names have at most 15 characters.
    QString hostSide(int i) const { return QString("pdf%1h%2").arg(getpid() % 1000000).arg(i); }
    QString subnet(int i) const { return QString("10.%1.%2").arg(200 + getpid() % 50).arg(i + 1); }

    void removeAll() {
        for (auto& a : agents_)
            if (a->state() != QProcess::NotRunning) {
                ::kill(static_cast<pid_t>(a->processId()), SIGTERM);
                if (!a->waitForFinished(30000)) {
                    a->kill();
                    a->waitForFinished(10000);
                }
            }
        agents_.clear();
        prometheus_.stop();
        // Deleting a namespace deletes its end of the veth pair, and with it the host's end.
        for (const QString& ns : namespaces_) run("ip", {"netns", "delete", ns});
        namespaces_.clear();
    }

public:
    ~TestFleetNetns() override { removeAll(); }

private slots:
    void initTestCase() {
        if (qEnvironmentVariable("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        if (geteuid() != 0) QSKIP("making network namespaces needs root");
        if (QStandardPaths::findExecutable("ip").isEmpty() || QStandardPaths::findExecutable("unshare").isEmpty())
            QSKIP("ip (iproute2) or unshare (util-linux) is not installed");
        if (PrometheusServer::executable().isEmpty())
            QSKIP("prometheus is not installed (Debian package prometheus, packaging/debian-packages.txt)");
        QVERIFY(dir_.isValid());
        const QString token = dir_.filePath("token");
        QVERIFY(writePrivateFile(token, kToken.toUtf8()));

        QString out;
        for (int i = 0; i < kHosts; ++i) {
            const QString ns = nsName(i), host = hostSide(i), peer = host + "p";
            QVERIFY2(run("ip", {"netns", "add", ns}, &out), qPrintable(out));
            namespaces_ << ns;
            QVERIFY2(run("ip", {"link", "add", host, "type", "veth", "peer", "name", peer}, &out), qPrintable(out));
            QVERIFY2(run("ip", {"link", "set", peer, "netns", ns}, &out), qPrintable(out));
            QVERIFY2(run("ip", {"addr", "add", subnet(i) + ".1/30", "dev", host}, &out), qPrintable(out));
            QVERIFY2(run("ip", {"link", "set", host, "up"}, &out), qPrintable(out));
            for (const QStringList& args : {QStringList{"addr", "add", subnet(i) + ".2/30", "dev", peer},
                                            QStringList{"link", "set", peer, "up"},
                                            QStringList{"link", "set", "lo", "up"}})
                QVERIFY2(run("ip", QStringList{"netns", "exec", ns, "ip"} + args, &out), qPrintable(out));
            addresses_ << subnet(i) + ".2:9464";

            // A host name of its own (UTS namespace), so the agents' host labels differ as on real hosts.
            auto agent = std::make_unique<QProcess>();
            agent->setProcessChannelMode(QProcess::MergedChannels);
            agent->start("ip", {"netns", "exec", ns, "unshare", "--uts", "sh", "-c",
                                "hostname fleet-" + QString::number(i) + " && exec \"$0\" \"$@\"",
                                qEnvironmentVariable("PERFDASH_CLI"), "serve", "-g", "SOFTWARE", "--interval", "1s",
                                "--listen", addresses_.back(), "--token-file", token});
            QVERIFY(agent->waitForStarted(30000));
            agents_.push_back(std::move(agent));
        }
        for (int i = 0; i < kHosts; ++i) {
            QProcess& agent = *agents_[static_cast<size_t>(i)];
            QByteArray said;
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
            const QByteArray serving = "serving on " + addresses_[i].toUtf8(); // the whole line may come in pieces
            while (!said.contains(serving) && agent.state() != QProcess::NotRunning &&
                   std::chrono::steady_clock::now() < deadline) {
                agent.waitForReadyRead(200);
                said += agent.readAll();
            }
            QVERIFY2(said.contains(serving),
                     qPrintable("agent " + QString::number(i) + " in " + nsName(i) + " did not serve: " + said));
        }

        const QString config = dir_.filePath("prometheus.yml");
        QVERIFY(writeScrapeConfig(config, token, addresses_));
        QVERIFY2(prometheus_.start(config, dir_.filePath("data")), prometheus_.output().constData());
    }

    void cleanupTestCase() {
        removeAll();
        for (int i = 0; i < kHosts; ++i) {
            QString out;
            run("ip", {"netns", "list"}, &out);
            QVERIFY2(!out.contains(nsName(i)), qPrintable(out));
        }
    }

    void prometheusScrapesAllThree() {
        std::set<std::string> hosts;
        std::string last;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(180);
        while (std::chrono::steady_clock::now() < deadline) {
            hosts.clear();
            if (auto data = prometheus_.api("/api/v1/query", {{"query", "count by (host, instance) (perfdash_event_total)"}})) {
                last = data->dump();
                for (const auto& series : (*data)["result"])
                    hosts.insert(series["metric"].value("host", "") + "@" + series["metric"].value("instance", ""));
            }
            if (hosts.size() == kHosts) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
        QVERIFY2(hosts.size() == kHosts, ("Prometheus did not store the counts of three hosts: " + last).c_str());
        for (int i = 0; i < kHosts; ++i)
            QVERIFY2(hosts.count("fleet-" + std::to_string(i) + "@" + addresses_[i].toStdString()),
                     ("no series of fleet-" + std::to_string(i) + " from " + addresses_[i].toStdString() + ": " + last)
                         .c_str());
    }

    void theFleetModelShowsThreeHosts() {
        FleetModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        std::vector<std::unique_ptr<AgentStream>> streams;
        QStringList failures;
        for (const QString& address : addresses_) {
            model.addHost(address);
            streams.push_back(std::make_unique<AgentStream>(address, kToken));
            connect(streams.back().get(), &AgentStream::intervalArrived, &model,
                    [&model](const QString& a, const IntervalLine& line) { model.addInterval(a, line.interval); });
            connect(streams.back().get(), &AgentStream::failed, this,
                    [&failures](const QString&, const QString& message) { failures << message; });
            streams.back()->start();
        }
        auto everyHostLive = [&] {
            if (model.columnCount() <= FleetModel::FirstMetricColumn) return false;
            for (int r = 0; r < model.rowCount(); ++r)
                if (model.data(model.index(r, FleetModel::StateColumn)).toString() != "live" ||
                    !model.data(model.index(r, FleetModel::FirstMetricColumn), FleetModel::SortRole).isValid())
                    return false;
            return failures.isEmpty();
        };
        QTRY_VERIFY2_WITH_TIMEOUT(everyHostLive() || !failures.isEmpty(), "no line came from every agent in 3 minutes",
                                  180000);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join("; ")));
        QCOMPARE(model.rowCount(), kHosts);
        QCOMPARE(model.hosts(), addresses_);
    }

    // A wrong token is told as such, not as a dead host.
    void aWrongTokenIsReported() {
        AgentStream stream(addresses_[0], "wrong");
        QString message;
        connect(&stream, &AgentStream::failed, this, [&](const QString&, const QString& m) { message = m; });
        stream.start();
        QTRY_VERIFY_WITH_TIMEOUT(!message.isEmpty(), 60000);
        QVERIFY2(message.contains("401"), qPrintable(message));
    }
};

QTEST_MAIN(TestFleetNetns)
#include "test_fleet_netns.moc"
