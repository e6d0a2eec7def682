#include <QAbstractItemModelTester>
#include <QApplication>
#include <QPalette>
#include <QSignalSpy>
#include <QtTest>
#include <memory>

#include "core/measurement/MachineContext.h"
#include "widgets/events/AvailabilityScan.h"
#include "widgets/events/EventFilterProxyModel.h"
#include "widgets/events/EventMimeData.h"
#include "widgets/events/EventTableModel.h"
#include "widgets/events/EventTestSupport.h"

using namespace perfdash;
using perfdash::test::catalogIndexOf;

namespace {

int proxyRowOf(const EventFilterProxyModel& proxy, const QString& name) {
    for (int row = 0; row < proxy.rowCount(); ++row)
        if (proxy.index(row, EventTableModel::NameColumn).data().toString() == name) return row;
    return -1;
}

QStringList proxyNames(const EventFilterProxyModel& proxy) {
    QStringList names;
    for (int row = 0; row < proxy.rowCount(); ++row) names.append(proxy.index(row, 0).data().toString());
    return names;
}

} // namespace

class TestEventTableModel : public QObject {
    Q_OBJECT

    MachineContext machine_;
    std::unique_ptr<EventTableModel> model_; // fully checked in initTestCase
    std::unique_ptr<QAbstractItemModelTester> tester_;

