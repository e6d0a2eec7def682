#pragma once
// The controls of a replay as QActions for a menu and a toolbar (the main
// window adds the shortcuts): Replay from start, Pause/Resume, the speed
// (1× as recorded, or 10×) and Show all (jump to the end). Their enabled
// state follows the ReplayController and whether a replay may run now
// (setAvailable: a saved session is open and nothing is being measured).
#include <QObject>

#include "widgets/run/ReplayController.h"

class QAction;
class QActionGroup;

namespace perfdash {

class ReplayActions : public QObject {
    Q_OBJECT
public:
    explicit ReplayActions(ReplayController& replay, QObject* parent = nullptr);

    QAction* replayAction() const { return replay_; }
    // Checkable: checked while paused; triggering it pauses or resumes.
    QAction* pauseAction() const { return pause_; }
    // Exclusive and checkable: the speed of the next replay (the controller's is set to one of them).
    QAction* normalSpeedAction() const { return normalSpeed_; }
    QAction* fastSpeedAction() const { return fastSpeed_; }
    QAction* showAllAction() const { return showAll_; }
    QList<QAction*> actions() const;

    void setAvailable(bool available);
    bool isAvailable() const { return available_; }

    static constexpr double kFastSpeed = 10;

private:
    void update();

    ReplayController& controller_;
    bool available_ = false;
    QAction* replay_;
    QAction* pause_;
    QActionGroup* speeds_;
    QAction* normalSpeed_;
    QAction* fastSpeed_;
    QAction* showAll_;
};

} // namespace perfdash
