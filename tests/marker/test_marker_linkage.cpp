// What the marker library brings into a user's program: nothing but libc
// (pthreads are part of it), only its API exported, and, in a build without
// PERFDASH_PERFMON / LIKWID_PERFMON, not even a reference to it. Checked on
// the built files with binutils' readelf and nm.
#include <QtTest>

#include <set>

#include "core/util/Strings.h"

using namespace perfdash;

namespace {

std::string tool(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) return {};
    return p.readAllStandardOutput().toStdString();
}

// Defined by the linker in every PIC link, not by a library.
bool linkerSymbol(const std::string& name) { return name == "_GLOBAL_OFFSET_TABLE_"; }

bool sanitizerSymbol(const std::string& name) {
    for (const char* prefix : {"__asan_", "__ubsan_", "__sanitizer_", "__lsan_"})
        if (name.starts_with(prefix)) return true;
    return false;
}

std::string withoutVersion(const std::string& symbol) { return symbol.substr(0, symbol.find('@')); }

// The libc this test runs with: the one the library was linked against.
std::string libcPath() {
    for (const auto& line : split(readFile("/proc/self/maps").value_or(""), '\n')) {
        const auto slash = line.find('/');
        if (slash != std::string::npos && line.find("/libc.so.6") != std::string::npos) return line.substr(slash);
    }
    return {};
}

std::set<std::string> definedDynamicSymbols(const std::string& file) {
    std::set<std::string> out;
    for (const auto& line : split(tool("nm", {"-D", "--defined-only", QString::fromStdString(file)}), '\n')) {
        const auto f = splitWhitespace(line);
        if (f.size() == 3) out.insert(withoutVersion(f[2]));
    }
    return out;
}

// nm lines "   U name" / "   w name" / "addr T name": the undefined, non-weak names.
std::set<std::string> strongUndefined(const std::string& nmOutput) {
    std::set<std::string> out;
    for (const auto& line : split(nmOutput, '\n')) {
        const auto f = splitWhitespace(line);
        if (f.size() == 2 && f[0] == "U") out.insert(withoutVersion(f[1]));
    }
    return out;
}

std::set<std::string> definedInArchive(const std::string& nmOutput) {
    std::set<std::string> out;
    for (const auto& line : split(nmOutput, '\n')) {
        const auto f = splitWhitespace(line);
        if (f.size() == 3 && f[1] != "U" && f[1] != "w") out.insert(f[2]);
    }
    return out;
}

} // namespace

class TestMarkerLinkage : public QObject {
    Q_OBJECT

    std::set<std::string> libc_;

    void checkOnlyLibc(const std::set<std::string>& undefined, const char* what) {
        for (const auto& name : undefined) {
            if (sanitizerSymbol(name) || linkerSymbol(name)) continue;
            QVERIFY2(libc_.count(name), (std::string(what) + " needs '" + name + "', which libc does not define").c_str());
        }
    }

private slots:
    void initTestCase() {
        if (tool("nm", {"--version"}).empty() || tool("readelf", {"--version"}).empty())
            QSKIP("binutils' nm and readelf are needed (apt-get install binutils)");
        libc_ = definedDynamicSymbols(libcPath());
        QVERIFY2(libc_.count("read") && libc_.count("pthread_once"), libcPath().c_str());
    }

    void theSharedLibraryNeedsOnlyLibc() {
        const std::string dynamic = tool("readelf", {"-d", MARKER_SHARED_LIBRARY});
        std::vector<std::string> needed;
        for (const auto& line : split(dynamic, '\n'))
            if (line.find("(NEEDED)") != std::string::npos) needed.push_back(line.substr(line.find('[')));
        QVERIFY(!needed.empty());
        for (const auto& library : needed) {
            const bool allowed = library == "[libc.so.6]" || library == "[libpthread.so.0]" ||
                                 (kSanitized && (library.starts_with("[libasan.so") || library.starts_with("[libubsan.so")));
            QVERIFY2(allowed, ("the marker library needs " + library).c_str());
        }
        checkOnlyLibc(strongUndefined(tool("nm", {"-D", "--undefined-only", MARKER_SHARED_LIBRARY})),
                      "the shared marker library");
    }

    void theSharedLibraryExportsOnlyItsApi() {
        const std::set<std::string> expected{"perfdash_marker_init",     "perfdash_marker_thread_init",
                                             "perfdash_marker_register", "perfdash_marker_start",
                                             "perfdash_marker_stop",     "perfdash_marker_get",
                                             "perfdash_marker_reset",    "perfdash_marker_switch",
                                             "perfdash_marker_close",    "perfdash_marker_write_file"};
        std::set<std::string> exported;
        for (const auto& name : definedDynamicSymbols(MARKER_SHARED_LIBRARY))
            if (!sanitizerSymbol(name) && !name.starts_with("_")) exported.insert(name);
        QCOMPARE(exported, expected);
    }

    void theStaticLibraryNeedsOnlyLibc() {
        const std::string symbols = tool("nm", {MARKER_STATIC_LIBRARY});
        QVERIFY(!symbols.empty());
        std::set<std::string> external;
        const std::set<std::string> own = definedInArchive(symbols);
        for (const auto& name : strongUndefined(symbols))
            if (!own.count(name)) external.insert(name);
        checkOnlyLibc(external, "the static marker library");
    }

    void aBuildWithoutTheMacrosSwitchedOnHasNoTraceOfTheLibrary_data() {
        QTest::addColumn<QString>("program");
        QTest::newRow("PERFDASH_MARKER_*") << MARKER_REGIONS_NOOP;
        QTest::newRow("LIKWID_MARKER_*") << LIKWID_REGIONS_NOOP;
    }

    void aBuildWithoutTheMacrosSwitchedOnHasNoTraceOfTheLibrary() {
        QFETCH(QString, program);
        const std::string symbols = tool("nm", {"-a", program}) + tool("nm", {"-D", program});
        QVERIFY(!symbols.empty());
        QVERIFY2(symbols.find("perfdash_marker") == std::string::npos, symbols.c_str());
        QVERIFY(tool("readelf", {"-d", program}).find("perfdash_marker") == std::string::npos);
    }

private:
#ifdef MARKER_SANITIZED
    static constexpr bool kSanitized = true;
#else
    static constexpr bool kSanitized = false;
#endif
};

QTEST_GUILESS_MAIN(TestMarkerLinkage)
#include "test_marker_linkage.moc"
