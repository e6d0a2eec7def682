// ELF symbols through libdwfl, on the probe programs (programs/probe.h):
// each reports the address of an instruction on a known line, and the
// symbolizer must name its function, line, inlined calls and module. Also
// a stripped probe whose debug file sits under its build-id in a debug root
// of the test's, one that names its debug file by .gnu_debuglink, missing
// and changed files, and debuginfod only when turned on.
#include <QtTest>

#include <arpa/inet.h>
#include <atomic>
#include <filesystem>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>

#include "ProbeRun.h"
#include "core/symbols/ElfFile.h"
#include "core/symbols/Symbolizer.h"
#include "core/util/Strings.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

const std::string programDir = std::filesystem::path(SYMBOLS_PROBE).parent_path().string();

std::string canonical(const std::string& path) { return std::filesystem::canonical(path).string(); }

bool endsWith(std::string_view text, std::string_view tail) { return text.ends_with(tail); }

SymbolizerOptions withRoots(std::vector<std::string> roots) {
    SymbolizerOptions options;
    options.debug.roots = std::move(roots);
    return options;
}

// The probe's reports named with their lines, as the symbolizer gives them.
void checkProbe(Symbolizer& symbolizer, const ProbeRun& run, const std::string& binary) {
    const auto at = [&](const char* name) -> const Symbol& {
        return symbolizer.symbolize(run.pid, &run.space, run.reports.at(name).pc);
    };
    const auto lineOf = [&](const char* name) { return run.reports.at(name).line; };
    const Symbol& member = at("member");
    QCOMPARE(std::string(member.function), std::string("probe::Widget<int>::run(int)"));
    QCOMPARE(member.module->path, canonical(binary));
    QVERIFY(!member.module->buildId.empty());
    const SourceLocation& memberSource = symbolizer.source(member);
    QVERIFY2(endsWith(memberSource.file, "probe_main.cpp"), std::string(memberSource.file).c_str());
    QCOMPARE(memberSource.line, lineOf("member"));
    QVERIFY(memberSource.inlined.empty());

    const Symbol& inlined = at("inlined");
    QCOMPARE(std::string(inlined.function), std::string("probe_outer()"));
    const SourceLocation& inlinedSource = symbolizer.source(inlined);
    QCOMPARE(inlinedSource.line, lineOf("inlined"));
    QVERIFY2(!inlinedSource.inlined.empty(), "no inlined call at an address inside the inlined function");
    const InlineFrame& call = inlinedSource.inlined[0];
    QVERIFY2(call.function.starts_with("probe_inlined"), std::string(call.function).c_str());
    QCOMPARE(call.callLine, run.reports.at("inlined").callLine);
    QVERIFY(endsWith(call.callFile, "probe_main.cpp"));
    QCOMPARE(inlinedSource.inlined.size(), size_t{1});

    const Symbol& c = at("c");
    QCOMPARE(std::string(c.function), std::string("probe_c_function"));
    QVERIFY(endsWith(symbolizer.source(c).file, "probe_c.c"));
    // A build that passes relative source paths: the name is joined to the unit's directory.
    QVERIFY2(symbolizer.source(c).file.starts_with("/"), std::string(symbolizer.source(c).file).c_str());
    QCOMPARE(symbolizer.source(c).line, lineOf("c"));
    QVERIFY(symbolizer.source(c).inlined.empty());
    // Its ELF symbol's bounds hold the address: what a disassembly of it reads.
    QVERIFY2(c.size > 0 && c.offset < c.size, printfString("offset %llu, size %llu", (unsigned long long)c.offset,
                                                            (unsigned long long)c.size).c_str());

    const Symbol& library = at("library");
    QCOMPARE(std::string(library.function), std::string("probe_lib_function"));
    QCOMPARE(library.module->path, canonical(SYMBOLS_PROBE_LIB));
    QVERIFY(endsWith(symbolizer.source(library).file, "probe_lib.c"));
    QCOMPARE(symbolizer.source(library).line, lineOf("library"));

    // The same address as a return address one byte on: the same place.
    const Symbol& returned = symbolizer.symbolize(run.pid, &run.space, run.reports.at("c").pc + 1, true);
    QCOMPARE(&returned, &c);
}

