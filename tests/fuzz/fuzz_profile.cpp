// A session's profile section (core/profile/ProfileJson.h), its call-path
// and instruction tables, and the views built on whatever it accepts
// (a function's sampled instructions among them), and the marker's region transitions with the
// timeline made of them: the file may be anything at all. What the reader
// accepts must hold up: every index in range, every view computable, shares
// that add up to at most the whole.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/measurement/MarkerTransitions.h"
#include "core/profile/Disassembly.h"
#include "core/profile/FlameGraph.h"
#include "core/profile/ProfileJson.h"
#include "core/profile/ProfileViews.h"
#include "core/profile/RegionTimeline.h"

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "fuzz_profile: %s\n", what);
    std::abort();
}

void views(const perfdash::Profile& p) {
    using namespace perfdash;
    auto selection = selectRows(p, {});
    if (!selection) return;
    auto metrics = ProfileMetrics::compile(p);
    if (!metrics) return;
    const auto rows = functionTable(p, *selection, *metrics);
    double self = 0;
    for (const FunctionRow& r : rows) self += r.selfShare.value;
    if (self > 1 + 1e-6) fail("self shares add up to more than the whole");
    if (!rows.empty()) {
        (void)lineTable(p, *selection, *metrics, rows.front().name);
        (void)callerTree(p, *selection, *metrics, rows.front().name);
    }
    // The instruction rows of the same selection: one function's shares add up to at most its whole.
    for (size_t r : selection->instructionRows)
        if (r >= p.instructionKeys.size()) fail("an instruction row past the table");
    if (!p.codes.empty())
        if (auto code = sampledInstructions(p, *selection, p.string(p.codes.front().function))) {
            double share = 0;
            for (size_t i = 0; i < code->rows.size(); ++i) {
                share += code->rows[i].share.value;
                if (i > 0 && code->rows[i - 1].address >= code->rows[i].address) fail("instructions out of address order");
            }
            if (share > 1 + 1e-6) fail("an instruction's shares add up to more than its function");
        }
    (void)foldedStacks(p, *selection);
    (void)flameGraphSvg(p, *selection, *metrics, {});
    ProfileFilter later;
    later.fromS = p.durationS / 2;
    (void)selectRows(p, later);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace perfdash;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (auto session = readSessionJson(text, "fuzz"); session && session->profile) views(*session->profile);

    std::vector<MarkerTransition> transitions;
    (void)parseMarkerTransitions(text, transitions);
    std::vector<std::string> regions;
    std::vector<std::vector<uint32_t>> sets{{}};
    RegionTimeline timeline(regions, sets);
    for (const MarkerTransition& t : transitions) timeline.add(t);
    for (const MarkerTransition& t : transitions)
        if (timeline.at(t.tid, t.timeNs) >= sets.size()) fail("a region set past the table");
    return 0;
}
