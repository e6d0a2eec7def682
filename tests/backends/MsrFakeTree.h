#pragma once
// A fake /dev/cpu for the msr backend tests, built at run time (sparse files
// with registers at offsets up to 25 GB cannot be committed): <root>/<cpu>/msr
// with register R at byte R * 8 and <root>/<cpu>/cpuid with the record of a
// leaf at byte (subleaf << 32 | leaf) * 16, as the backend addresses plain
// files (core/backends/msr/MsrDevice.h). And the CPUs the tests model:
// an Intel with 4 general and 3 fixed counters, AMD Zen 4 with the PerfCtr
// extension and PerfMonV2, and an old AMD with the four legacy counters.
#include <QTemporaryDir>
#include <QtTest>

#include <cstdint>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "core/backends/msr/MsrDevice.h"
#include "core/backends/msr/MsrRegisters.h"
#include "core/util/Strings.h"
#include "topology/TopologyFixtures.h"

namespace perfdash::testing {

using perfdash::test::RecordedCpuid;

// GenuineIntel family 6 model 0x5E (Skylake client): arch perfmon v4, 4
// general counters and 3 fixed counters of 48 bits, APERF/MPERF.
inline RecordedCpuid intelFourPlusThree() {
    RecordedCpuid c;
    c.vendor(0x16, "GenuineIntel");
    c.set(1, {0x000506E3, 0, 0, 0});
    c.set(6, {0, 0, 1, 0});
    c.set(0xA, {0x07300404, 0, 0, 0x603});
    c.set(0x80000000, {0x80000008, 0, 0, 0});
    return c;
}

// AuthenticAMD family 0x19 model 0x61 (Zen 4): PerfCtrExtCore, PerfMonV2 with
// 6 core counters, RAPL, APERF/MPERF.
inline RecordedCpuid amdZen4() {
    RecordedCpuid c;
    c.vendor(0x10, "AuthenticAMD");
    c.set(1, {0x00A60F12, 0, 0, 0});
    c.set(6, {0, 0, 1, 0});
    c.set(0x80000000, {0x80000028, 0, 0, 0});
    c.set(0x80000001, {0, 0, 1u << 23, 0});
    c.set(0x80000007, {0, 0, 0, 1u << 14});
    c.set(0x80000022, {1, 6, 0, 0});
    return c;
}

// AuthenticAMD family 0x10: the four legacy counters, no global control, no RAPL.
inline RecordedCpuid amdFamily10h() {
    RecordedCpuid c;
    c.vendor(0x6, "AuthenticAMD");
    c.set(1, {0x00100F22, 0, 0, 0});
    c.set(0x80000000, {0x8000001A, 0, 0, 0});
    return c;
}

// Registers below `registersEnd` read as 0 until set; a register at or
// beyond it (and beyond every register set) is absent: reading it fails, as
// reading a register the CPU lacks fails on the real device.
inline constexpr uint32_t kIntelRegistersEnd = 0x400;      // the arch perfmon registers, not RAPL
inline constexpr uint32_t kAmdRegistersEnd = 0xC0010300;   // everything up to the extended PERF_CTL/CTR

class FakeMsrTree {
public:
    explicit FakeMsrTree(std::vector<int> cpus, uint32_t registersEnd = kIntelRegistersEnd) : cpus_(std::move(cpus)) {
        for (int cpu : cpus_) {
            QVERIFY(QDir().mkpath(QString::fromStdString(dir(cpu))));
            UniqueFd fd(::open(msrPath(cpu).c_str(), O_RDWR | O_CREAT, 0600));
            QVERIFY(fd.valid());
            QCOMPARE(::ftruncate(fd.get(), static_cast<off_t>(uint64_t{registersEnd} * 8)), 0);
        }
    }

    std::string root() const { return dir_.path().toStdString(); }
    std::string dir(int cpu) const { return root() + "/" + std::to_string(cpu); }
    std::string msrPath(int cpu) const { return msr::msrDevicePath(root(), cpu); }
    const std::vector<int>& cpus() const { return cpus_; }

    void set(int cpu, uint32_t reg, uint64_t value) const { pwriteAt(msrPath(cpu), value, uint64_t{reg} * 8); }
    void setAll(uint32_t reg, uint64_t value) const {
        for (int cpu : cpus_) set(cpu, reg, value);
    }
    uint64_t get(int cpu, uint32_t reg) const {
        uint64_t value = 0;
        UniqueFd fd(::open(msrPath(cpu).c_str(), O_RDONLY));
        if (::pread(fd.get(), &value, sizeof value, static_cast<off_t>(uint64_t{reg} * 8)) != sizeof value) return 0;
        return value;
    }

    // Records of the leaves the msr backend asks for, for every CPU.
    void writeCpuid(const CpuidSource& cpuid) const {
        const uint32_t leaves[] = {0, 1, 6, 0xA, 0x80000000, 0x80000001, 0x80000007, 0x80000022};
        for (int cpu : cpus_) {
            const std::string path = dir(cpu) + "/cpuid";
            UniqueFd fd(::open(path.c_str(), O_RDWR | O_CREAT, 0600));
            for (uint32_t leaf : leaves) {
                const CpuidRegisters r = cpuid.query(leaf);
                const uint32_t regs[4] = {r.eax, r.ebx, r.ecx, r.edx};
                QCOMPARE(::pwrite(fd.get(), regs, sizeof regs, static_cast<off_t>(uint64_t{leaf} * 16)),
                         static_cast<ssize_t>(sizeof regs));
            }
        }
    }

    void chmodAll(mode_t mode) const {
        for (int cpu : cpus_) ::chmod(msrPath(cpu).c_str(), mode);
    }

private:
    static void pwriteAt(const std::string& path, uint64_t value, uint64_t offset) {
        UniqueFd fd(::open(path.c_str(), O_RDWR));
        QVERIFY(fd.valid());
        QCOMPARE(::pwrite(fd.get(), &value, sizeof value, static_cast<off_t>(offset)), static_cast<ssize_t>(sizeof value));
    }

    QTemporaryDir dir_;
    std::vector<int> cpus_;
};

// Every access of the backend, in order, passed on to the fake tree.
class RecordingMsrAccess final : public msr::MsrAccess {
public:
    struct Write {
        int cpu;
        uint32_t reg;
        uint64_t value;
        bool operator==(const Write&) const = default;
    };

    explicit RecordingMsrAccess(std::unique_ptr<msr::MsrAccess> inner, std::vector<Write>& log)
        : inner_(std::move(inner)), log_(log) {}
    Result<uint64_t> read(int cpu, uint32_t reg) override { return inner_->read(cpu, reg); }
    Status write(int cpu, uint32_t reg, uint64_t value) override {
        log_.push_back({cpu, reg, value});
        return inner_->write(cpu, reg, value);
    }

private:
    std::unique_ptr<msr::MsrAccess> inner_;
    std::vector<Write>& log_;
};

} // namespace perfdash::testing

namespace QTest {
template <>
inline char* toString(const perfdash::testing::RecordingMsrAccess::Write& w) {
    return qstrdup(("cpu" + std::to_string(w.cpu) + " " + perfdash::msr::describeRegister(w.reg) + " <- " +
                    perfdash::hex(w.value)).c_str());
}
} // namespace QTest
