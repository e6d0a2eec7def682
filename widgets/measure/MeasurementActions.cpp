#include "widgets/measure/MeasurementActions.h"

#include <QAction>
#include <QApplication>
#include <QStyle>

namespace perfdash {

MeasurementActions::MeasurementActions(MeasurementController& controller, RequestSource requestSource,
                                       SamplingSource samplingSource, QObject* parent)
    : QObject(parent),
      controller_(controller),
      requestSource_(std::move(requestSource)),
      samplingSource_(std::move(samplingSource)),
      start_(new QAction(tr("&Start"), this)),
      pause_(new QAction(tr("&Pause"), this)),
      stop_(new QAction(tr("S&top"), this)) {
    QStyle* style = QApplication::style();
    start_->setIcon(style->standardIcon(QStyle::SP_MediaPlay));
    start_->setToolTip(tr("Start measuring what the form describes (uncountable events are left out)"));
    pause_->setIcon(style->standardIcon(QStyle::SP_MediaPause));
    pause_->setCheckable(true);
    pause_->setToolTip(tr("Pause counting (the program keeps running); again to resume"));
    stop_->setIcon(style->standardIcon(QStyle::SP_MediaStop));
    stop_->setToolTip(tr("End the measurement; a launched program still running is terminated"));

    connect(start_, &QAction::triggered, this, [this] { (void)startMeasurement(); });
    connect(pause_, &QAction::triggered, this, [this](bool checked) {
        if (checked) controller_.pause();
        else controller_.resume();
        updateActions(controller_.state()); // a refused pause/resume unchecks/rechecks
    });
    connect(stop_, &QAction::triggered, &controller_, &MeasurementController::stop);
    connect(&controller_, &MeasurementController::stateChanged, this, &MeasurementActions::updateActions);
    updateActions(controller_.state());
}

Status MeasurementActions::startMeasurement() {
    auto fail = [this](const std::string& message) -> Status {
        emit startFailed(QString::fromStdString(message));
        return makeError(message);
    };
    auto request = requestSource_();
    if (!request) return fail(request.error().message);
    auto plan = controller_.prepare(*request);
    if (!plan) return fail(plan.error().message);
    const std::optional<ProfileOptions> sampling = samplingSource_ ? samplingSource_() : std::nullopt;
    if (Status started = controller_.start(std::move(*plan), sampling); !started) return fail(started.error().message);
    return {};
}

void MeasurementActions::updateActions(MeasurementController::State state) {
    using State = MeasurementController::State;
    const bool active = state == State::Running || state == State::Paused;
    start_->setEnabled(state == State::Idle || state == State::Finished);
    pause_->setEnabled(active);
    pause_->setChecked(state == State::Paused);
    pause_->setText(state == State::Paused ? tr("&Resume") : tr("&Pause"));
    pause_->setIcon(QApplication::style()->standardIcon(state == State::Paused ? QStyle::SP_MediaPlay
                                                                                : QStyle::SP_MediaPause));
    stop_->setEnabled(active);
}

} // namespace perfdash
