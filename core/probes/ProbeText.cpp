#include "core/probes/ProbeText.h"

#include <algorithm>
#include <cmath>

#include "core/util/TextTable.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

std::string fixed(double v, int decimals = 2) {
    if (!std::isfinite(v)) return "n/a";
    return printfString("%.*f", decimals, v);
}

std::string ghz(const std::optional<double>& hz) { return hz ? fixed(*hz / 1e9, 4) + " GHz" : "n/a"; }

std::string environmentText(const BenchEnvironment& env) {
    std::string out = printfString("%s, CPU %d, %s\n", env.arch.c_str(), env.cpu, env.scheduling.c_str());
    if (!env.emulated.empty()) out += env.emulated + "\n";
    out += "cycles from " + env.cyclesSourceDetail + "\n";
    if (!env.cyclesCounterNote.empty()) out += "  (" + env.cyclesCounterNote + ")\n";
    return out;
}

std::string cycles(const ModeMeasurement& m, bool useMedian = false) {
    if (!m.cycles) return "n/a";
    return fixed(useMedian ? m.cycles->median : m.cycles->min) + (useMedian || m.minimumConfirmed ? "" : "?");
}

std::string spreadOf(const BenchResult& r) {
    double s = -1;
    for (const auto* m : {&r.latency, &r.throughput})
        if (m->cycles && std::isfinite(m->cycles->relativeSpread())) s = std::max(s, m->cycles->relativeSpread());
    return s < 0 ? "" : fixed(100 * s, 1) + "%";
}

// "3.00 (+0.02 agrees)": the reference, the difference measured - reference, the verdict.
std::string referenceCell(const std::optional<double>& reference, const std::optional<double>& difference,
                          const std::string& verdict) {
    if (!reference) return "-";
    if (!difference) return fixed(*reference);
    const double rounded = std::round(*difference * 100) / 100; // "0.00", never "-0.00"
    return fixed(*reference) + " (" + (rounded > 0 ? "+" : "") + fixed(rounded == 0 ? 0.0 : rounded) + " " + verdict + ")";
}

} // namespace

std::string benchTableText(const BenchRun& run, const std::map<size_t, std::vector<ReferenceComparison>>& refs,
                           bool withAssembly) {
    std::string out = environmentText(run.environment);
    out += "latency in cycles; reciprocal throughput (TP) in cycles per instruction;\n"
           "the fastest runs' figure (interference only adds time) [the median runs'];\n"
           "? the fastest run did not repeat (a busy machine): take it with care;\n"
           "! IPC above the max-IPC probe's plateau for the entry's kind of instruction (see below the table);\n"
           "n/a: not measurable, the reason is below the table;\n"
           "spread: interquartile range of the repetitions relative to the median\n";
    const bool withRef = !refs.empty();
    if (withRef)
        out += "reference: the published figure (measured - reference, verdict); a latency agrees within\n"
               "max(0.15 cycles, 10 %), a reciprocal throughput within max(0.05 cycles, 15 %)\n";
    using Align = TextTable::Align;
    std::vector<TextTable::Column> columns = {{"NAME", Align::Left},    {"INSTRUCTION", Align::Left},
                                              {"TYPE", Align::Left},    {"LATENCY", Align::Right},
                                              {"TP", Align::Right},     {"IPC", Align::Right},
                                              {"SPREAD", Align::Right}};
    if (withRef) {
        columns.push_back({"REF LATENCY", Align::Left});
        columns.push_back({"REF TP", Align::Left});
        columns.push_back({"SOURCE", Align::Left});
    }
    TextTable table(std::move(columns));
    std::vector<std::string> footnotes;
    for (size_t i = 0; i < run.results.size(); ++i) {
        const BenchResult& r = run.results[i];
        std::string lat = "-", tp = "-", ipc = "-";
        if (r.status == BenchStatus::Measured) {
            lat = cycles(r.latency) + (r.latency.cycles ? " [" + cycles(r.latency, true) + "]" : "");
            tp = cycles(r.throughput) + (r.throughput.cycles ? " [" + cycles(r.throughput, true) + "]" : "");
            ipc = fixed(r.ipc()) + (r.aboveBound() ? "!" : "");
        }
        std::vector<std::string> cells = {r.name, r.mnemonic + " " + r.operands, r.kind, lat, tp, ipc, spreadOf(r)};
        if (withRef) {
            std::string refLat, refTp, source;
            if (auto it = refs.find(i); it != refs.end())
                for (const auto& c : it->second) {
                    const std::string sep = refLat.empty() ? "" : "; ";
                    refLat += sep + referenceCell(c.row->latency, c.latencyDifference, c.latencyVerdict());
                    refTp += sep + referenceCell(c.row->reciprocalThroughput, c.throughputDifference, c.throughputVerdict());
                    source += sep + (c.row->microarchitecture.empty() ? c.row->source : c.row->microarchitecture);
                }
            cells.insert(cells.end(), {refLat.empty() ? "no row" : refLat, refTp, source});
        }
        table.addRow(std::move(cells));
        if (r.status != BenchStatus::Measured)
            footnotes.push_back(r.name + ": " + toString(r.status) + ": " + r.reason);
        if (r.aboveBound())
            footnotes.push_back(r.name + ": ! " + fixed(r.ipc()) + " per cycle is above the max-IPC probe's " +
                                r.bound->cls + " plateau (" + fixed(r.bound->ipc) + " per cycle) by more than " +
                                fixed(100 * PhysicalBound::kTolerance, 0) +
                                " %: beyond what the core was measured to issue; take it with care");
        else
            for (const auto* m : {&r.latency, &r.throughput})
                if (auto why = r.whyUnavailable(*m); !why.empty())
                    footnotes.push_back(r.name + ": " + (m == &r.latency ? "latency" : "TP and IPC") + " n/a: " + why);
        for (const auto* m : {&r.latency, &r.throughput})
            for (const auto& n : m->notes)
                if (!n.starts_with(std::to_string(m->streams) + " independent")) footnotes.push_back(r.name + ": " + n);
    }
    out += "\n" + table.render();
    if (!footnotes.empty()) out += "\n";
    for (const auto& f : footnotes) out += "  " + f + "\n";
    if (withAssembly)
        for (const auto& r : run.results)
            if (!r.assembly.empty()) out += "\n== " + r.name + ": generated code ==\n" + r.assembly;
    return out;
}

