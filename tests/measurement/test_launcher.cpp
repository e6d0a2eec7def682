#include <QtTest>

#include <csignal>
#include <sys/stat.h>
#include <sys/wait.h>

#include "backends/CountingTestSupport.h"
#include "core/measurement/Launcher.h"
#include "core/measurement/ProgramLookup.h"

using namespace perfdash;

namespace {

// True when this process has no child at all (none running, no zombie).
bool noChildren() { return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD; }

std::string writeFile(const QTemporaryDir& dir, const char* name, const std::string& text, mode_t mode) {
    const std::string path = dir.filePath(name).toStdString();
    QFile f(QString::fromStdString(path));
    f.open(QIODevice::WriteOnly);
    f.write(text.data(), static_cast<qint64>(text.size()));
    f.close();
    ::chmod(path.c_str(), mode);
    return path;
}

struct Finished {
    int status = -1;
    std::string out;
    std::string err;
    std::string error;
};

Finished runToEnd(LaunchOptions options) {
    options.captureOutput = true;
    Finished f;
    auto child = LaunchedProcess::start(options);
    if (!child) {
        f.error = child.error().message;
        return f;
    }
    if (Status s = (*child)->release(); !s) {
        f.error = s.error().message;
        return f;
    }
    auto status = (*child)->wait();
    if (!status) {
        f.error = status.error().message;
        return f;
    }
    f.status = *status;
    for (const OutputChunk& c : (*child)->output()->take())
        (c.stream == OutputChunk::Stream::Stdout ? f.out : f.err) += c.text;
    return f;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

} // namespace

class TestLauncher : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY2(noChildren(), "the test must start without child processes"); }

    void findsProgramsInPath() {
        auto sh = findProgram("sh", "/nonexistent:/usr/bin:/bin");
        QVERIFY(sh.ok());
        QVERIFY(sh->ends_with("/sh"));
        QCOMPARE(*findProgram(PERFDASH_WORKLOAD, "/usr/bin"), std::string(PERFDASH_WORKLOAD));
    }

    void explainsProgramsThatCannotRun_data() {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not in PATH") << "perfdash-no-such-program" << "no such program in PATH";
        QTest::newRow("missing path") << "./perfdash-no-such-file" << "no such file";
        QTest::newRow("directory") << "/tmp" << "is a directory";
        QTest::newRow("not a regular file") << "/dev/null" << "not a regular file";
    }
    void explainsProgramsThatCannotRun() {
        QFETCH(QString, program);
        QFETCH(QString, expected);
        LaunchOptions options;
        options.command = {program.toStdString()};
        auto child = LaunchedProcess::start(options);
        QVERIFY(!child.ok());
        const std::string& message = child.error().message;
        QVERIFY2(contains(message, "'" + program.toStdString() + "'"), message.c_str()); // names the program
        QVERIFY2(contains(message, expected.toStdString()), message.c_str());
        QVERIFY2(noChildren(), "nothing may be forked for a program that cannot run");
    }

    void explainsFileThatIsNotExecutable() {
        QTemporaryDir dir;
        const std::string path = writeFile(dir, "script", "#!/bin/sh\necho hi\n", 0644);
        LaunchOptions options;
        options.command = {path};
        auto child = LaunchedProcess::start(options);
        QVERIFY(!child.ok());
        QVERIFY2(contains(child.error().message, "not executable"), child.error().message.c_str());
        QVERIFY2(contains(child.error().message, "chmod +x " + path), child.error().message.c_str());
        QVERIFY(noChildren());
    }

    void rejectsBadEnvironmentAndWorkingDirectoryBeforeForking() {
        LaunchOptions options;
        options.command = {"sh", "-c", "true"};
        options.environment = {"NOEQUALSSIGN"};
        auto badEnv = LaunchedProcess::start(options);
        QVERIFY(!badEnv.ok());
        QVERIFY2(contains(badEnv.error().message, "NAME=value"), badEnv.error().message.c_str());
        options.environment.clear();
        options.workingDirectory = "/nonexistent/perfdash";
        auto badDir = LaunchedProcess::start(options);
        QVERIFY(!badDir.ok());
        QVERIFY2(contains(badDir.error().message, "/nonexistent/perfdash"), badDir.error().message.c_str());
        QVERIFY(noChildren());
    }

    void reportsExecFailureAndLeavesNoRun() {
        QTemporaryDir dir;
        const std::string garbage = writeFile(dir, "garbage", "this is not a program\n", 0755);
        const std::string noInterpreter = writeFile(dir, "orphan", "#!/nonexistent/interpreter\n", 0755);
        for (const auto& [path, why] : {std::pair{garbage, std::string("'#!'")},
                                        std::pair{noInterpreter, std::string("interpreter")}}) {
            LaunchOptions options;
            options.command = {path};
            auto child = LaunchedProcess::start(options); // resolves fine: a regular executable file
            QVERIFY2(child.ok(), child.ok() ? "" : child.error().message.c_str());
            Status released = (*child)->release();
            QVERIFY(!released.ok());
            QVERIFY2(contains(released.error().message, path), released.error().message.c_str());
            QVERIFY2(contains(released.error().message, why), released.error().message.c_str());
            child->reset();
            QVERIFY(noChildren());
        }
    }

    void givesExitCodeOrSignal() {
        LaunchOptions exits;
        exits.command = {"sh", "-c", "exit 3"};
        QCOMPARE(runToEnd(exits).status, 3);
        LaunchOptions killed;
        killed.command = {"sh", "-c", "kill -TERM $$"};
        QCOMPARE(runToEnd(killed).status, 128 + SIGTERM);
    }

    void capturesOutputWithEnvironmentAndWorkingDirectory() {
        QTemporaryDir dir;
        LaunchOptions options;
        options.command = {"sh", "-c", "echo \"$PERFDASH_GREETING\"; pwd; echo oops >&2"};
        options.environment = {"PERFDASH_GREETING=hello"};
        options.workingDirectory = dir.path().toStdString();
        options.stdinFromNull = true;
        const Finished f = runToEnd(options);
        QVERIFY2(f.error.empty(), f.error.c_str());
        QCOMPARE(f.out, "hello\n" + dir.path().toStdString() + "\n");
        QCOMPARE(f.err, std::string("oops\n"));
        QCOMPARE(f.status, 0);
    }

    void childStartsWithDefaultSignalHandling() {
        // Launched from a thread that blocks SIGUSR1 and ignores SIGINT, the
        // program must still get both (Ctrl-C must stop it).
        sigset_t usr1, previousMask;
        sigemptyset(&usr1);
        sigaddset(&usr1, SIGUSR1);
        pthread_sigmask(SIG_BLOCK, &usr1, &previousMask);
        struct sigaction ignore{}, previousInt{};
        ignore.sa_handler = SIG_IGN;
        sigaction(SIGINT, &ignore, &previousInt);

        LaunchOptions options;
        options.command = {"grep", "-E", "^Sig(Blk|Ign)", "/proc/self/status"};
        const Finished f = runToEnd(options);

        sigaction(SIGINT, &previousInt, nullptr);
        pthread_sigmask(SIG_SETMASK, &previousMask, nullptr);
        QVERIFY2(f.error.empty(), f.error.c_str());
        QVERIFY2(contains(f.out, "SigBlk:\t0000000000000000"), f.out.c_str());
        QVERIFY2(contains(f.out, "SigIgn:\t0000000000000000"), f.out.c_str());
    }

    void pinsTheChildToItsCpus() {
        const int cpu = testing::onlineCpuCount() - 1;
        LaunchOptions options;
        options.command = {PERFDASH_WORKLOAD, "where"};
        options.cpus = {cpu};
        const Finished f = runToEnd(options);
        QVERIFY2(f.error.empty(), f.error.c_str());
        QCOMPARE(f.out, "cpus " + std::to_string(cpu) + "\n");
    }

    void reportsCpusItCannotPinTo() {
        LaunchOptions options;
        options.command = {PERFDASH_WORKLOAD, "where"};
        options.cpus = {testing::onlineCpuCount() + 1000};
        auto child = LaunchedProcess::start(options);
        QVERIFY(!child.ok());
        QVERIFY2(contains(child.error().message, "cannot pin"), child.error().message.c_str());
        QVERIFY(noChildren());
    }

    void abandonedHeldChildNeverRuns() {
        QTemporaryDir dir;
        const std::string marker = dir.filePath("ran").toStdString();
        LaunchOptions options;
        options.command = {"sh", "-c", "touch " + marker};
        {
            auto child = LaunchedProcess::start(options);
            QVERIFY(child.ok());
            QVERIFY(!(*child)->wait().ok()); // not released: it cannot have run
        }
        QVERIFY(noChildren());
        QVERIFY(!QFile::exists(QString::fromStdString(marker)));
    }
};

QTEST_GUILESS_MAIN(TestLauncher)
#include "test_launcher.moc"
