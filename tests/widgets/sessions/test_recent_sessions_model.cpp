#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "core/report/ReportJson.h"
#include "core/session/SessionJournal.h"
#include "report/ReportSamples.h"
#include "widgets/sessions/RecentSessionsModel.h"

using namespace perfdash;

namespace {

using Model = RecentSessionsModel;

bool writeText(const QString& path, const std::string& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text.data(), qint64(text.size())) == qint64(text.size());
}

MeasurementResult session(const char* startedAt, const char* program, double duration) {
    MeasurementResult r = samples::smallResult();
    r.startedAt = startedAt;
    r.config.command = {program};
    r.durationS = duration;
    return r;
}

QString text(const Model& model, int row, int column) { return model.index(row, column).data().toString(); }

} // namespace

class TestRecentSessionsModel : public QObject {
    Q_OBJECT
private slots:
    void listsSessionsNewestFirst() {
        QTemporaryDir dir;
        QVERIFY(writeText(dir.filePath("old.json"), formatReportJson(session("2024-05-01T10:00:00+02:00", "/bin/old", 75))));
        MeasurementResult stopped = session("2024-05-03T10:00:00+02:00", "./killed", 4000);
        stopped.exitStatus = 128 + 15;
        QVERIFY(writeText(dir.filePath("stopped.json"), formatReportJson(stopped)));
        auto journal = SessionJournal::create(dir.filePath("running.json").toStdString(),
                                              session("2024-05-04T10:00:00+02:00", "./running", 0));
        QVERIFY(journal.ok());
        QVERIFY(writeText(dir.filePath("broken.json"), "{\"type\": \"report\""));

        Model model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDirectory(dir.path());
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), int(Model::ColumnCount));
        QCOMPARE(model.headerData(Model::EndColumn, Qt::Horizontal).toString(), QString("Ended"));

        QCOMPARE(text(model, 0, Model::ProgramColumn), QString("running"));
        QCOMPARE(text(model, 0, Model::EndColumn), QString("incomplete (never finished)"));
        QVERIFY(model.index(0, 0).data(Model::IncompleteRole).toBool());

        QCOMPARE(text(model, 1, Model::ProgramColumn), QString("killed"));
        QCOMPARE(text(model, 1, Model::DurationColumn), QString("1 h 06 min"));
        QCOMPARE(text(model, 1, Model::EndColumn), QString("signal 15 (exit 143)"));

        QCOMPARE(text(model, 2, Model::ProgramColumn), QString("old"));
        QCOMPARE(text(model, 2, Model::GroupsColumn), QString("CPI"));
        QCOMPARE(text(model, 2, Model::DurationColumn), QString("1 min 15 s"));
        QCOMPARE(text(model, 2, Model::EndColumn), QString("exit 0"));
        QCOMPARE(model.index(2, Model::StartedColumn).data(Model::SortRole).toString(), QString("2024-05-01T10:00:00+02:00"));
        QCOMPARE(model.filePath(2), dir.filePath("old.json"));

        QCOMPARE(text(model, 3, Model::ProgramColumn), QString("broken.json"));
        QCOMPARE(text(model, 3, Model::EndColumn), QString("cannot be read"));
        QVERIFY(model.index(3, 0).data(Model::ErrorRole).toString().contains("broken.json"));
    }

    void deletesAndRefreshes() {
        QTemporaryDir dir;
        QVERIFY(writeText(dir.filePath("a.json"), formatReportJson(session("2024-05-01T10:00:00+02:00", "a", 1))));
        QVERIFY(writeText(dir.filePath("b.json"), formatReportJson(session("2024-05-02T10:00:00+02:00", "b", 1))));
        Model model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDirectory(dir.path());
        QCOMPARE(model.rowCount(), 2);

        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QString error;
        QVERIFY(model.deleteSessions({0}, &error));
        QVERIFY(error.isEmpty());
        QCOMPARE(removed.size(), 1);
        QCOMPARE(model.rowCount(), 1);
        QVERIFY(!QFile::exists(dir.filePath("b.json")));
        QCOMPARE(text(model, 0, Model::ProgramColumn), QString("a"));

        QVERIFY(writeText(dir.filePath("c.json"), formatReportJson(session("2024-05-03T10:00:00+02:00", "c", 1))));
        model.refresh();
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(text(model, 0, Model::ProgramColumn), QString("c"));
        QVERIFY(!model.revealSession(7)); // no such row: nothing is opened
    }

    void formatsDurations() {
        QCOMPARE(Model::durationText(12.34), QString("12.3 s"));
        QCOMPARE(Model::durationText(245), QString("4 min 05 s"));
        QCOMPARE(Model::durationText(7380), QString("2 h 03 min"));
        QCOMPARE(Model::durationText(kNotAvailable), QString("n/a"));
    }
};

QTEST_MAIN(TestRecentSessionsModel)
#include "test_recent_sessions_model.moc"
