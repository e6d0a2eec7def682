#include "core/probes/IpcProbe.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <limits>

#include "core/probes/AssemblyWriter.h"
#include "core/util/Median.h"
#include "core/util/Strings.h"

namespace perfdash {

const char* toString(IpcClass cls) {
    switch (cls) {
    case IpcClass::IntegerAdd: return "int-add";
    case IpcClass::FloatAdd: return "fp-add";
    case IpcClass::Load: return "load";
    case IpcClass::Nop: return "nop";
    }
    return "?";
}

std::optional<IpcClass> parseIpcClass(std::string_view text) {
    for (IpcClass c : allIpcClasses())
        if (text == toString(c)) return c;
    return std::nullopt;
}

const std::vector<IpcClass>& allIpcClasses() {
    static const std::vector<IpcClass> all = {IpcClass::IntegerAdd, IpcClass::FloatAdd, IpcClass::Load, IpcClass::Nop};
    return all;
}

CatalogEntry ipcEntry(Arch arch, IpcClass cls) {
    if (cls == IpcClass::IntegerAdd) return clockChainEntry(arch);
    struct Row {
        const char* x86;
        const char* aarch64;
        const char* mips;
    };
    const Row row = cls == IpcClass::FloatAdd ? Row{"addsd <sd:xmm>, <s:xmm>", "fadd <sd:d>, <=1>, <s:d>",
                                                    "add.d <sd:fpr>, <=1>, <s:fpr>"}
                    // Independent loads from one L1 line, not pointer chases: K chases of a
                    // 5-cycle load cannot pass K/5 per cycle, and the 13 free x86 registers
                    // (2.6 per cycle) stay below a core that does 3 or 4 (Redwood Cove, Zen 5).
                    : cls == IpcClass::Load   ? Row{"mov <d:gpr64>, qword ptr [<s:gpr64>]", "ldr <d:x>, [<s:x>]",
                                                    "ld <d:gpr>, 0(<s:gpr>)"}
                                              : Row{"nop", "nop", "nop"};
    const char* text = arch == Arch::X86_64 ? row.x86 : arch == Arch::AArch64 ? row.aarch64 : row.mips;
    auto entry = makeCustomEntry(arch, text);
    entry->name = std::string("ipc_") + toString(cls);
    entry->shipped = true;
    if (cls == IpcClass::Load) entry->init[""] = InitValue{InitValue::Kind::Memory, 0, "mem"};
    return std::move(entry).value();
}

double IpcPoint::ipc() const {
    if (!cyclesPerInstruction || cyclesPerInstruction->min <= 0) return std::numeric_limits<double>::quiet_NaN();
    return 1.0 / cyclesPerInstruction->min;
}

std::string IpcCurve::whyNoPlateau() const {
    if (plateauIpc) return {};
    if (!error.empty()) return error;
    if (!stillRising.empty()) return stillRising;
    if (points.empty()) return "no point was measured";
    return "no point was measured: " + points.front().unavailable;
}

void findPlateau(IpcCurve& curve) {
    // The best median of three neighbouring points: one lucky (or disturbed)
    // point does not make a plateau.
    std::vector<IpcPoint> pts;
    std::copy_if(curve.points.begin(), curve.points.end(), std::back_inserter(pts),
                 [](const IpcPoint& p) { return p.cyclesPerInstruction.has_value(); });
    double best = 0;
    for (size_t i = 0; i < pts.size(); ++i) {
        const size_t lo = pts.size() < 3 ? 0 : std::min(i, pts.size() - 3);
        const size_t hi = pts.size() < 3 ? pts.size() : lo + 3;
        std::vector<double> window;
        for (size_t j = lo; j < hi; ++j) window.push_back(pts[j].ipc());
        const double m = median(window);
        if (m > best) best = m;
    }
    if (!(best > 0)) return;
    // A curve whose last point is still well above every window has not
    // levelled off: its plateau lies beyond the chains measured.
    if (pts.size() >= 3 && pts.back().ipc() > 1.05 * best) {
        curve.stillRising = printfString("still rising at %d chains (%.2f IPC): the plateau lies beyond the chains "
                                         "measured",
                                         pts.back().chains, pts.back().ipc());
        return;
    }
    curve.plateauIpc = best;
    for (const auto& p : pts) {
        if (p.ipc() >= 0.95 * best) {
            curve.plateauChains = p.chains;
            break;
        }
    }
}

IpcCurve IpcProbe::runClass(IpcClass cls, size_t& done, size_t total,
                            const std::function<void(const IpcProgress&)>& progress, std::stop_token stop) {
    IpcCurve curve;
    curve.cls = cls;
    const Arch arch = context_.toolchain().arch;
    const CatalogEntry entry = ipcEntry(arch, cls);
    // Plan every K first: registers may cap the chains below maxChains.
    std::vector<KernelFunction> functions;
    int chains = 0;
    for (int k = 1; k <= options_.maxChains; ++k) {
        auto shorter = planKernel(entry, BenchMode::Throughput, options_.steps * k, k);
        auto longer = planKernel(entry, BenchMode::Throughput, 2 * options_.steps * k, k);
        if (!shorter || !longer) {
            curve.error = (!shorter ? shorter : longer).error().message;
            return curve;
        }
        if (shorter->streams < k) {
            curve.note = "stops at " + std::to_string(chains) + " chains: no more registers for independent chains";
            break;
        }
        if (k == 1) curve.instruction = shorter->body.front().text;
        functions.push_back({"perfdash_ipc_" + std::to_string(k) + "_short", std::move(shorter).value()});
        functions.push_back({"perfdash_ipc_" + std::to_string(k) + "_long", std::move(longer).value()});
        chains = k;
    }
    auto library = KernelLibrary::build(context_.toolchain(), writeAssembly(arch, functions));
    if (!library) {
        curve.error = library.error().message;
        return curve;
    }
    for (int k = 1; k <= chains; ++k) {
        if (progress) progress({done, total, std::string(toString(cls)) + " x" + std::to_string(k)});
        auto s = library->function("perfdash_ipc_" + std::to_string(k) + "_short");
        auto l = library->function("perfdash_ipc_" + std::to_string(k) + "_long");
        if (!s || !l) {
            curve.error = (!s ? s : l).error().message;
            return curve;
        }
        auto t = context_.time({*s, *l, options_.steps * k}, stop);
        ++done;
        if (!t) {
            curve.error = t.error().message;
            return curve;
        }
        curve.points.push_back({k, t->cycles, t->unavailable});
    }
    done += static_cast<size_t>(options_.maxChains - chains);
    findPlateau(curve);
    return curve;
}

std::vector<IpcCurve> IpcProbe::run(const std::function<void(const IpcProgress&)>& progress, std::stop_token stop) {
    std::vector<IpcCurve> curves;
    const size_t total = options_.classes.size() * static_cast<size_t>(options_.maxChains);
    size_t done = 0;
    for (IpcClass cls : options_.classes) {
        if (stop.stop_requested()) break;
        curves.push_back(runClass(cls, done, total, progress, stop));
    }
    if (progress) progress({total, total, ""});
    return curves;
}

} // namespace perfdash
