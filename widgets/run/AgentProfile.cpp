#include "widgets/run/AgentProfile.h"

#include <QFutureWatcher>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>
#include <QtConcurrent>

#include <nlohmann/json.hpp>

#include "core/profile/ProfileJson.h"
#include "core/util/Outcome.h"
#include "widgets/run/AgentStream.h"

namespace perfdash {

namespace {

// The agent keeps a profile to 250 000 samples; their rows are tens of megabytes of JSON at most.
constexpr qint64 kMaxProfile = 512LL * 1024 * 1024;
// Beyond the seconds sampled: the agent symbolizes before it answers, seconds on a busy machine.
constexpr int kSpareMs = 60000;

} // namespace

AgentProfile::AgentProfile(QObject* parent) : QObject(parent) { network_.setProxy(QNetworkProxy::NoProxy); }

bool AgentProfile::fetch(const QString& address, const QString& token, int seconds) {
    if (fetching_.contains(address)) return false;
    fetching_.insert(address);
    QNetworkRequest request(QUrl(QStringLiteral("http://%1/api/v1/profile?seconds=%2").arg(address).arg(seconds)));
    request.setTransferTimeout(seconds * 1000 + kSpareMs);
    if (!token.isEmpty()) request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
    QNetworkReply* reply = network_.get(request);
    connect(reply, &QNetworkReply::downloadProgress, reply, [reply](qint64 received, qint64) {
        if (received > kMaxProfile) reply->abort();
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply, address, seconds] {
        reply->deleteLater();
        const auto done = [this, address] { fetching_.remove(address); };
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status == 503) {
            done();
            const QByteArray retry = reply->rawHeader("Retry-After");
            return emit failed(address, tr("it is taking another profile (503): it takes one at a time"),
                               retry.isEmpty() ? tr("try again in a moment")
                                               : tr("try again in %1 s").arg(QString::fromLatin1(retry)));
        }
        if (const AgentProblem problem = agentReplyProblem(reply); !problem.reason.isEmpty()) {
            done();
            return emit failed(address, tr("its profile (GET /api/v1/profile) failed: %1").arg(problem.reason),
                               problem.advice);
        }
        // Parsed and checked on a worker: the GUI goes on meanwhile.
        auto* watcher = new QFutureWatcher<Result<Profile>>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, address, seconds, done] {
            watcher->deleteLater();
            done();
            Result<Profile> read = watcher->result();
            if (!read)
                return emit failed(address, tr("its profile cannot be read: %1").arg(QString::fromStdString(read.error().message)),
                                   notAnAgentAdvice());
            emit arrived(address, std::make_shared<const Profile>(std::move(*read)), seconds);
        });
        watcher->setFuture(QtConcurrent::run([body = reply->readAll(), address]() -> Result<Profile> {
            const auto json = nlohmann::json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
            const std::string source = "the profile of " + address.toStdString();
            if (!json.is_object()) return makeError(source + " is not a JSON object");
            return readProfileJson(json, source);
        }));
    });
    return true;
}

} // namespace perfdash