std::string clockReportsText(const std::vector<CpuClockReport>& reports) {
    using Align = TextTable::Align;
    TextTable table({{"CPU", Align::Right}, {"SOURCE", Align::Left}, {"CLOCK", Align::Right}, {"NOTE", Align::Left}});
    for (const auto& r : reports) {
        const std::string cpu = std::to_string(r.cpu);
        if (!r.measured)
            table.addRow({cpu, "measured", "n/a", r.error});
        else
            table.addRow({cpu, "measured", ghz(r.measured->hz),
                          printfString("fastest runs%s; median runs %s; %d runs; %s",
                                 r.measured->minimumConfirmed ? "" : ", not repeated: a busy CPU",
                                 ghz(r.measured->medianHz).c_str(), r.measured->repetitions, r.scheduling.c_str())});
        for (const auto& ref : r.references) table.addRow({cpu, ref.source, ghz(ref.hz), ref.note});
    }
    return table.render();
}

std::string ipcCurvesText(const BenchEnvironment& environment, const std::vector<IpcCurve>& curves) {
    std::string out = environmentText(environment);
    for (const auto& c : curves) {
        out += "\n" + std::string(toString(c.cls)) + " (" + c.instruction + ")";
        if (!c.error.empty()) {
            out += ": n/a: " + c.error + "\n";
            continue;
        }
        if (c.plateauIpc)
            out += printfString(": plateau %s IPC from %d chains on\n", fixed(*c.plateauIpc).c_str(), c.plateauChains);
        else
            out += ": plateau n/a: " + c.whyNoPlateau() + "\n";
        // One column per number of chains, as the curve runs.
        std::vector<TextTable::Column> columns = {{"chains", TextTable::Align::Left}};
        std::vector<std::string> ipcRow = {"IPC"};
        for (const auto& p : c.points) {
            columns.push_back({std::to_string(p.chains), TextTable::Align::Right});
            ipcRow.push_back(fixed(p.ipc()));
        }
        TextTable table(std::move(columns));
        table.addRow(std::move(ipcRow));
        out += table.render();
        for (const auto& p : c.points)
            if (!p.cyclesPerInstruction) out += printfString("  %d chains: IPC n/a: ", p.chains) + p.unavailable + "\n";
        if (!c.note.empty()) out += "  (" + c.note + ")\n";
    }
    return out;
}

} // namespace perfdash
