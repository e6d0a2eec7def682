#pragma once
// The architecture-specific spelling of a kernel's frame (internal to
// AssemblyWriter): prologue and epilogue, register initialisation, the loop.
#include <cstdint>
#include <string>
#include <vector>

#include "core/probes/KernelPlan.h"

namespace perfdash {

class ArchEmitter {
public:
    virtual ~ArchEmitter() = default;
    virtual std::string fileHeader() const = 0;
    // Symbol, label and the saving of every register the ABI wants preserved.
    virtual std::string functionStart(const std::string& symbol) const = 0;
    virtual std::string copyGeneral(int to, int from) const = 0;
    virtual std::string loadGeneral(int reg, uint64_t bits) const = 0;
    // Vector, FP and predicate registers; `pattern` labels 256 bytes of the value
    // repeated. May use the loop index register as a temporary.
    virtual std::string loadOther(const RegisterInit& init, const std::string& pattern) const = 0;
    virtual std::string loopEnd(const std::string& loopLabel) const = 0;
    virtual std::string functionEnd(const std::string& symbol, bool wideVectors) const = 0;
    virtual std::string patternSection() const = 0; // the directive that switches to read-only data
    virtual std::string fileFooter() const = 0;
    // Whether a register of this class leaves state that a legacy-SSE caller
    // would pay for (x86 upper halves): then the epilogue clears it.
    virtual bool isWideVector(const RegisterClass& cls) const = 0;
};

const ArchEmitter& x86Emitter();
const ArchEmitter& aarch64Emitter();
const ArchEmitter& mipsEmitter();

} // namespace perfdash
