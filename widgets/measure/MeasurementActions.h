#pragma once
// Start, Pause/Resume and Stop as QActions for a toolbar or menu (the main
// window adds the shortcuts). Their enabled state follows the
// MeasurementController. Start takes the request (and the sampling, if any)
// from the form, prepares it and starts it; a failure is reported through startFailed with the message of
// the error (which names the problem and the fix).
#include <QObject>
#include <functional>
#include <optional>

#include "core/measurement/MeasurementRequest.h"
#include "core/util/Outcome.h"
#include "widgets/run/MeasurementController.h"

class QAction;

namespace perfdash {

class MeasurementActions : public QObject {
    Q_OBJECT
public:
    using RequestSource = std::function<Result<MeasurementRequest>()>;
    // Asked after a request was given: none for a run that only counts.
    using SamplingSource = std::function<std::optional<ProfileOptions>()>;

    MeasurementActions(MeasurementController& controller, RequestSource requestSource, SamplingSource samplingSource,
                       QObject* parent = nullptr);

    QAction* startAction() const { return start_; }
    // Checkable: checked while paused; triggering it pauses or resumes.
    QAction* pauseAction() const { return pause_; }
    QAction* stopAction() const { return stop_; }

    // What Start does; the error is also emitted as startFailed.
    Status startMeasurement();

signals:
    void startFailed(const QString& message);

private:
    void updateActions(MeasurementController::State state);

    MeasurementController& controller_;
    RequestSource requestSource_;
    SamplingSource samplingSource_;
    QAction* start_;
    QAction* pause_;
    QAction* stop_;
};

} // namespace perfdash
