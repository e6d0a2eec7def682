#include "core/backends/msr/MsrDevice.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/backends/msr/MsrDiagnosis.h"

namespace perfdash::msr {

namespace {

// The file position of record `index` (a register, a CPUID leaf): the index
// itself on the kernel's devices, index * recordSize on a plain file.
off_t positionOf(uint64_t index, bool characterDevice, size_t recordSize) {
    return static_cast<off_t>(characterDevice ? index : index * recordSize);
}

bool isCharacterDevice(int fd) {
    struct stat st {};
    return ::fstat(fd, &st) == 0 && S_ISCHR(st.st_mode);
}

// 0 or an errno; ENODATA for a short transfer (only a plain file does that).
int transfer(bool write, int fd, void* buffer, size_t bytes, off_t position) {
    for (;;) {
        const ssize_t done = write ? ::pwrite(fd, buffer, bytes, position) : ::pread(fd, buffer, bytes, position);
        if (done == static_cast<ssize_t>(bytes)) return 0;
        if (done < 0 && errno == EINTR) continue;
        return done < 0 ? errno : ENODATA;
    }
}

class CpuidDevice final : public CpuidSource {
public:
    explicit CpuidDevice(UniqueFd fd) : fd_(std::move(fd)), characterDevice_(isCharacterDevice(fd_.get())) {}
    CpuidRegisters query(uint32_t leaf, uint32_t subleaf) const override {
        uint32_t regs[4] = {};
        const uint64_t index = uint64_t{subleaf} << 32 | leaf;
        if (transfer(false, fd_.get(), regs, sizeof regs, positionOf(index, characterDevice_, sizeof regs)) != 0)
            return CpuidRegisters{};
        return CpuidRegisters{regs[0], regs[1], regs[2], regs[3]};
    }

private:
    UniqueFd fd_;
    bool characterDevice_;
};

} // namespace

std::string msrDevicePath(const std::string& root, int cpu) { return root + "/" + std::to_string(cpu) + "/msr"; }

MsrDeviceFiles::MsrDeviceFiles(std::string root, std::string sysfsRoot, std::vector<CpuFile> files)
    : root_(std::move(root)), sysfsRoot_(std::move(sysfsRoot)), files_(std::move(files)) {}

Result<std::unique_ptr<MsrDeviceFiles>> MsrDeviceFiles::open(const std::string& root, const std::vector<int>& cpus,
                                                             bool writable, const std::string& sysfsRoot) {
    if (cpus.empty()) return makeError("no CPUs to open MSR devices on");
    std::vector<CpuFile> files;
    for (int cpu : cpus) {
        const std::string path = msrDevicePath(root, cpu);
        UniqueFd fd(::open(path.c_str(), (writable ? O_RDWR : O_RDONLY) | O_CLOEXEC));
        if (!fd) return makeError(explainMsrOpenError(errno, path));
        const bool characterDevice = isCharacterDevice(fd.get());
        files.push_back(CpuFile{cpu, std::move(fd), characterDevice});
    }
    return std::unique_ptr<MsrDeviceFiles>(new MsrDeviceFiles(root, sysfsRoot, std::move(files)));
}

const MsrDeviceFiles::CpuFile* MsrDeviceFiles::find(int cpu) const {
    for (const auto& f : files_)
        if (f.cpu == cpu) return &f;
    return nullptr;
}

Result<uint64_t> MsrDeviceFiles::read(int cpu, uint32_t reg) {
    const CpuFile* file = find(cpu);
    if (!file) return makeError("cpu" + std::to_string(cpu) + " is not among the CPUs whose MSR devices are open");
    uint64_t value = 0;
    if (const int err = transfer(false, file->fd.get(), &value, sizeof value,
                                 positionOf(reg, file->characterDevice, sizeof value)))
        return makeError(explainMsrAccessError(err, false, cpu, reg, MsrKernelState::read(sysfsRoot_)));
    return value;
}

Status MsrDeviceFiles::write(int cpu, uint32_t reg, uint64_t value) {
    const CpuFile* file = find(cpu);
    if (!file) return makeError("cpu" + std::to_string(cpu) + " is not among the CPUs whose MSR devices are open");
    if (const int err = transfer(true, file->fd.get(), &value, sizeof value,
                                 positionOf(reg, file->characterDevice, sizeof value)))
        return makeError(explainMsrAccessError(err, true, cpu, reg, MsrKernelState::read(sysfsRoot_)));
    return {};
}

const CpuidSource* cpuidFor(const std::string& root, int cpu, std::unique_ptr<CpuidSource>& holder) {
    const std::string path = root + "/" + std::to_string(cpu) + "/cpuid";
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd) return hostCpuid();
    holder = std::make_unique<CpuidDevice>(std::move(fd));
    return holder.get();
}

} // namespace perfdash::msr
