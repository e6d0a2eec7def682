// --call-graph dwarf on real samples: the workload (programs/unwind_target.c,
// built without frame pointers) is sampled on this machine through
// perf_event_open with its user registers and stack, and each sample in
// its leaf function must unwind through every caller to _start. Also: a
// short stack copy, a frame in no file and bad registers end the stack with
// their reasons; and the kernel's frame-pointer callchains of the same
// program built with and without frame pointers are judged.
#include <QtTest>

#include <sstream>

#include "PerfCapture.h"
#include "core/symbols/CallchainCheck.h"
#include "core/symbols/Symbolizer.h"
#include "core/symbols/Unwinder.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

std::vector<std::string> names(Symbolizer& symbolizer, const Capture& capture, const std::vector<uint64_t>& ips) {
    std::vector<std::string> functions;
    for (size_t i = 0; i < ips.size(); ++i)
        functions.emplace_back(symbolizer.symbolize(capture.pid, &capture.space, ips[i], i > 0).function);
    return functions;
}

std::string joined(const std::vector<std::string>& parts) { return join(parts, " <- "); }

} // namespace

class TestUnwinder : public QObject {
    Q_OBJECT

    std::optional<RegisterArch> arch = hostRegisterArch();
    Capture noFramePointers, framePointers;
    Symbolizer symbolizer;

    // The samples whose ip is in the workload's leaf function.
    std::vector<const CapturedSample*> leafSamples(const Capture& capture) {
        std::vector<const CapturedSample*> leaves;
        for (const CapturedSample& sample : capture.samples)
            if (symbolizer.symbolize(capture.pid, &capture.space, sample.ip).function == "unwind_leaf")
                leaves.push_back(&sample);
        return leaves;
    }

private slots:
    void initTestCase() {
        if (!arch) QSKIP("the unwinder knows the registers of x86_64 and aarch64 only");
        noFramePointers = captureSamples(SYMBOLS_UNWIND_NOFP, 1.0, *arch, 8192);
        if (noFramePointers.refused) QSKIP(noFramePointers.error.c_str());
        QVERIFY2(noFramePointers.error.empty(), noFramePointers.error.c_str());
        framePointers = captureSamples(SYMBOLS_UNWIND_FP, 1.0, *arch, 8192);
        QVERIFY2(framePointers.error.empty(), framePointers.error.c_str());
    }

    void unwindsAStackWithoutFramePointers() {
        const auto leaves = leafSamples(noFramePointers);
        QVERIFY2(leaves.size() >= 10, qPrintable(QString("%1 samples in unwind_leaf of %2")
                                                     .arg(leaves.size())
                                                     .arg(noFramePointers.samples.size())));
        Unwinder unwinder;
        UnwindTally tally;
        for (const CapturedSample* sample : leaves) {
            // At most the size asked for: less where the stack's mapping ends sooner.
            QVERIFY(!sample->stack.empty() && sample->stack.size() <= 8192);
            const UnwindResult result =
                unwinder.unwind(noFramePointers.pid, noFramePointers.space, sample->registers, sample->stack);
            tally.add(result);
            const auto functions = names(symbolizer, noFramePointers, result.ips);
            QVERIFY2(result.complete(), qPrintable(QString::fromStdString(joined(functions) + ": " +
                                                                          describe(result.stop) + ", " + result.detail)));
            QVERIFY2(functions.size() >= 5, joined(functions).c_str());
            const std::vector<std::string> ours(functions.begin(), functions.begin() + 4);
            QCOMPARE(joined(ours), std::string("unwind_leaf <- unwind_middle <- unwind_outer <- main"));
            QCOMPARE(functions.back(), std::string("_start"));
            QCOMPARE(result.ips.front(), sample->ip);
            // The whole stack, read as a callchain's user part, reaches the program's start.
            const auto judged = judgeUserCallchain(result.ips, 0, 0, symbolizer, noFramePointers.pid,
                                                   &noFramePointers.space);
            QCOMPARE(judged.verdict, StackVerdict::Complete);
        }
        QCOMPARE(tally.count(UnwindStop::Complete), uint64_t{leaves.size()});
        qInfo("%s", tally.summary().c_str());
    }

