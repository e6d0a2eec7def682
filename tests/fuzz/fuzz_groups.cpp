// A group file as a user edits it: the likwid-format parser, every slot read
// with likwid's names as on Skylake and on Zen 3 (SlotResolver), then the
// formula compiler (muparser) and one evaluation with counts, zeros and
// missing values, as a live session evaluates it.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "core/groups/CustomEventSet.h"
#include "core/groups/GroupFileParser.h"
#include "core/groups/MetricEvaluator.h"
#include "core/measurement/SlotResolver.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace perfdash;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // The same bytes as a likwid custom event set (-g EVENT:COUNTER,...): an error or a group, never a crash.
    (void)parseCustomEventSet(text);
    auto group = parseGroupText(text, "fuzz.txt", "FUZZ");
    if (!group) return 0;
    static const EventResolver events(EventPaths{PERFDASH_FIXTURES_DIR "/likwid/sysfs-aperf", {}});
    static const SlotResolver skylake(events, "skylake"), zen3(events, "zen3");
    for (const auto& slot : group->events) {
        (void)skylake.resolve(slot);
        (void)zen3.resolve(slot);
    }
    auto evaluator = MetricEvaluator::compile(*group);
    if (!evaluator) return 0;
    std::vector<double> slots(evaluator->slotCount());
    for (size_t i = 0; i < slots.size(); ++i) {
        const double kinds[] = {1.5e9, 0.0, std::numeric_limits<double>::quiet_NaN(), 7.0};
        slots[i] = kinds[i % 4];
    }
    const MetricEnvironment env{0.25, 1.0 / 2.4e9, 2, 2, 16};
    for (double v : evaluator->evaluate(slots, env)) (void)std::isnan(v);
    (void)evaluator->evaluate({}, MetricEnvironment{});
    return 0;
}
