#pragma once
// How a generated kernel sits in the calling convention of its architecture:
//   void kernel(uint64_t iterations, void* ring)
// The loop runs `iterations` times with an index and a bound register; `ring`
// is the pointer-chase memory that "init = mem" registers start with.
#include <vector>

#include "core/probes/RegisterClasses.h"

namespace perfdash {

struct TargetAbi {
    Arch arch;
    int loopIndex;      // general register counting iterations
    int loopBound;      // general register holding the iteration count
    int countArgument;  // general register of the first argument
    int memoryArgument; // general register of the second argument
    // General registers never handed to an operand: the loop's, the stack
    // pointer, and whatever the ABI or assembler keeps (zero, at, k0/k1, gp, ra).
    std::vector<int> reservedGeneral;
};

const TargetAbi& targetAbi(Arch arch);
bool isReservedRegister(Arch arch, PhysicalRegister reg);

} // namespace perfdash
