// Where the Hosts page keeps agents' tokens (widgets/hosts/HostTokens.h), for
// real in both stores:
// - the file store: a 0700 directory, one 0600 file per host even under
//   umask 0, a file name per address that no other address shares ("a:1"
//   and "a_1"), removal; a token kept under an earlier perfdash's file name
//   moved to its name now, made 0600, and where it cannot be moved (a
//   read-only file system, for real) the problem naming the host; a token
//   file taken into the keyring when the keyring has none;
// - the Secret Service: a private session bus (dbus-daemon) with GNOME
//   Keyring's secrets component on it, in a home of the test's own, written
//   and read through QtKeychain; the token lands in the keyring, not in a
//   file. Without dbus-daemon or gnome-keyring-daemon that part is skipped
//   with the reason, never passed.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/mount.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "util/FullFileSystem.h"
#include "widgets/TemporaryUserDirs.h"
#include "widgets/hosts/HostTokens.h"

using namespace perfdash;

namespace {

// Writes `text` to `path` with the default access, as an earlier perfdash wrote a token before making it 0600.
bool writeLegacy(const QString& path, const QByteArray& text) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size() &&
           file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup |
                               QFileDevice::ReadOther);
}

QByteArray contents(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

mode_t modeOf(const QString& path) {
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? (st.st_mode & 0777) : 0;
}

// The store's answers, waited for (the Secret Service answers on the event loop).
struct Answers : QObject {
    bool stored = false;
    QString storeProblem;
    bool loaded = false;
    QString token, loadProblem;

    bool store(const HostTokens& tokens, const QString& address, const QString& token) {
        stored = false;
        tokens.store(address, token, this, [this](const Status& s) {
            stored = true;
            storeProblem = s ? QString() : QString::fromStdString(s.error().message);
        });
        return QTest::qWaitFor([this] { return stored; }, 60000);
    }
    bool load(const HostTokens& tokens, const QString& address) {
        loaded = false;
        tokens.load(address, this, [this](const QString& t, const QString& problem) {
            loaded = true;
            token = t;
            loadProblem = problem;
        });
        return QTest::qWaitFor([this] { return loaded; }, 60000);
    }
};

} // namespace

class TestHostTokens : public QObject {
    Q_OBJECT

    test::TemporaryUserDirs userDirs_; // forThisSession()'s directory: never the user's
    QTemporaryDir home_;
    QProcess bus_, keyring_;

private slots:
    void initTestCase() { QVERIFY2(userDirs_.isValid(), "no temporary directory for the user's config"); }

    void cleanupTestCase() {
        for (QProcess* p : {&keyring_, &bus_})
            if (p->state() != QProcess::NotRunning) {
                p->terminate();
                if (!p->waitForFinished(10000)) p->kill();
                p->waitForFinished(10000);
            }
    }

    void fileStoreIsPrivateAndOneToOne() {
        QTemporaryDir dir;
        const QString directory = dir.filePath("tokens");
        const HostTokens tokens(HostTokens::Store::Files, directory);
        QVERIFY(tokens.storeDescription().contains(directory));
        QVERIFY(tokens.fileOf("a:1") != tokens.fileOf("a_1"));
        QVERIFY(tokens.fileOf("[fd00::7]:9464") != tokens.fileOf("_fd00__7__9464"));
        Answers answers;
        const mode_t mask = ::umask(0); // a file written with the default access would be 0666
        const bool stored = answers.store(tokens, "a:1", "colon") && answers.storeProblem.isEmpty() &&
                            answers.store(tokens, "a_1", "underscore") && answers.storeProblem.isEmpty();
        ::umask(mask);
        QVERIFY2(stored, qPrintable(answers.storeProblem));
        QCOMPARE(modeOf(directory), mode_t(0700));
        const QStringList files = QDir(directory).entryList(QDir::Files);
        QCOMPARE(files.size(), 2); // and no temporary file left
        for (const QString& f : files) QCOMPARE(modeOf(directory + '/' + f), mode_t(0600));
        QVERIFY(answers.load(tokens, "a:1"));
        QCOMPARE(answers.token, QString("colon"));
        QVERIFY(answers.load(tokens, "a_1"));
        QCOMPARE(answers.token, QString("underscore"));
        // Removing one leaves the other. ("a_1" goes: while it is there, it is also the name an earlier
        // perfdash gave the file of "a:1", which "a:1" would take as its own once its file is gone.)
        tokens.remove("a_1");
        QVERIFY(answers.load(tokens, "a_1"));
        QCOMPARE(answers.token, QString());
        QCOMPARE(answers.loadProblem, QString());
        QVERIFY(answers.load(tokens, "a:1"));
        QCOMPARE(answers.token, QString("colon"));
        tokens.remove("a:1");
        QVERIFY(answers.load(tokens, "a:1"));
        QCOMPARE(answers.token, QString());
        QVERIFY(QDir(directory).entryList(QDir::Files).isEmpty());
    }

