#pragma once
// Whether this process runs under a user-mode emulator (qemu-user, binfmt):
// then the time a kernel takes says nothing about the instruction, and every
// timing is reported as "emulated: timings not meaningful" instead.
//
// Two signs, either suffices:
// - /proc/cpuinfo describes another architecture than the one this program
//   was compiled for. qemu-user passes the host's /proc/cpuinfo through for
//   AArch64 up to version 8.0 (Debian 12 ships 7.2): an AArch64 program sees
//   "vendor_id" and "flags" of an x86-64 host.
// - /proc/self/exe and /proc/thread-self/exe differ: qemu-user shows the
//   guest program as /proc/self/exe, but the thread's own link (not faked in
//   7.2) names the emulator, e.g. /usr/bin/qemu-aarch64.
// An emulator that hides both (and full-system emulation, whose guest kernel
// describes the emulated CPU) is not detected.
#include <optional>
#include <string>

#include "core/probes/Architecture.h"
#include "core/probes/ClockReferences.h"

namespace perfdash {

// The architecture /proc/cpuinfo text describes, when it says.
std::optional<Arch> cpuinfoArchitecture(const std::string& cpuinfo);

// "emulated: timings not meaningful (why we think so)", or "" when nothing
// suggests emulation. `selfExe` and `threadExe` are the targets of
// /proc/self/exe and /proc/thread-self/exe ("" when unreadable).
std::string emulationReason(Arch compiledFor, const std::string& cpuinfo, const std::string& selfExe,
                            const std::string& threadExe);

// The same for this process, reading under `paths.procRoot`.
std::string detectEmulation(const SystemPaths& paths = {});

} // namespace perfdash
