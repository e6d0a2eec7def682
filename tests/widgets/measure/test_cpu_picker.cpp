#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QtTest>

#include "SetupTestSupport.h"
#include "widgets/measure/CpuPicker.h"
#include "widgets/measure/CpuTopologyLayout.h"
#include "widgets/measure/CpuTopologyView.h"

using namespace perfdash;

namespace {

const CpuTopologyMetrics kMetrics{30, 20, 4, 20};

// sockets x cores x threads, CPU numbers the Intel way (thread t of core c at c + t * all cores).
Topology syntheticTopology(int sockets, int coresPerSocket, int threads) {
    Topology t;
    const int cores = sockets * coresPerSocket;
    t.hwThreads.resize(static_cast<size_t>(cores * threads));
    for (int s = 0; s < sockets; ++s) {
        Socket socket;
        socket.packageId = s;
        socket.coreCount = coresPerSocket;
        for (int c = 0; c < coresPerSocket; ++c) {
            Core core;
            core.packageId = s;
            core.coreId = c;
            for (int th = 0; th < threads; ++th) {
                const int cpu = s * coresPerSocket + c + th * cores;
                core.cpus.push_back(cpu);
                socket.cpus.push_back(cpu);
                t.hwThreads[static_cast<size_t>(cpu)] = {cpu, true, c, s, 0, s, th};
            }
            t.cores.push_back(core);
        }
        std::sort(socket.cpus.begin(), socket.cpus.end());
        t.sockets.push_back(socket);
    }
    return t;
}

std::vector<int> ints(std::initializer_list<int> v) { return v; }

} // namespace

class TestCpuPicker : public QObject {
    Q_OBJECT
private slots:
    void layoutDrawsSocketsCoresAndThreads() {
        const Topology t = test::twoSocketSmt();
        const CpuTopologyLayout layout(t, kMetrics, 1000);
        QCOMPARE(layout.sockets().size(), size_t(2));
        QCOMPARE(layout.cores().size(), size_t(8));
        QCOMPARE(layout.cells().size(), size_t(16));
        QCOMPARE(layout.cores()[0].cpus, ints({0, 8})); // CPU 0 and 8 share core 0
        // A core's threads sit side by side inside its box, and the box inside its socket.
        const auto& c0 = layout.cells()[static_cast<size_t>(layout.cellOf(0))].rect;
        const auto& c8 = layout.cells()[static_cast<size_t>(layout.cellOf(8))].rect;
        QCOMPARE(c0.top(), c8.top());
        QVERIFY(c0.right() < c8.left());
        QVERIFY(layout.cores()[0].rect.contains(c0) && layout.cores()[0].rect.contains(c8));
        QVERIFY(layout.sockets()[0].rect.contains(layout.cores()[3].rect));
        QVERIFY(layout.sockets()[1].rect.contains(layout.cells()[static_cast<size_t>(layout.cellOf(12))].rect));
        QVERIFY(layout.sockets()[0].rect.bottom() < layout.sockets()[1].rect.top());
        QCOMPARE(layout.cpusTouching(layout.cores()[1].rect), ints({1, 9}));
        QCOMPARE(layout.cellAt(c8.center()), layout.cellOf(8));
        QCOMPARE(layout.cellAt(QPoint(-5, -5)), -1);
    }

    void layoutWrapsAndScalesFromTwoToHundredsOfCpus() {
        const Topology tiny = syntheticTopology(1, 2, 1);
        const CpuTopologyLayout small(tiny, kMetrics, 400);
        QCOMPARE(small.cells().size(), size_t(2));
        QVERIFY(small.size().width() <= 400);

        const Topology big = syntheticTopology(4, 32, 2); // 256 CPUs
        for (int width : {300, 700, 1400}) {
            const CpuTopologyLayout layout(big, kMetrics, width);
            QCOMPARE(layout.cells().size(), size_t(256));
            QVERIFY2(layout.size().width() <= width, qPrintable(QString::number(layout.size().width())));
            // No two cells overlap, every cell keeps its full size, and all lie inside the layout.
            QRect all;
            for (size_t i = 0; i < layout.cells().size(); ++i) {
                const QRect r = layout.cells()[i].rect;
                QCOMPARE(r.size(), QSize(kMetrics.cellWidth, kMetrics.cellHeight));
                QVERIFY(QRect(QPoint(0, 0), layout.size()).contains(r));
                if (i > 0) QVERIFY(!r.intersects(layout.cells()[i - 1].rect));
                all |= r;
            }
            QVERIFY(all.height() < layout.size().height());
        }
        // Narrower means more rows, not narrower cells.
        QVERIFY(CpuTopologyLayout(big, kMetrics, 300).size().height() >
                CpuTopologyLayout(big, kMetrics, 1400).size().height());
    }

