#include "core/backends/loongson/PcounterDevice.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "core/util/Strings.h"

extern "C" {
#include "core/backends/loongson/kmod/pcounter_control.h"
}

namespace perfdash::loongson {

namespace {

constexpr off_t kWritePosition = 0;
constexpr off_t kReadPosition = 16;

constexpr const char* kBuildHint =
    "build and load perfdash's pcounter module (core/backends/loongson/kmod/README.md: make && sudo insmod "
    "pcounter.ko)";

} // namespace

std::string controlText(unsigned int control) {
    char text[16];
    if ((control & PCOUNTER_CTRL_ALL_MODES) == PCOUNTER_CTRL_ALL_MODES &&
        (control & ~(PCOUNTER_CTRL_VALID & ~PCOUNTER_CTRL_OVERFLOW_IRQ)) == 0) {
        const unsigned e0 = control >> PCOUNTER_CTRL_EVENT0_SHIFT & PCOUNTER_CTRL_EVENT_MASK;
        const unsigned e1 = control >> PCOUNTER_CTRL_EVENT1_SHIFT & PCOUNTER_CTRL_EVENT_MASK;
        for (int bit = 0; bit < 4; ++bit) {
            text[bit] = static_cast<char>('0' + (e0 >> (3 - bit) & 1));
            text[4 + bit] = static_cast<char>('0' + (e1 >> (3 - bit) & 1));
        }
        return std::string(text, PCOUNTER_SELECTOR_LENGTH);
    }
    std::snprintf(text, sizeof text, "0x%06x", control);
    return text;
}

std::string explainPcounterOpenError(int err, const std::string& path) {
    switch (err) {
    case ENOENT:
    case ENODEV:
    case ENXIO: return path + " does not exist: the pcounter module is not loaded; " + kBuildHint;
    case EACCES:
    case EPERM:
        return "permission denied opening " + path + ": run as root, or let a group use it with a udev rule "
               "(KERNEL==\"pcounter\", GROUP=\"perfdash\", MODE=\"0660\")";
    case EBUSY:
        return path + " is busy: another program has it open for writing (the counters can serve one at a time)";
    default: return "cannot open " + path + ": " + std::strerror(err);
    }
}

Result<PcounterDevice> PcounterDevice::open(const std::string& path) {
    UniqueFd fd(::open(path.c_str(), O_RDWR | O_CLOEXEC));
    if (!fd) return makeError(explainPcounterOpenError(errno, path));
    return PcounterDevice(path, std::move(fd));
}

Status PcounterDevice::select(unsigned int control) {
    const std::string text = controlText(control);
    unsigned int parsed = 0;
    if (pcounter_parse(text.data(), text.size(), &parsed) != 0 || parsed != control)
        return makeError("refusing to write the malformed selector '" + text + "' (control word " + hex(control) +
                         ") to " + path_ + ": it is not a valid Loongson 2E/2F control word (overflow interrupt set, "
                         "or bits above 12)");
    for (;;) {
        const ssize_t done = ::pwrite(fd_.get(), text.data(), text.size(), kWritePosition);
        if (done == static_cast<ssize_t>(text.size())) return {};
        if (done < 0 && errno == EINTR) continue;
        const int err = done < 0 ? errno : EIO;
        if (err == EINVAL)
            return makeError(path_ + " rejected the selector '" + text +
                             "' as malformed: is the pcounter module the one built from this perfdash's sources?");
        return makeError("cannot select events through " + path_ + ": " + std::strerror(err));
    }
}

Result<PcounterReading> PcounterDevice::read() {
    uint64_t values[2] = {};
    for (;;) {
        const ssize_t done = ::pread(fd_.get(), values, sizeof values, kReadPosition);
        if (done == static_cast<ssize_t>(sizeof values)) break;
        if (done < 0 && errno == EINTR) continue;
        return makeError("cannot read the counters from " + path_ + ": " +
                         (done < 0 ? std::string(std::strerror(errno))
                                   : "it returned " + std::to_string(done) + " of 16 bytes"));
    }
    return PcounterReading{static_cast<uint32_t>(values[0]), static_cast<uint32_t>(values[1])};
}

PcounterStatus checkPcounter(const std::string& path) {
    PcounterStatus status;
    UniqueFd fd(::open(path.c_str(), O_RDWR | O_CLOEXEC));
    if (!fd) {
        const int err = errno;
        status.detail = explainPcounterOpenError(err, path);
        status.fix = err == ENOENT || err == ENODEV || err == ENXIO ? "cd core/backends/loongson/kmod && make && sudo insmod pcounter.ko"
                     : err == EACCES || err == EPERM                 ? "run as root, or add a udev rule giving your group access to " + path
                                                                     : "";
        return status;
    }
    status.available = true;
    status.detail = path + " is accessible: the Loongson 2E/2F counters can be read";
    return status;
}

} // namespace perfdash::loongson
