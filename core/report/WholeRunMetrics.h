#pragma once
// The whole-run metrics of a session rebuilt from its saved intervals (an
// autosave that never got its final write, see SessionJournal): each
// group's formulas, as the file records them, applied to the event sums with
// the run's formula constants (machine.formula_constants, FormulaConstants.h)
// and `time` = the duration saved.
#include <string>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

// Fills the metrics of r.groups, whose events hold the sums. Returns what a
// reader should know about metrics that stay n/a: a file that does not
// record the constants, formulas that do not compile here.
std::vector<std::string> recomputeWholeRunMetrics(MeasurementResult& r);

// The whole run of a session that holds only its intervals (an incomplete
// autosave, a fleet session's host): the duration is the last interval's
// end, each event summed over the intervals by the rule of a live run
// (CountSum), the metrics computed from those sums (above). Returns what a
// reader should know: gaps in the intervals, metrics that stay n/a. Nothing
// changes when there is no interval.
std::vector<std::string> wholeRunFromIntervals(MeasurementResult& r);

} // namespace perfdash
