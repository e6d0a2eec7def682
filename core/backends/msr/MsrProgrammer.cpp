#include "core/backends/msr/MsrProgrammer.h"

#include <algorithm>
#include <cstdio>

#include "core/backends/msr/MsrRegisters.h"

namespace perfdash::msr {

MsrProgrammer::MsrProgrammer(MsrAccess& access) : access_(access) {}

MsrProgrammer::~MsrProgrammer() {
    if (Status s = restore(); !s)
        std::fprintf(stderr,
                     "perfdash: could not restore the performance counter registers: %s; counters may stay "
                     "programmed until the next reboot\n",
                     s.error().message.c_str());
}

Status MsrProgrammer::write(int cpu, uint32_t reg, uint64_t value) {
    if (!writeAllowed(reg))
        return makeError("refusing to write " + describeRegister(reg) + " on cpu" + std::to_string(cpu) +
                         ": it is not a performance-monitoring control or counter register, the only registers the "
                         "msr backend may write");
    const bool known = std::any_of(saved_.begin(), saved_.end(),
                                   [&](const Saved& s) { return s.cpu == cpu && s.reg == reg; });
    if (!known) {
        auto previous = access_.read(cpu, reg);
        if (!previous) return makeError("not writing " + describeRegister(reg) + " on cpu" + std::to_string(cpu) +
                                        " because its contents cannot be saved first: " + previous.error().message);
        saved_.push_back(Saved{cpu, reg, *previous});
    }
    return access_.write(cpu, reg, value);
}

Status MsrProgrammer::restore() {
    Status first;
    while (!saved_.empty()) {
        const Saved s = saved_.back();
        saved_.pop_back();
        if (Status w = access_.write(s.cpu, s.reg, s.value); !w && first) first = w;
    }
    return first;
}

} // namespace perfdash::msr
