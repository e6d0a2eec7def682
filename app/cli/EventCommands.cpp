#include "app/cli/Commands.h"

namespace perfdash::cli {

int listCommand(const Args&) { return fail("this command is not built yet (issue #2)"); }
int describeCommand(const Args&) { return fail("this command is not built yet (issue #2)"); }

} // namespace perfdash::cli
