#pragma once
// Register I/O through the kernel's msr driver: /dev/cpu/N/msr, where a
// pread or pwrite of 8 bytes at file position R reads or writes MSR R on CPU
// N (and /dev/cpu/N/cpuid, where a 16-byte pread at position
// (subleaf << 32 | leaf) runs CPUID there).
//
// The root (/dev/cpu) is configurable so that tests run against a fake tree
// of plain sparse files. A plain file is addressed in bytes, so neighbouring
// registers would overlap there; on a file that is not a character device a
// register R is kept at byte R * 8 (a CPUID leaf at byte position * 16). The
// real devices are always addressed as the kernel defines.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/topology/Cpuid.h"
#include "core/util/Outcome.h"
#include "core/util/UniqueFd.h"

namespace perfdash::msr {

// Register reads and writes on the CPUs of a counting scope. The MSR
// backend's only way to the hardware, so tests can watch every access.
class MsrAccess {
public:
    virtual ~MsrAccess() = default;
    virtual Result<uint64_t> read(int cpu, uint32_t reg) = 0;
    virtual Status write(int cpu, uint32_t reg, uint64_t value) = 0;
};

inline constexpr const char* kDefaultMsrRoot = "/dev/cpu";

// <root>/<cpu>/msr of a CPU.
std::string msrDevicePath(const std::string& root, int cpu);

// The device files of `cpus`, opened read-write (or read-only) at once, so
// that a missing module or a missing permission is found before anything
// is programmed. Errors say why and what to do (see MsrDiagnosis.h).
class MsrDeviceFiles final : public MsrAccess {
public:
    static Result<std::unique_ptr<MsrDeviceFiles>> open(const std::string& root, const std::vector<int>& cpus,
                                                         bool writable = true, const std::string& sysfsRoot = "/sys");

    Result<uint64_t> read(int cpu, uint32_t reg) override;
    Status write(int cpu, uint32_t reg, uint64_t value) override;

private:
    struct CpuFile {
        int cpu = -1;
        UniqueFd fd;
        bool characterDevice = true;
    };
    MsrDeviceFiles(std::string root, std::string sysfsRoot, std::vector<CpuFile> files);
    const CpuFile* find(int cpu) const;

    std::string root_;
    std::string sysfsRoot_;
    std::vector<CpuFile> files_;
};

// CPUID as seen by one CPU: <root>/<cpu>/cpuid when it can be read (the
// kernel's cpuid module; a fixture in tests), else this process's own CPUID
// instruction (the same chip, bar hybrid CPUs whose core types differ).
// Returns the source to use; `holder` keeps a device-backed one alive.
const CpuidSource* cpuidFor(const std::string& root, int cpu, std::unique_ptr<CpuidSource>& holder);

} // namespace perfdash::msr