// The build-id's file name under a debug root: ROOT/.build-id/xx/yyyy.debug.
std::string placeUnderBuildId(const std::string& root, const std::string& binary, const std::string& debugFile) {
    auto elf = ElfFile::open(binary);
    if (!elf || (*elf)->buildId().empty()) return "";
    const std::string hex = buildIdHex((*elf)->buildId());
    const std::string dir = root + "/.build-id/" + hex.substr(0, 2);
    std::filesystem::create_directories(dir);
    const std::string target = dir + "/" + hex.substr(2) + ".debug";
    std::filesystem::copy_file(debugFile, target);
    return target;
}

Mapping mappingOf(const ProbeRun& run, uint64_t address) { return run.space.find(address)->mapping; }

// A TCP socket on 127.0.0.1 as a debuginfod server's stand-in.
struct FakeServer {
    int fd = -1;
    int port = 0;
    FakeServer() {
        fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t size = sizeof address;
        if (::bind(fd, reinterpret_cast<sockaddr*>(&address), size) != 0 || ::listen(fd, 8) != 0 ||
            ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
            ::close(fd);
            fd = -1;
            return;
        }
        port = ntohs(address.sin_port);
    }
    ~FakeServer() {
        if (fd >= 0) ::close(fd);
    }
    bool connectionWaiting(int ms) const {
        pollfd p{fd, POLLIN, 0};
        return ::poll(&p, 1, ms) == 1;
    }
    // Answers each request 404 until stopped, keeping the request lines.
    std::vector<std::string> serve(std::atomic<bool>& stop) const {
        std::vector<std::string> requests;
        while (!stop) {
            if (!connectionWaiting(50)) continue;
            const int client = ::accept4(fd, nullptr, nullptr, SOCK_CLOEXEC);
            if (client < 0) continue;
            char buffer[4096];
            std::string head;
            while (head.find("\r\n\r\n") == std::string::npos) {
                const ssize_t n = ::recv(client, buffer, sizeof buffer, 0);
                if (n <= 0) break;
                head.append(buffer, static_cast<size_t>(n));
            }
            requests.push_back(head.substr(0, head.find("\r\n")));
            const std::string answer = "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
            (void)!::send(client, answer.data(), answer.size(), MSG_NOSIGNAL);
            ::close(client);
        }
        return requests;
    }
};

} // namespace

class TestSymbolizer : public QObject {
    Q_OBJECT
private slots:
    void namesFunctionsLinesAndInlinedCalls() {
        const ProbeRun run = runProbe(SYMBOLS_PROBE);
        QVERIFY2(run.error.empty(), run.error.c_str());
        QTemporaryDir noDebugFiles;
        Symbolizer symbolizer(withRoots({noDebugFiles.path().toStdString()}));
        checkProbe(symbolizer, run, SYMBOLS_PROBE);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(symbolizer.stats().modules, size_t{2});
    }

    // The agent's bound: with one file open at most, the probe and its library take turns. Each turn
    // closes the other file; the closed one is opened again and answers the same, its module the same
    // object (profiles key their modules by it).
    void aClosedFileIsOpenedAgainAndAnswersTheSame() {
        const ProbeRun run = runProbe(SYMBOLS_PROBE);
        QVERIFY2(run.error.empty(), run.error.c_str());
        QTemporaryDir noDebugFiles;
        SymbolizerOptions options = withRoots({noDebugFiles.path().toStdString()});
        options.maxOpenModules = 1;
        Symbolizer symbolizer(options);
        const ModuleInfo* probe = nullptr;
        const ModuleInfo* library = nullptr;
        for (int turn = 0; turn < 3; ++turn) {
            const Symbol member = symbolizer.symbolize(run.pid, &run.space, run.reports.at("member").pc);
            QCOMPARE(std::string(member.function), std::string("probe::Widget<int>::run(int)"));
            QCOMPARE(symbolizer.source(member).line, run.reports.at("member").line);
            QCOMPARE(symbolizer.stats().openModules, size_t{1});
            if (turn == 0) probe = member.module;
            QCOMPARE(member.module, probe);
            QCOMPARE(member.module->path, canonical(SYMBOLS_PROBE));

            const Symbol lib = symbolizer.symbolize(run.pid, &run.space, run.reports.at("library").pc);
            QCOMPARE(std::string(lib.function), std::string("probe_lib_function"));
            QCOMPARE(symbolizer.stats().openModules, size_t{1});
            if (turn == 0) library = lib.module;
            QCOMPARE(lib.module, library);
            // The probe's answer, its file closed meanwhile: its lines come from the file opened again.
            QCOMPARE(symbolizer.source(member).line, run.reports.at("member").line);
            QCOMPARE(symbolizer.stats().openModules, size_t{1});
        }
        QCOMPARE(symbolizer.stats().modules, size_t{2});
        // Opened at each turn: a cap that kept both open would have opened each once.
        QVERIFY2(symbolizer.stats().opened >= 6, std::to_string(symbolizer.stats().opened).c_str());

        // Without a cap, both stay open.
        Symbolizer unbounded(withRoots({noDebugFiles.path().toStdString()}));
        unbounded.symbolize(run.pid, &run.space, run.reports.at("member").pc);
        unbounded.symbolize(run.pid, &run.space, run.reports.at("library").pc);
        QCOMPARE(unbounded.stats().openModules, size_t{2});
        QCOMPARE(unbounded.stats().opened, size_t{2});
    }

