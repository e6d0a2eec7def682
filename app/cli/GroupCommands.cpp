#include "app/cli/Commands.h"

namespace perfdash::cli {

int groupsCommand(const Args&) { return fail("this command is not built yet (issue #2)"); }
int checkGroupCommand(const Args&) { return fail("this command is not built yet (issue #2)"); }

} // namespace perfdash::cli
