#include "widgets/fleet/HostTokens.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include <sys/stat.h>

#include "core/util/AtomicFile.h"

namespace perfdash {

HostTokens::HostTokens(QString directory) : directory_(std::move(directory)) {}

QString HostTokens::defaultDirectory() {
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + "/agent-tokens";
}

QString HostTokens::fileOf(const QString& address) const {
    QString name = address;
    for (QChar& c : name)
        if (!c.isLetterOrNumber() && c != '.' && c != '-') c = '_'; // "[::1]:9464" -> "___1__9464"
    return directory_ + '/' + name;
}

Status HostTokens::store(const QString& address, const QString& token) {
    if (!QDir().mkpath(directory_) || ::chmod(QFile::encodeName(directory_).constData(), 0700) != 0)
        return makeError("cannot make the token directory " + directory_.toStdString() + " private to you");
    const QString file = fileOf(address);
    if (Status s = writeFileAtomically(file.toStdString(), token.toStdString()); !s) return s;
    ::chmod(QFile::encodeName(file).constData(), 0600);
    return {};
}

QString HostTokens::load(const QString& address) const {
    QFile file(fileOf(address));
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll()).trimmed();
}

void HostTokens::remove(const QString& address) { QFile::remove(fileOf(address)); }

} // namespace perfdash
