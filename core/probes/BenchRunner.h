#pragma once
// Benchmarks catalog entries: generates a latency chain and independent
// throughput streams at two unroll lengths, assembles them, runs each pair and
// reports cycles per instruction; each result's throughput is held against
// the max-IPC probe's plateau of the class the entry names as its bound
// (measured once per runAll). Runs on the thread that owns the
// MeasurementContext; progress and results are reported through callbacks on
// that thread, and a stop_token cancels between repetitions.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <stop_token>
#include <vector>

#include "core/probes/BenchResult.h"
#include "core/probes/InstructionCatalog.h"
#include "core/probes/MeasurementContext.h"

namespace perfdash {

struct BenchOptions {
    int copies = 64;              // copies in the shorter kernel's body; the longer has twice as many
    bool isolateUntrusted = true; // run entries perfdash did not ship in a forked child
    double childTimeoutSeconds = 60;
};

struct BenchProgress {
    size_t done = 0;
    size_t total = 0;
    std::string current; // the entry about to run; empty when done
};

struct BenchCallbacks {
    std::function<void(const BenchProgress&)> progress;
    std::function<void(const BenchResult&)> result;
};

// Why `entry` cannot run on a machine of architecture `machine` with
// `features` ("not supported by this CPU: needs avx512f ..."), or "" when it can.
std::string whyEntryCannotRun(const CatalogEntry& entry, std::optional<Arch> machine, const CpuFeatures& features);

// The generated code of an entry (both modes, both lengths) for any
// architecture, without running it: what --show-asm and a code view show.
Result<std::string> generateBenchAssembly(const CatalogEntry& entry, int copies = 64);

class BenchRunner {
public:
    explicit BenchRunner(MeasurementContext& context, BenchOptions options = {})
        : context_(context), options_(options) {}

    BenchResult run(const CatalogEntry& entry, std::stop_token stop = {});
    BenchRun runAll(const std::vector<const CatalogEntry*>& entries, const BenchCallbacks& callbacks = {},
                    std::stop_token stop = {});

private:
    std::map<std::string, double> measureBounds(const std::vector<const CatalogEntry*>& entries, std::stop_token stop);
    MeasurementContext& context_;
    BenchOptions options_;
};

} // namespace perfdash
