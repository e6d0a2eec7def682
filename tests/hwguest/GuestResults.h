#pragma once
// What the guest boots left for the host-side checks (rig/boot-guest.sh):
//   $PERFDASH_HWGUEST_RESULTS/<boot>/boot.txt             shift=, cpus=, sections=
//   $PERFDASH_HWGUEST_RESULTS/<boot>/<section>/<case>.out  stdout of one command
//                                              <case>.err  stderr
//                                              <case>.rc   exit status
//   $PERFDASH_HWGUEST_RESULTS/<boot>/SKIPPED               why the boot did not happen
// and the workloads' exact instruction counts ($PERFDASH_HWGUEST_WORKLOADS).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace perfdash::hwguest {

// One command the guest ran.
struct GuestCase {
    std::string name;    // "<boot>/<section>/<case>", for messages
    bool found = false;
    std::string out;
    std::string err;
    int exitStatus = -1;

    // "exit status N, stderr: ..." for failure messages.
    std::string summary() const;
};

class GuestBoot {
public:
    // The results of boot `name` (shift0, shift1, smp2, ...).
    static GuestBoot open(const std::string& name);

    bool skipped() const { return !skipReason_.empty(); }
    const std::string& skipReason() const { return skipReason_; }
    bool ok() const { return problem_.empty() && !skipped(); }
    const std::string& problem() const { return problem_; }

    const std::string& name() const { return name_; }
    int shift() const { return shift_; }
    int cpus() const { return cpus_; }

    GuestCase read(const std::string& section, const std::string& caseName) const;

private:
    std::string name_;
    std::string dir_;
    std::string skipReason_;
    std::string problem_;
    int shift_ = -1;
    int cpus_ = 0;
};

// "key=value" pairs separated by white space or new lines; a repeated key keeps its last value.
std::map<std::string, std::string> keyValues(const std::string& text);
// One map per non-empty line, for outputs with a record per line.
std::vector<std::map<std::string, std::string>> keyValueLines(const std::string& text);

// A number of the workload manifest: the exact user-space instruction count of
// a guest workload (loop-small, loop-large), or of a marker region's calls
// (marker-regions/small: per call, marker-regions/small/calls: how many).
struct Workload {
    std::optional<uint64_t> instructions;
    std::string problem; // why instructions is empty
};
Workload workload(const std::string& name);

} // namespace perfdash::hwguest
