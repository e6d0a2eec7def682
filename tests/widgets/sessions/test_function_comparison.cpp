// Two sessions' samples compared function by function on the Saved sessions
// page: the table is `perfdash-cli report B --functions --baseline A`'s, row
// by row; the flame graph is B's, each box with the change the command
// line's `--flame change --baseline A --json` gives it, coloured around no
// change; a session without samples says which. A is the recorded fixture
// (tests/fixtures/profile), B its first half of rows (the run's first part).
#include <QAbstractItemModelTester>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "core/profile/FlameTree.h"
#include "core/profile/ProfileJson.h"
#include "core/util/AtomicFile.h"
#include "widgets/Screenshot.h"
#include "widgets/common/FlameGraphView.h"
#include "widgets/sessions/FunctionChangesModel.h"
#include "widgets/sessions/FunctionComparisonView.h"
#include "widgets/sessions/SessionComparisonView.h"
#include "widgets/sessions/SessionsPage.h"

using namespace perfdash;

namespace {

nlohmann::json cli(const QStringList& arguments) {
    QProcess process;
    process.start(qEnvironmentVariable("PERFDASH_CLI"), arguments);
    if (!process.waitForFinished(60000) || process.exitCode() != 0) {
        qWarning() << process.readAllStandardError();
        return {};
    }
    return nlohmann::json::parse(process.readAllStandardOutput().toStdString(), nullptr, false);
}

// The box's change, from the command line's tree, by the path of names below the top.
void compareChanges(const FlameTree& tree, const std::vector<FlameValue>& values, uint32_t node, const nlohmann::json& cli,
                    int& boxes) {
    ++boxes;
    QCOMPARE(tree.samples(node), cli["value"].get<double>());
    const auto& metric = cli["metric"];
    QCOMPARE(metric["name"].get<std::string>(), std::string(kChangeName));
    if (metric["value"].is_number()) QCOMPARE(values[node].metric.value, metric["value"].get<double>());
    const auto children = tree.children(node);
    QCOMPARE(children.size(), cli["children"].size());
    for (size_t c = 0; c < children.size(); ++c) {
        QCOMPARE(tree.nameOf(children[c]), cli["children"][c]["name"].get<std::string>());
        compareChanges(tree, values, children[c], cli["children"][c], boxes);
    }
}

} // namespace

