#include "widgets/setup/FormEvaluation.h"

#include "widgets/session/SessionController.h"

namespace perfdash {

QString FormEvaluation::problemAt(SetupField field) const {
    for (const auto& p : problems)
        if (p.field == field) return p.message;
    return {};
}

namespace {

// Where a prepare failure belongs (see the header).
SetupField placePrepareFailure(const MeasurementRequest& request, SessionController& controller) {
    MeasurementRequest targetOnly = request;
    targetOnly.groups.clear();
    targetOnly.events = {"task-clock"};
    if (!controller.prepare(targetOnly).ok()) return SetupField::General;
    if (request.events.empty()) return SetupField::Groups;
    if (request.groups.empty()) return SetupField::Events;
    MeasurementRequest eventsOnly = request;
    eventsOnly.groups.clear();
    return controller.prepare(eventsOnly).ok() ? SetupField::Groups : SetupField::Events;
}

bool usesCpuList(const SetupFormState& s) {
    return s.mode == MeasurementRequest::Mode::SystemWide || (s.mode == MeasurementRequest::Mode::Launch && s.pinToCpus);
}

} // namespace

FormEvaluation evaluateForm(const SetupFormState& state, const QString& cpuListProblem, SessionController& controller) {
    FormEvaluation out;
    out.problems = checkForm(state);
    if (usesCpuList(state) && !cpuListProblem.isEmpty()) out.problems.push_back({SetupField::Cpus, cpuListProblem});
    if (!out.problems.empty()) return out;

    const MeasurementRequest request = toRequest(state);
    auto plan = controller.prepare(request);
    if (plan) {
        out.plan = std::move(*plan);
        return out;
    }
    // Events named explicitly refuse the whole plan when one is unusable; its own message is the precise one.
    const SetupField field = placePrepareFailure(request, controller);
    QString message = QString::fromStdString(plan.error().message);
    if (field == SetupField::Events && !request.groups.empty()) {
        MeasurementRequest eventsOnly = request;
        eventsOnly.groups.clear();
        if (auto e = controller.prepare(eventsOnly); !e) message = QString::fromStdString(e.error().message);
    }
    out.problems.push_back({field, message});
    return out;
}

} // namespace perfdash
