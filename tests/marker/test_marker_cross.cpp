// The marker library and an instrumented program cross-compile for aarch64
// with Debian's cross compiler and the project's toolchain file, as the
// arm64 guest rig (tests/hwguest) needs them. Under qemu-aarch64's user mode,
// which has no perf_event_open, the program runs and the library falls back
// to time and call counts, saying why.
#include <QtTest>

#include "core/measurement/MarkerResultsFile.h"
#include "core/util/Strings.h"
#include "marker/wire/perfdash_marker_wire.h"

using namespace perfdash;

namespace {

struct Run {
    bool ok = false;
    std::string output;
};

Run run(const QString& program, const QStringList& args, const QProcessEnvironment& env = {}) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    if (!env.isEmpty()) p.setProcessEnvironment(env);
    p.start(program, args);
    Run r;
    r.ok = p.waitForFinished(600000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    r.output = p.readAll().toStdString();
    return r;
}

const QString kCompiler = "aarch64-linux-gnu-gcc";

} // namespace

class TestMarkerCross : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString program_;

private slots:
    void initTestCase() {
        if (QStandardPaths::findExecutable(kCompiler).isEmpty())
            QSKIP("aarch64-linux-gnu-gcc is not installed (apt-get install gcc-aarch64-linux-gnu)");
    }

    void theLibraryBuildsWithTheRigsToolchainFile() {
        const QString build = dir_.filePath("marker-aarch64");
        const Run configure = run(CMAKE_COMMAND, {"-S", PERFDASH_SOURCE_DIR "/marker", "-B", build, "-G", CMAKE_GENERATOR,
                                                  "-DCMAKE_TOOLCHAIN_FILE=" PERFDASH_SOURCE_DIR
                                                  "/cmake/toolchains/aarch64-linux-gnu.cmake",
                                                  "-DCMAKE_BUILD_TYPE=Release"});
        QVERIFY2(configure.ok, configure.output.c_str());
        const Run built = run(CMAKE_COMMAND, {"--build", build});
        QVERIFY2(built.ok, built.output.c_str());
        for (const char* library : {"/libperfdash_marker.a", "/libperfdash_marker.so"})
            QVERIFY2(QFile::exists(build + library), library);

        program_ = dir_.filePath("marker_regions");
        const Run compiled =
            run(kCompiler, {"-std=c11", "-D_GNU_SOURCE", "-DPERFDASH_PERFMON", "-I" PERFDASH_SOURCE_DIR "/marker/include",
                            "-I" PERFDASH_SOURCE_DIR "/tests",
                            PERFDASH_SOURCE_DIR "/tests/marker/programs/marker_regions.c",
                            build + "/libperfdash_marker.a", "-static", "-pthread", "-o", program_});
        QVERIFY2(compiled.ok, compiled.output.c_str());
        const Run header = run("readelf", {"-h", program_});
        QVERIFY2(header.output.find("AArch64") != std::string::npos, header.output.c_str());
    }

    void theProgramRunsAndStillTimesItsRegionsWithoutCounters() {
        if (program_.isEmpty()) QSKIP("the cross build failed (see the previous test)");
        if (QStandardPaths::findExecutable("qemu-aarch64").isEmpty())
            QSKIP("qemu-aarch64 is not installed (apt-get install qemu-user)");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        const QString results = dir_.filePath("results");
        env.insert("PERFDASH_MARKER_VERSION", QString::number(PERFDASH_MARKER_WIRE_VERSION));
        env.insert("PERFDASH_MARKER_OUTPUT", results);
        env.insert("PERFDASH_MARKER_EVENTS", "1:0x1:0:0:0,1:0x2:0:0:0");
        const Run r = run("qemu-aarch64", {program_, "pages", "50"}, env);
        QVERIFY2(r.ok, r.output.c_str());
        auto parsed = readMarkerResultsFile(results.toStdString());
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
        QCOMPARE(parsed->regions.size(), size_t(2));
        for (const auto& region : parsed->regions) {
            QCOMPARE(region.calls, uint64_t(1));
            QVERIFY(region.timeNs > 0);
        }
        // qemu's user mode has no perf_event_open: the library said so once, and the counts are n/a.
        if (parsed->sets[0][0].kind == MarkerEventState::Kind::OpenFailed) {
            QCOMPARE(split(r.output, '\n').size(), size_t(1));
            QVERIFY2(r.output.find("cannot count any event of event set 0") != std::string::npos, r.output.c_str());
            QVERIFY(!parsed->regions[0].counts[0].has_value());
        }
    }
};

QTEST_GUILESS_MAIN(TestMarkerCross)
#include "test_marker_cross.moc"
