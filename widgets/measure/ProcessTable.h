#pragma once
// The processes running on this machine as /proc shows them, for the
// "attach to a running process" picker. Plain C++ so that a fixture /proc
// tree can stand in for the real one.
#include <string>
#include <vector>

namespace perfdash {

struct ProcessInfo {
    int pid = 0;
    int threads = 0;     // "Threads:" of /proc/PID/status; 0 when unknown
    std::string user;    // owner's login name, or the numeric uid when it has none
    std::string command; // the command line, or "[name]" for kernel threads (empty cmdline)
    bool kernelThread = false;

    bool operator==(const ProcessInfo&) const = default;
};

// Every process under `procRoot`, ascending PID. A process that exits while
// it is being read is left out, not reported half-read.
std::vector<ProcessInfo> readProcesses(const std::string& procRoot = "/proc");

} // namespace perfdash