    void legacyFileNamesAreMovedToTheirNamesNow() {
        QTemporaryDir dir;
        const QString directory = dir.filePath("tokens");
        QVERIFY(QDir().mkpath(directory));
        const HostTokens tokens(HostTokens::Store::Files, directory);
        const QString address = "[fd00::7]:9464";
        QCOMPARE(tokens.legacyFileOf(address), directory + "/_fd00__7__9464"); // as the earlier perfdash named it
        QVERIFY(writeLegacy(tokens.legacyFileOf(address), "old-token\n"));
        Answers answers;
        QVERIFY(answers.load(tokens, address));
        QCOMPARE(answers.loadProblem, QString());
        QCOMPARE(answers.token, QString("old-token"));
        QVERIFY(!QFile::exists(tokens.legacyFileOf(address)));
        QCOMPARE(contents(tokens.fileOf(address)), QByteArray("old-token\n"));
        QCOMPARE(modeOf(tokens.fileOf(address)), mode_t(0600));
        QCOMPARE(QDir(directory).entryList(QDir::Files), QStringList{QFileInfo(tokens.fileOf(address)).fileName()});

        // A token kept under the name now wins: an old file beside it is not read, and not moved over it.
        QVERIFY(writeLegacy(tokens.legacyFileOf(address), "stale-token"));
        QVERIFY(answers.load(tokens, address));
        QCOMPARE(answers.token, QString("old-token"));
        QCOMPARE(answers.loadProblem, QString());
        QCOMPARE(contents(tokens.fileOf(address)), QByteArray("old-token\n"));
    }

    // On a read-only file system the old file stays: its token still loads, and the problem says which
    // host's token to enter again.
    void aLegacyFileThatCannotBeMovedIsReported() {
        testing::FullFileSystem fs;
        if (!fs.whyNot().empty()) QSKIP(fs.whyNot().c_str());
        const QString mountPoint = QFileInfo(fs.filePath("x")).absolutePath();
        const QString directory = fs.filePath("tokens");
        QVERIFY(QDir().mkpath(directory));
        const HostTokens tokens(HostTokens::Store::Files, directory);
        const QString address = "node07:9464";
        QVERIFY(writeLegacy(tokens.legacyFileOf(address), "old-token"));
        QVERIFY2(::mount("tmpfs", QFile::encodeName(mountPoint).constData(), "tmpfs",
                         MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, "size=256k") == 0,
                 std::strerror(errno));
        Answers answers;
        const bool loaded = answers.load(tokens, address);
        ::mount("tmpfs", QFile::encodeName(mountPoint).constData(), "tmpfs", MS_REMOUNT | MS_NOSUID | MS_NODEV,
                "size=256k");
        QVERIFY(loaded);
        QCOMPARE(answers.token, QString("old-token"));
        QVERIFY2(answers.loadProblem.contains(address) && answers.loadProblem.contains("add " + address + " again") &&
                     answers.loadProblem.contains(tokens.legacyFileOf(address)) &&
                     answers.loadProblem.contains(QString::fromLocal8Bit(std::strerror(EROFS))),
                 qPrintable(answers.loadProblem));
        QVERIFY(QFile::exists(tokens.legacyFileOf(address)));
        QVERIFY(!QFile::exists(tokens.fileOf(address)));
    }

