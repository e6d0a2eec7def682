// The Hosts page without agents: what it keeps where (the list in the
// settings, each token in a file of its own that only the user can read,
// never in the settings file), the address check, and a host that cannot be
// reached shown with the reason (the connection refused on a port nobody
// listens on) instead of a hang.
#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/socket.h>
#include <sys/stat.h>
#include <netinet/in.h>
#include <unistd.h>

#include "widgets/fleet/HostsPage.h"

using namespace perfdash;

namespace {

mode_t modeOf(const QString& path) {
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? (st.st_mode & 0777) : 0;
}

// A loopback port bound but not listening: connecting to it is refused at once.
int refusingPort(int& fd) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof a;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &length) != 0)
        return 0;
    return ntohs(a.sin_port);
}

} // namespace

class TestHostsPage : public QObject {
    Q_OBJECT

private slots:
    void addressesAreChecked() {
        QCOMPARE(checkAgentAddress("node07:9464"), QString());
        QCOMPARE(checkAgentAddress("10.0.0.7:9464"), QString());
        QCOMPARE(checkAgentAddress("[fd00::7]:9464"), QString());
        for (const char* wrong : {"node07", "node07:", ":9464", "node07:0", "node07:70000", "fd00::7:9464", "a b:1"})
            QVERIFY2(checkAgentAddress(wrong).contains("is not host:port"), wrong);
    }

    void hostsAndTokensAreKeptApart() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString ini = dir.filePath("perfdash.ini"), tokens = dir.filePath("tokens");
        int fd = -1;
        const int port = refusingPort(fd);
        QVERIFY(port > 0);
        const QString address = QString("127.0.0.1:%1").arg(port);
        {
            QSettings settings(ini, QSettings::IniFormat);
            HostsPage page(settings, HostTokens(tokens));
            QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
            QVERIFY(!page.addHost("no-port", "x"));
            QCOMPARE(page.model()->rowCount(), 0);
            QVERIFY(page.addHost(address, "s3cret-token"));
            QCOMPARE(page.model()->hosts(), QStringList{address});
            // Nobody listens there: the row says so, with the reason, and the GUI went on meanwhile.
            const QModelIndex state = page.model()->index(0, FleetModel::StateColumn);
            QTRY_VERIFY_WITH_TIMEOUT(page.model()->data(state).toString().contains("trying again"), 30000);
            QVERIFY2(page.model()->data(state).toString().contains("refused", Qt::CaseInsensitive),
                     qPrintable(page.model()->data(state).toString()));
        }
        ::close(fd);
        QFile settingsFile(ini);
        QVERIFY(settingsFile.open(QIODevice::ReadOnly));
        const QByteArray saved = settingsFile.readAll();
        QVERIFY2(saved.contains(address.toUtf8()), saved.constData());
        QVERIFY2(!saved.contains("s3cret-token"), "the token is in the plain settings file");
        QCOMPARE(modeOf(tokens), mode_t(0700));
        const QStringList files = QDir(tokens).entryList(QDir::Files);
        QCOMPARE(files.size(), 1);
        QCOMPARE(modeOf(tokens + "/" + files.front()), mode_t(0600));
        QCOMPARE(HostTokens(tokens).load(address), QString("s3cret-token"));

        // The next start watches the same host; removing it forgets its token.
        QSettings settings(ini, QSettings::IniFormat);
        HostsPage page(settings, HostTokens(tokens));
        QCOMPARE(page.model()->hosts(), QStringList{address});
        page.removeHost(address);
        QCOMPARE(page.model()->rowCount(), 0);
        QVERIFY(QDir(tokens).entryList(QDir::Files).isEmpty());
        QCOMPARE(settings.value("fleet/hosts").toStringList(), QStringList());
    }
};

QTEST_MAIN(TestHostsPage)
#include "test_hosts_page.moc"
