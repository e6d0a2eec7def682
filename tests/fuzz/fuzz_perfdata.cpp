// perf.data files of either mode (core/perfdata): the header, the attrs and
// their ids, the feature sections, the records in rounds, COMPRESSED records
// through zstd, and --info's text of the features (the machine's among them:
// CPU_TOPOLOGY, NUMA_TOPOLOGY, which the seeds hold). Input: the file's
// bytes. Seeds: files perf recorded (file and pipe mode, -z with call
// stacks) in tests/fuzz/corpus/perfdata.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/perfdata/PerfDataReader.h"

using namespace perfdash;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const auto* first = reinterpret_cast<const std::byte*>(data);
    auto reader = PerfDataReader::open(std::vector<std::byte>(first, first + size), "fuzz.data");
    if (!reader) return 0;
    size_t samples = 0;
    Status read = (*reader)->read([&](PerfRecord&& record) {
        if (const auto* s = std::get_if<SampleRecord>(&record)) samples += (*reader)->eventOf(*s) >= 0;
    });
    (void)read;
    (void)(*reader)->tally().total();
    (void)perfDataHeaderText((*reader)->info()); // --info's text of whatever the features held
    return samples > size ? 1 : 0; // never: every sample takes bytes of the input
}
