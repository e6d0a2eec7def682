// CPU lists as -C/-c and the GUI's CPU field take them (plain lists, likwid's
// affinity domains, L: and E: expressions) on a fixed machine, the fixtures'
// synthetic two sockets x 4 cores x 2 threads; and the kernel's list format.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/topology/CpuList.h"
#include "core/topology/TopologyReader.h"

namespace {

const perfdash::Topology& machine() {
    static const perfdash::Topology topology = [] {
        const std::string tree = PERFDASH_FIXTURES_DIR "/topology/two_socket_smt";
        auto t = perfdash::TopologyReader(perfdash::MachineSources::tree(tree + "/sys", tree + "/proc")).read();
        if (!t) {
            std::fprintf(stderr, "fuzz_cpulist: cannot read %s: %s\n", tree.c_str(), t.error().message.c_str());
            std::abort();
        }
        return *t;
    }();
    return topology;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace perfdash;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)parseKernelCpuList(text);
    auto cpus = parseCpuList(text, machine());
    if (!cpus) return 0;
    // formatCpuList promises a list that parses back to the same selection, in the same order.
    const std::string formatted = formatCpuList(*cpus);
    auto again = parseCpuList(formatted, machine());
    if (!again || *again != *cpus) {
        std::fprintf(stderr, "fuzz_cpulist: '%s' formats as '%s', which does not parse back to the same CPUs\n",
                     std::string(text).c_str(), formatted.c_str());
        std::abort();
    }
    return 0;
}
