#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QtTest>
#include <unistd.h>

#include "SetupTestSupport.h"
#include "widgets/measure/ProcessFilterModel.h"
#include "widgets/measure/ProcessListModel.h"
#include "widgets/measure/ProcessPicker.h"

using namespace perfdash;

namespace {

ProcessInfo process(int pid, std::string command, int threads = 1) { return {pid, threads, "root", std::move(command)}; }

QStringList commandsOf(const QAbstractItemModel& model) {
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row)
        out << model.index(row, ProcessListModel::CommandColumn).data().toString();
    return out;
}

} // namespace

class TestProcessList : public QObject {
    Q_OBJECT
private slots:
    void readsTheFixtureProc() {
        const auto processes = readProcesses(test::procFixture().toStdString());
        QCOMPARE(processes.size(), size_t(5)); // sys/ is not a process
        QCOMPARE(processes[0].pid, 1);
        QCOMPARE(processes[0].command, std::string("/sbin/init splash"));
        QCOMPARE(processes[0].user, std::string("root"));
        QCOMPARE(processes[1].command, std::string("[kthreadd]")); // kernel thread: no command line
        QVERIFY(processes[1].kernelThread);
        QVERIFY(!processes[0].kernelThread);
        QCOMPARE(processes[2].pid, 731);
        QCOMPARE(processes[2].user, std::string("4242424")); // a uid without a name shows as the number
        QCOMPARE(processes[2].threads, 7);
        QCOMPARE(processes[4].pid, 31337);
        QCOMPARE(processes[4].command, std::string("./stream_bench --size 100M"));
        QCOMPARE(processes[4].threads, 12);
    }

    void listsThisProcessFromTheRealProc() {
        const auto processes = readProcesses();
        auto self = std::find_if(processes.begin(), processes.end(), [](const ProcessInfo& p) { return p.pid == getpid(); });
        QVERIFY(self != processes.end());
        QVERIFY2(self->command.find("test_process_list") != std::string::npos, self->command.c_str());
        QVERIFY(self->threads >= 1);
        QVERIFY(std::is_sorted(processes.begin(), processes.end(),
                               [](const ProcessInfo& a, const ProcessInfo& b) { return a.pid < b.pid; }));
    }

    void modelPassesTheTesterThroughRefreshesThatInsertRemoveAndChange() {
        ProcessListModel model(test::procFixture().toStdString());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.refresh();
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.columnCount(), int(ProcessListModel::ColumnCount));
        QCOMPARE(model.index(4, ProcessListModel::PidColumn).data().toInt(), 31337);
        QCOMPARE(model.index(4, ProcessListModel::ThreadsColumn).data().toInt(), 12);
        QCOMPARE(model.index(2, ProcessListModel::UserColumn).data().toString(), QStringLiteral("4242424"));
        QCOMPARE(model.headerData(ProcessListModel::PidColumn, Qt::Horizontal).toString(), QStringLiteral("PID"));

        // 1 stays, 2 changes, 5..7 are new, the old 731..31337 are gone, 40000 is new at the end.
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        auto before = model.processes();
        std::vector<ProcessInfo> next = {before[0], process(2, "[kthreadd]", 3), process(5, "a"), process(6, "b"),
                                         process(7, "c"), process(40000, "z")};
        next[1].user = before[1].user;
        model.update(next);
        QCOMPARE(model.processes(), next);
        QCOMPARE(reset.count(), 0); // in place, so views keep selection and scrolling
        QCOMPARE(changed.count(), 1); // only PID 2
        QCOMPARE(changed.first()[0].toModelIndex().row(), 1);
        QVERIFY(removed.count() >= 1);
        QVERIFY(inserted.count() >= 2);
        QCOMPARE(model.rowOfPid(40000), 5);
        QCOMPARE(model.rowOfPid(731), -1);

        model.update({});
        QCOMPARE(model.rowCount(), 0);
        model.update(next);
        QCOMPARE(model.rowCount(), 6);
    }

    void filterMatchesPidUserOrCommandAsYouType() {
        ProcessPicker picker(nullptr, test::procFixture());
        QAbstractItemModelTester tester(picker.filterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        picker.refresh();
        QCOMPARE(picker.filterModel()->rowCount(), 4); // kernel threads are hidden unless asked for
        QVERIFY(!commandsOf(*picker.filterModel()).contains(QStringLiteral("[kthreadd]")));
        picker.kernelThreadsToggle()->setChecked(true);
        QCOMPARE(picker.filterModel()->rowCount(), 5);

        QTest::keyClicks(picker.filterField(), "STREAM"); // case-insensitive, on the command
        QCOMPARE(commandsOf(*picker.filterModel()), QStringList{"./stream_bench --size 100M"});
        picker.filterField()->clear();
        QTest::keyClicks(picker.filterField(), "4242424"); // the user column
        QCOMPARE(commandsOf(*picker.filterModel()), QStringList{"postgres: checkpointer"});
        picker.filterField()->clear();
        QTest::keyClicks(picker.filterField(), "1200"); // the PID column
        QCOMPARE(commandsOf(*picker.filterModel()), QStringList{"-bash"});
        picker.filterField()->clear();
        QTest::keyClicks(picker.filterField(), "no such thing");
        QCOMPARE(picker.filterModel()->rowCount(), 0);
        picker.filterField()->clear();
        QCOMPARE(picker.filterModel()->rowCount(), 5);
        QTest::keyClicks(picker.filterField(), "kthread");
        QCOMPARE(picker.filterModel()->rowCount(), 1);
        picker.kernelThreadsToggle()->setChecked(false);
        QCOMPARE(picker.filterModel()->rowCount(), 0);
        // Selecting a hidden kernel thread shows it rather than selecting something invisible.
        QVERIFY(picker.selectPid(2));
        QCOMPARE(picker.selectedPid(), 2);
        QVERIFY(picker.kernelThreadsToggle()->isChecked());
        QVERIFY(picker.filterField()->text().isEmpty());
    }

    void selectionIsThePidAndSurvivesRefreshButNotFiltering() {
        ProcessPicker picker(nullptr, test::procFixture());
        picker.refresh();
        QSignalSpy pidChanged(&picker, &ProcessPicker::selectedPidChanged);
        QCOMPARE(picker.selectedPid(), -1);
        QVERIFY(picker.selectPid(31337));
        QCOMPARE(picker.selectedPid(), 31337);
        QCOMPARE(pidChanged.last()[0].toInt(), 31337);

        picker.refresh(); // same processes: still selected
        QCOMPARE(picker.selectedPid(), 31337);

        // Filtering the selected process away must not silently select a neighbour.
        QTest::keyClicks(picker.filterField(), "bash");
        QCOMPARE(picker.filterModel()->rowCount(), 1);
        QCOMPARE(picker.selectedPid(), -1);
        QVERIFY(!picker.selectPid(999)); // not listed

        // A click selects the row under it.
        picker.resize(600, 300);
        picker.show();
        QVERIFY(QTest::qWaitForWindowExposed(&picker));
        const QRect row = picker.view()->visualRect(picker.filterModel()->index(0, ProcessListModel::CommandColumn));
        QTest::mouseClick(picker.view()->viewport(), Qt::LeftButton, {}, row.center());
        QCOMPARE(picker.selectedPid(), 1200);
    }
};

QTEST_MAIN(TestProcessList)
#include "test_process_list.moc"