    void offlineCpusAreShownApartAndNeverSelected() {
        Topology t = syntheticTopology(1, 4, 1);
        t.hwThreads[3].online = false;
        t.cores.pop_back();
        t.sockets[0].cpus = {0, 1, 2};
        const CpuTopologyLayout layout(t, kMetrics, 600);
        QCOMPARE(layout.sockets().size(), size_t(2));
        QCOMPARE(layout.sockets()[1].packageId, -1);
        const int cell = layout.cellOf(3);
        QVERIFY(cell >= 0);
        QVERIFY(!layout.cells()[static_cast<size_t>(cell)].online);
        QCOMPARE(layout.cpusTouching(QRect(QPoint(0, 0), layout.size())), ints({0, 1, 2}));
    }

    void typingAListSelectsItsCpusInThePicture() {
        CpuPicker picker;
        picker.setTopology(test::twoSocketSmt());
        QSignalSpy changed(&picker, &CpuPicker::cpuListChanged);
        QTest::keyClicks(picker.field(), "S1:0-3"); // likwid's socket domain: physical cores first
        QCOMPARE(picker.view()->selection(), ints({4, 5, 6, 7}));
        QCOMPARE(*picker.cpus(), ints({4, 5, 6, 7}));
        QVERIFY(picker.problem().isEmpty());
        QCOMPARE(picker.cpuList(), QStringLiteral("S1:0-3")); // kept as typed
        QCOMPARE(changed.last()[0].toString(), QStringLiteral("S1:0-3"));

        picker.setCpuList(QStringLiteral("8,0-1")); // an ordered list keeps its order
        QCOMPARE(*picker.cpus(), ints({8, 0, 1}));
        QCOMPARE(picker.view()->selection(), ints({0, 1, 8}));
    }

    void clickingAndDraggingRewriteTheText() {
        CpuPicker picker;
        picker.setTopology(test::twoSocketSmt());
        picker.resize(900, 500);
        picker.show();
        QVERIFY(QTest::qWaitForWindowExposed(&picker));
        QWidget* viewport = picker.view()->viewport();
        picker.setCpuList(QStringLiteral("4-7"));

        QSignalSpy changed(&picker, &CpuPicker::cpuListChanged);
        QTest::mouseClick(viewport, Qt::LeftButton, {}, picker.view()->cellRect(12).center());
        QCOMPARE(picker.cpuList(), QStringLiteral("4-7,12"));
        QCOMPARE(changed.count(), 1);
        QTest::mouseClick(viewport, Qt::LeftButton, {}, picker.view()->cellRect(5).center()); // toggles off
        QCOMPARE(picker.cpuList(), QStringLiteral("4,6-7,12"));

        // A band from CPU 0 to CPU 9 covers cores 0 and 1 of socket 0: CPUs 0, 1, 8, 9.
        const QPoint from = picker.view()->cellRect(0).center();
        const QPoint to = picker.view()->cellRect(9).center();
        QTest::mousePress(viewport, Qt::LeftButton, {}, from);
        QTest::mouseMove(viewport, (from + to) / 2);
        QTest::mouseMove(viewport, to);
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
        QCOMPARE(picker.view()->selection(), ints({0, 1, 4, 6, 7, 8, 9, 12}));
        QCOMPARE(picker.cpuList(), QStringLiteral("0-1,4,6-9,12"));
        QVERIFY(picker.problem().isEmpty());

        // A band that starts on a selected CPU deselects what it touches.
        QTest::mousePress(viewport, Qt::LeftButton, {}, from);
        QTest::mouseMove(viewport, (from + to) / 2);
        QTest::mouseMove(viewport, to);
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
        QCOMPARE(picker.cpuList(), QStringLiteral("4,6-7,12"));

        // Clicking a socket's title toggles the whole socket.
        const auto& socket0 = picker.view()->layout().sockets()[0];
        QTest::mouseClick(viewport, Qt::LeftButton, {}, socket0.titleRect.center());
        QCOMPARE(picker.cpuList(), QStringLiteral("0-4,6-12"));
    }

