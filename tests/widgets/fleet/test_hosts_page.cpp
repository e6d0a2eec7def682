// The Hosts page: what it keeps where (the list in the settings, each token
// in a file of its own that only the user can read, never in the settings
// file), the address check, and a host that cannot be reached shown with the
// reason (the connection refused on a port nobody listens on) instead of a
// hang. Then with real agents (perfdash-cli serve on loopback): each host's
// own account of itself (GET /api/v1/info) below the table, or why it failed
// (a wrong token); what was watched saved as a fleet session, opened again
// and shown with the same figures, a host of it replayed and two compared;
// a recording whose journals cannot be written says so on the page and
// still saves what it received.
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

#include <QSignalSpy>
#include <QLabel>
#include <QTableView>
#include <QTextBrowser>

#include "../../cli/ServeAgent.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportMerge.h"
#include "core/report/SessionFiles.h"
#include "core/util/AtomicFile.h"
#include "widgets/fleet/AgentSession.h"
#include "widgets/fleet/HostsPage.h"

using namespace perfdash;
using perfdash::testing::ServeAgent;

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

HostTokens fileTokens(const QString& directory) { return HostTokens(HostTokens::Store::Files, directory); }

// Every cell's text, row by row in host order: what the user reads in the table.
QStringList cells(const FleetModel& model) {
    QStringList out;
    QStringList hosts = model.hosts();
    hosts.sort();
    for (const QString& host : hosts) {
        const int row = static_cast<int>(model.hosts().indexOf(host));
        QStringList line{host};
        for (int c = FleetModel::FirstMetricColumn; c < model.columnCount(); ++c)
            line << model.headerData(c, Qt::Horizontal).toString() + "=" + model.index(row, c).data().toString();
        out << line.join(" | ");
    }
    return out;
}

