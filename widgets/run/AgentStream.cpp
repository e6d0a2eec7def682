#include "widgets/run/AgentStream.h"

#include <QNetworkProxy>
#include <QNetworkRequest>
#include <QUrl>

namespace perfdash {

namespace {

// A stream line is one interval of every CPU: far below this. More without a line break is not our agent.
constexpr qsizetype kMaxLine = 64 * 1024 * 1024;

} // namespace

AgentStream::AgentStream(QString address, QString token, QObject* parent)
    : QObject(parent), address_(std::move(address)), token_(std::move(token)) {
    // Straight to the agent: an HTTP proxy from the environment would hold back a stream that never ends.
    network_.setProxy(QNetworkProxy::NoProxy);
}

AgentStream::~AgentStream() { stop(); }

void AgentStream::start(int everySeconds) {
    stop();
    QUrl url("http://" + address_ + "/api/v1/stream");
    if (everySeconds > 0) url.setQuery("interval=" + QString::number(everySeconds) + "s");
    QNetworkRequest request(url);
    // A stream has no end: no transfer timeout (the kernel's connect timeout still gives up on a dead host).
    request.setTransferTimeout(0);
    if (!token_.isEmpty()) request.setRawHeader("Authorization", "Bearer " + token_.toUtf8());
    pending_.clear();
    lineNumber_ = 0;
    reply_ = network_.get(request);
    connect(reply_, &QNetworkReply::readyRead, this, &AgentStream::readLines);
    connect(reply_, &QNetworkReply::finished, this, &AgentStream::finish);
}

void AgentStream::stop() {
    if (!reply_) return;
    QNetworkReply* reply = reply_;
    reply_.clear();
    reply->disconnect(this);
    reply->abort();
    reply->deleteLater();
}

void AgentStream::readLines() {
    if (!reply_) return;
    const int status = reply_->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 200) return; // finish() says why
    pending_ += reply_->readAll();
    for (qsizetype end; (end = pending_.indexOf('\n')) >= 0; pending_.remove(0, end + 1)) {
        ++lineNumber_;
        const QByteArray line = pending_.left(end);
        auto item = readReportStreamLine(std::string_view(line.constData(), static_cast<size_t>(line.size())),
                                         "line " + std::to_string(lineNumber_) + " of the stream");
        if (!item) {
            emit failed(address_, QString::fromStdString(item.error().message), notAnAgentAdvice());
            stop();
            return;
        }
        if (const auto* interval = std::get_if<IntervalLine>(&*item)) emit intervalArrived(address_, *interval);
    }
    if (pending_.size() > kMaxLine) {
        emit failed(address_, tr("more than 64 MiB came without a line break"), notAnAgentAdvice());
        stop();
    }
}

QString notAnAgentAdvice() {
    return AgentStream::tr("check that the host's address on the Hosts page is a perfdash agent's (perfdash-cli serve)");
}

namespace {

QString unreachedAdvice() {
    return AgentStream::tr("check the host's address on the Hosts page and that its agent (perfdash-cli serve) "
                           "runs there");
}

} // namespace

AgentProblem agentReplyProblem(QNetworkReply* reply) {
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 401)
        return {AgentStream::tr("the token was refused (401)"), AgentStream::tr("check the host's token on the Hosts page")};
    if (status == 503)
        return {AgentStream::tr("it serves as many clients as it allows (503)"),
                AgentStream::tr("wait until one of its other clients is done")};
    if (status != 0 && status != 200)
        return {AgentStream::tr("it answered %1: %2").arg(status).arg(QString::fromUtf8(reply->readAll()).trimmed()),
                notAnAgentAdvice()};
    if (reply->error() != QNetworkReply::NoError) return {reply->errorString(), unreachedAdvice()};
    return {};
}

void AgentStream::finish() {
    if (!reply_) return;
    QNetworkReply* reply = reply_;
    AgentProblem problem = agentReplyProblem(reply);
    if (problem.reason.isEmpty()) problem = {tr("the agent stopped"), unreachedAdvice()};
    reply_.clear();
    reply->deleteLater();
    emit failed(address_, problem.reason, problem.advice);
}

} // namespace perfdash
