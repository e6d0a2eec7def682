#include "core/probes/ProbeJson.h"

#include <cmath>

namespace perfdash {

using nlohmann::json;

namespace {

json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
json number(const std::optional<double>& v) { return v ? number(*v) : json(nullptr); }

json toJson(const Summary& s) {
    return {{"min", number(s.min)},       {"q1", number(s.q1)},   {"median", number(s.median)},
            {"q3", number(s.q3)},         {"max", number(s.max)}, {"relative_spread", number(s.relativeSpread())},
            {"count", s.count}};
}

json toJson(const ModeMeasurement& m, bool withCode) {
    json j{{"cycles", m.cycles ? toJson(*m.cycles) : json(nullptr)}, {"notes", m.notes}, {"windows", m.windows}};
    if (m.cycles) {
        j["minimum_confirmed"] = m.minimumConfirmed;
        j["clock_hz"] = number(m.clockHz);
    }
    if (!m.unavailable.empty()) j["unavailable"] = m.unavailable;
    if (m.streams > 0) j["streams"] = m.streams;
    if (withCode && !m.loopBody.empty()) j["loop_body"] = m.loopBody;
    return j;
}

json estimate(const ModeMeasurement& m) { return m.cycles ? number(m.cycles->min) : json(nullptr); }

// A headline figure's reason beside it when it is null: "<key>_unavailable".
void addReason(json& j, const std::string& key, const std::string& reason) {
    if (j[key].is_null() && !reason.empty()) j[key + "_unavailable"] = reason;
}

} // namespace

json toJson(const BenchEnvironment& e) {
    json j{{"arch", e.arch},
           {"cpu", e.cpu},
           {"realtime", e.realtime},
           {"scheduling", e.scheduling},
           {"cycles_source", e.cyclesSource},
           {"cycles_source_detail", e.cyclesSourceDetail},
           {"clock_hz", number(e.clockHz)}};
    if (!e.cyclesCounterNote.empty()) j["cycles_counter_note"] = e.cyclesCounterNote;
    j["emulated"] = e.emulated.empty() ? json(nullptr) : json(e.emulated);
    return j;
}

json toJson(const BenchResult& r, bool withAssembly) {
    json j{{"name", r.name},
           {"mnemonic", r.mnemonic},
           {"operands", r.operands},
           {"type", r.kind},
           {"category", r.category},
           {"template", r.templateText},
           {"status", toString(r.status)},
           {"latency_cycles", estimate(r.latency)},
           {"recip_throughput_cycles", estimate(r.throughput)},
           {"ipc", number(r.ipc())},
           {"physical_bound", r.bound ? json{{"class", r.bound->cls}, {"ipc", r.bound->ipc}, {"exceeded", r.aboveBound()}}
                                      : json(nullptr)},
           {"latency", toJson(r.latency, withAssembly)},
           {"throughput", toJson(r.throughput, withAssembly)},
           {"cycles_source", r.cyclesSource},
           {"cycles_source_detail", r.cyclesSourceDetail},
           {"cpu", r.cpu}};
    addReason(j, "latency_cycles", r.whyUnavailable(r.latency));
    addReason(j, "recip_throughput_cycles", r.whyUnavailable(r.throughput));
    addReason(j, "ipc", r.whyUnavailable(r.throughput));
    if (!r.reason.empty()) j["reason"] = r.reason;
    if (!r.description.empty()) j["description"] = r.description;
    if (withAssembly) j["assembly"] = r.assembly;
    return j;
}

// "agrees" / "differs", or null when there was nothing to compare.
json verdictJson(const std::string& verdict) { return verdict.empty() ? json(nullptr) : json(verdict); }

json toJson(const ReferenceComparison& c) {
    return {{"microarchitecture", c.row->microarchitecture},
            {"source", c.row->source},
            {"latency_cycles", number(c.row->latency)},
            {"recip_throughput_cycles", number(c.row->reciprocalThroughput)},
            {"latency_difference", number(c.latencyDifference)},
            {"recip_throughput_difference", number(c.throughputDifference)},
            {"latency_deviation", number(c.latencyDeviation)},
            {"recip_throughput_deviation", number(c.throughputDeviation)},
            {"latency_flagged", c.latencyFlagged},
            {"recip_throughput_flagged", c.throughputFlagged},
            {"latency_verdict", verdictJson(c.latencyVerdict())},
            {"recip_throughput_verdict", verdictJson(c.throughputVerdict())},
            {"verdict", verdictJson(c.verdict())}};
}

json benchRunToJson(const BenchRun& run, bool withAssembly,
                    const std::map<size_t, std::vector<ReferenceComparison>>& references) {
    json results = json::array();
    for (size_t i = 0; i < run.results.size(); ++i) {
        json r = toJson(run.results[i], withAssembly);
        if (auto it = references.find(i); it != references.end()) {
            r["reference"] = json::array();
            for (const auto& c : it->second) r["reference"].push_back(toJson(c));
        }
        results.push_back(std::move(r));
    }
    return {{"schema", kBenchSchema}, {"environment", toJson(run.environment)}, {"results", std::move(results)}};
}

json toJson(const CpuClockReport& r) {
    json refs = json::array();
    for (const auto& ref : r.references)
        refs.push_back({{"source", ref.source}, {"hz", number(ref.hz)}, {"note", ref.note}});
    json j{{"cpu", r.cpu}, {"scheduling", r.scheduling}, {"timestamp", r.timestamp}, {"references", std::move(refs)}};
    if (r.measured) {
        j["measured_hz"] = number(r.measured->hz);
        j["median_hz"] = number(r.measured->medianHz);
        j["repetitions"] = r.measured->repetitions;
        j["minimum_confirmed"] = r.measured->minimumConfirmed;
    } else {
        j["measured_hz"] = nullptr;
        j["measured_hz_unavailable"] = r.error;
    }
    return j;
}

json clockReportsToJson(const std::vector<CpuClockReport>& reports) {
    json cpus = json::array();
    for (const auto& r : reports) cpus.push_back(toJson(r));
    return {{"schema", kFreqSchema}, {"cpus", std::move(cpus)}};
}

json toJson(const IpcCurve& c) {
    json points = json::array();
    for (const auto& p : c.points) {
        json point{{"chains", p.chains},
                   {"ipc", number(p.ipc())},
                   {"cycles_per_instruction", p.cyclesPerInstruction ? toJson(*p.cyclesPerInstruction) : json(nullptr)}};
        addReason(point, "ipc", p.unavailable);
        points.push_back(std::move(point));
    }
    json j{{"class", toString(c.cls)},
           {"instruction", c.instruction},
           {"points", std::move(points)},
           {"plateau_ipc", number(c.plateauIpc)},
           {"plateau_chains", c.plateauIpc ? json(c.plateauChains) : json(nullptr)}};
    addReason(j, "plateau_ipc", c.whyNoPlateau());
    if (!c.note.empty()) j["note"] = c.note;
    if (!c.error.empty()) j["error"] = c.error;
    return j;
}

json ipcCurvesToJson(const BenchEnvironment& environment, const std::vector<IpcCurve>& curves) {
    json out = json::array();
    for (const auto& c : curves) out.push_back(toJson(c));
    return {{"schema", kIpcSchema}, {"environment", toJson(environment)}, {"curves", std::move(out)}};
}

} // namespace perfdash
