// The Hosts page: what it keeps where (the list in the settings, each token
// in a file of its own that only the user can read, never in the settings
// file), the address check, and a host that cannot be reached shown with the
// reason (the connection refused on a port nobody listens on) instead of a
// hang. Then with real agents (perfdash-cli serve on loopback): each host's
// own account of itself (GET /api/v1/info) below the table, or why it failed
// (a wrong token); what was watched saved as a fleet session, opened again
// and shown with the same figures, a host of it replayed and two compared;
// a recording whose journals cannot be written says so on the page and
// still saves what it received. Two live hosts compared: their runs read
// from their journals, or why not (a journal gone, a host without an
// interval). A host opened live in the window: the Overview's context line
// says what its agent reports (its backend and limitations included; the
// cgroups of an agent run with --cgroup); one whose agent refuses the token,
// whose port nobody listens on, or whose info is not JSON (while its
// intervals come) says why there in one sentence: the host, what failed, the
// reason and what to do, each once. A token kept under an earlier perfdash's file
// name that cannot be moved (a read-only file system): the page names the
// host whose token to enter again.
#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <netinet/in.h>
#include <unistd.h>

#include <atomic>
#include <memory>
#include <thread>

#include <QSignalSpy>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTextBrowser>

#include "../../cli/ServeAgent.h"
#include "util/FullFileSystem.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportMerge.h"
#include "core/presentation/RunContext.h"
#include "core/session/SessionFiles.h"
#include "core/util/AtomicFile.h"
#include "widgets/run/LiveHost.h"
#include "widgets/hosts/HostsPage.h"
#include "widgets/overview/MetricTile.h"
#include "widgets/overview/OverviewPage.h"
#include "widgets/shell/MainWindow.h"
#include "widgets/hotspots/HotspotsPage.h"
#include "widgets/Screenshot.h"
#include "widgets/TemporaryUserDirs.h"

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

// The future's result, the GUI's event loop running meanwhile.
Result<MeasurementResult> waitFor(QFuture<Result<MeasurementResult>> future) {
    if (!QTest::qWaitFor([&] { return future.isFinished(); }, 60000)) return makeError("no answer within a minute");
    return future.result();
}