    void aShortStackCopyEndsTheStackWithItsReason() {
        const auto leaves = leafSamples(noFramePointers);
        QVERIFY(!leaves.empty());
        const CapturedSample& sample = *leaves.front();
        // The leaf's frame is 2 KiB: 256 bytes of it hold no return address.
        Unwinder unwinder;
        const UnwindResult result = unwinder.unwind(noFramePointers.pid, noFramePointers.space, sample.registers,
                                                    std::span(sample.stack).first(256));
        QCOMPARE(result.stop, UnwindStop::StackEnded);
        QCOMPARE(result.ips, std::vector<uint64_t>{sample.ip});
        QVERIFY2(result.detail.find("256 bytes") != std::string::npos, result.detail.c_str());
        UnwindTally tally;
        tally.add(result);
        QCOMPARE(tally.incomplete(), uint64_t{1});
        QVERIFY2(tally.summary().find("the stack copy ran out") != std::string::npos, tally.summary().c_str());
    }

    void aFrameInNoFileOrBadRegistersStop() {
        const auto leaves = leafSamples(noFramePointers);
        QVERIFY(!leaves.empty());
        const CapturedSample& sample = *leaves.front();
        Unwinder unwinder;

        AddressSpace withoutProgram;
        for (const MappedRegion* region : noFramePointers.space.regions())
            if (region->mapping.path != std::filesystem::canonical(SYMBOLS_UNWIND_NOFP).string())
                withoutProgram.map(region->mapping);
        const UnwindResult noFile = unwinder.unwind(noFramePointers.pid, withoutProgram, sample.registers, sample.stack);
        QCOMPARE(noFile.stop, UnwindStop::NoModule);
        QCOMPARE(noFile.ips, std::vector<uint64_t>{sample.ip});

        UserRegisters noIp = sample.registers;
        noIp.mask &= ~(uint64_t{1} << perfIpRegister(noIp.arch));
        noIp.values.clear();
        QCOMPARE(unwinder.unwind(noFramePointers.pid, noFramePointers.space, noIp, sample.stack).stop,
                 UnwindStop::BadRegisters);

        UserRegisters otherArch = sample.registers;
        otherArch.arch = otherArch.arch == RegisterArch::X86_64 ? RegisterArch::AArch64 : RegisterArch::X86_64;
        otherArch.mask = unwindRegisterMask(otherArch.arch);
        otherArch.values.assign(static_cast<size_t>(std::popcount(otherArch.mask)), sample.ip);
        const UnwindResult wrong = unwinder.unwind(noFramePointers.pid + 1, noFramePointers.space, otherArch, sample.stack);
        QCOMPARE(wrong.stop, UnwindStop::BadRegisters);
        QVERIFY2(wrong.detail.find(archName(otherArch.arch)) != std::string::npos, wrong.detail.c_str());
    }

    void framePointerCallchainsAreJudged() {
        // Built with frame pointers: the kernel's callchain reaches glibc's start of main.
        const auto withFp = leafSamples(framePointers);
        QVERIFY(withFp.size() >= 10);
        size_t complete = 0;
        for (const CapturedSample* sample : withFp) {
            const CallchainParts parts = splitCallchain(sample->callchain);
            QVERIFY(parts.kernel.empty()); // exclude_callchain_kernel
            QCOMPARE(parts.user.front(), sample->ip);
            const auto judged = judgeUserCallchain(parts.user, 0, 127, symbolizer, framePointers.pid, &framePointers.space);
            QVERIFY2(judged.verdict != StackVerdict::Unknown, judged.reason.c_str());
            if (judged.verdict == StackVerdict::Complete) ++complete;
            else qInfo("incomplete with frame pointers: %s: %s", joined(names(symbolizer, framePointers, parts.user)).c_str(), judged.reason.c_str());
        }
        // A sample in the leaf's first instructions, before its frame pointer is set, loses
        // its caller but still ends at the start: complete by this judge, as by any.
        QVERIFY2(complete >= withFp.size() * 9 / 10, qPrintable(QString("%1 of %2 complete").arg(complete).arg(withFp.size())));
        // Without the C library's debug file its frames have no names: a chain that reaches
        // main from there is still complete.
        SymbolizerOptions noDebugFiles;
        noDebugFiles.debug.roots = {};
        Symbolizer bare(noDebugFiles);
        size_t completeBare = 0;
        for (const CapturedSample* sample : withFp) {
            const auto user = splitCallchain(sample->callchain).user;
            completeBare += judgeUserCallchain(user, 0, 127, bare, framePointers.pid, &framePointers.space).verdict ==
                            StackVerdict::Complete;
        }
        QCOMPARE(completeBare, complete);

        // Without frame pointers the chain breaks at once: never complete.
        const auto withoutFp = leafSamples(noFramePointers);
        for (const CapturedSample* sample : withoutFp) {
            const CallchainParts parts = splitCallchain(sample->callchain);
            const auto judged =
                judgeUserCallchain(parts.user, 0, 127, symbolizer, noFramePointers.pid, &noFramePointers.space);
            QVERIFY2(judged.verdict != StackVerdict::Complete,
                     joined(names(symbolizer, noFramePointers, parts.user)).c_str());
            QVERIFY(!judged.reason.empty());
        }
    }

