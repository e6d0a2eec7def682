#include "widgets/hosts/HostTokens.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusReply>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QPointer>
#include <QStandardPaths>
#include <QUrl>

#include <qt6keychain/keychain.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/util/AtomicFile.h"

namespace perfdash {

namespace {

constexpr const char* kSecretService = "org.freedesktop.secrets";
// The keyring's entries are named by this service and the agent's address.
constexpr const char* kKeychainService = "perfdash agent tokens";

// Calls `done` on `context`'s thread unless `context` is gone by then.
template <class Job, class Then>
void startJob(Job* job, QObject* context, Then then) {
    QPointer<QObject> guard(context);
    QObject::connect(job, &QKeychain::Job::finished, context, [guard, then](QKeychain::Job* finished) {
        if (guard) then(*static_cast<Job*>(finished));
    });
    job->setAutoDelete(true);
    job->start();
}

// Moves an earlier perfdash's token file to its name now: made private to the user first (it was written
// with the default access and only then made 0600), then linked to the new name, which link(2) never
// replaces (a token kept there meanwhile wins), then its old name removed. Empty, else why it failed.
QString moveLegacyFile(const QString& from, const QString& to) {
    const QByteArray source = QFile::encodeName(from), target = QFile::encodeName(to);
    const int fd = ::open(source.constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st {};
    const bool moved = fd >= 0 && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::fchmod(fd, 0600) == 0 &&
                       (::link(source.constData(), target.constData()) == 0 || errno == EEXIST) &&
                       ::unlink(source.constData()) == 0;
    const int error = errno;
    if (fd >= 0) ::close(fd);
    if (moved) return {};
    if (fd >= 0 && !S_ISREG(st.st_mode)) return QStringLiteral("it is not a plain file");
    return QString::fromLocal8Bit(std::strerror(error));
}

// A token file's token; empty when there is none.
QString readToken(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()).trimmed() : QString();
}

} // namespace

HostTokens::HostTokens(Store store, QString directory) : store_(store), directory_(std::move(directory)) {}

QString HostTokens::defaultDirectory() {
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + "/agent-tokens";
}

bool HostTokens::secretServiceReachable() {
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected() || !bus.interface()) return false;
    QDBusConnectionInterface* dbus = bus.interface();
    if (dbus->isServiceRegistered(kSecretService)) return true;
    const QDBusReply<QStringList> activatable = dbus->activatableServiceNames();
    return activatable.isValid() && activatable.value().contains(kSecretService);
}

HostTokens HostTokens::forThisSession() {
    return HostTokens(secretServiceReachable() ? Store::SecretService : Store::Files, defaultDirectory());
}

QString HostTokens::storeDescription() const {
    if (store_ == Store::SecretService)
        return QCoreApplication::translate("perfdash::HostTokens", "the desktop's keyring (Secret Service), under \"%1\"")
            .arg(kKeychainService);
    return QCoreApplication::translate("perfdash::HostTokens",
                                       "files readable only by you in %1 (no Secret Service on this session's bus)")
        .arg(directory_);
}

// Percent-encoding is one-to-one ('%' itself is encoded): "a:1" and "a_1" get different files.
QString HostTokens::fileOf(const QString& address) const {
    return directory_ + '/' + QString::fromLatin1(QUrl::toPercentEncoding(address));
}

QString HostTokens::legacyFileOf(const QString& address) const {
    QString name = address;
    for (QChar& c : name)
        if (!c.isLetterOrNumber() && c != '.' && c != '-') c = '_';
    return directory_ + '/' + name;
}

void HostTokens::store(const QString& address, const QString& token, QObject* context,
                       std::function<void(Status)> done) const {
    if (store_ == Store::SecretService) {
        auto* job = new QKeychain::WritePasswordJob(kKeychainService);
        job->setKey(address);
        job->setTextData(token);
        startJob(job, context, [done, address](const QKeychain::WritePasswordJob& j) {
            if (j.error() == QKeychain::NoError) return done({});
            done(makeError("the desktop's keyring did not keep the token of " + address.toStdString() + ": " +
                           j.errorString().toStdString() + " (unlock the keyring and add the host again)"));
        });
        return;
    }
    if (!QDir().mkpath(directory_) || ::chmod(QFile::encodeName(directory_).constData(), 0700) != 0)
        return done(makeError("cannot make the token directory " + directory_.toStdString() + " private to you"));
    done(writeFileAtomically(QFile::encodeName(fileOf(address)).toStdString(), token.toStdString(),
                             FileAccess::OwnerOnly));
}

void HostTokens::load(const QString& address, QObject* context, std::function<void(QString, QString)> done) const {
    if (store_ == Store::SecretService) {
        auto* job = new QKeychain::ReadPasswordJob(kKeychainService);
        job->setKey(address);
        startJob(job, context, [done, address, context, directory = directory_](const QKeychain::ReadPasswordJob& j) {
            if (j.error() == QKeychain::NoError) return done(j.textData(), {});
            if (j.error() == QKeychain::EntryNotFound) {
                // Kept in a file before the keyring held tokens (perfdash's first versions, or a session
                // without a keyring), under either file name: moved into the keyring, the file removed
                // once the keyring has it (until then it stays, and is read again next time).
                const HostTokens files(Store::Files, directory);
                QString token = readToken(files.fileOf(address));
                if (token.isEmpty()) token = readToken(files.legacyFileOf(address));
                if (token.isEmpty()) return done({}, {});
                HostTokens(Store::SecretService, directory).store(address, token, context, [files, address](const Status& kept) {
                    if (!kept) return;
                    QFile::remove(files.fileOf(address));
                    QFile::remove(files.legacyFileOf(address));
                });
                return done(token, {});
            }
            done({}, QCoreApplication::translate("perfdash::HostTokens",
                                                 "the desktop's keyring did not give the token of %1: %2")
                         .arg(address, j.errorString()));
        });
        return;
    }
    QString path = fileOf(address), problem;
    if (const QString legacy = legacyFileOf(address); !QFile::exists(path) && QFile::exists(legacy)) {
        if (const QString why = moveLegacyFile(legacy, path); !why.isEmpty()) {
            problem = QCoreApplication::translate("perfdash::HostTokens",
                                                  "the token of %1 is kept under its old file name %2, which "
                                                  "cannot be moved to %3 (%4): add %1 again with its token")
                          .arg(address, legacy, path, why);
            path = legacy; // still the token, for this start
        }
    }
    done(readToken(path), problem);
}

void HostTokens::remove(const QString& address) const {
    if (store_ == Store::SecretService) {
        auto* job = new QKeychain::DeletePasswordJob(kKeychainService);
        job->setKey(address);
        job->setAutoDelete(true);
        job->start(); // nothing to tell: a token that was not there is as good as removed
        return;
    }
    QFile::remove(fileOf(address));
}

} // namespace perfdash
