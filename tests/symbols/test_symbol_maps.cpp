// The text symbol sources: JIT maps (/tmp/perf-PID.map), /proc/kallsyms
// (a copied excerpt, and the same as a reader it is hidden from sees it),
// C++ demangling.
#include <QtTest>

#include <fstream>

#include "core/symbols/Demangle.h"
#include "core/symbols/JitMap.h"
#include "core/symbols/KernelSymbols.h"

using namespace perfdash;

namespace {

std::string fixture(const char* name) { return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/symbols/" + name; }

void writeFile(const std::string& path, const std::string& text, std::ios::openmode mode = std::ios::trunc) {
    std::ofstream out(path, std::ios::out | mode);
    out << text;
}

// A proc root with these settings and this kallsyms.
std::string procTree(const QTemporaryDir& dir, const std::string& kallsyms, int kptrRestrict, int paranoid,
                     bool capSyslog) {
    const std::string root = dir.path().toStdString();
    std::filesystem::create_directories(root + "/sys/kernel");
    std::filesystem::create_directories(root + "/self");
    writeFile(root + "/kallsyms", kallsyms);
    writeFile(root + "/sys/kernel/kptr_restrict", std::to_string(kptrRestrict) + "\n");
    writeFile(root + "/sys/kernel/perf_event_paranoid", std::to_string(paranoid) + "\n");
    writeFile(root + "/self/status", capSyslog ? "CapEff:\t0000000400000000\n" : "CapEff:\t0000000000000000\n");
    return root;
}

} // namespace

class TestSymbolMaps : public QObject {
    Q_OBJECT
private slots:
    void readsAJitMapAsPerfDoes() {
        const auto map = JitMap::parse("1000 10 foo\n"
                                       "0x2000 0x20 bar with spaces\n"
                                       "3000 zz bad\n"
                                       "\n"
                                       "4000 8\n"
                                       "xyz\n"
                                       "5000 10 _ZN5probe6WidgetIiE3runEi");
        QCOMPARE(map.symbols(), size_t{3});
        QCOMPARE(map.skippedLines(), size_t{3});
        QCOMPARE(map.find(0x1000)->name, std::string("foo"));
        QCOMPARE(map.find(0x100f)->name, std::string("foo"));
        QVERIFY(!map.find(0x1010));
        QVERIFY(!map.find(0xfff));
        QCOMPARE(map.find(0x201f)->name, std::string("bar with spaces"));
        QCOMPARE(map.find(0x5008)->name, std::string("probe::Widget<int>::run(int)"));
        QVERIFY(!map.find(0x4004));
    }

    void aLaterJitLineWinsWhereTheyOverlap() {
        const auto map = JitMap::parse("1000 100 old\n1040 10 new\n");
        QCOMPARE(map.find(0x1000)->name, std::string("old"));
        QCOMPARE(map.find(0x1045)->name, std::string("new"));
        QCOMPARE(map.find(0x1045)->start, uint64_t{0x1040});
        QCOMPARE(map.find(0x1050)->name, std::string("old"));
        QCOMPARE(map.find(0x1050)->start, uint64_t{0x1000});
    }

    void readsKallsyms() {
        auto table = KernelSymbols::read(fixture("kallsyms-visible"));
        QVERIFY2(table.ok(), table.ok() ? "" : table.error().message.c_str());
        QVERIFY(!table->addressesHidden());
        // Three names at one address: the last listed.
        const KernelSymbol* getpid = table->find(0xffffffff81382f20);
        QCOMPARE(getpid->name, std::string("__x64_sys_getpid"));
        QCOMPARE(getpid->module, std::string());
        QCOMPARE(table->find(0xffffffff8223c8e5)->name, std::string("do_syscall_64"));
        QCOMPARE(table->find(0xffffffff82248c05)->name, std::string("io_schedule"));
        QVERIFY(!table->find(0xffffffff82400010)); // in data
        QVERIFY(!table->find(0xffffffff80000000)); // below the first
        QVERIFY(!table->find(0xffffffffc0201010)); // the last symbol: its end is not known

        const auto modules = KernelSymbols::parse("ffffffffc0201000 t ext4_read\t[ext4]\n"
                                                  "ffffffffc0202000 T ext4_write\t[ext4]\n"
                                                  "ffffffffc0203000 t broken\t[ext4\n"
                                                  "ffffffffc0204000 t end\t[ext4]\n");
        QCOMPARE(modules.find(0xffffffffc0201004)->name, std::string("ext4_read"));
        QCOMPARE(modules.find(0xffffffffc0201004)->module, std::string("ext4"));
        QCOMPARE(modules.find(0xffffffffc0203004)->name, std::string("ext4_write")); // the broken line skipped
    }

    void saysWhyKernelAddressesAreHidden() {
        const auto hidden = KernelSymbols::read(fixture("kallsyms-hidden"));
        QVERIFY(!hidden.ok());
        const std::string& why = hidden.error().message;
        QVERIFY2(why.find("kptr_restrict is 1") != std::string::npos, why.c_str());
        QVERIFY2(why.find("lacks CAP_SYSLOG") != std::string::npos, why.c_str());
        QVERIFY2(why.find("shows them only to CAP_SYSLOG") != std::string::npos, why.c_str());

        const std::string zeros = "0000000000000000 T _stext\n0000000000000000 T schedule\n";
        QTemporaryDir two, paranoid, odd;
        const std::string everyone = kernelAddressesHiddenReason(procTree(two, zeros, 2, 1, true));
        QVERIFY2(everyone.find("hides them from everyone") != std::string::npos, everyone.c_str());
        const std::string perf = kernelAddressesHiddenReason(procTree(paranoid, zeros, 0, 2, false));
        QVERIFY2(perf.find("perf_event_paranoid=1") != std::string::npos, perf.c_str());
        const std::string other = kernelAddressesHiddenReason(procTree(odd, zeros, 0, 1, false));
        QVERIFY2(other.find("something else hides them") != std::string::npos, other.c_str());
        QVERIFY(!KernelSymbols::read("/nonexistent-proc").ok());
    }

    void demanglesCppNames() {
        QCOMPARE(demangle("_ZN5probe6WidgetIiE3runEi"), std::string("probe::Widget<int>::run(int)"));
        QCOMPARE(demangle("main"), std::string("main"));
        QCOMPARE(demangle("_Znot-a-name"), std::string("_Znot-a-name"));
        QCOMPARE(demangle(""), std::string());
    }
};

QTEST_GUILESS_MAIN(TestSymbolMaps)
#include "test_symbol_maps.moc"
