#include "core/topology/TopologyJson.h"

#include <cmath>

namespace perfdash {
namespace {

template <class T>
nlohmann::json orNull(const std::optional<T>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json orNull(const std::string& s) { return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s); }

nlohmann::json orNull(int v) { return v < 0 ? nlohmann::json(nullptr) : nlohmann::json(v); }

} // namespace

nlohmann::json toJson(const Topology& topology) {
    const CpuIdentity& id = topology.cpu;
    nlohmann::json out;
    out["cpu"] = {{"vendor", orNull(id.vendor)},       {"family", orNull(id.family)},
                  {"model", orNull(id.model)},         {"stepping", orNull(id.stepping)},
                  {"modelName", orNull(id.modelName)}, {"source", orNull(id.source)},
                  {"hypervisor", id.hypervisor},       {"hypervisorVendor", orNull(id.hypervisorVendor)}};
    out["kernelRelease"] = orNull(topology.kernelRelease);
    out["architecture"] = orNull(topology.architecture);
    out["sockets"] = topology.numSockets();
    out["dies"] = topology.dies.size();
    out["cores"] = topology.cores.size();
    out["coresPerSocket"] = topology.coresPerSocket();
    out["threadsPerCore"] = topology.threadsPerCore();
    out["hwThreads"] = topology.numHwThreads();
    out["numaDomains"] = topology.numNumaDomains();

    auto& threads = out["hwThreadList"] = nlohmann::json::array();
    for (const auto& t : topology.hwThreads) {
        threads.push_back({{"cpu", t.cpu},
                           {"online", t.online},
                           {"core", orNull(t.coreId)},
                           {"socket", orNull(t.packageId)},
                           {"die", orNull(t.dieId)},
                           {"numaNode", orNull(t.numaNode)},
                           {"smtIndex", orNull(t.smtIndex)}});
    }
    auto& caches = out["caches"] = nlohmann::json::array();
    for (const auto& c : topology.caches) {
        caches.push_back({{"level", c.level},
                          {"type", toString(c.type)},
                          {"sizeBytes", c.sizeBytes},
                          {"lineSize", orNull(c.lineSize)},
                          {"associativity", orNull(c.associativity)},
                          {"sets", orNull(c.sets)},
                          {"instances", c.instances}});
    }
    auto& nodes = out["numaNodes"] = nlohmann::json::array();
    for (const auto& n : topology.numaNodes) {
        nodes.push_back(
            {{"id", n.id}, {"cpus", n.cpus}, {"memoryBytes", orNull(n.memoryBytes)}, {"distances", n.distances}});
    }
    return out;
}

nlohmann::json toJson(const ClockInfo& clock) {
    return {{"hz", std::isfinite(clock.hz) ? nlohmann::json(clock.hz) : nlohmann::json(nullptr)},
            {"source", clock.source}};
}

nlohmann::json toJson(const CpuArchIdentification& arch) {
    nlohmann::json out = {{"arch", orNull(arch.arch)},
                          {"uncertain", arch.uncertain()},
                          {"how", arch.how},
                          {"doubts", arch.doubts},
                          {"notes", arch.notes},
                          {"overriddenBy", orNull(arch.overriddenBy)}};
    if (!arch.overriddenBy.empty()) {
        out["detectedArch"] = orNull(arch.detectedArch);
        out["detectedUncertain"] = arch.detectedUncertain;
    }
    return out;
}

} // namespace perfdash