    const EventCatalog& catalog() { return machine_.catalog(); }
    // A simulated CPU's PMU (PERFDASH_IDENTITY) is never opened, so it counts as none.
    bool hardwarePmuHere() {
        const SysfsPmu* core = machine_.resolver().pmus().core();
        return core && !core->simulated;
    }

private slots:
    void initTestCase() {
        model_ = std::make_unique<EventTableModel>(catalog());
        // The tester watches the model from the start, so every incremental update below is checked too.
        tester_ = std::make_unique<QAbstractItemModelTester>(model_.get(),
                                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model_->rowCount(), static_cast<int>(catalog().entries().size()));
        QVERIFY2(model_->rowCount() > 10000, qPrintable(QString::number(model_->rowCount()))); // libpfm4 alone has ~18 000
        QCOMPARE(model_->checkedCount(), 0);
        QCOMPARE(model_->index(0, EventTableModel::AvailabilityColumn).data().toString(), QStringLiteral("checking…"));

        AvailabilityScan scan(catalog());
        connect(&scan, &AvailabilityScan::batchReady, model_.get(), &EventTableModel::applyAvailability);
        QSignalSpy batches(&scan, &AvailabilityScan::batchReady);
        QSignalSpy finished(&scan, &AvailabilityScan::finished);
        scan.start();
        QVERIFY(scan.isRunning());
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.count(), 1);
        QVERIFY2(batches.count() > 1, "results must arrive incrementally, not in one piece at the end");
        QCOMPARE(model_->checkedCount(), model_->rowCount());
        QCOMPARE(scan.done(), scan.total());
        QVERIFY(scan.isFinished());
    }

    void scanResultsAgreeWithTheCatalog() {
        for (const char* name : {"task-clock", "cycles", "dTLB-load-misses"}) {
            const auto index = catalogIndexOf(catalog(), name);
            QVERIFY2(index, name);
            const Availability* a = model_->availability(static_cast<int>(*index));
            QVERIFY(a);
            const Availability expected = catalog().availability(*index);
            QCOMPARE(a->state, expected.state);
            QCOMPARE(a->reason, expected.reason);
        }
    }

    void unsupportedRowsAreGreyWithBriefAndFullReason() {
        if (hardwarePmuHere()) QSKIP("this machine has a hardware PMU, so 'cycles' is no unsupported example here");
        const int row = static_cast<int>(*catalogIndexOf(catalog(), "cycles"));
        const Availability* a = model_->availability(row);
        QVERIFY(a && !a->countable());
        QCOMPARE(model_->index(row, EventTableModel::AvailabilityColumn).data().toString(),
                 QString::fromStdString(a->brief));
        const QString tip = model_->index(row, EventTableModel::AvailabilityColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QString::fromStdString(a->reason).toHtmlEscaped()), qPrintable(tip));
        const QColor grey = EventTableModel::unavailableColour();
        QVERIFY(grey != QApplication::palette().color(QPalette::Text));
        for (int column = 0; column < EventTableModel::ColumnCount; ++column)
            QCOMPARE(model_->index(row, column).data(Qt::ForegroundRole).value<QColor>(), grey);

        const int countable = static_cast<int>(*catalogIndexOf(catalog(), "task-clock"));
        QCOMPARE(model_->index(countable, EventTableModel::AvailabilityColumn).data().toString(),
                 QStringLiteral("countable"));
        QVERIFY(!model_->index(countable, EventTableModel::NameColumn).data(Qt::ForegroundRole).isValid());
    }

    void proxyPassesTheTesterThroughFilterAndSortChanges() {
        EventFilterProxyModel proxy(*model_);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setText(QStringLiteral("miss"));
        proxy.sort(EventTableModel::NameColumn);
        proxy.setSource(EventSource::HardwareCache);
        proxy.setCountableOnly(true);
        proxy.setCountableOnly(false);
        proxy.sort(EventTableModel::AvailabilityColumn, Qt::DescendingOrder);
        proxy.setText(QString());
        proxy.setSource(std::nullopt);
        QCOMPARE(proxy.rowCount(), model_->rowCount());
    }

    void textFilterMatchesNamesAliasesAndDescriptions() {
        EventFilterProxyModel proxy(*model_);
        proxy.setText(QStringLiteral("DTLB-LOAD-MISSES")); // names, case-insensitively
        QVERIFY(proxyRowOf(proxy, QStringLiteral("dTLB-load-misses")) >= 0);
        proxy.setText(QStringLiteral("mispredicted")); // only in branch-misses' description
        QVERIFY(proxyRowOf(proxy, QStringLiteral("branch-misses")) >= 0);
        QVERIFY(proxyRowOf(proxy, QStringLiteral("dTLB-load-misses")) < 0);
        proxy.setText(QStringLiteral("cpu-cycles")); // the alias of cycles
        QVERIFY(proxyRowOf(proxy, QStringLiteral("cycles")) >= 0);

        // The same rows as the catalog's own search, which the CLI's `list PATTERN` uses.
        for (const char* pattern : {"cache", "Retired", "sched_switch"}) {
            proxy.setText(QString::fromLatin1(pattern));
            EventCatalogFilter filter;
            filter.pattern = pattern;
            QCOMPARE(static_cast<size_t>(proxy.rowCount()), catalog().search(filter).size());
        }

        // Several words: each must occur somewhere, in any order.
        proxy.setText(QStringLiteral("misses dtlb"));
        const QStringList both = proxyNames(proxy);
        QVERIFY(both.contains(QStringLiteral("dTLB-load-misses")));
        for (int row = 0; row < proxy.rowCount(); ++row) {
            const int source = proxy.mapToSource(proxy.index(row, 0)).row();
            QVERIFY(model_->matchesAll(source, {QStringLiteral("misses")}));
            QVERIFY(model_->matchesAll(source, {QStringLiteral("dtlb")}));
        }
        proxy.setText(QStringLiteral("no-event-is-called-this"));
        QCOMPARE(proxy.rowCount(), 0);
    }

    void sourceAndPmuFilters() {
        EventFilterProxyModel proxy(*model_);
        proxy.setSource(EventSource::Software);
        QVERIFY(proxy.rowCount() > 5);
        for (int row = 0; row < proxy.rowCount(); ++row)
            QCOMPARE(model_->entry(proxy.mapToSource(proxy.index(row, 0)).row()).source, EventSource::Software);
        QVERIFY(proxyRowOf(proxy, QStringLiteral("task-clock")) >= 0);
        QVERIFY(proxyRowOf(proxy, QStringLiteral("cycles")) < 0);

        proxy.setSource(EventSource::Libpfm);
        proxy.setPmu(QStringLiteral("skl"));
        EventCatalogFilter filter;
        filter.source = EventSource::Libpfm;
        filter.pmu = "skl";
        QCOMPARE(static_cast<size_t>(proxy.rowCount()), catalog().search(filter).size());
        QVERIFY(proxyRowOf(proxy, QStringLiteral("skl::INST_RETIRED")) >= 0);
        for (int row = 0; row < proxy.rowCount(); ++row)
            QCOMPARE(proxy.index(row, EventTableModel::PmuColumn).data().toString(), QStringLiteral("skl"));

        proxy.setPmu(QString());
        proxy.setSource(std::nullopt);
        QCOMPARE(proxy.rowCount(), model_->rowCount());
    }

    void countableOnlyShowsWhatOpensHere() {
        EventFilterProxyModel proxy(*model_);
        proxy.setCountableOnly(true);
        QVERIFY(proxy.rowCount() > 0);
        for (const char* name : {"task-clock", "page-faults", "context-switches", "cpu-migrations"})
            QVERIFY2(proxyRowOf(proxy, QString::fromLatin1(name)) >= 0, name);
        for (int row = 0; row < proxy.rowCount(); ++row)
            QVERIFY(model_->availability(proxy.mapToSource(proxy.index(row, 0)).row())->countable());
        if (hardwarePmuHere()) QSKIP("this machine has a hardware PMU: 'cycles' may well be countable");
        QVERIFY(proxyRowOf(proxy, QStringLiteral("cycles")) < 0);
        QVERIFY(proxyRowOf(proxy, QStringLiteral("dTLB-load-misses")) < 0);
    }

    void countableOnlyFillsInAsTheScanProgresses() {
        EventTableModel model(catalog());
        EventFilterProxyModel proxy(model);
        proxy.setCountableOnly(true);
        QCOMPARE(proxy.rowCount(), 0); // nothing is known to be countable before it is checked
        AvailabilityScan scan(catalog());
        connect(&scan, &AvailabilityScan::batchReady, &model, &EventTableModel::applyAvailability);
        int rowsAfterFirstBatch = -1;
        bool finishedAtFirstBatch = true;
        connect(&scan, &AvailabilityScan::batchReady, this, [&] {
            if (rowsAfterFirstBatch >= 0) return;
            rowsAfterFirstBatch = proxy.rowCount();
            finishedAtFirstBatch = scan.isFinished();
        });
        QSignalSpy finished(&scan, &AvailabilityScan::finished);
        scan.start();
        QVERIFY(finished.wait(120000));
        QVERIFY(!finishedAtFirstBatch);
        QVERIFY2(rowsAfterFirstBatch > 0, "the software events come first and are countable");
        QVERIFY(proxy.rowCount() >= rowsAfterFirstBatch);
    }

    void sortsByEachColumn() {
        EventFilterProxyModel proxy(*model_);
        proxy.setSource(EventSource::HardwareCache);
        proxy.sort(EventTableModel::NameColumn, Qt::AscendingOrder);
        const QStringList ascending = proxyNames(proxy);
        QVERIFY(ascending.size() > 10);
        for (int i = 1; i < ascending.size(); ++i)
            QVERIFY2(QString::compare(ascending[i - 1], ascending[i], Qt::CaseInsensitive) <= 0,
                     qPrintable(ascending[i - 1] + " > " + ascending[i]));
        proxy.sort(EventTableModel::NameColumn, Qt::DescendingOrder);
        QStringList descending = proxyNames(proxy);
        std::reverse(descending.begin(), descending.end());
        QCOMPARE(descending, ascending);

        proxy.setSource(std::nullopt);
        proxy.setText(QStringLiteral("clock"));
        proxy.sort(EventTableModel::AvailabilityColumn, Qt::AscendingOrder);
        bool seenUncountable = false;
        for (int row = 0; row < proxy.rowCount(); ++row) {
            const bool countable = model_->availability(proxy.mapToSource(proxy.index(row, 0)).row())->countable();
            QVERIFY2(!(countable && seenUncountable), "countable events sort before those that are not");
            seenUncountable = seenUncountable || !countable;
        }

        proxy.setText(QString());
        proxy.sort(EventTableModel::SourceColumn, Qt::DescendingOrder);
        EventSource last = EventSource::Hardware; // sources sort in their declaration order
        for (int row = 0; row < model_->rowCount(); ++row) last = std::max(last, model_->entry(row).source);
        QCOMPARE(model_->entry(proxy.mapToSource(proxy.index(0, 0)).row()).source, last);
        proxy.sort(-1); // back to catalog order
        QCOMPARE(proxy.mapToSource(proxy.index(0, 0)).row(), 0);
    }

    void dragCarriesTheEventStrings() {
        const int first = static_cast<int>(*catalogIndexOf(catalog(), "dTLB-load-misses"));
        const int second = static_cast<int>(*catalogIndexOf(catalog(), "skl::INST_RETIRED"));
        QVERIFY(model_->mimeTypes().contains(QString::fromLatin1(kEventListMimeType)));
        QVERIFY(model_->flags(model_->index(first, 0)) & Qt::ItemIsDragEnabled);
        // A row selection gives one index per column: each event must come once.
        QModelIndexList indexes;
        for (int column = 0; column < EventTableModel::ColumnCount; ++column)
            indexes << model_->index(first, column) << model_->index(second, column);
        std::unique_ptr<QMimeData> data(model_->mimeData(indexes));
        QVERIFY(hasEventList(data.get()));
        QCOMPARE(decodeEventMimeData(data.get()),
                 QStringList({QStringLiteral("dTLB-load-misses"), QStringLiteral("skl::INST_RETIRED")}));
        QCOMPARE(data->text(), QStringLiteral("dTLB-load-misses,skl::INST_RETIRED"));

        // Commas inside a PMU's terms survive: the payload is one event per line.
        std::unique_ptr<QMimeData> pmuEvent(makeEventMimeData({QStringLiteral("cpu/event=0x3c,umask=0x0/u")}));
        QCOMPARE(decodeEventMimeData(pmuEvent.get()), QStringList{QStringLiteral("cpu/event=0x3c,umask=0x0/u")});
        QMimeData plain;
        plain.setText(QStringLiteral("cycles"));
        QVERIFY(decodeEventMimeData(&plain).isEmpty());
    }
};

QTEST_MAIN(TestEventTableModel)
#include "test_event_table_model.moc"
