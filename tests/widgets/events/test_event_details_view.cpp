#include <QtTest>

#include "core/events/LibpfmTable.h"
#include "core/measurement/MachineContext.h"
#include "widgets/events/EventDetailsView.h"
#include "widgets/events/EventTestSupport.h"

using namespace perfdash;
using perfdash::test::catalogIndexOf;

class TestEventDetailsView : public QObject {
    Q_OBJECT

    MachineContext machine_;
    const EventCatalog& catalog() { return machine_.catalog(); }

private slots:
    void showsTheEncodingOfACacheEvent() {
        const auto index = catalogIndexOf(catalog(), "dTLB-load-misses");
        QVERIFY(index);
        const Availability a = catalog().availability(*index);
        EventDetailsView view(catalog());
        view.showEntry(*index, &a);
        const QString text = view.toPlainText();
        QVERIFY2(text.contains(QStringLiteral("dTLB-load-misses")), qPrintable(text));
        // PERF_TYPE_HW_CACHE, config DTLB | OP_READ << 8 | RESULT_MISS << 16.
        QVERIFY2(text.contains(QStringLiteral("type\n3 (PERF_TYPE_HW_CACHE)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("config\n0x10003")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("config1\n0x0")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("config2\n0x0")), qPrintable(text));
        QVERIFY2(text.contains(QString::fromStdString(catalog().entries()[*index].description)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("perf modifiers")), qPrintable(text));
        // Whatever this machine says, the pane says it in full.
        if (!a.reason.empty()) QVERIFY2(text.contains(QString::fromStdString(a.reason)), qPrintable(text));
        QCOMPARE(view.shownEntry(), index);
    }

    void explainsWhyAnAbsentModelsEventCannotBeCounted() {
        const auto index = perfdash::test::absentModelEvent(catalog());
        if (!index) QSKIP("libpfm4 detected every candidate model (zen4, skl, icl) here");
        const EventCatalogEntry& entry = catalog().entries()[*index];
        const Availability a = catalog().availability(*index);
        QVERIFY(!a.countable());
        EventDetailsView view(catalog());
        view.showEntry(*index, &a);
        const QString text = view.toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Not countable here: PMU model not present")), qPrintable(text));
        const LibpfmPmu* model = LibpfmTable::instance().findPmu(entry.pmu);
        QVERIFY(model);
        QVERIFY2(text.contains(QStringLiteral("PMU model %1 (%2) is not present")
                                   .arg(QString::fromStdString(model->name), QString::fromStdString(model->description))),
                 qPrintable(text));
        // Still encoded for reference.
        QVERIFY2(text.contains(QStringLiteral("type\n4 (PERF_TYPE_RAW)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("config\n0xc0")), qPrintable(text));
        // Its libpfm4 attributes: every unit mask and modifier by name.
        QVERIFY2(text.contains(QStringLiteral("Modifiers")), qPrintable(text));
        for (const auto& attr : LibpfmTable::instance().attributes(entry.libpfmEvent))
            QVERIFY2(text.contains(QString::fromStdString(attr.name)), attr.name.c_str());
    }

    // The check ran out of file descriptors: not "not countable", but not known, with the limit and its fix.
    void anUncheckedEventSaysItIsNotKnownAndWhy() {
        const auto index = catalogIndexOf(catalog(), "task-clock");
        QVERIFY(index);
        const Availability unchecked{Availability::State::Unchecked,
                                     "could not check whether 'task-clock' can be counted: raise 'ulimit -n'",
                                     "not checked: out of files (ulimit -n)"};
        EventDetailsView view(catalog());
        view.showEntry(*index, &unchecked);
        const QString text = view.toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Not known: not checked: out of files (ulimit -n)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("raise 'ulimit -n'")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Not countable")), qPrintable(text));
    }

    void listsUnitMasksWithTheDefaultMarked() {
        const auto index = catalogIndexOf(catalog(), "skl::INST_RETIRED");
        QVERIFY(index);
        EventDetailsView view(catalog());
        view.showEntry(*index, nullptr);
        const QString text = view.toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Unit masks")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("ANY_P (default)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("PREC_DIST")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Checking whether it can be counted here")), qPrintable(text));
    }

    void tracepointsTakeNoModifiers() {
        const auto& entries = catalog().entries();
        const auto it = std::find_if(entries.begin(), entries.end(),
                                     [](const EventCatalogEntry& e) { return e.source == EventSource::Tracepoint; });
        if (it == entries.end()) QSKIP("no tracepoints here (tracefs not mounted)");
        EventDetailsView view(catalog());
        view.showEntry(static_cast<size_t>(it - entries.begin()), nullptr);
        const QString text = view.toPlainText();
        QVERIFY2(text.contains(QStringLiteral("PERF_TYPE_TRACEPOINT")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Modifiers")), qPrintable(text));
    }

    void showNothingForgetsTheEvent() {
        EventDetailsView view(catalog());
        view.showEntry(0, nullptr);
        view.showNothing();
        QVERIFY(!view.shownEntry());
        QVERIFY(view.toPlainText().contains(QStringLiteral("Select an event")));
    }
};

QTEST_MAIN(TestEventDetailsView)
#include "test_event_details_view.moc"
