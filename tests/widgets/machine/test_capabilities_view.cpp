#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QtTest>

#include "core/measurement/MachineContext.h"
#include "widgets/machine/CapabilitiesView.h"

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

    // The Machine page says which CPU this is, the architecture it is read as, how, and why that is uncertain.
    void pageShowsTheProcessorAndItsArchitecture() {
        CpuIdentity cpu;
        cpu.vendor = "AuthenticAMD";
        cpu.family = 0x19;
        cpu.model = 0x01;
        cpu.stepping = 1;
        cpu.modelName = "AMD EPYC";
        cpu.source = "CPUID";
        cpu.hypervisor = true;
        cpu.hypervisorVendor = "KVMKVMKVM";
        const auto& table = cpuArchTable();
        QVERIFY2(table.ok(), table.ok() ? "" : table.error().message.c_str());
        const CpuArchIdentification arch = identifyCpuArch({cpu, {}, {}, {}}, *table);
        CapabilitiesPage page;
        page.setProcessor(&cpu, arch);
        const QString text = page.processor()->text();
        for (const char* part : {"AMD EPYC (AuthenticAMD, family 0x19, model 0x1, stepping 1, from CPUID)", "KVMKVMKVM",
                                 "zen3 (uncertain)", "Uncertain:", "is generic", "PERFDASH_ARCH=ARCH"})
            QVERIFY2(text.contains(QString::fromUtf8(part).toHtmlEscaped()), qPrintable(part + QStringLiteral("\n") + text));

        // Named by the user: no doubt is shown as the state of things, and no hint to override.
        page.setProcessor(&cpu, overrideCpuArch(arch, "zen4", "PERFDASH_ARCH"));
        const QString named = page.processor()->text();
        QVERIFY2(named.contains("zen4 (named by PERFDASH_ARCH; detected: zen3, uncertain)"), qPrintable(named));
        QVERIFY(!named.contains("Uncertain:"));
        QVERIFY(!named.contains("PERFDASH_ARCH=ARCH"));
    }

    void pageListsThisMachine() {
        MachineContext machine;
        const auto list = checkCapabilities(machine);
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
