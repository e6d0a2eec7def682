#include "widgets/run/ReplayController.h"

#include <QElapsedTimer>
#include <algorithm>
#include <memory>

#include "widgets/run/SessionLoader.h"

namespace perfdash {

namespace {

QString speedText(double speed) {
    return speed == ReplayController::kInstant ? ReplayController::tr("all at once")
                                               : ReplayController::tr("%1×").arg(speed);
}

QString secondsText(double s) { return ReplayController::tr("%1 s").arg(s, 0, 'f', 1); }

} // namespace

ReplayController::ReplayController(QObject* parent) : RunSource(parent) {
    auto elapsed = std::make_shared<QElapsedTimer>();
    elapsed->start();
    clock_ = [elapsed] { return elapsed->elapsed(); };
    frameTimer_.setInterval(33);
    connect(&frameTimer_, &QTimer::timeout, this, &ReplayController::advance);
}

void ReplayController::setResult(MeasurementResult result) {
    stop();
    result_ = std::move(result);
    result_.replay = true;
    next_ = 0;
    basePosition_ = 0;
    setState(State::Idle);
}

void ReplayController::setSpeed(double factor) {
    if (!(factor >= 0)) return;
    if (state_ == State::Playing) {
        basePosition_ = position();
        anchorMs_ = now();
    }
    speed_ = factor;
    if (state_ == State::Playing) advance();
}

void ReplayController::start() {
    stop();
    next_ = 0;
    basePosition_ = 0;
    anchorMs_ = now();
    setState(State::Playing);
    emit started();
    advance();
    if (state_ == State::Playing) frameTimer_.start();
}

void ReplayController::pause() {
    if (state_ != State::Playing) return;
    basePosition_ = position();
    frameTimer_.stop();
    setState(State::Paused);
}

void ReplayController::resume() {
    if (state_ != State::Paused) return;
    anchorMs_ = now();
    setState(State::Playing);
    advance();
    if (state_ == State::Playing) frameTimer_.start();
}

void ReplayController::stop() {
    frameTimer_.stop();
    if (state_ == State::Playing) basePosition_ = position();
    if (state_ == State::Playing || state_ == State::Paused) setState(State::Idle);
}

void ReplayController::showAll() {
    const double speed = speed_;
    speed_ = kInstant;
    if (state_ == State::Playing || state_ == State::Paused) {
        frameTimer_.stop();
        setState(State::Playing);
        advance();
    } else {
        start();
    }
    speed_ = speed;
}

double ReplayController::position() const {
    if (state_ == State::Finished) return duration();
    if (state_ != State::Playing) return basePosition_;
    if (speed_ == kInstant) return duration();
    return basePosition_ + static_cast<double>(now() - anchorMs_) / 1000.0 * speed_;
}

double ReplayController::duration() const { return result_.intervals.empty() ? 0 : result_.intervals.back().t; }

QString ReplayController::label() const { return replayLabel(result_) + tr(" (%1)").arg(speedText(speed_)); }

QString ReplayController::statusText() const {
    const QString of = tr("%1 of %2").arg(secondsText(std::min(position(), duration())), secondsText(duration()));
    switch (state_) {
    case State::Idle: return tr("Replay ready: %1").arg(secondsText(duration()));
    case State::Playing: return tr("Replay %1: %2").arg(speedText(speed_), of);
    case State::Paused: return tr("Replay paused at %1").arg(of);
    case State::Finished: return tr("Replay finished");
    }
    return {};
}

void ReplayController::setClock(std::function<qint64()> nowMs) { clock_ = std::move(nowMs); }

void ReplayController::setFrameInterval(int milliseconds) { frameTimer_.setInterval(milliseconds); }

void ReplayController::advance() {
    if (state_ != State::Playing) return;
    emitUpTo(position());
    finishIfDone();
}

void ReplayController::emitUpTo(double position) {
    const auto& all = result_.intervals;
    size_t end = next_;
    // An interval whose time is not a number cannot be placed: it goes out with its predecessor.
    while (end < all.size() && (speed_ == kInstant || !(all[end].t > position))) ++end;
    if (end == next_) return;
    std::vector<IntervalResult> due(all.begin() + static_cast<std::ptrdiff_t>(next_),
                                    all.begin() + static_cast<std::ptrdiff_t>(end));
    next_ = end;
    emit intervalsArrived(due);
}

void ReplayController::finishIfDone() {
    if (state_ != State::Playing || next_ < result_.intervals.size()) return;
    frameTimer_.stop();
    setState(State::Finished);
    emit finished(result_);
}

void ReplayController::setState(State state) {
    if (state_ == state) return;
    state_ = state;
    emit stateChanged(state);
}

} // namespace perfdash
