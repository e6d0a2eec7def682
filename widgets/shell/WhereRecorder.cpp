#include "widgets/shell/WhereRecorder.h"

#include <QMessageBox>

#include "widgets/common/QtStrings.h"
#include "widgets/run/MeasurementController.h"
#include "widgets/run/ShownRun.h"
#include "widgets/run/WhereRequest.h"

namespace perfdash {

WhereRecorder::WhereRecorder(MeasurementController& controller, const ShownRun& shown,
                             std::function<ProfileOptions(std::chrono::nanoseconds)> sampling, QWidget* dialogParent)
    : QObject(dialogParent), controller_(controller), shown_(shown), sampling_(std::move(sampling)),
      dialogParent_(dialogParent) {}

Result<WhereRecorder::Prepared> WhereRecorder::prepare(const QString& group) const {
    if (controller_.isRunning() || controller_.state() == MeasurementController::State::Finishing)
        return makeError("a measurement is running: stop it (Run → Stop), then ask again");
    const MeasurementResult* shown = shown_.result();
    if (!shown) return makeError("no run is shown: start one, or open a session");
    // The controller's last run is shown: its request has what a session does not keep (environment, directory).
    const MeasurementRequest* here = shown_.isLiveRun() && controller_.plan() ? &controller_.plan()->request : nullptr;
    auto request = whereRequest(*shown, here, group);
    if (!request) return request.error();
    auto plan = controller_.prepare(*request);
    if (!plan) return makeError(group.toStdString() + " cannot be measured here: " + plan.error().message);
    ProfileOptions options = sampling_(request->interval);
    auto sampling = planSampling(*plan, controller_.machine(), options);
    if (!sampling) return makeError(group.toStdString() + "'s events cannot be sampled here: " + sampling.error().message);
    return Prepared{std::move(*plan), std::move(options), sampling->warnings};
}

void WhereRecorder::ask(const QString& group) {
    const QString title = tr("Where do %1's figures come from?").arg(group);
    auto prepared = prepare(group);
    if (!prepared) {
        QMessageBox::warning(dialogParent_, title, toQString(prepared.error().message));
        return;
    }
    if (!prepared->notSampledAsAsked.empty()) {
        QStringList why;
        for (const std::string& w : prepared->notSampledAsAsked) why << htmlEscaped(w);
        const auto answer = QMessageBox::question(
            dialogParent_, title,
            tr("<p>This machine cannot sample %1 as asked:</p><p>%2</p><p>Run it anyway? The samples then say where the "
               "time goes, and the group's metrics per function are what its countable events allow.</p>")
                .arg(group.toHtmlEscaped(), why.join(QStringLiteral("<br>"))),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Yes) return;
    }
    if (Status s = controller_.start(std::move(prepared->plan), prepared->sampling); !s) {
        QMessageBox::warning(dialogParent_, title, toQString(s.error().message));
        return;
    }
    emit started(group);
}

} // namespace perfdash
