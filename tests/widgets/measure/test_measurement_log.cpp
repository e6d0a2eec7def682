#include <QAction>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QtTest>
#include <csignal>

#include "core/result/MeasurementResult.h"
#include "widgets/measure/MeasurementLog.h"

using namespace perfdash;

namespace {

QColor colourAt(const MeasurementLog& log, const QString& text) {
    const int at = log.text().indexOf(text);
    if (at < 0) return {};
    QTextCursor cursor(log.view()->document());
    cursor.setPosition(at + 1);
    return cursor.charFormat().foreground().color();
}

} // namespace

class TestMeasurementLog : public QObject {
    Q_OBJECT
private slots:
    void stderrIsShownInAnotherColourAndPartialLinesJoin() {
        MeasurementLog log;
        log.appendOutput(QStringLiteral("hello "), false);
        log.appendOutput(QStringLiteral("world\n"), false);
        log.appendOutput(QStringLiteral("oops\n"), true);
        QCOMPARE(log.text(), QStringLiteral("hello world\noops\n"));
        const QColor out = colourAt(log, QStringLiteral("world"));
        const QColor err = colourAt(log, QStringLiteral("oops"));
        QVERIFY(out.isValid() && err.isValid());
        QVERIFY(out != err);
    }

    void notesStartOnTheirOwnLine() {
        MeasurementLog log;
        log.appendOutput(QStringLiteral("no newline at the end"), false);
        log.appendNote(QStringLiteral("Started"));
        QCOMPARE(log.text(), QStringLiteral("no newline at the end\nStarted\n"));
    }

    void theEndIsReportedHonestly() {
        MeasurementLog log;
        MeasurementResult r;
        r.durationS = 1.5;
        r.exitStatus = 0;
        log.appendResult(r);
        QVERIFY2(log.text().contains(QStringLiteral("Program exited with status 0 after 1.5 s")), qPrintable(log.text()));
        log.clear();
        r.exitStatus = 3;
        log.appendResult(r);
        QVERIFY(log.text().contains(QStringLiteral("exited with status 3")));
        log.clear();
        r.exitStatus = 128 + SIGTERM;
        r.interrupted = true;
        log.appendResult(r);
        QVERIFY2(log.text().contains(QStringLiteral("interrupted")), qPrintable(log.text()));
        QVERIFY2(log.text().contains(QStringLiteral("terminated by signal 15")), qPrintable(log.text()));
        QVERIFY(log.text().contains(QStringLiteral("exit status 143")));
        log.clear();
        r.exitStatus.reset(); // attach / system-wide: no program of ours
        r.interrupted = false;
        log.appendResult(r);
        QVERIFY(log.text().contains(QStringLiteral("Measurement finished after")));
        QVERIFY(!log.text().contains(QStringLiteral("status")));
    }

    void theLogIsBoundedInLinesAndLineLength() {
        MeasurementLog log;
        log.setMaximumLines(100);
        for (int i = 0; i < 1000; ++i) log.appendOutput(QStringLiteral("line %1\n").arg(i), i % 2 == 1);
        QVERIFY(log.view()->document()->blockCount() <= 101);
        QVERIFY(log.text().contains(QStringLiteral("line 999")));
        QVERIFY(!log.text().contains(QStringLiteral("line 1\n")));

        log.clear();
        const QString endless(MeasurementLog::kMaxLineLength * 3 + 10, QLatin1Char('x'));
        log.appendOutput(endless.left(1000), false);
        log.appendOutput(endless.mid(1000), false); // one line over several chunks
        int longest = 0;
        for (QTextBlock b = log.view()->document()->begin(); b.isValid(); b = b.next()) longest = std::max(longest, b.length() - 1);
        QCOMPARE(longest, MeasurementLog::kMaxLineLength);
        QCOMPARE(log.text().count(QLatin1Char('x')), endless.size()); // nothing is dropped from a line
    }

    void clearActionEmptiesTheLog() {
        MeasurementLog log;
        log.appendOutput(QStringLiteral("something\n"), false);
        QVERIFY(log.clearAction()->isEnabled());
        log.clearAction()->trigger();
        QVERIFY(log.text().isEmpty());
        log.appendOutput(QStringLiteral("again"), false);
        QCOMPARE(log.text(), QStringLiteral("again"));
    }
};

QTEST_MAIN(TestMeasurementLog)
#include "test_measurement_log.moc"
