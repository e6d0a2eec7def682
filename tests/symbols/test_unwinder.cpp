// --call-graph dwarf on real samples: the workload (programs/unwind_target.c,
// built without frame pointers) is sampled on this machine through
// perf_event_open with its user registers and stack, and each sample in
// its leaf function must unwind through every caller to _start; the same on
// aarch64, from a program that captures its own registers and stack under
// qemu-user. Also: a short stack copy, a frame in no file and bad registers
// end the stack with their reasons.
#include <QtTest>

#include <sstream>

#include "PerfCapture.h"
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
    Capture noFramePointers;
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
        for (Mapping& m : parseProcMaps(maps)) capture.space.map(std::move(m));

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
};

QTEST_GUILESS_MAIN(TestUnwinder)
#include "test_unwinder.moc"
