#pragma once
// Turns the session form into a plan, or into problems placed at the fields
// they concern. The form's own checks come first; then the request is
// prepared (cheap: nothing starts). While only the target has problems (no
// program chosen yet, a CPU list being typed) a stand-in target is prepared
// instead, so that the groups and events are still checked and previewed.
// When preparing fails, the failure is placed by preparing variants of the
// request: if the target alone prepares (counting just task-clock), the
// failure belongs to the groups or the events, whichever fails on its own;
// otherwise it is a general problem (target, permissions). (A direct
// backend cannot count task-clock: its prepare failures are all general.)
#include <QString>
#include <optional>
#include <vector>

#include "core/measurement/MeasurementPlan.h"
#include "widgets/measure/SetupFormState.h"

namespace perfdash {

class MeasurementController;

struct FormEvaluation {
    // What would be counted; with a stand-in target while `problems` has target problems.
    std::optional<MeasurementPlan> plan;
    std::vector<FieldProblem> problems; // empty when the form can start as it is

    // The message of the first problem at `field`, or empty.
    QString problemAt(SetupField field) const;
};

// `cpuListProblem`: the CPU picker's verdict on the list (empty when it parses).
FormEvaluation evaluateForm(const SetupFormState& state, const QString& cpuListProblem, MeasurementController& controller);

} // namespace perfdash
