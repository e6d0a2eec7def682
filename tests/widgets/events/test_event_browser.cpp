#include <QClipboard>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>

#include "core/measurement/MachineContext.h"
#include "widgets/events/AvailabilityScan.h"
#include "widgets/events/CustomEventSetModel.h"
#include "widgets/events/EventBrowser.h"
#include "widgets/events/EventDetailsView.h"
#include "widgets/events/EventFilterProxyModel.h"
#include "widgets/events/EventTableModel.h"

using namespace perfdash;

namespace {

QModelIndex proxyIndexOf(const EventFilterProxyModel& proxy, const QString& name) {
    for (int row = 0; row < proxy.rowCount(); ++row)
        if (proxy.index(row, 0).data().toString() == name) return proxy.index(row, 0);
    return {};
}

QPushButton* buttonNamed(QWidget* parent, const QString& text) {
    for (QPushButton* b : parent->findChildren<QPushButton*>())
        if (b->text().remove(QLatin1Char('&')) == text) return b;
    return nullptr;
}

} // namespace

class TestEventBrowser : public QObject {
    Q_OBJECT

    MachineContext machine_;

private slots:
    void typingFiltersAndTheDetailsFollowTheCurrentRow() {
        EventBrowser browser(machine_);
        browser.resize(1280, 800);
        browser.show();
        QVERIFY(QTest::qWaitForWindowExposed(&browser));
        QVERIFY(browser.scan().isRunning() || browser.scan().isFinished()); // the first show starts it

        QTest::keyClicks(browser.filterEdit(), QStringLiteral("dtlb-load"));
        QTRY_COMPARE(browser.proxy().text(), QStringLiteral("dtlb-load"));
        QVERIFY(proxyIndexOf(browser.proxy(), QStringLiteral("dTLB-load-misses")).isValid());
        QVERIFY(!proxyIndexOf(browser.proxy(), QStringLiteral("cycles")).isValid());

        QVERIFY(browser.selectEvent(QStringLiteral("dTLB-load-misses")));
        QVERIFY(browser.details()->toPlainText().contains(QStringLiteral("0x10003")));
        QCOMPARE(browser.selectedEvents(), QStringList{QStringLiteral("dTLB-load-misses")});
        QVERIFY(!browser.selectEvent(QStringLiteral("cycles"))); // filtered out

        // The pane updates when the row's availability arrives.
        QSignalSpy finished(&browser.scan(), &AvailabilityScan::finished);
        if (!browser.scan().isFinished()) QVERIFY(finished.wait(120000));
        QVERIFY(!browser.details()->toPlainText().contains(QStringLiteral("Checking whether")));
    }

    void doubleClickReturnAndTheButtonChooseEvents() {
        EventBrowser browser(machine_);
        browser.resize(1280, 800);
        browser.show();
        QVERIFY(QTest::qWaitForWindowExposed(&browser));
        QSignalSpy chosen(&browser, &EventBrowser::eventsChosen);

        const QModelIndex index = proxyIndexOf(browser.proxy(), QStringLiteral("task-clock"));
        QVERIFY(index.isValid());
        browser.view()->scrollTo(index);
        const QPoint centre = browser.view()->visualRect(index).center();
        QTest::mouseClick(browser.view()->viewport(), Qt::LeftButton, {}, centre);
        QTest::mouseDClick(browser.view()->viewport(), Qt::LeftButton, {}, centre);
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.takeFirst()[0].toStringList(), QStringList{QStringLiteral("task-clock")});

        QVERIFY(browser.selectEvent(QStringLiteral("page-faults")));
        browser.view()->setFocus();
        QTest::keyClick(browser.view(), Qt::Key_Return);
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.takeFirst()[0].toStringList(), QStringList{QStringLiteral("page-faults")});

        QVERIFY(browser.view()->dragEnabled()); // the payload itself: test_event_table_model
        QTest::keyClick(browser.view(), Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("page-faults"));

        QPushButton* add = buttonNamed(&browser, QStringLiteral("Add to measurement"));
        QVERIFY(add);
        add->click();
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.takeFirst()[0].toStringList(), QStringList{QStringLiteral("page-faults")});
    }

    void buildsACustomSetFromTheSelection() {
        EventBrowser browser(machine_);
        QSignalSpy chosen(&browser, &EventBrowser::eventsChosen);
        QPushButton* toSet = buttonNamed(&browser, QStringLiteral("Add to custom set"));
        QPushButton* setToSession = buttonNamed(&browser, QStringLiteral("Add set to session"));
        QVERIFY(toSet && setToSession);
        QVERIFY(!setToSession->isEnabled());
        QVERIFY(browser.selectEvent(QStringLiteral("task-clock")));
        toSet->click();
        QVERIFY(browser.selectEvent(QStringLiteral("page-faults")));
        toSet->click();
        toSet->click(); // already there: not added twice
        QCOMPARE(browser.customSet().events(), QStringList({QStringLiteral("task-clock"), QStringLiteral("page-faults")}));
        QVERIFY(setToSession->isEnabled());
        setToSession->click();
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.takeFirst()[0].toStringList(), browser.customSet().events());
    }

    void sourceFilterComboNarrowsTheList() {
        EventBrowser browser(machine_);
        auto* source = browser.findChild<QComboBox*>(QStringLiteral("sourceFilter"));
        QVERIFY(source);
        const int software = source->findData(static_cast<int>(EventSource::Software));
        QVERIFY(software > 0);
        source->setCurrentIndex(software);
        QVERIFY(browser.proxy().rowCount() > 5);
        QVERIFY(browser.proxy().rowCount() < 100);
        QVERIFY(proxyIndexOf(browser.proxy(), QStringLiteral("task-clock")).isValid());
    }
};

QTEST_MAIN(TestEventBrowser)
#include "test_event_browser.moc"
