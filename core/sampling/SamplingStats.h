#pragma once
// What happened to the records of a sampling run on their way to the
// consumer: counted per CPU, never dropped silently. Every loss has a
// sentence for the user (warnings()), with its cause and what helps.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace perfdash {

struct CpuRecordCounts {
    int cpu = -1;
    uint64_t samples = 0;        // SAMPLE records read from the CPU's ring buffer
    uint64_t lost = 0;           // records the kernel dropped, its ring buffer full (LOST records' counts)
    uint64_t throttled = 0;      // THROTTLE records: the kernel stopped sampling for a while
    uint64_t unthrottled = 0;    // UNTHROTTLE records
    uint64_t droppedSamples = 0; // samples read but refused by the record queue: the consumer fell behind
    uint64_t droppedOther = 0;   // other records refused by it (beyond its reserve)
};

struct SamplingStats {
    std::vector<CpuRecordCounts> cpus; // as SamplingRun::cpus()
    uint64_t droppedSynthetic = 0;     // records read from /proc that the queue refused
    uint64_t malformed = 0;            // records the parser refused (RecordParser.h)
    std::string firstMalformed;
    uint64_t corruptBuffers = 0;       // drains that met a ring buffer in a state no kernel writes
    std::string firstCorruption;
    uint64_t threadsFollowed = 0;      // FollowMode::ForkRecords: threads given events after the start
    uint64_t threadsMissed = 0;        // ... those that exited before their events could be opened
    uint64_t followFailures = 0;       // ... those whose events the kernel refused
    std::string firstFollowFailure;
    // kernel.perf_event_max_sample_rate when sampling began and when last read
    // (the reader reads it every second): the kernel lowers it when its
    // sampling interrupts take too long.
    std::optional<uint64_t> maxSampleRateAtStart;
    std::optional<uint64_t> maxSampleRateNow;

    const CpuRecordCounts* cpu(int number) const;
    uint64_t totalSamples() const;
    // Sentences for the user, one per kind of loss and CPU, e.g. "12 records
    // lost on CPU 3: ..."; empty when nothing was lost, throttled or lowered.
    std::vector<std::string> warnings() const;
};

} // namespace perfdash
