// The marker's region transitions file (core/measurement/MarkerTransitions.h):
// its lines parsed, malformed ones counted, and a reader that takes only the
// lines completed since its last read, and goes on reading the lines of the
// program's last moments after the measurement removed the file.
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "core/measurement/MarkerTransitions.h"

using namespace perfdash;

class TestMarkerTransitions : public QObject {
    Q_OBJECT
private slots:
    void parsesLinesAndCountsTheRest() {
        std::vector<MarkerTransition> out;
        const size_t bad = parseMarkerTransitions("b 12 1000 solve\ne 12 2000 solve\nx 1 2 y\nb 0 5 r\nb 3 -1 r\n"
                                                  "b 3 1 two words\nb  3 1 r\n",
                                                  out);
        QCOMPARE(out.size(), size_t{2});
        QCOMPARE(bad, size_t{5});
        QVERIFY(out[0].start && !out[1].start);
        QCOMPARE(out[0].tid, 12);
        QCOMPARE(out[1].timeNs, uint64_t{2000});
        QCOMPARE(out[1].region, std::string("solve"));
    }

    void readsOnlyCompletedLines() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("transitions").toStdString();
        std::ofstream file(path);
        auto reader = MarkerTransitionsReader::open(path);
        QVERIFY(reader.ok());
        QVERIFY(reader->readNew().empty() && !reader->sawAny());
        file << "b 1 10 a\ne 1 2" << std::flush;
        QCOMPARE(reader->readNew().size(), size_t{1});
        QVERIFY(reader->sawAny());
        file << "0 a\nb 2 30 c\n" << std::flush;
        const auto next = reader->readNew();
        QCOMPARE(next.size(), size_t{2});
        QCOMPARE(next[0].timeNs, uint64_t{20});
        QCOMPARE(reader->malformedLines(), uint64_t{0});
    }

    // The measurement removes its directory when the program ends, before the
    // recorder's last read: the STOP the program wrote last still counts.
    void readsLinesWrittenBeforeTheFileWasRemoved() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("transitions").toStdString();
        std::ofstream file(path);
        auto reader = MarkerTransitionsReader::open(path);
        QVERIFY(reader.ok());
        file << "b 1 10 solve\n" << std::flush;
        QCOMPARE(reader->readNew().size(), size_t{1});
        file << "e 1 20 solve\n" << std::flush;
        file.close();
        QVERIFY(std::filesystem::remove(path));
        const auto last = reader->readNew();
        QCOMPARE(last.size(), size_t{1});
        QVERIFY(!last[0].start);
        QCOMPARE(last[0].timeNs, uint64_t{20});
    }

    void aMissingFileIsAnErrorThatNamesIt() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("absent").toStdString();
        auto reader = MarkerTransitionsReader::open(path);
        QVERIFY(!reader.ok());
        QVERIFY2(reader.error().message.find(path) != std::string::npos, reader.error().message.c_str());
        QVERIFY2(reader.error().message.find("TMPDIR") != std::string::npos, reader.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestMarkerTransitions)
#include "test_marker_transitions.moc"
