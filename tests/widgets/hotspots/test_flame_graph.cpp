// The Hotspots page's flame graph on a tree made here, where every box is
// known: widths in proportion to samples, exactly; siblings side by side in
// the tree's order; every drawn box hit at its own centre (this test also
// runs at QT_SCALE_FACTOR=2); zooming by click and by keyboard; the current
// box's figures in its accessible description; the search's summary; and the
// colours, read back from the pixels: blue for the lowest value, red for the
// highest, grey where the value rests on too few samples.
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QtTest>

#include "widgets/hotspots/FlameGraphPanel.h"
#include "widgets/common/FlameGraphView.h"

using namespace perfdash;

namespace {

// all (100) → main (90) → [hot (60) → leaf (20)], [cold (30)]; all → idle (10).
// Columns: samples and weight (10 per sample).
enum Node : uint32_t { All, Main, Idle, Hot, Cold, Leaf, Nodes };

std::shared_ptr<FlameTree> synthetic() {
    auto tree = std::make_shared<FlameTree>();
    tree->names = {"all", "main", "idle", "hot", "cold", "leaf"};
    tree->columns = 2;
    const uint32_t parent[Nodes] = {All, All, All, Main, Main, Hot};
    const double samples[Nodes] = {100, 90, 10, 60, 30, 20};
    const double self[Nodes] = {0, 0, 10, 40, 30, 20};
    for (uint32_t n = 0; n < Nodes; ++n) {
        FlameNode node;
        node.name = n;
        node.parent = parent[n];
        node.depth = n == All ? 0 : tree->nodes[parent[n]].depth + 1;
        tree->nodes.push_back(node);
        tree->sums.insert(tree->sums.end(), {samples[n], 10 * samples[n]});
        tree->self.insert(tree->self.end(), {self[n], 10 * self[n]});
    }
    tree->depth = 3;
    tree->link(); // checked by linkOrdersAndPlacesTheChildren
    return tree;
}

// A made-up metric per node: main 1.0, hot 3.0 (the highest), cold 0.5 (the lowest), leaf from too few samples.
std::vector<FlameValue> values() {
    std::vector<FlameValue> v(Nodes);
    auto set = [&](Node n, double value, bool few) { v[n] = {{value, value / 10, few}, !few}; };
    set(All, 1.2, false);
    set(Main, 1.0, false);
    set(Idle, 2.0, false);
    set(Hot, 3.0, false);
    set(Cold, 0.5, false);
    set(Leaf, 9.0, true);
    return v;
}

std::shared_ptr<const FlameColourings> cpi() { return std::make_shared<const FlameColourings>(FlameColourings{values()}); }

QColor pixel(QWidget& widget, const QRectF& box) {
    const QImage image = widget.grab().toImage();
    const qreal ratio = image.devicePixelRatio();
    // Inside the box, clear of its label and of the current box's outline.
    return image.pixelColor(QPoint(int((box.left() + 3) * ratio), int((box.bottom() - 1) * ratio)));
}

} // namespace

class TestFlameGraph : public QObject {
    Q_OBJECT
private slots:
    // In name order, from the caller's left edge: idle, main; cold, hot.
    void linkOrdersAndPlacesTheChildren() {
        const auto tree = synthetic();
        auto children = [&](Node n) { return std::vector<uint32_t>(tree->children(n).begin(), tree->children(n).end()); };
        QCOMPARE(children(All), (std::vector<uint32_t>{Idle, Main}));
        QCOMPARE(children(Main), (std::vector<uint32_t>{Cold, Hot}));
        QCOMPARE(children(Hot), std::vector<uint32_t>{Leaf});
        QVERIFY(children(Idle).empty() && children(Cold).empty() && children(Leaf).empty());
        const double x[Nodes] = {0, 10, 0, 40, 10, 40};
        for (uint32_t n = 0; n < Nodes; ++n) QCOMPARE(tree->nodes[n].x, x[n]);
    }
    void widthsAreSamplesExactly() {
        FlameGraphView view;
        view.resize(1000, 200);
        view.setTree(synthetic(), cpi(), 0, QStringLiteral("CPI"));
        const FlameTree& tree = *view.tree();
        for (uint32_t n = 0; n < Nodes; ++n) {
            const QRectF box = view.boxRect(n);
            QCOMPARE(box.width(), tree.samples(n) / 100.0 * 1000);
            QCOMPARE(box.left(), tree.nodes[n].x / 100.0 * 1000);
            QCOMPARE(box.top(), double(tree.nodes[n].depth) * box.height() + tree.nodes[n].depth);
        }
        QCOMPARE(view.boxRect(Idle).right(), view.boxRect(Main).left());
        QCOMPARE(view.boxRect(Cold).right(), view.boxRect(Hot).left());
        QVERIFY(view.boxRect(Main).top() > view.boxRect(All).top()); // callees below their caller
        QCOMPARE(view.minimumSizeHint().height(), int(view.boxRect(Leaf).bottom()) + 1);
    }

