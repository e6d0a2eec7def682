#pragma once
// Runs Debian's promtool (package prometheus) on a text, as CI and users
// check exposition and rule files.
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

#include <string>

namespace perfdash::testing {

struct PromToolRun {
    bool ran = false;
    int exitCode = -1;
    std::string output; // stdout and stderr
};

inline QString promtoolPath() { return QStandardPaths::findExecutable("promtool"); }

// `promtool ARGS...` with `input` on stdin.
inline PromToolRun promtool(const QStringList& args, const std::string& input = {}) {
    PromToolRun r;
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(promtoolPath(), args);
    if (!p.waitForStarted(30000)) return r;
    p.write(input.data(), static_cast<qint64>(input.size()));
    p.closeWriteChannel();
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
        return r;
    }
    r.ran = p.exitStatus() == QProcess::NormalExit;
    r.exitCode = p.exitCode();
    r.output = p.readAll().toStdString();
    return r;
}

} // namespace perfdash::testing
