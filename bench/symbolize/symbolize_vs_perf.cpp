// Turning sampled addresses into the function table: perfdash's symbolizer
// against `perf report --stdio` on the same recording, in the same run.
//
//   perfdash_bench_symbolize [seconds=25] [period_ns=10000] [rounds=3] [addresses=1000000]
//
// perf records the workload (perfdash_bench_symbolize_workload, two threads
// in functions of its own, a shared library's and the C library's) with
// cpu-clock:u every period_ns of CPU time; perf script lists the samples'
// addresses (not timed). Each round then times, alternating:
//  - perf report --stdio on the recording (its output to /dev/null);
//  - a fresh Symbolizer turning the same samples into the table of
//    functions by samples, sorted and printed to a string: once for the
//    recording's own samples (and once more reading each one's source line
//    and inlined calls too), once for `addresses` of them (repeated in
//    order), the 1 M.
// Wall and CPU time are medians over the rounds; the ratios compare the same
// samples (and per sample for the 1 M). The addresses and the mappings are
// real: the workload's own, written by it to a file before it exits.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "bench/ProcessFigures.h"
#include "core/profile/RecordMappings.h"
#include "core/symbols/Symbolizer.h"
#include "core/util/Strings.h"

using namespace perfdash;

namespace {

struct Sample {
    int pid;
    uint64_t ip;
};

struct Times {
    double wallS = 0, cpuS = 0;
};

double wallNow() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double childrenCpuS() {
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

int run(const std::string& command) {
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// perf script -F pid,ip: "PID   IP" per sample.
std::vector<Sample> readSamples(const std::string& path) {
    std::vector<Sample> samples;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        Sample s{};
        std::string ip;
        if (fields >> s.pid >> ip) {
            s.ip = std::stoull(ip, nullptr, 16);
            samples.push_back(s);
        }
    }
    return samples;
}

// The table perf report prints by default, as perfdash would: functions by
// samples, with their share and module, sorted.
// With lines, each sample's source line and inlined calls are read too (the
// per-line and inline views' cost); the table stays by function.
std::string functionTable(const std::vector<Sample>& samples, size_t count, const AddressSpace& space,
                          Symbolizer& symbolizer, bool lines, size_t* rowCount) {
    struct Row {
        const Symbol* symbol;
        uint64_t samples;
    };
    std::unordered_map<const void*, Row> rows; // by interned name, or by module where the name is not known
    uint64_t inlinedCalls = 0;
    for (size_t i = 0; i < count; ++i) {
        const Sample& s = samples[i % samples.size()];
        const Symbol& symbol = symbolizer.symbolize(s.pid, &space, s.ip);
        if (lines) inlinedCalls += symbolizer.source(symbol).inlined.size();
        const void* key = symbol.known() ? static_cast<const void*>(symbol.function.data()) : symbol.module;
        auto [it, added] = rows.try_emplace(key, Row{&symbol, 0});
        ++it->second.samples;
    }
    std::vector<Row> sorted;
    sorted.reserve(rows.size());
    for (const auto& [key, row] : rows) sorted.push_back(row);
    std::sort(sorted.begin(), sorted.end(), [](const Row& a, const Row& b) { return a.samples > b.samples; });
    std::string table;
    for (const Row& row : sorted) {
        const std::string function = row.symbol->known() ? std::string(row.symbol->function) : "[unknown]";
        table += printfString("%7.2f%%  %-28s %s\n", 100.0 * static_cast<double>(row.samples) / static_cast<double>(count),
                              std::filesystem::path(row.symbol->module->path).filename().c_str(), function.c_str());
    }
    *rowCount = sorted.size();
    if (lines) table += printfString("(%llu inlined calls in the samples)\n", static_cast<unsigned long long>(inlinedCalls));
    return table;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    const double seconds = argc > 1 ? std::atof(argv[1]) : 25;
    const long periodNs = argc > 2 ? std::atol(argv[2]) : 10000;
    const int rounds = argc > 3 ? std::atoi(argv[3]) : 3;
    const size_t addresses = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1000000;
    if (seconds <= 0 || periodNs <= 0 || rounds <= 0 || addresses == 0) {
        std::fprintf(stderr, "usage: perfdash_bench_symbolize [seconds=25] [period_ns=10000] [rounds=3] [addresses=1000000]\n");
        return 2;
    }
    char dirTemplate[] = "/tmp/perfdash-bench-symbolize-XXXXXX";
    if (!::mkdtemp(dirTemplate)) {
        std::perror("mkdtemp");
        return 1;
    }
    const std::string dir = dirTemplate;
    const std::string data = dir + "/perf.data", maps = dir + "/maps.txt", ips = dir + "/ips.txt";
    const auto cleanup = [&] { std::filesystem::remove_all(dir); };

    std::printf("recording %s for %.0f s: perf record -e cpu-clock:u -c %ld\n", PERFDASH_SYMBOLIZE_WORKLOAD, seconds, periodNs);
    if (run(printfString("perf record -q --no-buildid-cache -e cpu-clock:u -c %ld -o %s -- %s %g %s > %s/record.log 2>&1",
                         periodNs, data.c_str(), PERFDASH_SYMBOLIZE_WORKLOAD, seconds, maps.c_str(), dir.c_str())) != 0 ||
        run("perf script -i " + data + " -F pid,ip > " + ips + " 2>/dev/null") != 0) {
        std::fprintf(stderr, "perf record or perf script failed: see %s/record.log (is linux-perf installed, "
                             "perf_event_paranoid <= 2?)\n", dir.c_str());
        return 1;
    }
    const std::vector<Sample> samples = readSamples(ips);
    auto mapped = readFile(maps);
    if (samples.empty() || !mapped) {
        std::fprintf(stderr, "no samples in %s, or no maps in %s\n", data.c_str(), maps.c_str());
        cleanup();
        return 1;
    }
    auto mappings = mappingsOfProcMaps(*mapped, 0);
    if (!mappings) {
        std::fprintf(stderr, "%s: %s\n", maps.c_str(), mappings.error().message.c_str());
        cleanup();
        return 1;
    }
    AddressSpace space;
    for (Mapping& m : *mappings) space.map(std::move(m));

    std::vector<double> perfWall, perfCpu, ownWall, ownCpu, millionWall, millionCpu, linesWall, linesCpu;
    std::string table;
    size_t rows = 0, modules = 0, distinct = 0;
    for (int round = 0; round < rounds; ++round) {
        const auto timePerf = [&] {
            const double wall = wallNow(), cpu = childrenCpuS();
            if (run("perf report --stdio -i " + data + " > /dev/null 2>&1") != 0) std::fprintf(stderr, "perf report failed\n");
            perfWall.push_back(wallNow() - wall);
            perfCpu.push_back(childrenCpuS() - cpu);
        };
        const auto timeOwn = [&](size_t count, bool lines, std::vector<double>& wallTimes, std::vector<double>& cpuTimes) {
            const double wall = wallNow(), cpu = bench::threadCpuMs();
            Symbolizer symbolizer; // cold: every module opened and read again
            table = functionTable(samples, count, space, symbolizer, lines, &rows);
            wallTimes.push_back(wallNow() - wall);
            cpuTimes.push_back((bench::threadCpuMs() - cpu) / 1e3);
            modules = symbolizer.stats().modules;
            distinct = symbolizer.stats().cachedAddresses;
        };
        // Alternating order, so that a change of load hits both alike.
        if (round % 2 == 0) timePerf();
        timeOwn(samples.size(), true, linesWall, linesCpu);
        timeOwn(addresses, false, millionWall, millionCpu);
        timeOwn(samples.size(), false, ownWall, ownCpu);
        if (round % 2 == 1) timePerf();
    }
    cleanup();

    const double n = static_cast<double>(samples.size()), m = static_cast<double>(addresses);
    const double pw = median(perfWall), pc = median(perfCpu), ow = median(ownWall), oc = median(ownCpu);
    const double mw = median(millionWall), mc = median(millionCpu), lw = median(linesWall), lc = median(linesCpu);
    std::printf("\n%zu samples in perf.data (%zu distinct addresses, %zu modules, %zu functions); %d rounds, medians\n",
                samples.size(), distinct, modules, rows, rounds);
    std::printf("%-44s %10s %10s %14s\n", "", "wall s", "CPU s", "CPU ns/sample");
    std::printf("%-44s %10.3f %10.3f %14.1f\n", "perf report --stdio (the recording)", pw, pc, 1e9 * pc / n);
    std::printf("%-44s %10.3f %10.3f %14.1f\n", "perfdash symbolizer (the recording's samples)", ow, oc, 1e9 * oc / n);
    std::printf("%-44s %10.3f %10.3f %14.1f\n", "  the same, with source lines and inlined calls", lw, lc, 1e9 * lc / n);
    std::printf("%-44s %10.3f %10.3f %14.1f\n", printfString("perfdash symbolizer (%zu addresses)", addresses).c_str(), mw,
                mc, 1e9 * mc / m);
    std::printf("\nperfdash/perf, same samples: wall %.4fx, CPU %.4fx (target <= 1: %s); with lines: wall %.4fx, CPU %.4fx\n",
                ow / pw, oc / pc, oc <= pc ? "met" : "missed", lw / pw, lc / pc);
    std::printf("perfdash per sample at %zu addresses / perf per sample: CPU %.4fx\n", addresses, (mc / m) / (pc / n));
    std::printf("\nperfdash's table (the last round's, top 8; perf report's own is not parsed):\n");
    std::istringstream lines(table);
    std::string line;
    for (int i = 0; i < 8 && std::getline(lines, line); ++i) std::printf("%s\n", line.c_str());
    return 0;
}
