#pragma once
// Real samples for the unwinder tests: runs a program, samples it with
// cpu-clock through perf_event_open (user ip, callchain, user registers and
// user stack, as --call-graph dwarf and the kernel's callchains record
// them), reads the ring buffer, and reads the program's /proc/PID/maps
// while it still runs. A small reader of its own, for the tests only.
#include <linux/perf_event.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "core/profile/RecordMappings.h"
#include "core/symbols/AddressSpace.h"
#include "core/symbols/PerfRegisters.h"
#include "core/sys/PerfEventSys.h"
#include "core/util/Strings.h"

extern char** environ;

namespace perfdash::testing {

struct CapturedSample {
    uint64_t ip = 0;
    std::vector<uint64_t> callchain;
    UserRegisters registers;
    std::vector<uint8_t> stack;
};

struct Capture {
    std::string error;        // "" where it ran
    bool refused = false;     // perf_event_open was refused: the test skips with the reason
    int pid = 0;
    AddressSpace space;
    std::vector<CapturedSample> samples;
};

namespace detail {

// One PERF_RECORD_SAMPLE of sample_type IP|TID|CALLCHAIN|REGS_USER|STACK_USER.
inline bool parseSample(const std::vector<uint8_t>& record, RegisterArch arch, uint64_t mask, CapturedSample& out) {
    size_t at = sizeof(perf_event_header);
    const auto take = [&](void* into, size_t size) {
        if (at + size > record.size()) return false;
        std::memcpy(into, record.data() + at, size);
        at += size;
        return true;
    };
    uint64_t word = 0;
    uint32_t ids[2];
    if (!take(&out.ip, 8) || !take(ids, 8) || !take(&word, 8)) return false;
    out.callchain.resize(word);
    for (uint64_t& entry : out.callchain)
        if (!take(&entry, 8)) return false;
    uint64_t abi = 0;
    if (!take(&abi, 8)) return false;
    out.registers.arch = arch;
    out.registers.mask = abi == PERF_SAMPLE_REGS_ABI_64 ? mask : 0;
    if (abi != PERF_SAMPLE_REGS_ABI_NONE) {
        out.registers.values.resize(static_cast<size_t>(std::popcount(mask)));
        for (uint64_t& value : out.registers.values)
            if (!take(&value, 8)) return false;
    }
    uint64_t size = 0;
    if (!take(&size, 8)) return false;
    if (size == 0) return true;
    std::vector<uint8_t> bytes(size);
    uint64_t dynamic = 0;
    if (!take(bytes.data(), size) || !take(&dynamic, 8)) return false;
    bytes.resize(std::min(dynamic, size));
    out.stack = std::move(bytes);
    return true;
}

inline bool mapsShow(int pid, const std::string& program) {
    auto maps = processMappings(pid);
    if (!maps) return false;
    bool binary = false, libc = false;
    for (const Mapping& m : *maps) {
        binary = binary || m.path == program;
        libc = libc || m.path.find("/libc.so") != std::string::npos;
    }
    return binary && libc;
}

} // namespace detail

// Samples `program seconds` every 2 ms of its CPU time for about `seconds`.
inline Capture captureSamples(const std::string& program, double seconds, RegisterArch arch, uint32_t stackSize) {
    Capture capture;
    const std::string real = std::filesystem::canonical(program).string();
    const std::string duration = std::to_string(seconds + 2);
    char* argv[] = {const_cast<char*>(real.c_str()), const_cast<char*>(duration.c_str()), nullptr};
    pid_t pid = 0;
    if (::posix_spawn(&pid, real.c_str(), nullptr, nullptr, argv, environ) != 0) {
        capture.error = "cannot start " + real;
        return capture;
    }
    capture.pid = pid;
    const auto stop = [&] {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
    };
    // Sampled once the loader has mapped the program and its C library.
    for (int i = 0; i < 200 && !detail::mapsShow(pid, real); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));

    perf_event_attr attr{};
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_CPU_CLOCK;
    attr.sample_period = 2000000; // ns of CPU time
    attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_REGS_USER |
                       PERF_SAMPLE_STACK_USER;
    attr.sample_regs_user = unwindRegisterMask(arch);
    attr.sample_stack_user = stackSize;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    attr.exclude_callchain_kernel = 1;
    const int fd = perfEventOpen(attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) {
        capture.refused = errno == EACCES || errno == EPERM || errno == ENOENT || errno == ENOSYS;
        capture.error = std::string("perf_event_open of cpu-clock sampling on the test program: ") + std::strerror(errno);
        stop();
        return capture;
    }
    const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    const size_t dataSize = 256 * page;
    void* base = ::mmap(nullptr, page + dataSize, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) {
        capture.error = std::string("mmap of the ring buffer: ") + std::strerror(errno);
        ::close(fd);
        stop();
        return capture;
    }
    auto* meta = static_cast<perf_event_mmap_page*>(base);
    const auto* data = static_cast<const uint8_t*>(base) + page;
    const auto drain = [&] {
        const uint64_t head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
        uint64_t tail = meta->data_tail;
        std::vector<uint8_t> record;
        while (tail + sizeof(perf_event_header) <= head) {
            perf_event_header header;
            for (size_t i = 0; i < sizeof header; ++i)
                reinterpret_cast<uint8_t*>(&header)[i] = data[(tail + i) % dataSize];
            if (header.size < sizeof header || tail + header.size > head) break;
            record.resize(header.size);
            for (size_t i = 0; i < header.size; ++i) record[i] = data[(tail + i) % dataSize]; // a record may wrap
            CapturedSample sample;
            if (header.type == PERF_RECORD_SAMPLE && detail::parseSample(record, arch, attr.sample_regs_user, sample))
                capture.samples.push_back(std::move(sample));
            tail += header.size;
        }
        __atomic_store_n(&meta->data_tail, tail, __ATOMIC_RELEASE);
    };
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        drain();
    }
    auto maps = processMappings(pid);
    drain();
    ::munmap(base, page + dataSize);
    ::close(fd);
    stop();
    if (!maps) {
        capture.error = maps.error().message;
        return capture;
    }
    for (Mapping& m : *maps) capture.space.map(std::move(m));
    if (capture.samples.empty()) capture.error = "no samples of " + real + " in " + std::to_string(seconds) + " s";
    return capture;
}

} // namespace perfdash::testing
