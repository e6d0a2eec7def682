// What record says when it cannot run as asked: perf_event_paranoid's
// refusal for an unprivileged user (for real, as uid 65534), a process that
// is gone, a program that is not there, a full disk under -o. Each a clear
// message naming the input and the fix, a non-zero exit, and nothing lost
// that was already counted.
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ProfileCli.h"
#include "core/sys/PerfEventSys.h"
#include "util/FullFileSystem.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

// The fallback file an error names: "waits in PATH: ...".
std::string waitingIn(const std::string& err) {
    const std::string marker = "waits in ";
    const size_t at = err.find(marker);
    if (at == std::string::npos) return {};
    const size_t start = at + marker.size();
    return err.substr(start, err.find(':', start) - start);
}

// As uid/gid 65534, in the child QProcess forks.
void becomeNobody() {
    if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(99);
}

} // namespace

class TestProfileErrors : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        if (auto why = whyProfileTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
        QVERIFY(dir_.isValid());
        ::chmod(dir_.path().toLocal8Bit().constData(), 0777); // the unprivileged run writes here
    }

    void programNotFound() {
        const CliRun run = runCli({"record", "-e", "cpu-clock", "-o", dir_.filePath("nf.json").toStdString(), "--",
                                   "perfdash-no-such-program"});
        QVERIFY2(run.exited && run.exitCode != 0, run.describe().c_str());
        QVERIFY2(contains(run.err, "perfdash-no-such-program") && contains(run.err, "PATH"), run.describe().c_str());
        QVERIFY(!QFileInfo::exists(dir_.filePath("nf.json")));
    }

    // A process that exited (and was reaped) before the attach.
    void processGoneAtOnce() {
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) ::_exit(0);
        QCOMPARE(::waitpid(child, nullptr, 0), child);
        const std::string pid = std::to_string(child);
        const CliRun run = runCli({"record", "-e", "cpu-clock", "--pid", pid, "-S", "1s", "-o",
                                   dir_.filePath("gone.json").toStdString()});
        QVERIFY2(run.exited && run.exitCode != 0, run.describe().c_str());
        QVERIFY2(contains(run.err, "perfdash-cli: error: ") && contains(run.err, pid) && contains(run.err, "no such process"),
                 run.describe().c_str());
        QVERIFY(!QFileInfo::exists(dir_.filePath("gone.json")));
    }

    // A process that exits a moment after the attach: the run ends with it,
    // its samples saved, long before -S. (It lasts about 1.5 s: perfdash-cli
    // itself takes 0.7 s to start in an ASan build.)
    void processExitingWhileAttached() {
        QProcess brief;
        brief.start(PROFILE_WORKLOAD, {"shares", "12000000"});
        QVERIFY(brief.waitForStarted(10000));
        QElapsedTimer timer;
        timer.start();
        const std::string path = dir_.filePath("brief.json").toStdString();
        const CliRun run = runCli({"record", "-e", "cpu-clock", "--pid", std::to_string(brief.processId()), "-S", "60s",
                                   "-o", path});
        QVERIFY(brief.waitForFinished(60000));
        QVERIFY2(run.exited && run.exitCode == 0, run.describe().c_str());
        QVERIFY2(timer.elapsed() < 50000, "the run did not end with the process");
        auto session = readSessionFile(path);
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        QVERIFY(session->profile && session->profile->samples() > 0);
    }

    void badInputIsAUsageError_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("saying");
        QTest::newRow("-F and --period") << QStringList{"-F", "100", "--period", "1000"} << "exclude each other";
        QTest::newRow("bad -F") << QStringList{"-F", "fast"} << "-F: 'fast'";
        QTest::newRow("bad call graph") << QStringList{"--call-graph", "lbr"} << "none of fp, dwarf";
        QTest::newRow("bad dwarf size") << QStringList{"--call-graph", "dwarf,100"} << "multiple of 8";
        QTest::newRow("unknown leader") << QStringList{"-g", "SOFTWARE", "--leader", "cycles"} << "its events: TASKCLOCK";
        QTest::newRow("ring not a power of two") << QStringList{"--mmap-pages", "3M"} << "a power of two of pages (768 pages)";
        QTest::newRow("ring not a size") << QStringList{"--mmap-pages", "lots"} << "--mmap-pages: 'lots' is not";
        QTest::newRow("ring of part pages") << QStringList{"--mmap-pages", "100B"} << "a size of whole pages";
    }
    void badInputIsAUsageError() {
        QFETCH(QStringList, args);
        QFETCH(QString, saying);
        std::vector<std::string> a = {"record"};
        for (const QString& s : args) a.push_back(s.toStdString());
        a.insert(a.end(), {"-o", dir_.filePath("bad.json").toStdString(), "--", "true"});
        const CliRun run = runCli(a);
        QVERIFY2(run.exited && run.exitCode != 0, run.describe().c_str());
        QVERIFY2(contains(run.err, "perfdash-cli: error: ") && contains(run.err, saying.toStdString()), run.describe().c_str());
        QVERIFY(!QFileInfo::exists(dir_.filePath("bad.json")));
    }

    // For real, as an unprivileged user under perf_event_paranoid >= 2: whole
    // CPUs are refused with the fix; the user's own program is sampled in
    // user space, and the session says so.
    void paranoidRefusalForAnUnprivilegedUser() {
        if (::geteuid() != 0) QSKIP("needs root to switch to an unprivileged user");
        const PerfPermissions here = PerfPermissions::read();
        if (here.paranoid < 2)
            QSKIP(qPrintable(QString("perf_event_paranoid is %1; the restrictions tested start at 2").arg(here.paranoid)));
        const CliRun cpus = runCli({"record", "-e", "cpu-clock", "-c", "0", "-S", "1s", "-o",
                                    dir_.filePath("cpus.json").toStdString()},
                                   60000, becomeNobody);
        QVERIFY2(cpus.exited && cpus.exitCode != 0 && cpus.exitCode != 99, cpus.describe().c_str());
        QVERIFY2(contains(cpus.err, "perf_event_paranoid=" + std::to_string(here.paranoid)) &&
                     contains(cpus.err, "sysctl kernel.perf_event_paranoid="),
                 cpus.describe().c_str());

        const std::string own = dir_.filePath("own.json").toStdString();
        const CliRun program = runCli({"record", "-e", "cpu-clock", "-o", own, "--", PROFILE_WORKLOAD, "shares", "1000000"},
                                      60000, becomeNobody);
        QVERIFY2(program.exited && program.exitCode == 0, program.describe().c_str());
        QVERIFY2(contains(program.err, "user space only"), program.describe().c_str());
        auto session = readSessionFile(own);
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        QVERIFY(session->profile && session->profile->samples() > 0);
        bool said = false;
        for (const std::string& n : session->profile->sampling.notices) said = said || contains(n, "user space only");
        QVERIFY(said);

        // A ring buffer above what the user may lock: the limit and both ways out.
        const CliRun ring = runCli({"record", "-e", "cpu-clock", "--mmap-pages", "64M", "-o",
                                    dir_.filePath("ring.json").toStdString(), "--", "true"},
                                   60000, becomeNobody);
        QVERIFY2(ring.exited && ring.exitCode != 0 && ring.exitCode != 99, ring.describe().c_str());
        QVERIFY2(contains(ring.err, "65536 KiB per CPU") && contains(ring.err, "kernel.perf_event_mlock_kb = ") &&
                     contains(ring.err, "--mmap-pages"),
                 ring.describe().c_str());
    }

    // -o on a full file system: the old file stays, the error names it and
    // the cause, and the session waits, whole, in the temporary directory.
    void fullDiskKeepsTheSessionElsewhere() {
        FullFileSystem fs;
        if (!fs.whyNot().empty()) QSKIP(fs.whyNot().c_str());
        const QByteArray previous = "{\"the previous session\": true}\n";
        QVERIFY(fs.put("run.json", previous));
        QVERIFY(fs.fill());
        const std::string path = fs.filePath("run.json").toStdString();
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("TMPDIR", tmp.path());
        p.setProcessEnvironment(env);
        p.start(cliPath(),
                {"record", "-e", "cpu-clock", "-o", QString::fromStdString(path), "--", PROFILE_WORKLOAD, "shares", "2000000"});
        QVERIFY(p.waitForFinished(120000));
        const std::string err = p.readAllStandardError().toStdString();
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(contains(err, "perfdash-cli: error: ") && contains(err, path) && contains(err, "No space left on device"),
                 err.c_str());
        QVERIFY2(contains(err, "free space"), err.c_str());
        const std::string waiting = waitingIn(err);
        QVERIFY2(waiting.starts_with(tmp.path().toStdString()), err.c_str());
        QFile f(fs.filePath("run.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), previous);
        QCOMPARE(fs.entries(), QStringList{"run.json"}); // no temporary file left behind
        auto session = readSessionFile(waiting);
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        QVERIFY(session->profile && session->profile->samples() > 100);
        QVERIFY(!session->result.groups.empty()); // the counts are there too
    }

    // Rows of closed intervals go to $TMPDIR: where it cannot take them, they
    // stay in memory, the run says why, and the session has every sample.
    void aTmpdirThatCannotTakeTheRowsCostsMemoryNotSamples() {
        const std::string path = dir_.filePath("no-spill.json").toStdString();
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("TMPDIR", "/nonexistent-perfdash-tmp");
        p.setProcessEnvironment(env);
        p.start(cliPath(), {"record", "-e", "cpu-clock", "--interval", "20ms", "-o", QString::fromStdString(path), "--",
                            PROFILE_WORKLOAD, "shares", "2000000"});
        QVERIFY(p.waitForFinished(120000));
        const std::string err = p.readAllStandardError().toStdString();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, err.c_str());
        QVERIFY2(contains(err, "/nonexistent-perfdash-tmp") && contains(err, "stay in memory") && contains(err, "TMPDIR"),
                 err.c_str());
        auto session = readSessionFile(path);
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        const Profile& profile = *session->profile;
        QVERIFY(profile.samples() > 100);
        QVERIFY(profile.durationS > 5 * profile.intervalS); // intervals closed, so rows would have gone to disk
        bool said = false;
        for (const std::string& w : profile.sampling.warnings) said = said || contains(w, "/nonexistent-perfdash-tmp");
        QVERIFY(said);
    }
};

QTEST_GUILESS_MAIN(TestProfileErrors)
#include "test_profile_errors.moc"
