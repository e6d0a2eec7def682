#include "widgets/run/ReplayActions.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QStyle>

namespace perfdash {

ReplayActions::ReplayActions(ReplayController& replay, QObject* parent)
    : QObject(parent), controller_(replay), replay_(new QAction(tr("Replay &from start"), this)),
      pause_(new QAction(tr("Pa&use replay"), this)), speeds_(new QActionGroup(this)),
      normalSpeed_(new QAction(tr("Replay at &1× (as recorded)"), speeds_)),
      fastSpeed_(new QAction(tr("Replay at 1&0×"), speeds_)), showAll_(new QAction(tr("Show &all (jump to end)"), this)) {
    QStyle* style = QApplication::style();
    replay_->setIcon(style->standardIcon(QStyle::SP_MediaSkipBackward));
    replay_->setToolTip(tr("Play the open session's timeline again from its start, paced by its recorded times"));
    pause_->setCheckable(true);
    showAll_->setIcon(style->standardIcon(QStyle::SP_MediaSeekForward));
    showAll_->setToolTip(tr("Show the rest of the session's timeline at once"));
    normalSpeed_->setCheckable(true);
    fastSpeed_->setCheckable(true);
    normalSpeed_->setToolTip(tr("Replay as fast as the session was recorded"));
    fastSpeed_->setToolTip(tr("Replay ten times faster than the session was recorded"));
    // The group keeps the user's choice; Show all plays at once without changing it.
    fastSpeed_->setChecked(controller_.speed() == kFastSpeed);
    normalSpeed_->setChecked(!fastSpeed_->isChecked());
    controller_.setSpeed(fastSpeed_->isChecked() ? kFastSpeed : 1);

    connect(replay_, &QAction::triggered, &controller_, &ReplayController::start);
    connect(pause_, &QAction::triggered, this, [this](bool checked) {
        if (checked) controller_.pause();
        else controller_.resume();
        update(); // a refused pause/resume unchecks/rechecks
    });
    connect(normalSpeed_, &QAction::triggered, this, [this] { controller_.setSpeed(1); });
    connect(fastSpeed_, &QAction::triggered, this, [this] { controller_.setSpeed(kFastSpeed); });
    connect(showAll_, &QAction::triggered, &controller_, &ReplayController::showAll);
    connect(&controller_, &ReplayController::stateChanged, this, &ReplayActions::update);
    update();
}

QList<QAction*> ReplayActions::actions() const { return {replay_, pause_, normalSpeed_, fastSpeed_, showAll_}; }

void ReplayActions::setAvailable(bool available) {
    available_ = available;
    update();
}

void ReplayActions::update() {
    using State = ReplayController::State;
    const State state = controller_.state();
    const bool active = state == State::Playing || state == State::Paused;
    replay_->setEnabled(available_);
    pause_->setEnabled(available_ && active);
    pause_->setChecked(state == State::Paused);
    pause_->setText(state == State::Paused ? tr("Res&ume replay") : tr("Pa&use replay"));
    pause_->setIcon(QApplication::style()->standardIcon(state == State::Paused ? QStyle::SP_MediaPlay
                                                                                : QStyle::SP_MediaPause));
    for (QAction* speed : speeds_->actions()) speed->setEnabled(available_);
    // Jumping to the end is for a replay under way; a finished one shows everything already.
    showAll_->setEnabled(available_ && active);
}

} // namespace perfdash
