#pragma once
// A profile selection as a speedscope file (https://www.speedscope.app,
// its file-format-schema.json, checked in tests/fixtures/speedscope): one
// "sampled" profile per value of ExportValues.h (the samples, the sampled
// event's weight, each other event read with the samples), all over the
// same shared frames. The stacks are the flame graph's (core/profile's
// FlameTree, top down): the process's name, "[incomplete stack]" where a
// stack did not reach an entry, then the frames outermost first, merged by
// name; one stack per box with samples of its own, weighted by that box's
// own share of each value. A frame has its function's source file where
// known; no line, since the profile keeps the lines samples were taken at,
// not where functions begin, and speedscope merges boxes by frame.
#include <nlohmann/json.hpp>

#include "core/interchange/ExportSource.h"
#include "core/profile/Profile.h"
#include "core/profile/ProfileViews.h"

namespace perfdash {

struct SpeedscopeOptions {
    ExportSource source;
};

// The file's JSON; the profile of the sampled event's weight is the one shown first.
nlohmann::ordered_json speedscopeJson(const Profile& profile, const ProfileSelection& selection,
                                      const SpeedscopeOptions& options);

} // namespace perfdash
