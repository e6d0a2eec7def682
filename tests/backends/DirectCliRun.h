#pragma once
// Runs perfdash-cli (PERFDASH_CLI) for the direct backends' end-to-end
// tests, as the user does, optionally as an unprivileged user.
#include <QProcess>
#include <QtTest>

#include <string>
#include <unistd.h>

namespace perfdash::testing {

struct CliRun {
    int status = -1; // exit code; -1 when it did not exit normally
    std::string out;
    std::string err;
};

inline QString fakeCountersProgram() { return QStringLiteral(PERFDASH_FAKE_COUNTERS); }

inline CliRun runCli(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment(),
                     bool asNobody = false) {
    QProcess p;
    p.setProcessEnvironment(env);
    if (asNobody)
        p.start("setpriv", QStringList{"--reuid=65534", "--regid=65534", "--clear-groups",
                                       qEnvironmentVariable("PERFDASH_CLI")} + args);
    else
        p.start(qEnvironmentVariable("PERFDASH_CLI"), args);
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return {-1, "", "perfdash-cli did not finish within 60 s"};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput().toStdString(),
            p.readAllStandardError().toStdString()};
}

// Why a test cannot run the CLI as another user here, or empty when it can.
inline std::string whyNotAsNobody() {
    if (geteuid() != 0) return "not root: the test's files are denied to this user directly";
    if (QStandardPaths::findExecutable("setpriv").isEmpty()) return "setpriv (util-linux) is not installed";
    return {};
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

} // namespace perfdash::testing