    // Functions only (the agent's symbols): the same names, and no lines or inlined calls.
    void withoutLinesFunctionsAreStillNamed() {
        const ProbeRun run = runProbe(SYMBOLS_PROBE);
        QVERIFY2(run.error.empty(), run.error.c_str());
        QTemporaryDir noDebugFiles;
        SymbolizerOptions options = withRoots({noDebugFiles.path().toStdString()});
        options.lines = false;
        Symbolizer symbolizer(options);
        const Symbol& inlined = symbolizer.symbolize(run.pid, &run.space, run.reports.at("inlined").pc);
        QCOMPARE(std::string(inlined.function), std::string("probe_outer()"));
        const SourceLocation& source = symbolizer.source(inlined);
        QCOMPARE(source.line, 0);
        QVERIFY(source.file.empty());
        QVERIFY(source.inlined.empty());
    }

    void aStrippedBinaryResolvesThroughItsBuildId() {
        const std::string stripped = programDir + "/symbols_probe_stripped";
        const ProbeRun run = runProbe(QString::fromStdString(stripped));
        QVERIFY2(run.error.empty(), run.error.c_str());

        QTemporaryDir empty;
        Symbolizer without(withRoots({empty.path().toStdString()}));
        const Symbol& unknown = without.symbolize(run.pid, &run.space, run.reports.at("member").pc);
        QVERIFY(!unknown.known());
        QCOMPARE(without.source(unknown).line, 0);
        QVERIFY2(unknown.module->problem.find("no symbol table") != std::string::npos, unknown.module->problem.c_str());
        QVERIFY2(unknown.module->problem.find(unknown.module->buildId) != std::string::npos,
                 unknown.module->problem.c_str());

        QTemporaryDir root;
        const std::string placed =
            placeUnderBuildId(root.path().toStdString(), stripped, programDir + "/symbols_probe.debug");
        QVERIFY(!placed.empty());
        Symbolizer with(withRoots({empty.path().toStdString(), root.path().toStdString()}));
        checkProbe(with, run, stripped);
        const Symbol& member = with.symbolize(run.pid, &run.space, run.reports.at("member").pc);
        QCOMPARE(with.source(member).line, run.reports.at("member").line);
        QCOMPARE(member.module->debugFile, placed);
        QCOMPARE(member.module->problem, std::string());
    }

    void aDebugLinkBesideTheFileResolves() {
        const std::string linked = programDir + "/symbols_probe_linked";
        const ProbeRun run = runProbe(QString::fromStdString(linked));
        QVERIFY2(run.error.empty(), run.error.c_str());
        QTemporaryDir empty;
        Symbolizer symbolizer(withRoots({empty.path().toStdString()}));
        checkProbe(symbolizer, run, linked);
        const Symbol& c = symbolizer.symbolize(run.pid, &run.space, run.reports.at("c").pc);
        QVERIFY2(endsWith(c.module->debugFile, "/symbols_probe_linked.debug"), c.module->debugFile.c_str());
    }

