#pragma once
// The user's data and configuration directories (XDG_DATA_HOME: sessions,
// the Hosts page's fleet journals; XDG_CONFIG_HOME: agent tokens, groups,
// thresholds) pointed at a temporary directory for as long as the object
// lives: a test that builds a MainWindow or a HostsPage never writes into
// the real home. A member of the test class, so that it is in place before
// the first test function and the directory outlives every window.
#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>
#include <QtGlobal>

namespace perfdash::test {

class TemporaryUserDirs {
public:
    TemporaryUserDirs()
        : savedData_(qgetenv("XDG_DATA_HOME")), savedConfig_(qgetenv("XDG_CONFIG_HOME")) {
        // Both must be absolute: the XDG spec (and so Qt and core) ignores a relative one.
        qputenv("XDG_DATA_HOME", QFile::encodeName(dir_.filePath(QStringLiteral("data"))));
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(dir_.filePath(QStringLiteral("config"))));
    }
    ~TemporaryUserDirs() {
        restore("XDG_DATA_HOME", savedData_);
        restore("XDG_CONFIG_HOME", savedConfig_);
    }
    TemporaryUserDirs(const TemporaryUserDirs&) = delete;
    TemporaryUserDirs& operator=(const TemporaryUserDirs&) = delete;

    bool isValid() const { return dir_.isValid(); }
    QString dataHome() const { return dir_.filePath(QStringLiteral("data")); }
    QString configHome() const { return dir_.filePath(QStringLiteral("config")); }

private:
    static void restore(const char* name, const QByteArray& saved) {
        if (saved.isNull()) qunsetenv(name);
        else qputenv(name, saved);
    }

    QByteArray savedData_, savedConfig_;
    QTemporaryDir dir_;
};

} // namespace perfdash::test
