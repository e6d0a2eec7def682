#include <QMimeData>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include "core/report/ReportJson.h"
#include "report/ReportSamples.h"
#include "widgets/run/SessionLoader.h"

using namespace perfdash;

namespace {

bool writeText(const QString& path, const std::string& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text.data(), qint64(text.size())) == qint64(text.size());
}

} // namespace

class TestSessionLoader : public QObject {
    Q_OBJECT
private slots:
    void loadsASessionForReplay() {
        QTemporaryDir dir;
        const QString path = dir.filePath("run.json");
        QVERIFY(writeText(path, formatReportJson(samples::richResult())));
        auto loaded = loadSessionFile(path);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
        QVERIFY(loaded->replay);
        QCOMPARE(loaded->intervals.size(), size_t(2));
        QCOMPARE(loaded->groups.size(), size_t(3));
    }

    void badFilesGiveClearErrors() {
        QTemporaryDir dir;
        const QString notJson = dir.filePath("notes.json");
        QVERIFY(writeText(notJson, "hello"));
        auto bad = loadSessionFile(notJson);
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().message.find(notJson.toStdString() + ": not valid JSON") != std::string::npos,
                 bad.error().message.c_str());

        const QString newer = dir.filePath("newer.json");
        QVERIFY(writeText(newer, "{\"type\":\"report\",\"schema\":99}"));
        auto future = loadSessionFile(newer);
        QVERIFY(!future.ok());
        QVERIFY2(future.error().message.find("update perfdash") != std::string::npos, future.error().message.c_str());

        auto folder = loadSessionFile(dir.path());
        QVERIFY(!folder.ok());
        QVERIFY2(folder.error().message.find("is a directory") != std::string::npos, folder.error().message.c_str());
    }

    // Sessions by their suffix; perf.data files by their first bytes, whatever their name (perf.data.old).
    void acceptsDroppedSessionAndPerfDataFiles() {
        QTemporaryDir dir;
        const QString session = dir.filePath("a.JSON");
        const QString text = dir.filePath("b.txt");
        const QString perfData = dir.filePath("perf.data.old");
        const QString notPerfData = dir.filePath("c.data");
        QVERIFY(writeText(session, "{}"));
        QVERIFY(writeText(text, "x"));
        QVERIFY(writeText(perfData, std::string("PERFILE2") + std::string(96, '\0')));
        QVERIFY(writeText(notPerfData, "PERFILE1 is not perf's magic"));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(text), QUrl::fromLocalFile(session), QUrl("https://example.org/c.json"),
                      QUrl::fromLocalFile(dir.filePath("missing.json")), QUrl::fromLocalFile(notPerfData),
                      QUrl::fromLocalFile(perfData)});
        QCOMPARE(openableFilesInDrop(&mime), (QStringList{session, perfData}));
        QVERIFY(isPerfDataPath(perfData));
        QVERIFY(!isPerfDataPath(notPerfData));
        QMimeData none;
        none.setText("a.json");
        QVERIFY(openableFilesInDrop(&none).isEmpty());
        QVERIFY(openableFilesInDrop(nullptr).isEmpty());
        QCOMPARE(sessionFileFilter(), QString("perfdash sessions (*.json)"));
        QVERIFY(openFileFilter().startsWith("perfdash sessions and perf.data files (*.json *.data perf.data*);;"));
    }

    // A damaged perf.data file: the error names it, as perfdash-cli report's does.
    void aDamagedPerfDataFileSaysSo() {
        QTemporaryDir dir;
        const QString cut = dir.filePath("cut.data");
        QVERIFY(writeText(cut, std::string("PERFILE2") + std::string(20, '\0')));
        auto loaded = loadPerfDataProfile(cut);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.error().message.find(cut.toStdString()) != std::string::npos, loaded.error().message.c_str());
    }

    void labelsAReplay() {
        MeasurementResult r = samples::smallResult();
        QCOMPARE(replayBadge(), QString("Replay"));
        QCOMPARE(replayLabel(r), QString("Replay: stream, recorded 2024-05-01T10:00:00+02:00"));
        r.incomplete = true;
        QVERIFY(replayLabel(r).endsWith("(incomplete: the session never finished)"));
    }
};

QTEST_MAIN(TestSessionLoader)
#include "test_session_loader.moc"