    void unwindsAnAarch64StackCapturedUnderQemu() {
#ifndef SYMBOLS_CAPTURE_AARCH64
        QSKIP("aarch64-linux-gnu-gcc or qemu-aarch64 was missing when CMake configured: install "
              "g++-aarch64-linux-gnu and qemu-user (packaging/debian-packages.txt) and run cmake again");
#else
        QTemporaryDir dir;
        const QString out = dir.filePath("capture");
        QProcess qemu;
        qemu.start(SYMBOLS_QEMU_AARCH64, {SYMBOLS_CAPTURE_AARCH64, out});
        QVERIFY(qemu.waitForFinished(30000));
        QCOMPARE(qemu.exitCode(), 0);
        // "regs" and 33 values, "stack N" and N bytes, "maps" and the program's maps.
        auto text = readFile(out.toStdString());
        QVERIFY(text);
        std::istringstream in(*text);
        std::string word;
        UserRegisters registers;
        registers.arch = RegisterArch::AArch64;
        registers.mask = unwindRegisterMask(RegisterArch::AArch64);
        QVERIFY(in >> word && word == "regs");
        for (int i = 0; i < 33; ++i) {
            std::string value;
            QVERIFY(in >> value);
            registers.values.push_back(std::stoull(value, nullptr, 16));
        }
        size_t size = 0;
        QVERIFY(in >> word >> size && word == "stack");
        in.get();
        std::vector<uint8_t> stack(size);
        in.read(reinterpret_cast<char*>(stack.data()), static_cast<std::streamsize>(size));
        QVERIFY(in >> word && word == "maps");
        std::string maps((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        Capture capture; // what names() needs: the pid (any) and the mappings
        auto mappings = mappingsOfProcMaps(maps, 1);
        QVERIFY2(mappings.ok(), mappings.ok() ? "" : mappings.error().message.c_str());
        for (Mapping& m : *mappings) capture.space.map(std::move(m));

        Unwinder unwinder;
        const UnwindResult result = unwinder.unwind(1, capture.space, registers, stack);
        const auto functions = names(symbolizer, capture, result.ips);
        QVERIFY2(result.complete(), (joined(functions) + ": " + describe(result.stop) + ", " + result.detail).c_str());
        QVERIFY2(functions.size() >= 5, joined(functions).c_str());
        QCOMPARE(joined({functions.begin(), functions.begin() + 4}),
                 std::string("capture_leaf <- unwind_middle <- unwind_outer <- main"));
        QCOMPARE(functions.back(), std::string("_start"));
        QCOMPARE(result.ips.front(), *registers.ip());
#endif
    }

    void judgesCutAndEmptyChains() {
        const std::vector<uint64_t> chain = {static_cast<uint64_t>(PERF_CONTEXT_KERNEL), 0xffffffff81000000,
                                             static_cast<uint64_t>(PERF_CONTEXT_USER), 0x1000, 0x2000};
        const CallchainParts parts = splitCallchain(chain);
        QCOMPARE(parts.kernel, std::vector<uint64_t>{0xffffffff81000000});
        QCOMPARE(parts.user, (std::vector<uint64_t>{0x1000, 0x2000}));
        const auto cut = judgeUserCallchain(parts.user, parts.kernel.size(), 3, symbolizer, 1, nullptr);
        QCOMPARE(cut.verdict, StackVerdict::Incomplete);
        QVERIFY2(cut.reason.find("perf_event_max_stack") != std::string::npos, cut.reason.c_str());
        QCOMPARE(judgeUserCallchain({}, 0, 127, symbolizer, 1, nullptr).verdict, StackVerdict::Incomplete);
        const auto unnamed = judgeUserCallchain(parts.user, 1, 127, symbolizer, 1, nullptr);
        QCOMPARE(unnamed.verdict, StackVerdict::Unknown);
        QVERIFY(isStackEntry("_start") && isStackEntry("start_thread") && !isStackEntry("main"));
    }
};

QTEST_GUILESS_MAIN(TestUnwinder)
#include "test_unwinder.moc"
