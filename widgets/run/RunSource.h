#pragma once
// What every run the pages show comes from: a measurement
// (MeasurementController), a replay of a saved session (ReplayController) or
// a host watched live through its agent (LiveHost). The pages follow one
// through ShownRun and never ask which kind it is.
#include <QObject>
#include <QString>
#include <map>
#include <vector>

#include "core/presentation/CpuPlaces.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

class RunSource : public QObject {
    Q_OBJECT
public:
    explicit RunSource(QObject* parent = nullptr);

    // Where the run counts; valid from started() until the next run.
    virtual const std::vector<LocationInfo>& locations() const = 0;
    // Where each CPU sits (socket, NUMA node), for the heat map's rows: this machine's for a measurement,
    // the recorded machine's for a replay, what an agent said of its own.
    virtual std::map<int, CpuPlace> cpuPlaces() const = 0;
    // What is known of the run from its start, for the context lines: a replay knows all of it; null
    // while a run says its context only when it ends (a measurement, a host).
    virtual const MeasurementResult* knownContext() const = 0;
    // Between started() and finished() or failed(), paused included: another run must wait.
    virtual bool isRunning() const = 0;

signals:
    void started();
    // New intervals, oldest first.
    void intervalsArrived(const std::vector<perfdash::IntervalResult>& intervals);
    // Every interval came through intervalsArrived() before this.
    void finished(const perfdash::MeasurementResult& result);
    // The run cannot go on: `message` says why (only a host's stream fails so far).
    void failed(const QString& message);
};

} // namespace perfdash

Q_DECLARE_METATYPE(perfdash::MeasurementResult)
Q_DECLARE_METATYPE(std::vector<perfdash::IntervalResult>)
