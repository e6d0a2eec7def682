// The rows of closed intervals on disk (core/profile/RowSpill.h): read back
// exactly as written, coarsened on disk one interval at a time with equal
// keys summed, no file left behind, and a directory that cannot take them
// said by name with the file as it was.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "core/profile/RowMerger.h"
#include "core/profile/RowSpill.h"
#include "util/FullFileSystem.h"

using namespace perfdash;

namespace {

constexpr size_t kStride = 3;

struct Rows {
    std::vector<RowKey> keys;
    std::vector<double> values;
    void add(uint32_t interval, uint32_t thread, double a, double b, double c) {
        keys.push_back({interval, thread, 0, 7, StackState::Complete});
        values.insert(values.end(), {a, b, c});
    }
};

Rows readBack(const RowSpill& spill) {
    Rows out;
    const Status s = spill.forEach([&](const RowKey& k, const double* v) {
        out.keys.push_back(k);
        out.values.insert(out.values.end(), v, v + kStride);
    });
    if (!s) qWarning("%s", s.error().message.c_str());
    return out;
}

} // namespace

class TestRowSpill : public QObject {
    Q_OBJECT
private slots:
    void readsBackWhatWasWrittenAndLeavesNoFile() {
        QTemporaryDir dir;
        RowSpill spill(kStride, dir.path().toStdString());
        Rows first, second;
        first.add(0, 1, 1, 2, 3);
        first.add(0, 2, 4, 5, 6);
        second.add(1, 1, 7.5, 8, 9);
        second.keys[0].stack = StackState::Incomplete;
        QVERIFY(spill.append(first.keys.data(), first.values.data(), 2).ok());
        QVERIFY(spill.append(second.keys.data(), second.values.data(), 1).ok());
        QCOMPARE(spill.rows(), size_t{3});
        const Rows back = readBack(spill);
        QCOMPARE(back.keys.size(), size_t{3});
        QVERIFY(back.keys[0] == first.keys[0] && back.keys[1] == first.keys[1] && back.keys[2] == second.keys[0]);
        QCOMPARE(back.values, (std::vector<double>{1, 2, 3, 4, 5, 6, 7.5, 8, 9}));
        // The file is unlinked from its start: nothing in the directory, even while it is in use.
        QVERIFY(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden).isEmpty());
    }

    void coarsensOnDiskSummingEqualKeys() {
        QTemporaryDir dir;
        RowSpill spill(kStride, dir.path().toStdString());
        Rows rows;
        rows.add(0, 1, 1, 1, 1);
        rows.add(1, 1, 2, 2, 2);  // joins interval 0's row of thread 1
        rows.add(1, 2, 5, 5, 5);
        rows.add(2, 1, 10, 0, 0); // interval 1 after halving
        rows.add(3, 2, 20, 0, 0);
        QVERIFY(spill.append(rows.keys.data(), rows.values.data(), rows.keys.size()).ok());
        QVERIFY(spill.coarsen().ok());
        const Rows back = readBack(spill);
        QCOMPARE(spill.rows(), size_t{4});
        QCOMPARE(back.keys.size(), size_t{4});
        QCOMPARE(back.keys[0].interval, 0u);
        QCOMPARE(back.keys[0].thread, 1u);
        QCOMPARE(back.values[0], 3.0);
        QCOMPARE(back.keys[1].thread, 2u);
        QCOMPARE(back.values[3], 5.0);
        QCOMPARE(back.keys[2].interval, 1u);
        QCOMPARE(back.keys[3].interval, 1u);
        QCOMPARE(back.values[9], 20.0);
    }

    void aDirectoryThatCannotTakeThemIsNamed() {
        RowSpill spill(kStride, "/nonexistent-perfdash-dir");
        Rows rows;
        rows.add(0, 1, 1, 2, 3);
        const Status s = spill.append(rows.keys.data(), rows.values.data(), 1);
        QVERIFY(!s);
        QVERIFY2(s.error().message.find("/nonexistent-perfdash-dir") != std::string::npos, s.error().message.c_str());
        QVERIFY2(s.error().message.find("TMPDIR") != std::string::npos, s.error().message.c_str());
        QCOMPARE(spill.rows(), size_t{0});
    }

    // A disk that fills up: the append that does not fit fails whole, and
    // the rows written before it read back unharmed.
    void aFullDiskKeepsWhatWasWritten() {
        testing::FullFileSystem fs;
        if (!fs.whyNot().empty()) QSKIP(fs.whyNot().c_str());
        const std::string directory = QFileInfo(fs.filePath("x")).absolutePath().toStdString();
        RowSpill spill(kStride, directory);
        Rows block;
        for (uint32_t t = 0; t < 1000; ++t) block.add(0, t, t, 1, 1); // 44 kB a block, the tmpfs 256 kB
        size_t written = 0;
        Status s;
        while ((s = spill.append(block.keys.data(), block.values.data(), block.keys.size())))
            written += block.keys.size();
        QVERIFY(written > 0);
        QVERIFY2(s.error().message.find(directory) != std::string::npos, s.error().message.c_str());
        QCOMPARE(spill.rows(), written);
        const Rows back = readBack(spill);
        QCOMPARE(back.keys.size(), written);
        QCOMPARE(back.keys.back().thread, 999u);
        // Coarsening needs room for a second file: it fails, and the first stays whole.
        QVERIFY(!spill.coarsen());
        QCOMPARE(readBack(spill).keys.size(), written);
    }

    void mergerSumsEqualKeysInFirstOrder() {
        RowMerger merger(kStride);
        const double a[] = {1, 2, 3}, b[] = {10, 20, 30};
        merger.add({0, 2, 0, 1, StackState::Complete}, a);
        merger.add({0, 1, 0, 1, StackState::Complete}, b);
        merger.add({0, 2, 0, 1, StackState::Complete}, b);
        merger.add({0, 2, 0, 1, StackState::Incomplete}, a);
        QCOMPARE(merger.rows(), size_t{3});
        std::vector<RowKey> keys;
        std::vector<double> values;
        merger.takeInto(keys, values);
        QVERIFY(merger.empty());
        QCOMPARE(keys.size(), size_t{3});
        QCOMPARE(keys[0].thread, 2u);
        QCOMPARE(values, (std::vector<double>{11, 22, 33, 10, 20, 30, 1, 2, 3}));
    }
};

QTEST_GUILESS_MAIN(TestRowSpill)
#include "test_row_spill.moc"
