#include "app/cli/Commands.h"

namespace perfdash::cli {

int benchCommand(const Args&) { return fail("this command is not built yet (issue #4)"); }
int freqCommand(const Args&) { return fail("this command is not built yet (issue #4)"); }
int ipcCommand(const Args&) { return fail("this command is not built yet (issue #4)"); }

} // namespace perfdash::cli