void selectHost(HostsPage& page, const QString& host, QItemSelectionModel::SelectionFlags how) {
    QAbstractItemModel* shown = page.table()->model();
    for (int r = 0; r < shown->rowCount(); ++r)
        if (shown->index(r, FleetModel::HostColumn).data().toString() == host) {
            page.table()->selectionModel()->setCurrentIndex(shown->index(r, FleetModel::HostColumn),
                                                             how | QItemSelectionModel::Rows);
            return;
        }
    QFAIL(qPrintable(host + " is not in the table"));
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
            HostsPage page(settings, fileTokens(tokens));
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
        QFile tokenFile(fileTokens(tokens).fileOf(address));
        QVERIFY(tokenFile.open(QIODevice::ReadOnly));
        QCOMPARE(tokenFile.readAll(), QByteArray("s3cret-token"));

        // The next start watches the same host; removing it forgets its token.
        QSettings settings(ini, QSettings::IniFormat);
        HostsPage page(settings, fileTokens(tokens));
        QCOMPARE(page.model()->hosts(), QStringList{address});
        page.removeHost(address);
        QCOMPARE(page.model()->rowCount(), 0);
        QVERIFY(QDir(tokens).entryList(QDir::Files).isEmpty());
        QCOMPARE(settings.value("fleet/hosts").toStringList(), QStringList());
    }

    // The journals' directory cannot be made (a file is in its way, which stops root too): the page says
    // so under the form, and what the agent sent is still all saved, from memory.
    void anUnwritableJournalIsShownAndTheSessionKeepsItsIntervals() {
        if (qEnvironmentVariable("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        QTemporaryDir dir;
        const QString blocker = dir.filePath("blocker");
        QVERIFY(QFile(blocker).open(QIODevice::WriteOnly));
        const QByteArray savedXdg = qgetenv("XDG_DATA_HOME");
        qputenv("XDG_DATA_HOME", blocker.toLocal8Bit()); // the sessions directory: under the file
        QSettings settings(dir.filePath("perfdash.ini"), QSettings::IniFormat);
        HostsPage page(settings, fileTokens(dir.filePath("tokens")));
        savedXdg.isNull() ? qunsetenv("XDG_DATA_HOME") : qputenv("XDG_DATA_HOME", savedXdg);
        ServeAgent agent;
        const std::string started = agent.start({"-g", "SOFTWARE", "--interval", "1s"});
        QVERIFY2(started.empty(), started.c_str());
        QVERIFY(page.addHost(QString("127.0.0.1:%1").arg(agent.port()), ""));
        page.show();
        QTRY_VERIFY_WITH_TIMEOUT(!page.recordingProblem().isEmpty(), 120000);
        QVERIFY2(page.recordingProblem().contains(blocker), qPrintable(page.recordingProblem()));
        bool shown = false;
        for (const QLabel* label : page.findChildren<QLabel*>())
            shown = shown || (label->isVisible() && label->text().contains(page.recordingProblem()));
        QVERIFY2(shown, "the page does not show why the intervals cannot be written");
        const Result<MeasurementResult> session = page.session();
        QVERIFY2(session, session ? "" : session.error().message.c_str());
        QVERIFY(!session->hosts.empty() && !session->hosts[0].intervals.empty());
    }

    void realAgentsInfoAndSavedSession() {
        if (qEnvironmentVariable("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString tokenPath = dir.filePath("agent-token");
        QVERIFY(writeFileAtomically(tokenPath.toStdString(), "right-token", FileAccess::OwnerOnly).ok());
        ServeAgent open, guarded, refusing;
        const QStringList counting{"-g", "SOFTWARE", "--interval", "1s"};
        std::string started = open.start(counting);
        QVERIFY2(started.empty(), started.c_str());
        started = guarded.start(counting + QStringList{"--token-file", tokenPath});
        QVERIFY2(started.empty(), started.c_str());
        started = refusing.start(counting + QStringList{"--token-file", tokenPath});
        QVERIFY2(started.empty(), started.c_str());
        const QString a = QString("127.0.0.1:%1").arg(open.port()), b = QString("127.0.0.1:%1").arg(guarded.port()),
                      wrong = QString("127.0.0.1:%1").arg(refusing.port());

        QSettings settings(dir.filePath("perfdash.ini"), QSettings::IniFormat);
        HostsPage page(settings, fileTokens(dir.filePath("tokens")));
        QVERIFY(page.addHost(a, ""));
        QVERIFY(page.addHost(b, "right-token"));
        QVERIFY(page.addHost(wrong, "wrong-token"));

        // The host's info below the table: its machine and what it counts; a refused token says so.
        selectHost(page, a, QItemSelectionModel::ClearAndSelect);
        QTRY_VERIFY_WITH_TIMEOUT(page.details()->toPlainText().contains("What it counts"), 60000);
        const QString info = page.details()->toPlainText();
        QVERIFY2(info.contains("SOFTWARE") && info.contains("page-faults") && info.contains("Kernel") &&
                     info.contains("Topology") && info.contains("What it can count"),
                 qPrintable(info));
        selectHost(page, wrong, QItemSelectionModel::ClearAndSelect);
        QTRY_VERIFY_WITH_TIMEOUT(page.details()->toPlainText().contains("401"), 60000);
        QVERIFY2(page.details()->toPlainText().contains("info (GET /api/v1/info) failed"),
                 qPrintable(page.details()->toPlainText()));
        page.removeHost(wrong);

        // Watched until both hosts sent two intervals; the table and the session are taken in one go.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const auto s = page.session();
                return s && s->hosts.size() == 2 && s->hosts[0].intervals.size() >= 2 && s->hosts[1].intervals.size() >= 2;
            }(),
            120000);
        const QStringList live = cells(*page.liveModel());
        const Result<MeasurementResult> session = page.session();
        QVERIFY2(session, session ? "" : session.error().message.c_str());
        QVERIFY2(live.size() == 2 && live[0].contains("SOFTWARE"), qPrintable(live.join("\n")));

        const QString path = dir.filePath("fleet.json");
        QVERIFY(writeFileAtomically(path.toStdString(), formatReportJson(*session)).ok());
        const Result<MeasurementResult> opened = openSessionFile(path.toStdString());
        QVERIFY2(opened, opened ? "" : opened.error().message.c_str());
        QCOMPARE(opened->hosts.size(), size_t(2));

        // Opened again on a page of its own: the same hosts with the same figures as the live table showed.
        QSettings otherSettings(dir.filePath("other.ini"), QSettings::IniFormat);
        HostsPage reopened(otherSettings, fileTokens(dir.filePath("other-tokens")));
        reopened.showSaved(*opened, "fleet.json");
        QVERIFY(reopened.showsSaved());
        QAbstractItemModelTester tester(reopened.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(cells(*reopened.model()), live);
        // Its info as saved: the machine its agent described while it was watched.
        selectHost(reopened, a, QItemSelectionModel::ClearAndSelect);
        QVERIFY2(reopened.details()->toPlainText().contains("Kernel"), qPrintable(reopened.details()->toPlainText()));

        // A host replays as a session of its own: its timeline and figures as saved.
        QSignalSpy replayed(&reopened, &HostsPage::savedHostOpened);
        QAbstractItemModel* shown = reopened.table()->model();
        for (int r = 0; r < shown->rowCount(); ++r)
            if (shown->index(r, FleetModel::HostColumn).data().toString() == b)
                emit reopened.table()->clicked(shown->index(r, FleetModel::HostColumn));
        QCOMPARE(replayed.size(), 1);
        const auto run = replayed.front().at(0).value<MeasurementResult>();
        QCOMPARE(replayed.front().at(1).toString(), b);
        const size_t bIndex = session->hosts[0].host == b.toStdString() ? 0 : 1;
        QCOMPARE(run.intervals.size(), session->hosts[bIndex].intervals.size());
        QCOMPARE(formatReportJson(run), formatReportJson(hostRun(*session, bIndex)));
        QVERIFY(run.groups[0].events[0].total.value >= 0);

        // Two hosts compared.
        QSignalSpy compared(&reopened, &HostsPage::compareRequested);
        selectHost(reopened, a, QItemSelectionModel::ClearAndSelect);
        QVERIFY(!reopened.compareSelected()); // one host is not a comparison
        selectHost(reopened, b, QItemSelectionModel::Select);
        QVERIFY(reopened.compareSelected());
        QCOMPARE(compared.size(), 1);
        const auto first = compared.front().at(0).value<MeasurementResult>();
        const auto second = compared.front().at(1).value<MeasurementResult>();
        QVERIFY(first.startedAt.size() > 0 && second.startedAt.size() > 0);
        QVERIFY(first.locations.size() > 0 && second.locations.size() > 0);

        reopened.showLive();
        QVERIFY(!reopened.showsSaved());
        QCOMPARE(reopened.model()->rowCount(), 0); // its own live list is empty

        // A host opened live describes itself from its info (its kernel, what it cannot count), or says why not.
        AgentSession watched;
        QSignalSpy described(&watched, &AgentSession::described);
        watched.open(a, "");
        QTRY_VERIFY_WITH_TIMEOUT(!described.isEmpty(), 60000);
        const QString kernel = QString::fromStdString(opened->hosts[0].machine.value("kernel", std::string("?")));
        QVERIFY2(described.front().front().toString().contains("Linux " + kernel),
                 qPrintable(described.front().front().toString()));
        watched.close();
        AgentSession refused;
        QSignalSpy refusal(&refused, &AgentSession::described);
        refused.open(b, "wrong-token");
        QTRY_VERIFY_WITH_TIMEOUT(!refusal.isEmpty(), 60000);
        QVERIFY2(refusal.front().front().toString().contains("401"), qPrintable(refusal.front().front().toString()));
        refused.close();
    }
};

QTEST_MAIN(TestHostsPage)
#include "test_hosts_page.moc"
