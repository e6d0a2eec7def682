#pragma once
// A flame graph of a profile selection as a self-contained SVG: the boxes
// of its FlameTree (FlameTree.h), each as wide as its samples, children
// above their caller. Each box is coloured by one metric evaluated on the
// samples through it (the group's formulas, ProfileMetrics.h), or by its self
// share for "samples"; the colour is never the only carrier: each box's
// <title> (the tooltip) says its samples, share and the value with its
// error, and boxes whose value is not known or rests on too few samples are
// grey, which the legend says.
#include <string>

#include <nlohmann/json.hpp>

#include "core/profile/FlameTree.h"

namespace perfdash {

struct FlameGraphOptions {
    int metric = -1;          // into metrics; -1: colour by self share
    std::string title;        // shown above the graph
    double width = 1200;      // pixels
    double minWidth = 0.1;    // boxes narrower than this are left out (their samples stay in their parent's width)
    // Colour by each box's change of share since this run (flameChanges), not by `metric`.
    const FlameTree* baseline = nullptr;
};

std::string flameGraphSvg(const Profile& profile, const ProfileSelection& selection, ProfileMetrics& metrics,
                          const FlameGraphOptions& options);

// The same boxes as a tree, as d3-flame-graph reads it: {"name", "value"
// (samples), "share", "metric": {"name", "value", "error", "too_few_samples"},
// "children": [...]}, without the width limit; with a baseline, "metric" is
// the change of share since it.
nlohmann::ordered_json flameGraphJson(const Profile& profile, const ProfileSelection& selection,
                                      ProfileMetrics& metrics, int metric, const FlameTree* baseline = nullptr);

} // namespace perfdash
