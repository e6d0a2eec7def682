#pragma once
// Reads likwid's performance group format:
//
//   SHORT <one line>
//   REQUIRE_NOHT                      (optional flag)
//   EVENTSET
//   COUNTER[:OPT...] EVENT[:OPT...]   one per line, e.g. "PMC0 L1D_REPLACEMENT"
//   METRICS
//   name with spaces  FORMULA         the formula is the last whitespace-separated word
//                                     (words joined by an operator are joined back, with
//                                     a warning: PerformanceGroup::warnings)
//   LONG
//   free text to the end of the file
//
//   #@metric NAME | parent=NAME | above=NUMBER
//                                     perfdash's optional extension, in a comment
//                                     line likwid skips: a metric's parent in a
//                                     hierarchy (top-down analysis) and the vendor's
//                                     threshold (above= or below=), anywhere in the file
//
// '#' starts a comment line (also inside LONG, as in likwid); blank lines,
// tabs, odd spacing and CRLF line ends are accepted. This checks the format
// only; formulas are checked by MetricEvaluator (see loadGroupFile).
#include <string>
#include <string_view>

#include "core/groups/PerformanceGroup.h"
#include "core/util/Outcome.h"

namespace perfdash {

// Every problem found is reported, one per line of the error message, each as
// "SOURCE:LINE: what is wrong; what is expected".
Result<PerformanceGroup> parseGroupText(std::string_view text, const std::string& sourceFile, const std::string& name);

// Reads and parses a group file; the group's name is the file name without ".txt".
Result<PerformanceGroup> parseGroupFile(const std::string& path);

// "/x/y/CPI.txt" -> "CPI".
std::string groupNameFromPath(const std::string& path);

} // namespace perfdash
