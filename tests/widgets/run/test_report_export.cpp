#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtConcurrent/QtConcurrentRun>
#include <QtTest>

#include "core/profile/ProfileJson.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "report/ReportSamples.h"
#include "widgets/run/ReportExport.h"

using namespace perfdash;

namespace {

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

MeasurementResult replayed() {
    MeasurementResult r = samples::richResult();
    r.config.command = {"<script>alert(1)</script>"};
    r.replay = true;
    return r;
}

} // namespace

class TestReportExport : public QObject {
    Q_OBJECT
private slots:
    void jsonExportOpensAgainWithTheEnginesReader() {
        QTemporaryDir dir;
        const QString path = dir.filePath("run.json");
        const MeasurementResult r = replayed();
        QVERIFY(exportReport(r, path).ok());
        const QByteArray bytes = fileBytes(path);
        auto read = readReportJson(bytes.toStdString(), "run.json");
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QVERIFY(!read->replay); // the file describes the measurement, not this replay of it
        MeasurementResult expected = r;
        expected.replay = false;
        QCOMPARE(formatReportJson(*read), formatReportJson(expected));
        QCOMPARE(bytes.toStdString(), formatReportJson(expected)); // and it is the engine's own format
    }

    void csvAndTextExports() {
        QTemporaryDir dir;
        QVERIFY(exportReport(replayed(), dir.filePath("run.CSV")).ok());
        const QList<QByteArray> lines = fileBytes(dir.filePath("run.CSV")).split('\n');
        QCOMPARE(lines.first(), QByteArray("schema,kind,t,dt,group,name,counter,unit,location,value,coverage,reason"));
        QVERIFY(lines.size() > 50);
        QVERIFY(exportReport(replayed(), dir.filePath("run.txt")).ok());
        QVERIFY(fileBytes(dir.filePath("run.txt")).contains("Group 1: CPI"));
    }

    void htmlExportIsTheSelfContainedReport() {
        QTemporaryDir dir;
        QVERIFY(exportReport(replayed(), dir.filePath("run.html"), ExportFormat::Html).ok());
        const QByteArray html = fileBytes(dir.filePath("run.html"));
        QVERIFY(html.startsWith("<!DOCTYPE html>"));
        QVERIFY(!html.contains("<script>"));
        QVERIFY(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        QVERIFY(html.contains("<svg"));
    }

    void pdfExportIsAPdf() {
        QTemporaryDir dir;
        const QString path = dir.filePath("run.pdf");
        QVERIFY(exportReport(replayed(), path).ok());
        const QByteArray pdf = fileBytes(path);
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdf.trimmed().endsWith("%%EOF"));
        QVERIFY2(pdf.size() > 20000, qPrintable(QString::number(pdf.size()))); // tables and nine chart images
    }

    void pdfExportHoldsTheTables() {
        const QString pdftotext = QStandardPaths::findExecutable("pdftotext");
        if (pdftotext.isEmpty()) QSKIP("pdftotext (Debian package poppler-utils) is not installed: cannot read the PDF's text");
        QTemporaryDir dir;
        const QString path = dir.filePath("run.pdf");
        QVERIFY(exportReport(replayed(), path).ok());
        QProcess process;
        process.start(pdftotext, {"-layout", path, "-"});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        const QString text = QString::fromUtf8(process.readAllStandardOutput());
        for (const char* expected : {"INSTR_RETIRED_ANY", "2469134 (62.5%)", "not counted", "Metric statistics",
                                     "<script>alert(1)</script>", "CAS_COUNT_RD", "Aggregate"})
            QVERIFY2(text.contains(expected), expected);
    }

