// Reading a perf.data file of about 1 M samples: `perfdash-cli report FILE
// --functions` against `perf report --stdio` on the same file, side by side.
//
//   perfdash_bench_perfdata [seconds=20] [period_ns=10000] [rounds=7] [dir=a temporary one]
//
// perf records the workload (perfdash_bench_symbolize_workload: two threads
// in functions of its own, a shared library's and the C library's) with
// cpu-clock every period_ns of CPU time for `seconds`, once without and once
// with call stacks (-g): two files (not timed). Each round then runs, for
// each file, both commands, the one that goes first alternating:
//  - perfdash-cli report FILE --functions (its self and total columns);
//  - perf report -i FILE --stdio --no-children --sort symbol: perf's default
//    adds --children (a total column by call stacks, which costs it about
//    twice as much) and sorts by command, module and symbol; these options
//    make its table perfdash's self table. With -g perf also prints each
//    symbol's call graph, which perfdash's table does not.
// Both outputs go to /dev/null. Wall time, CPU time (user + system) and peak
// resident memory (ru_maxrss of the command, waited for alone) are medians
// over the rounds; the ratios are perfdash's over perf's. The target: a
// wall-time ratio of at most 1 for 1 M samples.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/perfdata/PerfDataReader.h"

extern char** environ;

using namespace perfdash;

namespace {

struct Run {
    double wallS = 0, cpuS = 0, peakMB = 0;
    int status = -1;
};

// The command run to its end, stdout and stderr to /dev/null.
Run run(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    Run r;
    const auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    if (posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) return r;
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    r.wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.cpuS = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
             static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    r.peakMB = static_cast<double>(usage.ru_maxrss) * 1024.0 / 1e6;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    posix_spawn_file_actions_destroy(&actions);
    return r;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

uint64_t samplesIn(const std::string& file) {
    auto reader = PerfDataReader::openFile(file);
    if (!reader || !(*reader)->read([](PerfRecord&&) {})) return 0;
    const auto& byType = (*reader)->tally().byType;
    return byType.count("SAMPLE") ? byType.at("SAMPLE") : 0;
}

} // namespace

int main(int argc, char** argv) {
    const double seconds = argc > 1 ? std::atof(argv[1]) : 20;
    const long periodNs = argc > 2 ? std::atol(argv[2]) : 10000;
    const int rounds = argc > 3 ? std::atoi(argv[3]) : 7;
    std::string dir = argc > 4 ? argv[4] : "";
    if (dir.empty()) {
        char pattern[] = "/tmp/perfdash_bench_perfdata.XXXXXX";
        if (!mkdtemp(pattern)) return std::perror("mkdtemp"), 1;
        dir = pattern;
    }
    struct File {
        std::string label, path;
        uint64_t samples = 0;
        std::vector<double> wall[2], cpu[2], peak[2]; // perfdash, perf
    };
    std::vector<File> files(2);
    files[0].label = "without -g", files[0].path = dir + "/plain.data";
    files[1].label = "with -g", files[1].path = dir + "/g.data";
    for (File& f : files) {
        if (!std::filesystem::exists(f.path)) {
            std::vector<std::string> record{"perf", "record", "-q", "-e", "cpu-clock", "-c", std::to_string(periodNs)};
            if (f.label == "with -g") record.push_back("-g");
            for (const std::string& a : {std::string("-o"), f.path, std::string("--"), std::string(PERFDASH_SYMBOLIZE_WORKLOAD),
                                         std::to_string(seconds), dir + "/maps.txt"})
                record.push_back(a);
            std::printf("recording %s: perf record -e cpu-clock -c %ld%s for %.0f s\n", f.path.c_str(), periodNs,
                        f.label == "with -g" ? " -g" : "", seconds);
            std::fflush(stdout);
            if (run(record).status != 0) return std::fprintf(stderr, "perf record failed: is perf installed?\n"), 1;
        }
        f.samples = samplesIn(f.path);
    }
    for (int round = 0; round < rounds; ++round)
        for (File& f : files)
            for (int k = 0; k < 2; ++k) {
                const int tool = (round + k) % 2; // 0 perfdash, 1 perf: who goes first alternates
                const Run r = tool == 0 ? run({PERFDASH_CLI_PATH, "report", f.path, "--functions"})
                                        : run({"perf", "report", "-i", f.path, "--stdio", "--no-children", "--sort", "symbol"});
                if (r.status != 0) return std::fprintf(stderr, "%s failed on %s\n", tool ? "perf report" : "perfdash-cli", f.path.c_str()), 1;
                f.wall[tool].push_back(r.wallS);
                f.cpu[tool].push_back(r.cpuS);
                f.peak[tool].push_back(r.peakMB);
            }
    double load[3] = {};
    getloadavg(load, 3);
    std::printf("%d rounds, medians; load average now %.2f %.2f %.2f\n", rounds, load[0], load[1], load[2]);
    std::printf("%-12s %9s %-28s %8s %8s %9s\n", "file", "samples", "command", "wall s", "CPU s", "peak MB");
    for (File& f : files)
        for (int tool = 0; tool < 2; ++tool)
            std::printf("%-12s %9llu %-28s %8.3f %8.3f %9.1f\n", f.label.c_str(), static_cast<unsigned long long>(f.samples),
                        tool ? "perf report --stdio" : "perfdash-cli report", median(f.wall[tool]), median(f.cpu[tool]),
                        median(f.peak[tool]));
    std::printf("\nperfdash/perf (target: wall <= 1):\n");
    for (File& f : files)
        std::printf("%-12s wall %.3fx, CPU %.3fx, peak memory %.3fx\n", f.label.c_str(),
                    median(f.wall[0]) / median(f.wall[1]), median(f.cpu[0]) / median(f.cpu[1]),
                    median(f.peak[0]) / median(f.peak[1]));
    std::printf("files kept in %s (give it as dir to time them again)\n", dir.c_str());
    return 0;
}
