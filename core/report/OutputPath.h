#pragma once
// Placeholders in `-o FILE`, so every rank of a parallel job writes its own file:
//   %h host name   %p process id   %r MPI rank   %j batch job id   %% a literal %
// A placeholder whose value is not known is an error (never a silent
// fallback that would let two processes write the same file).
#include <optional>
#include <string>
#include <string_view>

#include "core/util/JobEnvironment.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct OutputPathValues {
    std::string host;            // empty: unknown
    int pid = -1;                // negative: unknown
    std::optional<int> mpiRank;
    std::optional<std::string> jobId;
};

// `pid` is the measured process's when there is one, else the caller's own.
OutputPathValues outputPathValuesFromEnvironment(int pid);

// A '/' inside a value becomes '_', so a value never adds a directory.
Result<std::string> expandOutputPath(std::string_view pattern, const OutputPathValues& values);

} // namespace perfdash
