#pragma once
// PERFDASH_IDENTITY=DIR runs perfdash as if on another machine's CPU: its
// identity (CPUID's registers or /proc/cpuinfo, libpfm4's core model, the
// CPU's PMUs in sysfs) comes from DIR, a fixture (tests/fixtures/identity,
// whose README gives the layout), while the kernel, the topology and the
// software events stay this machine's. Hardware events are then never
// opened: the simulated CPU's PMU is not here, so the run reads like a guest
// of that CPU without a PMU. The test suite runs its identity-sensitive
// tests under several identities, so that a result that depends on the host
// fails in CI, not on a user's machine (docs/testing.md).
#include <optional>
#include <string>

namespace perfdash {

struct IdentityOverride {
    std::string dir;         // the fixture directory as given
    std::string name;        // its last path component, for messages ("intel-gnr-guest")
    std::string machine;     // the instruction set, as `uname -m` names it ("x86_64", "aarch64")
    std::string libpfmModel; // libpfm4's core model for it ("icl"), taken as detected; empty: none

    std::string file(const std::string& relative) const { return dir + "/" + relative; }
    // "the simulated CPU identity intel-gnr-guest (PERFDASH_IDENTITY)": how a message names it.
    std::string describe() const;
};

// The identity in effect, read once from the environment; nullopt: this
// machine's own. A PERFDASH_IDENTITY that names no identity ends the process
// with a message naming the variable and the fix, since everything it would
// print afterwards would describe the wrong machine.
const std::optional<IdentityOverride>& identityOverride();

} // namespace perfdash
