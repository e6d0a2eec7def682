#pragma once
// The maximum IPC: K independent chains of one kind of instruction, K = 1..16.
// With one chain the core waits on every result; as K grows, more issue each
// cycle until the units for that kind run out: the curve's plateau is the
// issue width for it. Loads are the exception: K streams of independent
// loads from one L1 line (a chain of loads is bound by the load latency times
// the registers, below the load width), so their curve is flat at the core's
// loads per cycle. Runs on the MeasurementContext's thread.
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "core/probes/MeasurementContext.h"

namespace perfdash {

enum class IpcClass { IntegerAdd, FloatAdd, Load, Nop };
const char* toString(IpcClass cls); // "int-add", "fp-add", "load", "nop"
std::optional<IpcClass> parseIpcClass(std::string_view text);
const std::vector<IpcClass>& allIpcClasses();

// The chain instruction of a class for an architecture.
CatalogEntry ipcEntry(Arch arch, IpcClass cls);

struct IpcPoint {
    int chains = 0;
    std::optional<Summary> cyclesPerInstruction; // empty when not measurable: `unavailable` says why
    std::string unavailable;
    double ipc() const; // 1 / cycles per instruction (its minimum-time estimate); NaN without one
};

struct IpcCurve {
    IpcClass cls = IpcClass::IntegerAdd;
    std::string instruction; // the chain instruction, e.g. "add rax, 1"
    std::vector<IpcPoint> points;
    std::optional<double> plateauIpc; // the highest median of three neighbouring measured points
    int plateauChains = 0;            // the fewest chains within 5 % of it
    std::string note;                 // e.g. why the curve stops before 16 chains
    std::string error;                // why there is no curve
    std::string stillRising;          // set instead of a plateau when the curve had not levelled off

    // Why there is no plateau ("" when there is one): the curve's error, that
    // it was still rising, or that no point was measured and why the first was not.
    std::string whyNoPlateau() const;
};

struct IpcOptions {
    int maxChains = 16;
    std::vector<IpcClass> classes = allIpcClasses();
    int steps = 16; // chain steps in the shorter kernel's body (the longer has twice as many)
};

struct IpcProgress {
    size_t done = 0;
    size_t total = 0;
    std::string current;
};

// The plateau (the best median of three neighbouring measured points) and
// the fewest chains that come within 5 % of it. Points without a figure are
// left out; with none there is no plateau, and none either while the last
// point is more than 5 % above it (the curve is still rising).
void findPlateau(IpcCurve& curve);

class IpcProbe {
public:
    IpcProbe(MeasurementContext& context, IpcOptions options) : context_(context), options_(std::move(options)) {}
    std::vector<IpcCurve> run(const std::function<void(const IpcProgress&)>& progress = {}, std::stop_token stop = {});

private:
    IpcCurve runClass(IpcClass cls, size_t& done, size_t total, const std::function<void(const IpcProgress&)>& progress,
                      std::stop_token stop);
    MeasurementContext& context_;
    IpcOptions options_;
};

} // namespace perfdash
