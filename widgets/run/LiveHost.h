#pragma once
// One agent watched live in the dashboard's own views: a RunSource, as a
// measurement and a replay are, so LiveView, OverviewPage and the heat map
// show a host the way they show a local run (through ShownRun).
#include <memory>

#include "widgets/run/AgentInfo.h"
#include "widgets/run/AgentStream.h"
#include "widgets/run/RunSource.h"

namespace perfdash {

class LiveHost : public RunSource {
    Q_OBJECT
public:
    explicit LiveHost(QObject* parent = nullptr);

    // Watches `address` from its next interval on; a host watched before is let go.
    void open(const QString& address, const QString& token);
    // Stops watching and says so (finished()), as a run ends.
    void close();
    // Stops watching without a word: another source has the views now. Its agent's answers still on the
    // way are let go, so that they never speak over that source.
    void drop();
    const QString& address() const { return address_; }

    // What started() announces: the host's locations (its intervals go to the views only), and once its agent
    // described itself, the machine and where it counts.
    const std::vector<LocationInfo>& locations() const override { return result_.locations; }
    std::map<int, CpuPlace> cpuPlaces() const override { return perfdash::cpuPlaces(result_.machine); }
    // A host's context is what its agent says (agentRun()), which may come before or after its intervals.
    const MeasurementResult* knownContext() const override { return nullptr; }
    // What its agent says about its run (agentRunOf: the machine, CPUs, groups and the events it cannot count,
    // no counts), what the context lines of the Overview and Live pages say; no machine until described().
    const MeasurementResult& agentRun() const { return agentRun_; }
    // Between the first interval and close() or drop().
    bool isRunning() const override { return running_; }
    // An interval came since open(): the views show this host's figures (if it failed, its last ones).
    bool hasSent() const { return sent_; }
    // Why the host is not watched (its stream failed) or not described (its info failed), the latest of the
    // two, without its address; empty while neither failed since open(). advice(): the one thing to do.
    const QString& problem() const { return problem_; }
    const QString& advice() const { return advice_; }

signals:
    // failed(): the stream failed, `message` says why (also problem()); it is closed (finished() came first
    // if it ran).
    // What its agent says about itself (GET /api/v1/info, then agentRun()) in one line, or why that failed
    // (then also problem()).
    void described(const QString& text);

private:
    void take(const IntervalLine& line);
    // Ends the stream; the host's info is still taken (close() after a failure keeps what it says).
    void stop();

    QString address_;
    std::unique_ptr<AgentStream> stream_;
    AgentInfo* info_;
    MeasurementResult result_;
    MeasurementResult agentRun_;
    QString problem_;
    QString advice_;
    bool running_ = false;
    bool sent_ = false;
};

} // namespace perfdash