    void everyBoxIsHitAtItsCentre() {
        FlameGraphView view;
        view.resize(640, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setTree(synthetic(), cpi(), 0, QStringLiteral("CPI"));
        for (uint32_t n = 0; n < Nodes; ++n) QCOMPARE(view.nodeAt(view.boxRect(n).center()), int(n));
        // Beside the leaf (under cold), below the deepest row, and left of the widget: no box.
        const QRectF leaf = view.boxRect(Leaf);
        QCOMPARE(view.nodeAt({view.boxRect(Cold).center().x(), leaf.center().y()}), -1);
        QCOMPARE(view.nodeAt({leaf.center().x(), leaf.bottom() + leaf.height()}), -1);
        QCOMPARE(view.nodeAt({-1, leaf.center().y()}), -1);
        // The edges between siblings: the left edge belongs to the box, the right one to the next.
        QCOMPARE(view.nodeAt(view.boxRect(Main).topLeft() + QPointF(0, 1)), int(Main));
    }

    void clickingZoomsInAndOut() {
        FlameGraphView view;
        view.resize(800, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setTree(synthetic(), cpi(), 0, QStringLiteral("CPI"));
        QSignalSpy chosen(&view, &FlameGraphView::nodeChosen);
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.boxRect(Hot).center().toPoint());
        QCOMPARE(view.zoomed(), uint32_t(Hot));
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.front().front().toString(), QStringLiteral("hot"));
        // The zoomed box and its callers fill the width; its callee scales with it; other boxes are gone.
        QCOMPARE(view.boxRect(Hot).width(), 800.0);
        QCOMPARE(view.boxRect(Main).width(), 800.0);
        QCOMPARE(view.boxRect(Leaf).width(), 20.0 / 60.0 * 800);
        QVERIFY(view.boxRect(Cold).isEmpty());
        QVERIFY(view.boxRect(Idle).isEmpty());
        QCOMPARE(view.nodeAt(view.boxRect(Leaf).center()), int(Leaf));
        // A caller zooms out to it.
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.boxRect(All).center().toPoint());
        QCOMPARE(view.zoomed(), uint32_t(All));
        QCOMPARE(view.boxRect(Idle).width(), 80.0);
    }

    void theKeyboardWalksTheBoxesAndSaysTheirFigures() {
        FlameGraphView view;
        view.resize(800, 200);
        view.setTree(synthetic(), cpi(), 0, QStringLiteral("CPI"));
        QCOMPARE(view.accessibleName(), QStringLiteral("Flame graph coloured by CPI"));
        QVERIFY2(view.accessibleDescription().contains(QLatin1String("CPI from 0.5 (blue) to 3 (red)")),
                 qPrintable(view.accessibleDescription()));
        QTest::keyClick(&view, Qt::Key_Down); // the widest callee of the top: main
        QCOMPARE(view.current(), int(Main));
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(view.current(), int(Hot));
        QCOMPARE(view.accessibleDescription(),
                 QStringLiteral("hot (60 samples, 60.00 % of the selection, CPI 3 ± 0.3)"));
        QTest::keyClick(&view, Qt::Key_Left);
        QCOMPARE(view.current(), int(Cold));
        QTest::keyClick(&view, Qt::Key_Right);
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(view.accessibleDescription(),
                 QStringLiteral("leaf (20 samples, 20.00 % of the selection, CPI 9 ± 0.9, too few samples to tell)"));
        QTest::keyClick(&view, Qt::Key_Return);
        QCOMPARE(view.zoomed(), uint32_t(Leaf));
        QTest::keyClick(&view, Qt::Key_Up);
        QCOMPARE(view.current(), int(Hot));
        QTest::keyClick(&view, Qt::Key_Escape);
        QCOMPARE(view.zoomed(), uint32_t(All));
    }

    void searchSumsEachSampleOnce() {
        FlameGraphView view;
        view.resize(800, 200);
        view.setTree(synthetic(), cpi(), 0, QStringLiteral("CPI"));
        view.setSearch(QStringLiteral("O")); // hot and cold, in any case; the top is not a function
        QCOMPARE(view.searchSummary(), QStringLiteral("2 boxes match 'O': 90.0 % of the samples"));
        view.setSearch(QStringLiteral("a")); // main, leaf (inside main): main's samples only
        QCOMPARE(view.searchSummary(), QStringLiteral("2 boxes match 'a': 90.0 % of the samples"));
        view.setSearch(QStringLiteral("nothing"));
        QCOMPARE(view.searchSummary(), QStringLiteral("0 boxes match 'nothing': 0.0 % of the samples"));
        view.setSearch({});
        QVERIFY(view.searchSummary().isEmpty());
    }

    void coloursFollowTheValues() {
        FlameGraphView view;
        view.resize(800, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setTree(synthetic(), cpi(), 0, QStringLiteral("CPI"));
        const QColor cold = pixel(view, view.boxRect(Cold)), hot = pixel(view, view.boxRect(Hot));
        const QColor leaf = pixel(view, view.boxRect(Leaf));
        QVERIFY2(cold.blue() > cold.red(), qPrintable(cold.name())); // the lowest: blue
        QVERIFY2(hot.red() > hot.blue(), qPrintable(hot.name()));    // the highest: red
        QCOMPARE(leaf, QColor(200, 200, 200));                       // too few samples: grey
        // Another colouring of the same boxes: self share, where leaf (all its own) is known.
        view.setColouring(-1, {});
        QCOMPARE(view.accessibleName(), QStringLiteral("Flame graph coloured by self share"));
        QVERIFY(pixel(view, view.boxRect(Leaf)).red() > pixel(view, view.boxRect(Leaf)).blue());
        QVERIFY(view.legend().startsWith(QLatin1String("Colour: self share from 0 % (blue) to 100 % (red)")));
    }

    // The panel: CPI first, the user's choice kept across selections, "Show all" only when zoomed in.
    void thePanelKeepsTheChosenColouring() {
        FlameGraphPanel panel;
        panel.resize(800, 400);
        const auto all = std::make_shared<const FlameColourings>(FlameColourings{values(), values()});
        panel.setFlame(synthetic(), all, {"Runtime", "CPI"});
        QCOMPARE(panel.colour()->currentText(), QStringLiteral("CPI"));
        QVERIFY(!panel.resetZoom()->isEnabled());
        panel.colour()->setCurrentIndex(1);
        QCOMPARE(panel.view()->accessibleName(), QStringLiteral("Flame graph coloured by Runtime"));
        panel.view()->zoomTo(Hot);
        QVERIFY(panel.resetZoom()->isEnabled());
        panel.resetZoom()->click();
        QCOMPARE(panel.view()->zoomed(), uint32_t(All));
        panel.setFlame(synthetic(), all, {"Runtime", "CPI"});
        QCOMPARE(panel.colour()->currentText(), QStringLiteral("Runtime"));
        panel.setSearch(QStringLiteral("hot"));
        QVERIFY2(panel.legend()->text().endsWith(QLatin1String("1 box matches 'hot': 60.0 % of the samples")),
                 qPrintable(panel.legend()->text()));
    }
};

QTEST_MAIN(TestFlameGraph)
#include "test_flame_graph.moc"
