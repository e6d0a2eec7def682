#pragma once
// The launcher's half of the marker wire (marker/wire/perfdash_marker_wire.h):
// which slots of the plan's event set make up each marker event set, and the
// environment that tells the library inside the program what to count and
// where to write its results.
#include <string>
#include <vector>

#include "core/measurement/MeasurementPlan.h"
#include "core/util/Outcome.h"

namespace perfdash {

// Marker set g holds the countable events of planned group g: their slots in
// plan.eventSet, in order. MARKER_SWITCH moves from one to the next.
std::vector<std::vector<size_t>> markerSetSlots(const MeasurementPlan& plan);

// An error naming the limit and the fix when the groups do not fit the
// library's fixed tables (event sets, events per set).
Status checkMarkerPlan(const MeasurementPlan& plan);

// PERFDASH_MARKER_EVENTS's value: "TYPE:CONFIG:CONFIG1:CONFIG2:EXCLUDE" per
// event, ',' between events, ';' between sets.
std::string encodeMarkerEvents(const MeasurementPlan& plan);

// The NAME=value entries for the launched program.
std::vector<std::string> markerEnvironment(const MeasurementPlan& plan, const std::string& resultsPath);

} // namespace perfdash
