// Event strings and lists as users write them (-e, the GUI's event field),
// through the whole resolver over the fixture sysfs PMUs and tracefs: so
// pmu/term=value/, perf modifiers, tracepoints, raw codes and libpfm4 names
// all see the input; and once more as on Skylake, where native names are also
// read in likwid's spelling (EVENT_UMASK).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/events/EventResolver.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace perfdash;
    static const EventResolver resolver(
        EventPaths{PERFDASH_FIXTURES_DIR "/events/sysfs", {PERFDASH_FIXTURES_DIR "/events/tracefs"}});
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)resolver.resolveList(text); // resolves every item: a single event is a list of one
    (void)resolver.resolveOn(text, "skl");
    return 0;
}
