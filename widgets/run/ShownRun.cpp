#include "widgets/run/ShownRun.h"

#include "widgets/run/RunRecorder.h"

namespace perfdash {

ShownRun::ShownRun(RunRecorder& recorder, QObject* parent) : RunSource(parent), recorder_(recorder) {}

void ShownRun::add(RunSource* source) {
    connect(source, &RunSource::started, this, [this, source] {
        source_ = source;
        ++runNumber_;
        exportedTo_.clear();
        emit started();
    });
    // What a source no longer shown still says (an answer on its way when another started) is for nobody.
    connect(source, &RunSource::intervalsArrived, this, [this, source](const std::vector<IntervalResult>& intervals) {
        if (source_ == source) emit intervalsArrived(intervals);
    });
    connect(source, &RunSource::finished, this, [this, source](const MeasurementResult& result) {
        if (source_ == source) emit finished(result);
    });
    connect(source, &RunSource::failed, this, [this, source](const QString& message) {
        if (source_ == source) emit failed(message);
    });
}

const std::vector<LocationInfo>& ShownRun::locations() const {
    static const std::vector<LocationInfo> none;
    return source_ ? source_->locations() : none;
}

std::map<int, CpuPlace> ShownRun::cpuPlaces() const { return source_ ? source_->cpuPlaces() : std::map<int, CpuPlace>{}; }

const MeasurementResult* ShownRun::knownContext() const { return source_ ? source_->knownContext() : nullptr; }

bool ShownRun::isRunning() const { return source_ && source_->isRunning(); }

void ShownRun::showNoResult(const QString& name) {
    result_.reset();
    liveRun_ = false;
    name_ = name;
    emit resultChanged();
}

void ShownRun::showResult(MeasurementResult result, const QString& name) {
    result_ = std::move(result);
    liveRun_ = false;
    name_ = name;
    emit resultChanged();
}

void ShownRun::showFinishedRun(MeasurementResult result, const QString& name) {
    showResult(std::move(result), name);
    liveRun_ = true;
}

QFuture<Result<MeasurementResult>> ShownRun::withIntervals() const {
    if (liveRun_) return recorder_.recordedRun(*result_);
    return QtFuture::makeReadyFuture(Result<MeasurementResult>(*result_));
}

void ShownRun::noteExported(quint64 run, const QString& path) {
    if (liveRun_ && run == runNumber_) exportedTo_ = path;
}

void ShownRun::setContextLine(const QString& line) {
    line_ = line;
    emit contextLineChanged(line);
}

} // namespace perfdash