    void aMissingOrChangedBinaryIsNamedNeverGuessed() {
        const ProbeRun run = runProbe(SYMBOLS_PROBE);
        QVERIFY2(run.error.empty(), run.error.c_str());
        const uint64_t pc = run.reports.at("member").pc;
        const Mapping real = mappingOf(run, pc);
        Symbolizer symbolizer;

        AddressSpace missing;
        Mapping gone = real;
        gone.path = "/nonexistent/dir/app";
        missing.map(gone);
        const Symbol& nothing = symbolizer.symbolize(run.pid, &missing, pc);
        QVERIFY(!nothing.known());
        QCOMPARE(nothing.module->path, std::string("/nonexistent/dir/app"));
        QVERIFY2(nothing.module->problem.find("No such file") != std::string::npos, nothing.module->problem.c_str());
        QCOMPARE(nothing.relative, pc - real.start + real.pgoff); // a file offset: no file to give an address

        AddressSpace other;
        Mapping changed = real;
        changed.buildId = {0xde, 0xad, 0xbe, 0xef, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
        other.map(changed);
        const Symbol& wrong = symbolizer.symbolize(run.pid, &other, pc);
        QVERIFY(!wrong.known());
        QVERIFY2(wrong.module->problem.find("deadbeef") != std::string::npos, wrong.module->problem.c_str());

        AddressSpace replaced;
        Mapping deleted = real;
        deleted.path += " (deleted)";
        replaced.map(deleted);
        const Symbol& unproven = symbolizer.symbolize(run.pid, &replaced, pc);
        QVERIFY(!unproven.known());
        QVERIFY2(unproven.module->problem.find("deleted or replaced") != std::string::npos,
                 unproven.module->problem.c_str());

        // With the mapped build-id, the file there now is shown to be the one mapped.
        AddressSpace proven;
        deleted.buildId = (*ElfFile::open(real.path))->buildId();
        proven.map(deleted);
        QCOMPARE(std::string(symbolizer.symbolize(run.pid, &proven, pc).function),
                 std::string("probe::Widget<int>::run(int)"));
    }

    void debuginfodOnlyWhenTurnedOn() {
        const std::string stripped = programDir + "/symbols_probe_stripped";
        const ProbeRun run = runProbe(QString::fromStdString(stripped));
        QVERIFY2(run.error.empty(), run.error.c_str());
        FakeServer server;
        QVERIFY2(server.fd >= 0, "cannot listen on 127.0.0.1");
        QTemporaryDir cache, empty;
        // Set as a user with debuginfod configured would have it.
        qputenv("DEBUGINFOD_URLS", QByteArray("http://127.0.0.1:") + QByteArray::number(server.port));
        qputenv("DEBUGINFOD_CACHE_PATH", cache.path().toUtf8());
        qputenv("DEBUGINFOD_TIMEOUT", "5");
        for (const char* proxy : {"http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"}) qunsetenv(proxy);
        const uint64_t pc = run.reports.at("member").pc;

        {
            Symbolizer off(withRoots({empty.path().toStdString()}));
            QVERIFY(!off.symbolize(run.pid, &run.space, pc).known());
        }
        QVERIFY2(!server.connectionWaiting(200), "the symbolizer asked a debuginfod server while it was off");

        std::atomic<bool> stop{false};
        std::vector<std::string> requests;
        std::thread serving([&] { requests = server.serve(stop); });
        {
            SymbolizerOptions options = withRoots({empty.path().toStdString()});
            options.debug.debuginfod = true;
            Symbolizer on(options);
            QVERIFY(!on.symbolize(run.pid, &run.space, pc).known()); // the server has nothing
        }
        stop = true;
        serving.join();
        qunsetenv("DEBUGINFOD_URLS");
        const std::string id = buildIdHex((*ElfFile::open(stripped))->buildId());
        QVERIFY2(!requests.empty(), "debuginfod was on, and no server was asked");
        QVERIFY2(requests[0].find("/buildid/" + id + "/debuginfo") != std::string::npos, requests[0].c_str());
    }
};

QTEST_GUILESS_MAIN(TestSymbolizer)
#include "test_symbolizer.moc"
