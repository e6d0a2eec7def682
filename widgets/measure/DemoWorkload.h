#pragma once
// The session that works on any Linux machine: perfdash's demo workload
// (perfdash-demo) measured with the SOFTWARE group, plus the portable
// (generic) groups whose events can all be counted here.
#include <QString>

#include "core/util/Outcome.h"
#include "widgets/measure/SetupFormState.h"

namespace perfdash {

class MeasurementController;

// perfdash-demo: $PERFDASH_DEMO, next to this executable, in the installed
// libexec/perfdash, or in the build tree's app/demo. The error lists where it looked.
Result<QString> findDemoProgram();

// The demo (with an empty program when it cannot be found: the form then
// says so), SOFTWARE and the countable portable groups, a 100 ms timeline.
SetupFormState defaultSetupState(MeasurementController& controller);

} // namespace perfdash
