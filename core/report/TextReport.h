#pragma once
// The likwid-perfctr style text report of `perfdash-cli stat`: a header
// block, then for each group its event table, per-event statistics when
// there is more than one location, its metric table and metric statistics;
// for a marker run then each region under each group, like likwid's marker
// output: a Region Info table (time and calls per thread) and the same
// tables with one column per thread. A merged report (perfdash-cli merge)
// lists its runs and has one column per run.
#include <string>

#include "core/result/MeasurementResult.h"

namespace perfdash {

std::string formatTextReport(const MeasurementResult& result);

} // namespace perfdash
