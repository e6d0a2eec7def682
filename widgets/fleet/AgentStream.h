#pragma once
// The dashboard's connection to one agent's /api/v1/stream (perfdash-cli
// serve): an asynchronous QNetworkAccessManager request on the GUI thread's
// event loop, so no network wait ever blocks the GUI. Each line is read with
// core's reader of `stat --json -t` streams (the same schema) and handed on
// as the interval a local session's views take.
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QObject>
#include <QPointer>

#include "core/report/ReportJsonReader.h"

namespace perfdash {

class AgentStream : public QObject {
    Q_OBJECT
public:
    // `address`: host:port (IPv6 as [addr]:port); `token`: empty for none.
    AgentStream(QString address, QString token, QObject* parent = nullptr);
    ~AgentStream() override;

    const QString& address() const { return address_; }
    // Opens the stream; `every` joins that many seconds of the agent's intervals into one (0: each).
    void start(int everySeconds = 0);
    void stop();

signals:
    void intervalArrived(const QString& address, const perfdash::IntervalLine& line);
    // The stream failed or ended, with what went wrong in the user's words.
    void failed(const QString& address, const QString& message);

private:
    void readLines();
    void finish();

    QString address_;
    QString token_;
    QNetworkAccessManager network_;
    QPointer<QNetworkReply> reply_;
    QByteArray pending_;
    qint64 lineNumber_ = 0;
};

// What went wrong with a finished request to the agent at `address`, in the
// user's words (a refused token, a busy agent, a network error); empty when
// it answered 200.
QString agentReplyProblem(const QString& address, QNetworkReply* reply);

} // namespace perfdash