class TestFunctionComparison : public QObject {
    Q_OBJECT
private slots:
    void comparesAsTheCommandLineDoes() {
        const std::string fixture = (qEnvironmentVariable("PERFDASH_FIXTURES") + QStringLiteral("/profile/regions.json")).toStdString();
        auto a = readSessionFile(fixture);
        QVERIFY2(a.ok(), a.ok() ? "" : a.error().message.c_str());
        QVERIFY(a->profile);
        Profile firstHalf = *a->profile;
        const size_t rows = firstHalf.rows() / 2;
        firstHalf.keys.resize(rows);
        firstHalf.values.resize(rows * firstHalf.columns().count());
        QTemporaryDir dir;
        const QString b = dir.filePath(QStringLiteral("b.json"));
        QVERIFY(writeFileAtomically(b.toStdString(), formatSessionJson(a->result, firstHalf)).ok());
        auto samplesA = std::make_shared<const Profile>(*a->profile);
        auto samplesB = std::make_shared<const Profile>(firstHalf);

        SessionsPage page;
        page.resize(1280, 800);
        page.show();
        FunctionComparisonView* view = page.comparison()->functions();
        QAbstractItemModelTester tester(view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy ready(view, &FunctionComparisonView::ready);
        page.showComparison(a->result, a->result, samplesA, samplesB);
        QTRY_VERIFY_WITH_TIMEOUT(ready.size() >= 2 || (ready.size() == 1 && view->model()->rowCount() > 0), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(view->model()->rowCount() > 0, 20000);
        QVERIFY2(view->summary()->text().startsWith(QStringLiteral("B against A, function by function: 532 samples in A, ")),
                 qPrintable(view->summary()->text()));

        const QString aPath = QString::fromStdString(fixture);
        const nlohmann::json functions =
            cli({QStringLiteral("report"), b, QStringLiteral("--functions"), QStringLiteral("--baseline"), aPath,
                 QStringLiteral("--json"), QStringLiteral("--limit"), QStringLiteral("0")});
        QVERIFY(functions.is_object());
        const auto& expected = functions["functions"];
        const QAbstractItemModel* shown = view->table()->model();
        QCOMPARE(shown->rowCount(), int(expected.size()));
        for (int r = 0; r < shown->rowCount(); ++r) {
            const auto& e = expected[static_cast<size_t>(r)];
            QCOMPARE(shown->index(r, FunctionChangesModel::NameColumn).data().toString().toStdString(), e["name"].get<std::string>());
            QCOMPARE(shown->index(r, FunctionChangesModel::ChangeColumn).data(FunctionChangesModel::SortRole).toDouble(),
                     e["change"].get<double>());
            const bool before = !e["before"].is_null();
            QCOMPARE(shown->index(r, FunctionChangesModel::SamplesAColumn).data().toString() != QStringLiteral("-"), before);
            if (before)
                QCOMPARE(shown->index(r, FunctionChangesModel::SamplesAColumn).data(FunctionChangesModel::SortRole).toDouble(),
                         e["before"]["samples"].get<double>());
        }
        // Something changed: B is only the run's first part.
        QVERIFY(std::abs(expected[0]["change"].get<double>()) > 0.01);

        const nlohmann::json flame = cli({QStringLiteral("report"), b, QStringLiteral("--flame"), QStringLiteral("change"),
                                          QStringLiteral("--baseline"), aPath, QStringLiteral("--json")});
        QVERIFY(flame.is_object());
        FlameGraphView* graph = view->flame();
        QVERIFY(graph->tree());
        QCOMPARE(graph->accessibleName(), QStringLiteral("Flame graph coloured by %1").arg(QLatin1String(kChangeName)));
        // The view's values are its tree's changes; check them box by box against the command line.
        const FlameTree tree = callTree(firstHalf, *selectRows(firstHalf, {}), CallTreeView::TopDown, {}, "B");
        const FlameTree baseline = callTree(*a->profile, *selectRows(*a->profile, {}), CallTreeView::TopDown, {}, "A");
        const auto values = flameChanges(tree, baseline);
        int boxes = 0;
        compareChanges(tree, values, 0, flame, boxes);
        QVERIFY(boxes > 5);
        QCOMPARE(graph->tree()->nodes.size(), tree.nodes.size());
        // What the view says of each box (its tooltip, its accessible description) is that change.
        for (uint32_t n = 0; n < tree.nodes.size(); ++n)
            QCOMPARE(graph->nodeText(n), QString::fromStdString(flameNodeText(tree, n, values[n], kChangeName)));
        // Around no change: the legend's range is symmetric.
        QVERIFY2(view->legend()->text().contains(QStringLiteral("(blue)")), qPrintable(view->legend()->text()));

        page.comparison()->views()->setCurrentWidget(view);
        test::saveScreenshot(page, QStringLiteral("sessions-functions-1280x800.png"));
        page.resize(1920, 1080);
        test::saveScreenshot(page, QStringLiteral("sessions-functions-1920x1080.png"));

        // A session of counts only: which one, and nothing compared.
        page.showComparison(a->result, a->result, samplesA, nullptr);
        QCOMPARE(view->model()->rowCount(), 0);
        QVERIFY(view->summary()->text().startsWith(QStringLiteral("Session B holds counts only")));
        QVERIFY(!view->flame()->tree());
        page.showComparison(a->result, a->result, nullptr, nullptr, QStringLiteral("The samples cannot be compared: x"));
        QCOMPARE(view->summary()->text(), QStringLiteral("The samples cannot be compared: x"));
    }
};

QTEST_MAIN(TestFunctionComparison)
#include "test_function_comparison.moc"
