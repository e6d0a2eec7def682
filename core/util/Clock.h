#pragma once
// The project's clocks, one definition each: the monotonic clock that counter
// reads and run durations are stamped with, the raw one benchmarks time
// themselves with, and the wall-clock start time written into every result.
#include <cstdint>
#include <optional>
#include <string>

namespace perfdash {

// Nanoseconds of CLOCK_MONOTONIC (Snapshot::monotonicNs in core/result/Readings.h, run durations).
int64_t monotonicNowNs();

// Seconds of CLOCK_MONOTONIC_RAW: not slewed by NTP while a benchmark or a
// clock calibration measures.
double monotonicRawSeconds();

// Now as ISO 8601 local time with the UTC offset, "2024-05-01T10:00:00+02:00"
// (MeasurementResult::startedAt; session file names take its first 19 characters).
std::string isoLocalNow();

// The seconds since the Unix epoch of such a stamp ("2024-05-01T10:00:00+02:00";
// "Z" or no offset: UTC); nullopt for anything else.
std::optional<int64_t> unixSecondsOfIso(const std::string& stamp);

} // namespace perfdash
