#include "app/cli/Commands.h"

namespace perfdash::cli {

int statCommand(const Args&) { return fail("this command is not built yet (issue #2)"); }

} // namespace perfdash::cli
