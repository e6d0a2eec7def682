#pragma once
// Placeholders in `-o FILE`, so every rank of a parallel job writes its own file:
//   %h host name   %p process id   %r MPI rank   %j batch job id   %% a literal %
// A placeholder whose value is not known is an error (never a silent
// fallback that would let two processes write the same file).
#include <optional>
#include <string>
#include <string_view>

#include "core/util/Result.h"

namespace perfdash {

struct OutputPathValues {
    std::string host;            // empty: unknown
    int pid = -1;                // negative: unknown
    std::optional<int> mpiRank;
    std::optional<std::string> jobId;
};

// The MPI rank comes from the first of these that holds a non-negative integer,
// the job id from the first of these that is set and not empty.
inline constexpr const char* kMpiRankVariables[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK",
                                                    "MV2_COMM_WORLD_RANK", "SLURM_PROCID"};
inline constexpr const char* kJobIdVariables[] = {"SLURM_JOB_ID", "PBS_JOBID", "LSB_JOBID", "JOB_ID"};

// `pid` is the measured process's when there is one, else the caller's own.
OutputPathValues outputPathValuesFromEnvironment(int pid);

// A '/' inside a value becomes '_', so a value never adds a directory.
Result<std::string> expandOutputPath(std::string_view pattern, const OutputPathValues& values);

} // namespace perfdash
