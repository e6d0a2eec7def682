#include "core/perfdata/PerfDataInfo.h"

#include "core/events/GenericEvents.h"
#include "core/util/Strings.h"

namespace perfdash {

int PerfDataInfo::eventOf(uint64_t id) const {
    auto it = eventOfId_.find(id);
    return it == eventOfId_.end() ? -1 : it->second;
}

void PerfDataInfo::indexIds() {
    eventOfId_.clear();
    for (size_t e = 0; e < events.size(); ++e)
        for (uint64_t id : events[e].ids) eventOfId_.emplace(id, static_cast<int>(e));
}

std::string perfDataHeaderText(const PerfDataInfo& info) {
    std::string out;
    auto line = [&](const std::string& name, const std::string& value) {
        out += printfString("%-15s: ", name.c_str()) + value + "\n";
    };
    auto known = [&](const char* name, const std::string& value) {
        if (!value.empty()) line(name, value);
    };
    line("mode", info.pipe ? "pipe (perf record -o -)" : "file");
    known("hostname", info.hostname);
    known("os release", info.osRelease);
    known("perf version", info.perfVersion);
    known("arch", info.arch);
    if (info.cpusOnline || info.cpusAvailable) {
        line("nrcpus online", std::to_string(info.cpusOnline));
        line("nrcpus avail", std::to_string(info.cpusAvailable));
    }
    known("cpudesc", info.cpuDesc);
    known("cpuid", info.cpuId);
    if (info.totalMemKb) line("total memory", std::to_string(info.totalMemKb) + " kB");
    if (!info.cmdline.empty()) line("cmdline", join(info.cmdline, " "));
    for (const PerfDataEvent& e : info.events) {
        std::vector<std::string> ids;
        for (uint64_t id : e.ids) ids.push_back(std::to_string(id));
        line("event", e.name + (e.sampled() ? (e.attr.freq ? ", sampled at " + std::to_string(e.attr.sample_freq) + " Hz"
                                                            : ", sampled every " + std::to_string(e.attr.sample_period))
                                            : ", counted") +
                          (ids.empty() ? "" : ", ids " + join(ids, " ")));
    }
    for (const PerfDataGroup& g : info.groups)
        line("group", (g.name.empty() ? "" : g.name + ": ") + "events " + std::to_string(g.leader) + " to " +
                          std::to_string(g.leader + (g.members ? g.members - 1 : 0)));
    for (const std::string& list : info.siblingSockets) line("sibling sockets", list);
    for (const std::string& list : info.siblingDies) line("sibling dies", list);
    for (const std::string& list : info.siblingThreads) line("sibling threads", list);
    for (const PerfDataCpu& c : info.cpus) {
        if (c.core < 0 && c.socket < 0) continue; // perf too prints the ids only where the file has them
        out += "CPU " + std::to_string(c.cpu) + ": Core ID " + std::to_string(c.core) +
               (c.die >= 0 ? ", Die ID " + std::to_string(c.die) : "") + ", Socket ID " + std::to_string(c.socket) + "\n";
    }
    for (const PerfDataNumaNode& n : info.numaNodes) {
        line("node" + std::to_string(n.node) + " meminfo",
             "total = " + std::to_string(n.totalKb) + " kB, free = " + std::to_string(n.freeKb) + " kB");
        line("node" + std::to_string(n.node) + " cpu list", n.cpus);
    }
    if (info.compressor) line("compressed", *info.compressor == 1 ? "zstd" : "compressor " + std::to_string(*info.compressor));
    for (const PerfDataBuildId& b : info.buildIds)
        line("build-id", b.buildId + " " + b.path + (b.pid == -1 ? "" : " (guest " + std::to_string(b.pid) + ")"));
    return out;
}

std::string nameOfAttr(const perf_event_attr& attr) {
    for (const auto& table : {hardwareEvents(), softwareEvents()})
        for (const GenericEvent& g : table)
            if (g.perfType() == attr.type && g.config == attr.config) return std::string(g.name);
    return printfString("type %u config 0x%llx", attr.type, static_cast<unsigned long long>(attr.config));
}

} // namespace perfdash
