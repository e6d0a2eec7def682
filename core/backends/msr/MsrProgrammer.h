#pragma once
// The one way the MSR backend writes registers. It refuses any register
// outside the allowlist (MsrRegisters.h) with an error that names it, saves
// the previous contents of each register the first time it writes it, and
// writes them all back, newest first, on restore() or when destroyed: so
// whatever ends a run (its normal end, Ctrl-C or SIGTERM handled by the
// front end, an error, an exception unwinding), no counter stays programmed.
#include <cstdint>
#include <vector>

#include "core/backends/msr/MsrDevice.h"

namespace perfdash::msr {

class MsrProgrammer {
public:
    explicit MsrProgrammer(MsrAccess& access);
    ~MsrProgrammer(); // restore(); a failure is reported on stderr (nothing else can report it there)
    MsrProgrammer(const MsrProgrammer&) = delete;
    MsrProgrammer& operator=(const MsrProgrammer&) = delete;

    Status write(int cpu, uint32_t reg, uint64_t value);
    Result<uint64_t> read(int cpu, uint32_t reg) { return access_.read(cpu, reg); }

    // Writes every saved value back, the last register first written first
    // restored (so the global enable goes back before the event selects).
    // Keeps going after a failure and returns the first one. Idempotent.
    Status restore();

    struct Saved {
        int cpu;
        uint32_t reg;
        uint64_t value;
    };
    const std::vector<Saved>& saved() const { return saved_; }

private:
    MsrAccess& access_;
    std::vector<Saved> saved_; // in the order first written
};

} // namespace perfdash::msr
