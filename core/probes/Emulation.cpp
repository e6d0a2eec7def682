#include "core/probes/Emulation.h"

#include <climits>
#include <unistd.h>

#include "core/probes/CpuFeatures.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

bool hasKey(const std::string& cpuinfo, std::string_view key) { return cpuinfoValue(cpuinfo, key).has_value(); }

std::string linkTarget(const std::string& path) {
    char buf[PATH_MAX];
    const ssize_t n = ::readlink(path.c_str(), buf, sizeof buf - 1);
    return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

} // namespace

std::optional<Arch> cpuinfoArchitecture(const std::string& cpuinfo) {
    if (hasKey(cpuinfo, "vendor_id") && hasKey(cpuinfo, "flags")) return Arch::X86_64;
    if (hasKey(cpuinfo, "CPU implementer")) return Arch::AArch64;
    if (hasKey(cpuinfo, "cpu model") && hasKey(cpuinfo, "isa")) return Arch::Mips64;
    return std::nullopt;
}

std::string emulationReason(Arch compiledFor, const std::string& cpuinfo, const std::string& selfExe,
                            const std::string& threadExe) {
    const std::string prefix = "emulated: timings not meaningful (";
    if (auto described = cpuinfoArchitecture(cpuinfo); described && *described != compiledFor)
        return prefix + "this program runs " + toString(compiledFor) +
               " code, but /proc/cpuinfo describes a processor of another architecture (" + toString(*described) +
               "): an emulator such as qemu-user runs it)";
    if (!selfExe.empty() && !threadExe.empty() && selfExe != threadExe)
        return prefix + "this program is " + selfExe + ", but the running thread's executable is " + threadExe +
               ": an emulator runs it)";
    return {};
}

std::string detectEmulation(const SystemPaths& paths) {
    const auto arch = hostArch();
    if (!arch) return {};
    return emulationReason(*arch, readFile(paths.procRoot + "/cpuinfo").value_or(""),
                           linkTarget(paths.procRoot + "/self/exe"), linkTarget(paths.procRoot + "/thread-self/exe"));
}

} // namespace perfdash
