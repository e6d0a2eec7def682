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
    // The stream failed or ended: why in the user's words (agentReplyProblem).
    void failed(const QString& address, const QString& reason, const QString& advice);

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

// What went wrong with a request to an agent, in the user's words: the
// reason once, without the host's address (whoever shows it names the host
// once), and the one thing to do about it; both start lower case, to be
// read inside a sentence.
struct AgentProblem {
    QString reason; // empty: it answered 200
    QString advice;
};
// A finished request: a refused token, a busy agent, another answer, a network error.
AgentProblem agentReplyProblem(QNetworkReply* reply);
// The advice for an answer that is not a perfdash agent's.
QString notAnAgentAdvice();

} // namespace perfdash
