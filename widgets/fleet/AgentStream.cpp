#include "widgets/fleet/AgentStream.h"

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
                                         "line " + std::to_string(lineNumber_) + " of " + address_.toStdString() +
                                             "'s stream");
        if (!item) {
            emit failed(address_, QString::fromStdString(item.error().message));
            stop();
            return;
        }
        if (const auto* interval = std::get_if<IntervalLine>(&*item)) emit intervalArrived(address_, *interval);
    }
    if (pending_.size() > kMaxLine) {
        emit failed(address_, tr("%1 sent more than 64 MiB without a line break: is it a perfdash agent?").arg(address_));
        stop();
    }
}

QString agentReplyProblem(const QString& address, QNetworkReply* reply) {
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 401) return AgentStream::tr("%1 refused the token (401): check the host's token").arg(address);
    if (status == 503)
        return AgentStream::tr("%1 serves as many clients as it allows (503); try again later").arg(address);
    if (status != 0 && status != 200)
        return AgentStream::tr("%1 answered %2: %3")
            .arg(address)
            .arg(status)
            .arg(QString::fromUtf8(reply->readAll()).trimmed());
    if (reply->error() != QNetworkReply::NoError) return AgentStream::tr("%1: %2").arg(address, reply->errorString());
    return {};
}

void AgentStream::finish() {
    if (!reply_) return;
    QNetworkReply* reply = reply_;
    QString message = agentReplyProblem(address_, reply);
    if (message.isEmpty()) message = tr("%1 ended the stream (the agent stopped)").arg(address_);
    reply_.clear();
    reply->deleteLater();
    emit failed(address_, message);
}

} // namespace perfdash
