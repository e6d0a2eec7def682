#include "core/report/OutputPath.h"

#include <algorithm>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

std::string variableList(const auto& names) { return join(std::vector<std::string>(std::begin(names), std::end(names)), ", "); }

std::string pathSafe(std::string value) {
    std::replace(value.begin(), value.end(), '/', '_');
    return value;
}

} // namespace

OutputPathValues outputPathValuesFromEnvironment(int pid) {
    OutputPathValues values;
    values.host = hostName();
    values.pid = pid;
    values.mpiRank = mpiRankFromEnvironment();
    values.jobId = jobIdFromEnvironment();
    return values;
}

Result<std::string> expandOutputPath(std::string_view pattern, const OutputPathValues& values) {
    const std::string where = "output file name '" + std::string(pattern) + "'";
    std::string out;
    for (size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '%') {
            out += pattern[i];
            continue;
        }
        if (++i == pattern.size())
            return makeError(where + " ends with a lone %; write %% for a literal %");
        switch (pattern[i]) {
        case '%': out += '%'; break;
        case 'h':
            if (values.host.empty()) return makeError(where + ": the host name for %h is not known; remove %h");
            out += pathSafe(values.host);
            break;
        case 'p':
            if (values.pid < 0) return makeError(where + ": there is no process id for %p; remove %p");
            out += std::to_string(values.pid);
            break;
        case 'r':
            if (!values.mpiRank)
                return makeError(where + ": the MPI rank for %r is not known: none of " + variableList(kMpiRankVariables) +
                                 " holds a rank; run under mpirun or srun, or remove %r");
            out += std::to_string(*values.mpiRank);
            break;
        case 'j':
            if (!values.jobId)
                return makeError(where + ": the job id for %j is not known: none of " + variableList(kJobIdVariables) +
                                 " is set; run inside a batch job, or remove %j");
            out += pathSafe(*values.jobId);
            break;
        default:
            return makeError(where + ": unknown placeholder %" + std::string(1, pattern[i]) +
                             " (use %h host name, %p process id, %r MPI rank, %j job id, %% a literal %)");
        }
    }
    return out;
}

} // namespace perfdash
