// The text symbol sources: JIT maps (/tmp/perf-PID.map), /proc/kallsyms
// (a copied excerpt, and the same as a reader it is hidden from sees it),
// C++ demangling; and the symbolizer's answers from them.
#include <QtTest>

#include <fstream>

#include "core/symbols/Demangle.h"
#include "core/symbols/JitMap.h"
#include "core/symbols/KernelSymbols.h"
#include "core/symbols/Symbolizer.h"

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

Mapping anonymous(uint64_t start, uint64_t length, std::string path = "//anon") {
    Mapping m;
    m.start = start;
    m.length = length;
    m.path = std::move(path);
    return m;
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
        const auto getpid = table->find(0xffffffff81382f20);
        QCOMPARE(std::string(getpid->name), std::string("__x64_sys_getpid"));
        QCOMPARE(std::string(getpid->module), std::string());
        QCOMPARE(std::string(table->find(0xffffffff8223c8e5)->name), std::string("do_syscall_64"));
        QCOMPARE(std::string(table->find(0xffffffff82248c05)->name), std::string("io_schedule"));
        QVERIFY(!table->find(0xffffffff82400010)); // in data
        QVERIFY(!table->find(0xffffffff80000000)); // below the first
        QVERIFY(!table->find(0xffffffffc0201010)); // the last symbol: its end is not known

        const auto modules = KernelSymbols::parse("ffffffffc0201000 t ext4_read\t[ext4]\n"
                                                  "ffffffffc0202000 T ext4_write\t[ext4]\n"
                                                  "ffffffffc0203000 t broken\t[ext4\n"
                                                  "ffffffffc0204000 t end\t[ext4]\n");
        QCOMPARE(std::string(modules.find(0xffffffffc0201004)->name), std::string("ext4_read"));
        QCOMPARE(std::string(modules.find(0xffffffffc0201004)->module), std::string("ext4"));
        QCOMPARE(std::string(modules.find(0xffffffffc0203004)->name), std::string("ext4_write")); // the broken line skipped
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

    void symbolizesKernelAddresses() {
        SymbolizerOptions options;
        options.procRoot = fixture("kallsyms-visible");
        Symbolizer symbolizer(options);
        const Symbol& schedule = symbolizer.symbolizeKernel(0xffffffff82248b58);
        QCOMPARE(std::string(schedule.function), std::string("schedule"));
        QCOMPARE(schedule.offset, uint64_t{8});
        QCOMPARE(schedule.module->path, std::string("[kernel.kallsyms]"));
        // A return address right at a function's start was a call from the one before.
        const Symbol& caller = symbolizer.symbolizeKernel(0xffffffff82248b50, true);
        QCOMPARE(std::string(caller.function), std::string("__pfx_schedule"));
        QCOMPARE(caller.offset, uint64_t{0xf});
        const Symbol& data = symbolizer.symbolizeKernel(0xffffffff82400010);
        QVERIFY(!data.known());
        QVERIFY(!data.module->problem.empty());

        SymbolizerOptions hiddenOptions;
        hiddenOptions.procRoot = fixture("kallsyms-hidden");
        Symbolizer restricted(hiddenOptions);
        const Symbol& hidden = restricted.symbolizeKernel(0xffffffff82248b58);
        QVERIFY(!hidden.known());
        QCOMPARE(hidden.module->path, std::string("[kernel]"));
        QVERIFY2(hidden.module->problem.find("kptr_restrict is 1") != std::string::npos,
                 hidden.module->problem.c_str());
    }

    // A recorder reads kallsyms before the program runs; the table read then
    // answers the addresses that come later (here, after kallsyms is gone).
    void readsKernelSymbolsAheadOfTheirAddresses() {
        QTemporaryDir dir;
        const std::string root = procTree(dir,
                                          "ffffffff81000000 T _stext\nffffffff81000100 T early_function\n"
                                          "ffffffff81000200 T next_function\n",
                                          0, -1, true);
        SymbolizerOptions options;
        options.procRoot = root;
        Symbolizer symbolizer(options);
        symbolizer.readKernelSymbols();
        QVERIFY(std::filesystem::remove(root + "/kallsyms"));
        const Symbol& early = symbolizer.symbolizeKernel(0xffffffff81000104);
        QCOMPARE(std::string(early.function), std::string("early_function"));
        QCOMPARE(early.offset, uint64_t{4});
        QCOMPARE(early.module->path, std::string("[kernel.kallsyms]"));
    }

    void symbolizesJitCodeFromItsMap() {
        QTemporaryDir dir;
        const std::string mapFile = dir.path().toStdString() + "/perf-4242.map";
        writeFile(mapFile, "7f0000001000 40 jitted_loop\n");
        SymbolizerOptions options;
        options.jitMapDir = dir.path().toStdString();
        Symbolizer symbolizer(options);
        AddressSpace space;
        space.map(anonymous(0x7f0000000000, 0x10000));
        space.map(anonymous(0x7f0000100000, 0x1000, "[stack]"));

        const Symbol& loop = symbolizer.symbolize(4242, &space, 0x7f0000001010);
        QCOMPARE(std::string(loop.function), std::string("jitted_loop"));
        QCOMPARE(loop.offset, uint64_t{0x10});
        QCOMPARE(loop.module->path, mapFile);
        QCOMPARE(loop.module->problem, std::string());

        const Symbol& notYet = symbolizer.symbolize(4242, &space, 0x7f0000002000);
        QVERIFY(!notYet.known());
        // The JIT compiles more and appends to its map: the next lookup reads it again.
        writeFile(mapFile, "7f0000002000 20 jitted_later\n", std::ios::app);
        QCOMPARE(std::string(symbolizer.symbolize(4242, &space, 0x7f0000002004).function),
                 std::string("jitted_later"));
        // An earlier answer stays valid.
        QCOMPARE(std::string(loop.function), std::string("jitted_loop"));

        const Symbol& noMap = symbolizer.symbolize(4243, &space, 0x7f0000001010);
        QVERIFY(!noMap.known());
        QVERIFY2(noMap.module->problem.find("no JIT map") != std::string::npos, noMap.module->problem.c_str());

        const Symbol& stack = symbolizer.symbolize(4242, &space, 0x7f0000100010);
        QCOMPARE(stack.module->path, std::string("[stack]"));
        QVERIFY(!stack.known());
        const Symbol& nowhere = symbolizer.symbolize(4242, &space, 0x10);
        QCOMPARE(nowhere.module->path, std::string("[unknown]"));
        QCOMPARE(symbolizer.symbolize(4242, nullptr, 0x7f0000001010).module->path, std::string("[unknown]"));
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
