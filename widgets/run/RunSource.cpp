#include "widgets/run/RunSource.h"

namespace perfdash {

RunSource::RunSource(QObject* parent) : QObject(parent) {
    // The signals' arguments cross threads and queued connections.
    qRegisterMetaType<perfdash::MeasurementResult>();
    qRegisterMetaType<std::vector<perfdash::IntervalResult>>();
}

} // namespace perfdash
