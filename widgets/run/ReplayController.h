#pragma once
// Plays a saved session's timeline back through the same signals as a live
// MeasurementController (started, intervalsArrived, finished), so the live view
// shows a replay as it shows a measurement: all at once, or paced by the
// recorded times at 1× or 10× (or any factor), with pause. label() and
// statusText() say plainly that this is a replay, for the shell and the view.
#include <QString>
#include <QTimer>
#include <functional>
#include <vector>

#include "core/result/MeasurementResult.h"
#include "widgets/run/RunSource.h"

namespace perfdash {

class ReplayController : public RunSource {
    Q_OBJECT
public:
    enum class State { Idle, Playing, Paused, Finished };
    Q_ENUM(State)

    static constexpr double kInstant = 0; // speed: every interval at once

    explicit ReplayController(QObject* parent = nullptr);

    // The session to play (its `replay` flag is set); a replay in progress stops.
    void setResult(MeasurementResult result);
    const MeasurementResult& result() const { return result_; }
    // Where the session counted, where its CPUs were, and all of it as its context from the start.
    const std::vector<LocationInfo>& locations() const override { return result_.locations; }
    std::map<int, CpuPlace> cpuPlaces() const override { return perfdash::cpuPlaces(result_.machine); }
    const MeasurementResult* knownContext() const override { return &result_; }
    // Playing or Paused.
    bool isRunning() const override { return state_ == State::Playing || state_ == State::Paused; }

    // kInstant, 1 (as recorded), 10 (ten times faster), ...; may change while playing.
    void setSpeed(double factor);
    double speed() const { return speed_; }

    // From the beginning.
    void start();
    void pause();
    void resume();
    // Ends the replay where it is, without finished().
    void stop();
    // Jumps to the end: a replay in progress (playing or paused) hands out
    // every interval not played yet at once and finishes; otherwise the whole
    // session is played at once from the start. The speed stays as it was.
    void showAll();

    State state() const { return state_; }
    // Seconds of the recording played so far, and its length (the last interval's end).
    double position() const;
    double duration() const;
    size_t intervalsPlayed() const { return next_; }

    // "Replay: stream, recorded 2024-05-01T10:00:00+02:00 (10×)".
    QString label() const;
    // "Replay 10×: 12.3 s of 60.0 s", "Replay paused at 12.3 s of 60.0 s", "Replay finished".
    QString statusText() const;

    // Milliseconds of a monotonic clock that paces timed replay; tests pass a fake one and call advance().
    void setClock(std::function<qint64()> nowMs);
    // How often intervals that became due are handed out while playing (default 33 ms).
    void setFrameInterval(int milliseconds);

public slots:
    // Emits every interval due by now; the frame timer calls it.
    void advance();

signals:
    void stateChanged(perfdash::ReplayController::State state);

private:
    void setState(State state);
    void emitUpTo(double position);
    void finishIfDone();
    qint64 now() const { return clock_(); }

    MeasurementResult result_;
    double speed_ = 1;
    State state_ = State::Idle;
    size_t next_ = 0;             // first interval not emitted yet
    double basePosition_ = 0;     // recording time at anchorMs_
    qint64 anchorMs_ = 0;
    std::function<qint64()> clock_;
    QTimer frameTimer_;
};

} // namespace perfdash
