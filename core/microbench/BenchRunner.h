#pragma once
// Benchmarks catalog entries: generates a latency chain and independent
// throughput streams at two unroll lengths, assembles them, runs each pair and
// reports cycles per instruction. Runs on the thread that owns the
// MeasurementContext; progress and results are reported through callbacks on
// that thread, and a stop_token cancels between repetitions.
#include <functional>
#include <stop_token>
#include <vector>

#include "core/microbench/BenchResult.h"
#include "core/microbench/InstructionCatalog.h"
#include "core/microbench/MeasurementContext.h"

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
    MeasurementContext& context_;
    BenchOptions options_;
};

} // namespace perfdash