    // Runs last: it points this process's session bus at a bus of its own.
    void secretServiceKeepsTheToken() {
        const QString daemon = QStandardPaths::findExecutable("dbus-daemon");
        const QString keyring = QStandardPaths::findExecutable("gnome-keyring-daemon");
        if (daemon.isEmpty()) QSKIP("dbus-daemon is not installed (Debian package dbus-daemon): no session bus to test on");
        if (keyring.isEmpty())
            QSKIP("gnome-keyring-daemon is not installed (Debian package gnome-keyring): no Secret Service to test");
        QVERIFY(home_.isValid());
        // The keyring's files go to the test's own home, never the user's.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("HOME", home_.path());
        env.insert("XDG_DATA_HOME", home_.filePath("data"));
        env.insert("XDG_RUNTIME_DIR", home_.path());
        ::chmod(QFile::encodeName(home_.path()).constData(), 0700);
        bus_.setProcessEnvironment(env);
        bus_.start(daemon, {"--session", "--nofork", "--print-address=1"});
        QVERIFY2(bus_.waitForStarted(30000), qPrintable(bus_.errorString()));
        QByteArray address;
        QVERIFY(QTest::qWaitFor([&] {
            bus_.waitForReadyRead(100);
            address += bus_.readAllStandardOutput();
            return address.contains('\n');
        }, 60000));
        address = address.trimmed();
        env.insert("DBUS_SESSION_BUS_ADDRESS", QString::fromUtf8(address));
        // Before this process first uses its session bus: from here on it is this one.
        qputenv("DBUS_SESSION_BUS_ADDRESS", address);
        keyring_.setProcessEnvironment(env);
        // --unlock reads the login keyring's password from stdin, which the shell's pipe gives it whole
        // before the daemon starts (no write of this process can come late), then ends.
        keyring_.start("/bin/sh", {"-c", "printf %s test-keyring-password | exec \"$0\" --foreground --unlock "
                                         "--components=secrets",
                                   keyring});
        QVERIFY2(keyring_.waitForStarted(30000), qPrintable(keyring_.errorString()));
        QVERIFY2(QTest::qWaitFor([] { return HostTokens::secretServiceReachable(); }, 60000),
                 "gnome-keyring-daemon did not register org.freedesktop.secrets on the test's bus");

        const HostTokens tokens = HostTokens::forThisSession();
        QCOMPARE(tokens.store(), HostTokens::Store::SecretService);
        QVERIFY(tokens.storeDescription().contains("Secret Service"));
        Answers answers;
        // gnome-keyring-daemon takes its bus name before its login keyring
        // (made from the password on stdin) is on the bus: a store in between
        // gets "Object does not exist at path .../collection/login" (seen
        // under load). That is the daemon starting, not the store: retry
        // until the keyring takes the token, and fail if it never does.
        const bool kept = QTest::qWaitFor([&] {
            return answers.store(tokens, "node07:9464", "keyring-token") && answers.storeProblem.isEmpty();
        }, 60000);
        // The daemon's own words go with a failure: a fresh clone's run under load once failed here for the
        // whole minute, with nothing to tell why.
        QVERIFY2(kept, qPrintable(answers.storeProblem + QStringLiteral("; gnome-keyring-daemon wrote: ") +
                                  QString::fromLocal8Bit(keyring_.readAllStandardError() + keyring_.readAllStandardOutput())));
        QVERIFY(answers.load(tokens, "node07:9464"));
        QVERIFY2(answers.loadProblem.isEmpty(), qPrintable(answers.loadProblem));
        QCOMPARE(answers.token, QString("keyring-token"));
        QVERIFY(!QFile::exists(tokens.fileOf("node07:9464"))); // in the keyring, not in a file
        // The keyring's own file holds it (encrypted): it is the keyring that keeps it, not this process.
        QVERIFY(!QDir(home_.filePath("data/keyrings")).entryList(QDir::Files).isEmpty());
        tokens.remove("node07:9464");
        QVERIFY(QTest::qWaitFor([&] { return answers.load(tokens, "node07:9464") && answers.token.isEmpty(); }, 60000));
        QCOMPARE(answers.loadProblem, QString());

        // A token kept in a file before the keyring held tokens (here under the old file name): read from
        // there, moved into the keyring, and the file removed once it is there.
        QTemporaryDir files;
        const HostTokens adopting(HostTokens::Store::SecretService, files.path());
        QVERIFY(writeLegacy(adopting.legacyFileOf("node08:9464"), "file-token"));
        QVERIFY(answers.load(adopting, "node08:9464"));
        QCOMPARE(answers.loadProblem, QString());
        QCOMPARE(answers.token, QString("file-token"));
        QVERIFY(QTest::qWaitFor([&] { return QDir(files.path()).entryList(QDir::Files).isEmpty(); }, 60000));
        QTemporaryDir noFiles; // from the keyring now, with no file anywhere
        QVERIFY(answers.load(HostTokens(HostTokens::Store::SecretService, noFiles.path()), "node08:9464"));
        QCOMPARE(answers.token, QString("file-token"));
        adopting.remove("node08:9464");
    }
};

QTEST_GUILESS_MAIN(TestHostTokens)
#include "test_host_tokens.moc"
