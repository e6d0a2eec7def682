#include <QPushButton>
#include <QTreeWidget>
#include <QtTest>

#include "core/measurement/MachineContext.h"
#include "widgets/shell/CapabilitiesView.h"

using namespace perfdash;

namespace {

Capability capability(const char* id, const char* title, bool available, bool applicable = true,
                      const char* fix = "") {
    Capability c;
    c.id = id;
    c.title = title;
    c.available = available;
    c.applicable = applicable;
    c.detail = std::string(title) + " detail";
    c.fix = fix;
    return c;
}

} // namespace

class TestCapabilitiesView : public QObject {
    Q_OBJECT
private slots:
    void summaryNamesWhatIsMissing() {
        const std::vector<Capability> list = {capability("hardware_pmu", "Hardware PMU", false),
                                              capability("tracepoints", "Tracepoints", true),
                                              capability("msr", "MSR device", false, true, "sudo modprobe msr"),
                                              capability("loongson", "Loongson 2E/2F counters", false, false)};
        const QString s = capabilitySummary(list);
        QVERIFY2(s.contains("cycles, instructions"), qPrintable(s));
        QVERIFY2(s.contains("Hardware PMU") && s.contains("MSR device"), qPrintable(s));
        QVERIFY2(!s.contains("Tracepoints") && !s.contains("Loongson"), qPrintable(s)); // present / not applicable
    }

    void bannerHidesWhenNothingIsMissing() {
        CapabilityBanner banner;
        banner.show();
        banner.setCapabilities({capability("hardware_pmu", "Hardware PMU", true),
                                capability("loongson", "Loongson", false, false)});
        QVERIFY(banner.isHidden());
        banner.setCapabilities({capability("msr", "MSR device", false)});
        QVERIFY(!banner.isHidden());
        QVERIFY(banner.text().contains("MSR device"));
        QSignalSpy details(&banner, &CapabilityBanner::detailsRequested);
        auto buttons = banner.findChildren<QPushButton*>();
        QCOMPARE(buttons.size(), 1);
        buttons.front()->click();
        QCOMPARE(details.size(), 1);
    }

    void pageListsThisMachine() {
        MachineContext machine;
        const auto list = probeCapabilities(machine);
        CapabilitiesPage page;
        page.setCapabilities(list);
        QCOMPARE(page.list()->topLevelItemCount(), int(list.size()));
        for (int i = 0; i < int(list.size()); ++i) {
            const auto* item = page.list()->topLevelItem(i);
            QCOMPARE(item->text(0), QString::fromStdString(list[size_t(i)].title));
            QCOMPARE(item->text(3), QString::fromStdString(list[size_t(i)].fix));
            QVERIFY(!item->text(2).isEmpty()); // never a state without its reason
        }
        // Whatever this machine lacks, the banner says it (this VM: the hardware PMU).
        const bool missing = std::any_of(list.begin(), list.end(),
                                         [](const Capability& c) { return c.applicable && !c.available; });
        QCOMPARE(capabilitySummary(list).isEmpty(), !missing);
    }
};

QTEST_MAIN(TestCapabilitiesView)
#include "test_capabilities_view.moc"
