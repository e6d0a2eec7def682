// The agent's CPU profiles read by Go's own pprof (Debian's golang-go:
// `go tool pprof`), as users and Parca/Pyroscope read them: a profile taken
// while the profile tests' workload runs lists the workload's functions,
// with the group's events as sample types beside the sampled clock; and
// `go tool pprof URL` fetches one itself from an agent without a token
// (pprof sends no Authorization header: docs/agent.md says what to do with one).
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>


#include <future>
#include <thread>

#include "ServeAgent.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

const std::string kToken = "pprof-t0ken";

struct Ran {
    int exitCode = -1;
    QString out;
};

} // namespace

class TestServePprof : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString go_;

    // `go tool pprof ARGS`, its profiles (of a URL) saved in the test's directory rather than ~/pprof.
    Ran pprof(const QStringList& args) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("PPROF_TMPDIR", dir_.path());
        env.insert("GOCACHE", dir_.filePath("gocache"));
        if (!env.contains("HOME")) env.insert("HOME", dir_.path());
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(go_, QStringList{"tool", "pprof"} << args);
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
        }
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAll())};
    }

private slots:
    void initTestCase() {
        if (qEnvironmentVariable("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        go_ = QStandardPaths::findExecutable("go");
        if (go_.isEmpty())
            QSKIP("go is not installed (Debian package golang-go, packaging/debian-packages.txt): "
                  "go tool pprof cannot read the agent's profiles here");
        QVERIFY(dir_.isValid());
    }

    // A group (SOFTWARE: task-clock leads) sampled while the workload runs: the workload's functions by
    // name, and the group's other events as sample types beside the sampled clock.
    void goToolPprofReadsAProfile() {
        const QString tokenFile = dir_.filePath("token");
        QVERIFY(writeTokenFile(tokenFile, kToken));
        ServeAgent agent;
        const std::string why = agent.start({"-g", "SOFTWARE", "--token-file", tokenFile});
        QVERIFY2(why.empty(), why.c_str());

        // About 3 s of the main thread (main_work first, for 40 of its 70 units) and 1 s of a second
        // thread's (thread_work): both run through the first of the profile's 2 s.
        QProcess workload;
        workload.start(PROFILE_WORKLOAD, {"shares", "10000000"});
        QVERIFY(workload.waitForStarted());
        auto answer = agent.get("/debug/pprof/profile?seconds=2", {{"Authorization", "Bearer " + kToken}});
        QVERIFY(workload.waitForFinished(120000));
        QCOMPARE(workload.exitCode(), 0);
        QVERIFY(answer);
        QCOMPARE(answer->status, 200);
        const QString path = dir_.filePath("agent.pb.gz");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(answer->body.data(), static_cast<qint64>(answer->body.size()));
        out.close();

        const Ran top = pprof({"-top", "-nodecount=200", path});
        QVERIFY2(top.exitCode == 0, qPrintable(top.out));
        for (const char* function : {"main_work", "thread_work"})
            QVERIFY2(top.out.contains(function), qPrintable(QString("%1 is not in go tool pprof -top:\n%2").arg(function, top.out)));

        const Ran raw = pprof({"-raw", path});
        QVERIFY2(raw.exitCode == 0, qPrintable(raw.out));
        // -raw prints the sample types on the line after "Samples:".
        const qsizetype at = raw.out.indexOf("Samples:\n");
        QVERIFY2(at >= 0, qPrintable(raw.out.left(2000)));
        const QString sampleTypes = raw.out.mid(at).section('\n', 1, 1);
        for (const char* event : {"task-clock", "context-switches", "page-faults"})
            QVERIFY2(sampleTypes.contains(event), qPrintable(QString("%1 is no sample type:\n%2").arg(event, sampleTypes)));
        std::string err;
        QCOMPARE(agent.stop(err), 0);
    }

    // Without a token (the default: loopback only), pprof fetches the profile itself, as docs/agent.md shows.
    void goToolPprofFetchesTheUrl() {
        ServeAgent agent;
        const std::string why = agent.start({"-e", "cpu-clock"});
        QVERIFY2(why.empty(), why.c_str());
        const QString url = QString("http://127.0.0.1:%1/debug/pprof/profile?seconds=1").arg(agent.port());
        const Ran top = pprof({"-top", url});
        QVERIFY2(top.exitCode == 0, qPrintable(top.out));
        QVERIFY2(top.out.contains("Type: "), qPrintable(top.out));
        std::string err;
        QCOMPARE(agent.stop(err), 0);
    }
};

QTEST_GUILESS_MAIN(TestServePprof)
#include "test_serve_pprof.moc"
