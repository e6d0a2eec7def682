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

    void acceptsDroppedSessionFiles() {
        QTemporaryDir dir;
        const QString session = dir.filePath("a.JSON");
        const QString text = dir.filePath("b.txt");
        QVERIFY(writeText(session, "{}"));
        QVERIFY(writeText(text, "x"));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(text), QUrl::fromLocalFile(session), QUrl("https://example.org/c.json"),
                      QUrl::fromLocalFile(dir.filePath("missing.json"))});
        QCOMPARE(sessionFilesInDrop(&mime), QStringList{session});
        QVERIFY(dropHasSessionFiles(&mime));
        QMimeData none;
        none.setText("a.json");
        QVERIFY(!dropHasSessionFiles(&none));
        QVERIFY(!dropHasSessionFiles(nullptr));
        QCOMPARE(sessionFileFilter(), QString("perfdash sessions (*.json)"));
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