    // A session of perfdash-cli record (tests/fixtures/profile): its JSON keeps the samples, so it opens
    // again with them; its HTML and PDF reports add its hot functions, and HTML its flame graph.
    void aSessionWithSamplesKeepsThem() {
        const std::string fixture = qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/profile/regions.json";
        auto session = readSessionFile(fixture);
        QVERIFY2(session.ok() && session->profile, session.ok() ? "no profile" : session.error().message.c_str());
        const ExportSamples samples{std::make_shared<const Profile>(*session->profile), "regions.json"};
        QTemporaryDir dir;
        const QString json = dir.filePath("again.json");
        QVERIFY(exportReport(session->result, json, samples).ok());
        auto again = readSessionFile(json.toStdString());
        QVERIFY2(again.ok() && again->profile, again.ok() ? "no profile" : again.error().message.c_str());
        QCOMPARE(again->profile->keys.size(), session->profile->keys.size());
        QCOMPARE(again->profile->values, session->profile->values);
        QCOMPARE(again->profile->samples(), 532.0);

        const QString html = dir.filePath("run.html");
        QVERIFY(exportReport(session->result, html, samples).ok());
        const QByteArray page = fileBytes(html);
        QVERIFY(page.contains("<h2>Hot functions</h2>"));
        QVERIFY(page.contains("<td class=\"label\">main_work</td>")); // the table, hottest first
        QVERIFY(page.indexOf("<td class=\"label\">main_work</td>") < page.indexOf("<td class=\"label\">lib_work</td>"));
        QVERIFY(page.contains("<title>main_work ("));                  // a box of the flame graph
        QVERIFY(page.contains("Session: regions.json"));

        const QString pdftotext = QStandardPaths::findExecutable("pdftotext");
        if (pdftotext.isEmpty()) QSKIP("pdftotext (Debian package poppler-utils) is not installed: cannot read the PDF's text");
        const QString pdf = dir.filePath("run.pdf");
        QVERIFY(exportReport(session->result, pdf, samples).ok());
        QProcess process;
        process.start(pdftotext, {"-layout", pdf, "-"});
        QVERIFY(process.waitForFinished(30000));
        const QString text = QString::fromUtf8(process.readAllStandardOutput());
        for (const char* expected : {"Hot functions", "main_work", "in the HTML report, not on paper"})
            QVERIFY2(text.contains(expected), expected);
    }

    void pdfExportSaysWhatIsPartialMissingOrScaled() {
        const QString pdftotext = QStandardPaths::findExecutable("pdftotext");
        if (pdftotext.isEmpty()) QSKIP("pdftotext (Debian package poppler-utils) is not installed: cannot read the PDF's text");
        QTemporaryDir dir;
        const QString path = dir.filePath("gaps.pdf");
        QVERIFY(exportReport(samples::gapsResult(), path).ok());
        QProcess process;
        process.start(pdftotext, {"-layout", path, "-"});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        const QString text = QString::fromUtf8(process.readAllStandardOutput());
        // "some" lacks cpu2: its Sum is partial, never the sum of the others alone; "idle" is n/a, never 0;
        // "mux" is scaled, with its coverage.
        for (const QString& expected : {QStringLiteral("\u2265 600 (partial: 2 of 3 locations)"),
                                        QStringLiteral("A Sum that lacks some locations is partial"),
                                        QStringLiteral("n/a (0.0%)"), QStringLiteral("8000 (50.0%)")})
            QVERIFY2(text.contains(expected), qPrintable(expected + " in:\n" + text));
    }

    void choosesTheFormatBySuffix() {
        QCOMPARE(exportFormatForPath("a/b.JSON"), std::optional(ExportFormat::Json));
        QCOMPARE(exportFormatForPath("b.htm"), std::optional(ExportFormat::Html));
        QCOMPARE(exportFormatForPath("b.pdf"), std::optional(ExportFormat::Pdf));
        QCOMPARE(exportFormatForPath("b.docx"), std::nullopt);
        QCOMPARE(exportFileFilters().count(";;"), 4);
        const Status status = exportReport(replayed(), "/tmp/report.docx");
        QVERIFY(!status.ok());
        QVERIFY2(status.error().message.find(".json, .csv, .txt, .html or .pdf") != std::string::npos,
                 status.error().message.c_str());
    }

    void writeErrorsNameTheFile() {
        const Status status = exportReport(replayed(), "/nonexistent-dir/run.html");
        QVERIFY(!status.ok());
        QVERIFY2(status.error().message.find("/nonexistent-dir/run.html") != std::string::npos, status.error().message.c_str());
    }

    void exportsInTheBackground() {
        QTemporaryDir dir;
        // As the main window exports: on a worker thread (QTextDocument lays out the PDF there).
        QFuture<Status> done = QtConcurrent::run(
            [result = replayed(), path = dir.filePath("bg.pdf")] { return exportReport(result, path, ExportFormat::Pdf); });
        done.waitForFinished();
        QVERIFY(done.result().ok());
        QVERIFY(fileBytes(dir.filePath("bg.pdf")).startsWith("%PDF-"));
    }
};

QTEST_MAIN(TestReportExport)
#include "test_report_export.moc"
