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

} // namespace perfdash
