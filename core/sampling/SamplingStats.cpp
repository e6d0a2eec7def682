#include "core/sampling/SamplingStats.h"

namespace perfdash {

const CpuRecordCounts* SamplingStats::cpu(int number) const {
    for (const CpuRecordCounts& c : cpus)
        if (c.cpu == number) return &c;
    return nullptr;
}

uint64_t SamplingStats::totalSamples() const {
    uint64_t total = 0;
    for (const CpuRecordCounts& c : cpus) total += c.samples;
    return total;
}

std::vector<std::string> SamplingStats::warnings() const {
    std::vector<std::string> out;
    auto times = [](uint64_t n) { return std::to_string(n) + (n == 1 ? " time" : " times"); };
    for (const CpuRecordCounts& c : cpus) {
        const std::string onCpu = " on CPU " + std::to_string(c.cpu);
        if (c.lost)
            out.push_back(std::to_string(c.lost) + " records lost" + onCpu +
                          ": the kernel found the ring buffer full (the reader fell behind); a lower sampling rate "
                          "or more ring buffer pages per CPU (--mmap-pages) helps");
        if (c.throttled)
            out.push_back("sampling was throttled " + times(c.throttled) + onCpu +
                          ": samples came faster than kernel.perf_event_max_sample_rate allows, and the kernel "
                          "paused them; a lower rate (-F or a larger -c) avoids it");
        if (c.droppedSamples)
            out.push_back(std::to_string(c.droppedSamples) + " samples dropped" + onCpu +
                          ": their consumer fell behind and perfdash's record queue was full");
        if (c.droppedOther)
            out.push_back(std::to_string(c.droppedOther) + " mapping or task records dropped" + onCpu +
                          ": their consumer fell behind; samples of the processes they describe may be misnamed");
    }
    if (droppedSynthetic)
        out.push_back(std::to_string(droppedSynthetic) +
                      " records read from /proc dropped: the record queue was full; samples of the processes they "
                      "describe may be misnamed");
    if (malformed)
        out.push_back(std::to_string(malformed) + " records could not be read and were skipped (the first: " +
                      firstMalformed + ")");
    if (corruptBuffers)
        out.push_back("a ring buffer was in a state the kernel does not write " + times(corruptBuffers) +
                      ", and its unread records were skipped (the first: " + firstCorruption + ")");
    if (threadsMissed)
        out.push_back(std::to_string(threadsMissed) + " new threads or processes were not sampled: they exited "
                      "before their events could be opened");
    if (followFailures)
        out.push_back(std::to_string(followFailures) + " new threads or processes could not be followed and were not "
                      "sampled (the first: " + firstFollowFailure + ")");
    if (maxSampleRateAtStart && maxSampleRateNow && *maxSampleRateNow < *maxSampleRateAtStart)
        out.push_back("the kernel lowered kernel.perf_event_max_sample_rate from " + std::to_string(*maxSampleRateAtStart) +
                      " to " + std::to_string(*maxSampleRateNow) +
                      " during the run, as its sampling interrupts took too long: samples came at most " +
                      std::to_string(*maxSampleRateNow) + " times a second per CPU");
    return out;
}

} // namespace perfdash
