#include <QAbstractItemModelTester>
#include <QtTest>
#include <memory>

#include "widgets/events/CustomEventSetModel.h"
#include "widgets/events/EventMimeData.h"

using namespace perfdash;

class TestCustomEventSetModel : public QObject {
    Q_OBJECT
private slots:
    void derivesSlotNamesFormulasCanUse_data() {
        QTest::addColumn<QString>("event");
        QTest::addColumn<QString>("slot");
        QTest::newRow("generic") << "dTLB-load-misses" << "DTLB_LOAD_MISSES";
        QTest::newRow("modifier") << "cycles:u" << "CYCLES_U";
        QTest::newRow("tracepoint") << "sched:sched_switch" << "SCHED_SCHED_SWITCH";
        QTest::newRow("libpfm model dropped") << "skl::INST_RETIRED:ANY_P" << "INST_RETIRED_ANY_P";
        QTest::newRow("sysfs pmu") << "msr/tsc/" << "MSR_TSC";
        QTest::newRow("pmu terms") << "cpu/event=0x3c,umask=0x0/u" << "CPU_EVENT_0X3C_UMASK_0X0_U";
        QTest::newRow("leading digit") << "1foo" << "EVENT_1FOO";
    }
    void derivesSlotNamesFormulasCanUse() {
        QFETCH(QString, event);
        QFETCH(QString, slot);
        QCOMPARE(CustomEventSetModel::slotNameFor(event, {}), slot);
    }

    void slotNamesAreUnique() {
        QCOMPARE(CustomEventSetModel::slotNameFor(QStringLiteral("cycles"), {QStringLiteral("CYCLES")}),
                 QStringLiteral("CYCLES_2"));
        QCOMPARE(CustomEventSetModel::slotNameFor(QStringLiteral("cycles"),
                                                  {QStringLiteral("CYCLES"), QStringLiteral("CYCLES_2")}),
                 QStringLiteral("CYCLES_3"));
    }

    void addsEditsAndRemovesUnderTheTester() {
        CustomEventSetModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.addEvents({QStringLiteral("task-clock"), QStringLiteral("page-faults")}), 2);
        QCOMPARE(model.addEvents({QStringLiteral("page-faults"), QStringLiteral("cycles:u")}), 1); // no duplicates
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, CustomEventSetModel::SlotColumn).data().toString(), QStringLiteral("TASK_CLOCK"));
        QCOMPARE(model.index(2, CustomEventSetModel::EventColumn).data().toString(), QStringLiteral("cycles:u"));

        QVERIFY(model.flags(model.index(0, 0)) & Qt::ItemIsEditable);
        QVERIFY(model.setData(model.index(0, CustomEventSetModel::SlotColumn), QStringLiteral(" CPU TIME ")));
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("CPUTIME")); // one word in the file
        QVERIFY(!model.setData(model.index(0, CustomEventSetModel::SlotColumn), QStringLiteral("  ")));

        QVERIFY(model.removeRows(1, 1));
        QVERIFY(!model.removeRows(5, 1));
        const auto counters = model.counters();
        QCOMPARE(counters.size(), size_t(2));
        QCOMPARE(counters[0], std::make_pair(std::string("CPUTIME"), std::string("task-clock")));
        QCOMPARE(counters[1], std::make_pair(std::string("CYCLES_U"), std::string("cycles:u")));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void acceptsDroppedEvents() {
        CustomEventSetModel model;
        std::unique_ptr<QMimeData> data(makeEventMimeData({QStringLiteral("msr/tsc/"), QStringLiteral("sched:sched_switch")}));
        QVERIFY(model.canDropMimeData(data.get(), Qt::CopyAction, -1, -1, {}));
        QVERIFY(model.dropMimeData(data.get(), Qt::CopyAction, -1, -1, {}));
        QCOMPARE(model.events(), QStringList({QStringLiteral("msr/tsc/"), QStringLiteral("sched:sched_switch")}));
        QMimeData text;
        text.setText(QStringLiteral("cycles"));
        QVERIFY(!model.canDropMimeData(&text, Qt::CopyAction, -1, -1, {}));
        QVERIFY(!model.dropMimeData(&text, Qt::CopyAction, -1, -1, {}));
        QCOMPARE(model.rowCount(), 2);
    }
};

QTEST_MAIN(TestCustomEventSetModel)
#include "test_custom_event_set_model.moc"
