#pragma once
// Where this process runs, as a parallel job's process knows it: the host
// name, and the MPI rank and batch job id that launchers (Open MPI, MPICH,
// PMIx, MVAPICH, Slurm) and batch systems (Slurm, PBS, LSF, SGE) put into
// the environment. For `-o` placeholders and for the report of each rank,
// which `perfdash-cli merge` puts together.
#include <optional>
#include <string>

namespace perfdash {

// The rank comes from the first of these that holds a non-negative integer,
// the job id from the first of these that is set and not empty.
inline constexpr const char* kMpiRankVariables[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK",
                                                    "MV2_COMM_WORLD_RANK", "SLURM_PROCID"};
inline constexpr const char* kJobIdVariables[] = {"SLURM_JOB_ID", "PBS_JOBID", "LSB_JOBID", "JOB_ID"};

std::string hostName(); // empty when unknown
std::optional<int> mpiRankFromEnvironment();
std::optional<std::string> jobIdFromEnvironment();

} // namespace perfdash
