#pragma once
// "Where?" on a group of the run shown: the request that runs the same
// target again with that group alone (so that it is the group sampled), for
// the Hotspots page to show which functions its metrics come from.
//
// The target is the run's own: the request as this dashboard measured it
// (its working directory and environment too), or, for an opened session,
// what the session says ran (its program and arguments, the process it
// attached to, the CPUs it counted). What cannot be run again is an error
// that says why and what to do instead.
#include <QString>

#include "core/measurement/MeasurementRequest.h"
#include "core/result/MeasurementResult.h"
#include "core/util/Outcome.h"

namespace perfdash {

// `measuredHere`: the request of the run shown, where this dashboard measured it; null for an opened session
// (then `shown`'s configuration says what ran). `group`: a group's name as the run names it ("custom" for
// the -e events). `procRoot` is where a process is looked for (tests point it elsewhere).
Result<MeasurementRequest> whereRequest(const MeasurementResult& shown, const MeasurementRequest* measuredHere,
                                        const QString& group, const std::string& procRoot = "/proc");

} // namespace perfdash
