#include "widgets/measure/FormEvaluation.h"

#include <algorithm>
#include <unistd.h>

#include "widgets/run/MeasurementController.h"

namespace perfdash {

QString FormEvaluation::problemAt(SetupField field) const {
    for (const auto& p : problems)
        if (p.field == field) return p.message;
    return {};
}

namespace {

// Problems a stand-in can replace. Not the backend's: no stand-in target makes it count what the form asks for.
bool isTargetField(SetupField field) {
    return field != SetupField::Groups && field != SetupField::Events && field != SetupField::Backend;
}

bool usesCpuList(const SetupFormState& s) {
    return s.mode == MeasurementRequest::Mode::SystemWide || (s.mode == MeasurementRequest::Mode::Launch && s.pinToCpus);
}

// The form with its target problems replaced by something that prepares:
// a program that exists, this process, the first online CPU (a launched
// program pinned there when the backend counts whole CPUs).
SetupFormState standIn(SetupFormState s, const std::vector<FieldProblem>& problems, MeasurementController& controller) {
    for (const auto& p : problems) {
        switch (p.field) {
        case SetupField::Program:
        case SetupField::WorkingDirectory:
        case SetupField::Environment:
            s.program = QStringLiteral("true");
            s.arguments.clear();
            s.workingDirectory.clear();
            s.environment.clear();
            break;
        case SetupField::Process: s.pid = static_cast<int>(getpid()); break;
        case SetupField::Cpus: {
            s.pinToCpus = s.mode == MeasurementRequest::Mode::Launch && countsWholeCpus(s.backend);
            const auto& topology = controller.machine().topology();
            const std::vector<int> online = topology ? topology->onlineCpus() : std::vector<int>{};
            s.cpuList = online.empty() ? QString() : QString::number(online.front());
            break;
        }
        default: break;
        }
    }
    return s;
}

// Where a prepare failure belongs (see the header).
SetupField placePrepareFailure(const MeasurementRequest& request, MeasurementController& controller) {
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

} // namespace

FormEvaluation evaluateForm(const SetupFormState& state, const QString& cpuListProblem, MeasurementController& controller) {
    FormEvaluation out;
    out.problems = checkForm(state);
    if (usesCpuList(state) && !cpuListProblem.isEmpty()) out.problems.push_back({SetupField::Cpus, cpuListProblem});
    if (!std::all_of(out.problems.begin(), out.problems.end(), [](const FieldProblem& p) { return isTargetField(p.field); }))
        return out; // nothing to measure yet, or an event list that does not split

    const MeasurementRequest request = toRequest(out.problems.empty() ? state : standIn(state, out.problems, controller));
    auto plan = controller.prepare(request);
    if (plan) {
        out.plan = std::move(*plan);
        return out;
    }
    const SetupField field = placePrepareFailure(request, controller);
    QString message = QString::fromStdString(plan.error().message);
    // Events named explicitly refuse the whole plan when one is unusable; their own message is the precise one.
    if (field == SetupField::Events && !request.groups.empty()) {
        MeasurementRequest eventsOnly = request;
        eventsOnly.groups.clear();
        if (auto e = controller.prepare(eventsOnly); !e) message = QString::fromStdString(e.error().message);
    }
    // A general failure of the stand-in says nothing about the form's own target, which has its problems shown.
    if (field != SetupField::General || out.problems.empty()) out.problems.push_back({field, message});
    return out;
}

} // namespace perfdash