// What the page watched so far as a fleet session, as the window saves it: the recorder's hosts (the
// event loop running meanwhile), then their journals read into one session.
Result<MeasurementResult> sessionOf(const HostsPage& page) {
    QFuture<std::map<std::string, WatchedHost>> hosts = page.recorded();
    if (!QTest::qWaitFor([&] { return hosts.isFinished(); }, 60000)) return makeError("no answer within a minute");
    return fleetSession(hosts.result());
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

    test::TemporaryUserDirs userDirs_; // the pages' journals go there

private slots:
    void initTestCase() { QVERIFY2(userDirs_.isValid(), "no temporary directory for the user's data"); }

    void addressesAreChecked() {
        QCOMPARE(checkAgentAddress("node07:9464"), QString());
        QCOMPARE(checkAgentAddress("10.0.0.7:9464"), QString());
        QCOMPARE(checkAgentAddress("[fd00::7]:9464"), QString());
        for (const char* wrong : {"node07", "node07:", ":9464", "node07:0", "node07:70000", "fd00::7:9464", "a b:1"})
            QVERIFY2(checkAgentAddress(wrong).contains("is not host:port"), wrong);
    }

    // An agent's info as the page shows it: one mark per capability, ✓ or ✗, and no bullet beside it.
    // As a run: what its context line reads; fields of another type are left empty, never thrown on.
    void agentInfoReadsClearly() {
        const nlohmann::json info = {
            {"machine", {{"hostname", "node07"}, {"kernel", "6.1.0"}}},
            {"cpus", {0, 2, 3}},
            {"started_at", "2026-11-26T10:00:00+00:00"},
            {"groups", {{{"group", "SOFTWARE"},
                         {"events", {{{"counter", "FAULTS"}, {"event", "page-faults"}, {"counted", true}},
                                     {{"counter", "PMC0"}, {"event", "cycles"}, {"counted", false},
                                      {"reason", "no PMU in this VM"}}}}}}},
            {"capabilities", {{{"title", "Hardware PMU"}, {"available", false}, {"detail", "no PMU in this VM"}},
                              {{"title", "Tracepoints"}, {"available", true}, {"detail", "tracefs"}}}}};
        const QString html = agentInfoHtml(info);
        QCOMPARE(html.count(QStringLiteral("✓")), 1);
        QCOMPARE(html.count(QStringLiteral("✗")), 1);
        QVERIFY2(!html.contains("<li") && !html.contains("✔") && !html.contains("✘"), qPrintable(html));

        // An older agent names no backend: the line names none rather than assume one.
        const RunContext context = describeRun(agentRunOf(info));
        QCOMPARE(QString::fromStdString(context.line),
                 QStringLiteral("all processes (system-wide) · CPUs 0,2-3 · Linux 6.1.0 · group SOFTWARE"));
        QVERIFY2(context.limitations.size() == 1 &&
                     context.limitations[0].find("Not counted: 1 event(s)") != std::string::npos &&
                     context.limitations[0].find("cycles: no PMU in this VM") != std::string::npos,
                 context.limitations.empty() ? "none" : context.limitations[0].c_str());
        // One that says how it counts is taken at its word: its backend, user space only, no hardware PMU.
        nlohmann::json described = info;
        described["backend"] = "msr";
        described["user_space_only"] = true;
        described["machine"]["capabilities"] = {
            {{"id", "hardware_pmu"}, {"applicable", true}, {"available", false}, {"detail", "no PMU in this VM"}}};
        const RunContext said = describeRun(agentRunOf(described));
        QVERIFY2(said.line.find(" · msr backend · ") != std::string::npos, said.line.c_str());
        QVERIFY2(said.limitations.size() == 3 && said.limitations[0] == "No hardware PMU: no PMU in this VM" &&
                     said.limitations[1].starts_with("User space only: "),
                 said.line.c_str());
        QVERIFY2(agentInfoHtml(described).contains("the msr backend"), qPrintable(agentInfoHtml(described)));
        // An agent run with --cgroup counts its cgroups' tasks only: the line names them, not all processes.
        nlohmann::json perCgroup = info;
        perCgroup["cgroups"] = {"system.slice/job42.scope", "user.slice"};
        const std::string cgroupLine = describeRun(agentRunOf(perCgroup)).line;
        QVERIFY2(cgroupLine.starts_with("the tasks of cgroups system.slice/job42.scope, user.slice · CPUs 0,2-3 · "),
                 cgroupLine.c_str());
        perCgroup["cgroups"] = {"system.slice/job42.scope"};
        QVERIFY2(describeRun(agentRunOf(perCgroup)).line.starts_with("the tasks of cgroup system.slice/job42.scope · "),
                 describeRun(agentRunOf(perCgroup)).line.c_str());
        const MeasurementResult odd = agentRunOf({{"machine", 7}, {"cpus", "0-3"}, {"groups", {{{"group", 1}}}}});
        QVERIFY(odd.machine.is_null() && odd.config.cpus.empty() && odd.groups.size() == 1 && odd.groups[0].name.empty());
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
        const Result<MeasurementResult> session = sessionOf(page);
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
        // A host that never sent an interval has no run to compare: it says so.
        const Result<MeasurementResult> none = waitFor(page.runOf(wrong));
        QVERIFY(!none);
        QVERIFY2(none.error().message.find(wrong.toStdString() + " has not sent an interval") != std::string::npos,
                 none.error().message.c_str());
        page.removeHost(wrong);

        // Watched until both hosts sent two intervals; the table and the session are taken in one go.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const auto s = sessionOf(page);
                return s && s->hosts.size() == 2 && s->hosts[0].intervals.size() >= 2 && s->hosts[1].intervals.size() >= 2;
            }(),
            120000);
        const QStringList live = cells(*page.liveModel());
        const Result<MeasurementResult> session = sessionOf(page);
        QVERIFY2(session, session ? "" : session.error().message.c_str());
        QVERIFY2(live.size() == 2 && live[0].contains("SOFTWARE"), qPrintable(live.join("\n")));

        // Two live hosts compared: each one's run is read from its journal (on the recorder's thread, while
        // this one goes on), with at least the intervals saved a moment ago.
        QSignalSpy liveCompared(&page, &HostsPage::compareRequested);
        selectHost(page, a, QItemSelectionModel::ClearAndSelect);
        selectHost(page, b, QItemSelectionModel::Select);
        QVERIFY(page.compareSelected());
        QCOMPARE(liveCompared.size(), 1);
        QStringList pair{liveCompared.front().at(0).toString(), liveCompared.front().at(1).toString()};
        pair.sort();
        QCOMPARE(pair, (QStringList{std::min(a, b), std::max(a, b)}));
        for (const QString& host : {a, b}) {
            const Result<MeasurementResult> run = waitFor(page.runOf(host));
            QVERIFY2(run, run ? "" : run.error().message.c_str());
            const size_t index = session->hosts[0].host == host.toStdString() ? 0 : 1;
            QVERIFY(run->intervals.size() >= session->hosts[index].intervals.size());
            QCOMPARE(run->locations.size(), hostRun(*session, index).locations.size());
            QVERIFY(run->groups.size() == 1 && run->groups[0].name == "SOFTWARE");
        }

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
        const Result<MeasurementResult> first = waitFor(reopened.runOf(compared.front().at(0).toString()));
        const Result<MeasurementResult> second = waitFor(reopened.runOf(compared.front().at(1).toString()));
        QVERIFY(first && second);
        QVERIFY(first->startedAt.size() > 0 && second->startedAt.size() > 0);
        QVERIFY(first->locations.size() > 0 && second->locations.size() > 0);

        reopened.showLive();
        QVERIFY(!reopened.showsSaved());
        QCOMPARE(reopened.model()->rowCount(), 0); // its own live list is empty

        // A host opened live describes itself from its info (its kernel, what it cannot count), or says why not.
        LiveHost watched;
        QSignalSpy described(&watched, &LiveHost::described);
        watched.open(a, "");
        QTRY_VERIFY_WITH_TIMEOUT(!described.isEmpty(), 60000);
        const QString kernel = QString::fromStdString(opened->hosts[0].machine.value("kernel", std::string("?")));
        QVERIFY2(described.front().front().toString().contains("Linux " + kernel),
                 qPrintable(described.front().front().toString()));
        watched.close();
        LiveHost refused;
        QSignalSpy refusal(&refused, &LiveHost::described);
        refused.open(b, "wrong-token");
        QTRY_VERIFY_WITH_TIMEOUT(!refusal.isEmpty(), 60000);
        QVERIFY2(refusal.front().front().toString().contains("401"), qPrintable(refusal.front().front().toString()));
        refused.close();

        // A live host whose journal went away (removed behind the recorder's back): comparing it says why.
        const QString journals = userDirs_.dataHome() + "/perfdash/sessions/fleet";
        const QStringList files = QDir(journals).entryList(QDir::Files);
        QVERIFY2(files.size() >= 2, qPrintable(files.join(", ")));
        for (const QString& f : files) QVERIFY(QFile::remove(journals + "/" + f));
        const Result<MeasurementResult> gone = waitFor(page.runOf(a));
        QVERIFY(!gone);
        QVERIFY2(gone.error().message.find("cannot be read back") != std::string::npos &&
                     gone.error().message.find(journals.toStdString()) != std::string::npos,
                 gone.error().message.c_str());
    }

    // A host opened live in the window: the Overview's context line says what its agent reports (the host,
    // its machine, the CPUs and group it counts, since when), as a local run's context says its own.
    void aLiveHostsOverviewSaysWhatItsAgentReports() {
        if (qEnvironmentVariable("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        ServeAgent agent;
        const std::string started = agent.start({"-g", "SOFTWARE", "-c", "0", "--interval", "1s"});
        QVERIFY2(started.empty(), started.c_str());
        const QString address = QString("127.0.0.1:%1").arg(agent.port());
        QTemporaryDir dir;
        QSettings settings(dir.filePath("window.ini"), QSettings::IniFormat);
        MachineContext machine;
        MainWindow window(machine, settings);
        emit window.hostsPage()->hostOpened(address, QString()); // a click on its row
        QVERIFY(window.isCurrentPage(window.overview()));
        QTRY_VERIFY_WITH_TIMEOUT(window.overview()->contextText().contains("Live from"), 60000);
        const QString context = window.overview()->contextText();
        const std::string kernel = machine.machineJson().value("kernel", std::string("?"));
        // How it counts is what the agent said, not assumed here or in the window.
        const auto answer = agent.get("/api/v1/info");
        QVERIFY(answer && answer->status == 200);
        const nlohmann::json said = nlohmann::json::parse(answer->body, nullptr, false);
        QVERIFY2(said.value("backend", std::string()) == "perf", answer->body.c_str()); // serve's only backend
        for (const QString& part : {"Live from " + address + " (host " + QSysInfo::machineHostName() + "), counting since",
                                    QString("all processes (system-wide) · CPUs 0 · "),
                                    QString::fromStdString("Linux " + kernel),
                                    QString::fromStdString(" · " + said["backend"].get<std::string>() + " backend · "),
                                    QString("group SOFTWARE")})
            QVERIFY2(context.contains(part.toHtmlEscaped()), qPrintable(part + " is not in: " + context));
        QVERIFY2(!context.contains("Measuring now"), qPrintable(context));
        // Its limitations as a local run's are shown: what its machine cannot count (this VM: no hardware
        // PMU), user space only where the agent says so.
        const auto* limits = window.overview()->findChild<QLabel*>("overviewLimitations");
        QVERIFY(limits);
        const RunContext expected = describeRun(agentRunOf(said));
        for (const std::string& limit : expected.limitations)
            QVERIFY2(limits->isVisibleTo(window.overview()) &&
                         limits->text().contains(QString::fromStdString(limit).toHtmlEscaped()),
                     qPrintable(QString::fromStdString(limit) + " is not in: " + limits->text()));
        const bool userSpaceOnly = said.value("user_space_only", false);
        QCOMPARE(limits->text().contains("User space only"), userSpaceOnly);
    }

    // Profile host: the selected live host's CPUs sampled for the seconds chosen, through the window onto the
    // Hotspots page; a wrong token says so on the page; a saved host cannot be profiled.
    void aLiveHostsProfileOpensOnTheHotspotsPage() {
        if (qEnvironmentVariable("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        QTemporaryDir dir;
        const QString tokenFile = dir.filePath("token");
        QVERIFY(perfdash::testing::writeTokenFile(tokenFile, "hosts-t0ken"));
        ServeAgent agent;
        const std::string started = agent.start({"-e", "task-clock,page-faults", "--interval", "1s", "--token-file",
                                                 tokenFile});
        QVERIFY2(started.empty(), started.c_str());
        const QString address = QString("127.0.0.1:%1").arg(agent.port());
        QSettings settings(dir.filePath("window.ini"), QSettings::IniFormat);
        MachineContext machine;
        MainWindow window(machine, settings);
        HostsPage* page = window.hostsPage();
        QVERIFY(!page->profileButton()->isEnabled()); // no host selected
        QVERIFY(page->addHost(address, "wrong"));
        selectHost(*page, address, QItemSelectionModel::ClearAndSelect);
        QVERIFY(page->profileButton()->isEnabled());
        page->profileSeconds()->setValue(1);
        QTest::mouseClick(page->profileButton(), Qt::LeftButton);
        QVERIFY(!page->profileButton()->isEnabled()); // one profile of a host at a time
        QTRY_VERIFY_WITH_TIMEOUT(page->profileState()->text().contains("401"), 30000);
        QVERIFY2(page->profileState()->text().contains("check the host's token"), qPrintable(page->profileState()->text()));
        QVERIFY(page->profileButton()->isEnabled());

        page->removeHost(address);
        QVERIFY(page->addHost(address, "hosts-t0ken"));
        selectHost(*page, address, QItemSelectionModel::ClearAndSelect);
        QSignalSpy arrived(page, &HostsPage::profileArrived);
        // Something to sample on the agent's CPUs: a thread of this test, busy while the agent samples.
        std::atomic<bool> done = false;
        std::thread busy([&] {
            volatile uint64_t n = 0;
            while (!done) n = n + 1;
        });
        QTest::mouseClick(page->profileButton(), Qt::LeftButton);
        QVERIFY2(page->profileState()->text().contains("Sampling " + address + "'s CPUs for 1 s"),
                 qPrintable(page->profileState()->text()));
        const bool came = arrived.wait(60000);
        done = true;
        busy.join();
        QVERIFY2(came, qPrintable(page->profileState()->text()));
        QVERIFY(window.isCurrentPage(window.hotspotsPage()));
        const auto& profile = window.hotspotsPage()->profile();
        QVERIFY(profile && profile->samples() > 0);
        QCOMPARE(profile->sampling.leader, std::string("task-clock"));
        QCOMPARE(window.hotspotsPage()->profileName(), address + ", 1 s profile");
        QVERIFY2(window.hotspotsPage()->heading()->text().contains("taken by the perfdash agent on "),
                 qPrintable(window.hotspotsPage()->heading()->text()));
        QVERIFY2(page->profileState()->text().contains("shown on the Hotspots page"), qPrintable(page->profileState()->text()));
        window.resize(1280, 800);
        window.showPage(page);
        test::saveScreenshot(window, "hosts-profile-1280x800.png");
    }

    // A host whose agent does not answer, opened in the window: the Overview says why, and what to do, in
    // place of its context (not a measurement that never comes): a wrong token, then nobody on the port.
    void aLiveHostsOverviewSaysWhyItsAgentDidNotAnswer() {
        if (qEnvironmentVariable("PERFDASH_CLI").isEmpty()) QSKIP("PERFDASH_CLI is not set: run the test through ctest");
        QTemporaryDir dir;
        const QString tokenPath = dir.filePath("agent-token");
        QVERIFY(writeFileAtomically(tokenPath.toStdString(), "right-token", FileAccess::OwnerOnly).ok());
        ServeAgent agent;
        const std::string started = agent.start({"-g", "SOFTWARE", "-c", "0", "--interval", "1s", "--token-file", tokenPath});
        QVERIFY2(started.empty(), started.c_str());
        const QString guarded = QString("127.0.0.1:%1").arg(agent.port());
        int fd = -1;
        const int port = refusingPort(fd);
        QVERIFY(port > 0);
        const QString nobody = QString("127.0.0.1:%1").arg(port);

        QSettings settings(dir.filePath("window.ini"), QSettings::IniFormat);
        MachineContext machine;
        MainWindow window(machine, settings);
        // One sentence: the host once, what failed, the reason once, one thing to do.
        const auto saysOnce = [](const QString& context, const QString& host, const QString& reason,
                                 const QString& advice) {
            return context.count(host) == 1 && context.contains("<b>" + host + "</b>: its ") &&
                   context.count(reason, Qt::CaseInsensitive) == 1 && context.count("check ", Qt::CaseInsensitive) == 1 &&
                   context.contains("; " + advice + ", then click the host again.") && !context.contains(". ");
        };
        emit window.hostsPage()->hostOpened(guarded, "wrong-token");
        QVERIFY(window.isCurrentPage(window.overview()));
        QTRY_VERIFY_WITH_TIMEOUT(window.overview()->contextText().contains("then click the host again"), 60000);
        QString context = window.overview()->contextText();
        QVERIFY2(saysOnce(context, guarded, "the token was refused (401)", "check the host's token on the Hosts page"),
                 qPrintable(context));

        emit window.hostsPage()->hostOpened(nobody, QString());
        QTRY_VERIFY_WITH_TIMEOUT(window.overview()->contextText().contains("<b>" + nobody + "</b>: its "), 60000);
        context = window.overview()->contextText();
        QVERIFY2(saysOnce(context, nobody, "Connection refused",
                          "check the host's address on the Hosts page and that its agent (perfdash-cli serve) runs "
                          "there"),
                 qPrintable(context));
        ::close(fd);

        // A server that streams an agent's interval but answers its info with what is not JSON: the tiles
        // show the interval, and the context says why the host is not described, not "Measuring now".
        testing::StreamClient reader;
        reader.read(agent.port(), "/api/v1/stream", {{"Authorization", "Bearer right-token"}}, 1);
        QVERIFY2(reader.lines.size() == 1 && reader.lines[0].is_object(), "the agent streamed no line");
        const std::string line = reader.lines[0].dump() + "\n";
        std::atomic<bool> stop{false};
        httplib::Server notAnAgent;
        notAnAgent.Get("/api/v1/info", [](const httplib::Request&, httplib::Response& res) {
            res.set_content("<html>not an agent</html>", "text/html");
        });
        notAnAgent.Get("/api/v1/stream", [&](const httplib::Request&, httplib::Response& res) {
            auto sent = std::make_shared<bool>(false);
            res.set_chunked_content_provider("application/x-ndjson", [&, sent](size_t, httplib::DataSink& sink) {
                if (!*sent) *sent = sink.write(line.data(), line.size());
                while (!stop) std::this_thread::sleep_for(std::chrono::milliseconds(20)); // the stream stays open
                sink.done();
                return true;
            });
        });
        const int oddPort = notAnAgent.bind_to_any_port("127.0.0.1");
        QVERIFY(oddPort > 0);
        std::thread serving([&] { notAnAgent.listen_after_bind(); });
        const QString odd = QString("127.0.0.1:%1").arg(oddPort);
        emit window.hostsPage()->hostOpened(odd, QString());
        QTRY_VERIFY_WITH_TIMEOUT(window.overview()->contextText().contains("<b>" + odd + "</b>: its "), 60000);
        context = window.overview()->contextText();
        QVERIFY2(saysOnce(context, odd, "is not a JSON object",
                          "check that the host's address on the Hosts page is a perfdash agent's (perfdash-cli serve)") &&
                     !context.contains("Measuring now"),
                 qPrintable(context));
        QTRY_VERIFY_WITH_TIMEOUT(!window.overview()->findChildren<MetricTile*>().isEmpty(), 60000); // its interval
        QVERIFY2(window.overview()->contextText() == context, qPrintable(window.overview()->contextText()));
        stop = true;
        notAnAgent.stop();
        serving.join();
    }

    // A token an earlier perfdash kept under the old file name, on a read-only file system: it cannot be
    // moved to its name now, and the page says which host's token to enter again.
    void aTokenThatCannotBeMovedIsShownOnThePage() {
        testing::FullFileSystem fs;
        if (!fs.whyNot().empty()) QSKIP(fs.whyNot().c_str());
        const QString mountPoint = QFileInfo(fs.filePath("x")).absolutePath();
        const QString address = "node07:9464";
        const HostTokens tokens = fileTokens(fs.filePath("tokens"));
        QVERIFY(QDir().mkpath(fs.filePath("tokens")));
        QVERIFY(fs.put("tokens/" + QFileInfo(tokens.legacyFileOf(address)).fileName(), "old-token"));
        QTemporaryDir dir;
        QSettings settings(dir.filePath("perfdash.ini"), QSettings::IniFormat);
        settings.setValue("fleet/hosts", QStringList{address});
        QVERIFY(::mount("tmpfs", QFile::encodeName(mountPoint).constData(), "tmpfs",
                        MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, "size=256k") == 0);
        HostsPage page(settings, tokens);
        ::mount("tmpfs", QFile::encodeName(mountPoint).constData(), "tmpfs", MS_REMOUNT | MS_NOSUID | MS_NODEV,
                "size=256k");
        page.show();
        bool named = false;
        for (const QLabel* label : page.findChildren<QLabel*>())
            named = named || (label->isVisible() && label->text().contains("add " + address + " again with its token"));
        QVERIFY2(named, "the page does not say which host's token to enter again");
        QCOMPARE(page.model()->hosts(), QStringList{address}); // still watched, with the token it could read
    }
};

QTEST_MAIN(TestHostsPage)
#include "test_hosts_page.moc"
