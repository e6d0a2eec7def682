#include "widgets/run/LiveHost.h"

#include "core/presentation/RunContext.h"

namespace perfdash {

LiveHost::LiveHost(QObject* parent) : RunSource(parent), info_(new AgentInfo(this)) {
    connect(info_, &AgentInfo::arrived, this, [this](const QString& address, const nlohmann::json& info) {
        if (address != address_ || !info.contains("machine")) return; // an answer for a host let go since
        agentRun_ = agentRunOf(info);
        // The run as a whole, when it ends, is the agent's as far as it said; its counts are the views'.
        result_.machine = agentRun_.machine;
        result_.config = agentRun_.config;
        result_.startedAt = agentRun_.startedAt;
        // The host, its CPU, kernel, what it counts and cannot count, as a run's context line says them.
        const RunContext context = describeRun(agentRun_);
        std::string line = context.line;
        for (const std::string& limit : context.limitations) line += " " + limit;
        emit described(QString::fromStdString(line));
    });
    connect(info_, &AgentInfo::failed, this, [this](const QString& address, const QString& why, const QString& advice) {
        if (address != address_) return;
        problem_ = why;
        advice_ = advice;
        emit described(why);
    });
}

void LiveHost::open(const QString& address, const QString& token) {
    close();
    address_ = address;
    result_ = MeasurementResult{};
    result_.config.mode = "system";
    agentRun_ = MeasurementResult{};
    problem_.clear();
    advice_.clear();
    sent_ = false;
    stream_ = std::make_unique<AgentStream>(address, token);
    connect(stream_.get(), &AgentStream::intervalArrived, this,
            [this](const QString&, const IntervalLine& line) { take(line); });
    connect(stream_.get(), &AgentStream::failed, this, [this](const QString&, const QString& why, const QString& advice) {
        problem_ = tr("its stream (GET /api/v1/stream) failed: %1").arg(why);
        advice_ = advice;
        close(); // first, so that the reason is the last word, not the finished run
        emit failed(problem_);
    });
    stream_->start();
    info_->fetch(address, token);
}

void LiveHost::close() {
    const bool wasRunning = running_;
    stop();
    if (wasRunning) emit finished(result_);
}

void LiveHost::drop() {
    stop();
    address_.clear(); // its info, if still on the way, is for nobody now
}

void LiveHost::stop() {
    if (stream_) {
        stream_->stop();
        stream_.release()->deleteLater(); // it may be in one of its own signals
    }
    running_ = false;
}

void LiveHost::take(const IntervalLine& line) {
    if (!running_) {
        result_.locations = line.locations;
        for (LocationInfo& l : result_.locations) l.host = address_.toStdString();
        running_ = sent_ = true;
        emit started();
    }
    // The views keep their own series (as of a measurement): the session keeps no interval.
    result_.durationS = line.interval.t;
    emit intervalsArrived({line.interval});
}

} // namespace perfdash