    void keyboardMovesAndToggles() {
        CpuPicker picker;
        picker.setTopology(test::twoSocketSmt());
        picker.resize(900, 500);
        picker.show();
        QVERIFY(QTest::qWaitForWindowExposed(&picker));
        picker.view()->setFocus();
        QTest::keyClick(picker.view(), Qt::Key_Home);
        QTest::keyClick(picker.view(), Qt::Key_Space);
        QCOMPARE(picker.cpuList(), QStringLiteral("0"));
        QTest::keyClick(picker.view(), Qt::Key_Right); // CPU 8: the other thread of core 0
        QTest::keyClick(picker.view(), Qt::Key_Space);
        QCOMPARE(picker.cpuList(), QStringLiteral("0,8"));
        QTest::keyClick(picker.view(), Qt::Key_A, Qt::ControlModifier);
        QCOMPARE(picker.cpuList(), QStringLiteral("0-15"));
    }

    void aBigMachineScrollsAndTheKeyboardReachesEveryCpu() {
        CpuTopologyView view;
        view.setTopology(syntheticTopology(4, 32, 2)); // 256 CPUs
        view.resize(400, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.verticalScrollBar()->maximum() > 0);
        QCOMPARE(view.horizontalScrollBar()->maximum(), 0); // wraps instead of growing sideways
        const QRect visible = view.viewport()->rect();
        QVERIFY(!visible.contains(view.cellRect(255)));
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_End); // the last cell: CPU 255 (socket 3, core 31, thread 1)
        QVERIFY(visible.contains(view.cellRect(255)));
        QSignalSpy edited(&view, &CpuTopologyView::selectionEdited);
        QTest::keyClick(&view, Qt::Key_Space);
        QCOMPARE(view.selection(), ints({255}));
        QCOMPARE(edited.count(), 1);
        QTest::keyClick(&view, Qt::Key_Home);
        QVERIFY(visible.contains(view.cellRect(0)));
    }

    void anInvalidListIsFlaggedWithTheParsersMessage() {
        CpuPicker picker;
        picker.setTopology(test::twoSocketSmt());
        picker.setCpuList(QStringLiteral("0-3"));
        QTest::keyClicks(picker.field(), ",99");
        QVERIFY(!picker.cpus());
        QVERIFY2(picker.problem().contains(QStringLiteral("CPU 99 does not exist")), qPrintable(picker.problem()));
        // The picture keeps the last valid list: "0-3,9" on the way to "0-3,99".
        QCOMPARE(picker.view()->selection(), ints({0, 1, 2, 3, 9}));
        picker.setCpuList(QStringLiteral("S7"));
        QVERIFY(!picker.cpus());
        QVERIFY(!picker.problem().isEmpty());
        QTest::mouseClick(picker.view()->viewport(), Qt::LeftButton, {}, picker.view()->cellRect(2).center());
        QVERIFY(picker.problem().isEmpty()); // a click makes a valid list again
        QCOMPARE(picker.cpuList(), QStringLiteral("0-1,3,9"));
        picker.setCpuList({});
        QVERIFY(picker.cpus() && picker.cpus()->empty());
        QVERIFY(picker.problem().isEmpty());
    }

    void withoutTopologyListsAreRefusedWithTheReason() {
        CpuPicker picker;
        picker.setTopologyError(QStringLiteral("no online CPU in /sys"));
        picker.setCpuList(QStringLiteral("0"));
        QVERIFY(!picker.cpus());
        QVERIFY(picker.problem().contains(QStringLiteral("no online CPU in /sys")));
    }
};

QTEST_MAIN(TestCpuPicker)
#include "test_cpu_picker.moc"
