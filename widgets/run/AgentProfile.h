#pragma once
// A CPU profile of an agent's CPUs: GET /api/v1/profile?seconds=N, the
// agent's own profile JSON (core/profile/ProfileJson.h), so that its group's
// formulas come along. The agent samples for N seconds before it answers;
// the reply is read off the GUI thread (a busy machine's profile is
// megabytes). One fetch per host at a time, as the agent takes one profile
// at a time.
#include <QNetworkAccessManager>
#include <QObject>
#include <QSet>

#include <memory>

#include "core/profile/Profile.h"

namespace perfdash {

class AgentProfile : public QObject {
    Q_OBJECT
public:
    explicit AgentProfile(QObject* parent = nullptr);
    // `address`: host:port; `token`: empty for none. Answers with arrived() or failed(); false (and nothing
    // else) while a profile of that host is being fetched.
    bool fetch(const QString& address, const QString& token, int seconds);
    bool isFetching(const QString& address) const { return fetching_.contains(address); }

signals:
    void arrived(const QString& address, std::shared_ptr<const perfdash::Profile> profile, int seconds);
    // `message`: what failed and why, without the address; `advice`: what to do.
    void failed(const QString& address, const QString& message, const QString& advice);

private:
    QNetworkAccessManager network_;
    QSet<QString> fetching_;
};

} // namespace perfdash
