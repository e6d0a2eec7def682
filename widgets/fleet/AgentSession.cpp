#include "widgets/fleet/AgentSession.h"

namespace perfdash {

AgentSession::AgentSession(QObject* parent) : QObject(parent) {}

void AgentSession::open(const QString& address, const QString& token) {
    close();
    address_ = address;
    result_ = MeasurementResult{};
    result_.config.mode = "system";
    stream_ = std::make_unique<AgentStream>(address, token);
    connect(stream_.get(), &AgentStream::intervalArrived, this,
            [this](const QString&, const IntervalLine& line) { take(line); });
    connect(stream_.get(), &AgentStream::failed, this, [this](const QString&, const QString& message) {
        emit failed(message);
        close();
    });
    stream_->start();
}

void AgentSession::close() {
    const bool wasRunning = running_;
    drop();
    if (wasRunning) emit finished(result_);
}

void AgentSession::drop() {
    if (stream_) {
        stream_->stop();
        stream_.release()->deleteLater(); // it may be in one of its own signals
    }
    running_ = false;
}

void AgentSession::take(const IntervalLine& line) {
    if (!running_) {
        result_.locations = line.locations;
        for (LocationInfo& l : result_.locations) l.host = address_.toStdString();
        running_ = true;
        emit started();
    }
    // The views keep their own series (as of a measurement): the session keeps no interval.
    result_.durationS = line.interval.t;
    emit intervalsArrived({line.interval});
}

} // namespace perfdash
