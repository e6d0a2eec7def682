#include "core/topology/TopologyReader.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sys/utsname.h>
#include <tuple>

#include "core/topology/CpuList.h"
#include "core/util/IdentityOverride.h"
#include "core/util/Strings.h"

namespace perfdash {
namespace {

namespace fs = std::filesystem;

std::optional<int64_t> readNumber(const std::string& path) {
    auto line = readFirstLine(path);
    return line ? parseSigned(*line) : std::nullopt;
}

std::optional<std::vector<int>> readCpuSet(const std::string& path) {
    auto line = readFirstLine(path);
    if (!line) return std::nullopt;
    auto cpus = parseKernelCpuList(*line);
    if (!cpus) return std::nullopt;
    return std::move(cpus).value();
}

// Numbers N of the entries "<prefix>N" in a directory, ascending.
std::vector<int> numberedEntries(const std::string& dir, std::string_view prefix) {
    std::vector<int> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with(prefix)) continue;
        if (auto n = parseUnsigned(std::string_view(name).substr(prefix.size())); n && *n < 1u << 24)
            out.push_back(static_cast<int>(*n));
    }
    std::sort(out.begin(), out.end());
    return out;
}

// sysfs writes cache sizes as "32K"; other suffixes appear on other architectures.
std::optional<uint64_t> parseCacheSize(std::string text) {
    uint64_t scale = 1;
    if (!text.empty()) {
        switch (text.back()) {
        case 'K': scale = 1024; break;
        case 'M': scale = 1024 * 1024; break;
        case 'G': scale = 1024ull * 1024 * 1024; break;
        default: break;
        }
        if (scale != 1) text.pop_back();
    }
    auto v = parseUnsigned(text);
    if (!v) return std::nullopt;
    return *v * scale;
}

std::optional<int> positive(std::optional<int64_t> v) {
    if (!v || *v <= 0 || *v > 0x7fffffff) return std::nullopt;
    return static_cast<int>(*v);
}

std::optional<CacheType> parseCacheType(const std::string& text) {
    if (text == "Data") return CacheType::Data;
    if (text == "Instruction") return CacheType::Instruction;
    if (text == "Unified") return CacheType::Unified;
    return std::nullopt;
}

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

class Reader {
public:
    explicit Reader(const MachineSources& sources) : src_(sources) {}

    Result<Topology> read() {
        if (auto status = readHwThreads(); !status) return status.error();
        groupCoresDiesSockets();
        readCaches();
        readNumaNodes();
        readIdentity();
        return std::move(topo_);
    }

private:
    std::string cpuPath(int cpu) const { return src_.cpuDir() + "/cpu" + std::to_string(cpu); }

    Status readHwThreads() {
        const std::string cpuDir = src_.cpuDir();
        auto present = readCpuSet(cpuDir + "/present");
        if (!present) present = numberedEntries(cpuDir, "cpu");
        std::sort(present->begin(), present->end()); // Topology::hwThreads is kept ascending
        auto online = readCpuSet(cpuDir + "/online");
        for (int cpu : *present) {
            HwThread t;
            t.cpu = cpu;
            // Without the machine-wide list, a CPU without its own "online"
            // file is one that cannot be taken offline (usually CPU 0).
            t.online = online ? contains(*online, cpu) : readNumber(cpuPath(cpu) + "/online").value_or(1) == 1;
            if (t.online) {
                const std::string dir = cpuPath(cpu) + "/topology/";
                // Some architectures write -1 for "no package information": one socket then.
                t.packageId = static_cast<int>(std::max<int64_t>(0, readNumber(dir + "physical_package_id").value_or(0)));
                t.dieId = static_cast<int>(std::max<int64_t>(0, readNumber(dir + "die_id").value_or(0)));
                t.coreId = static_cast<int>(readNumber(dir + "core_id").value_or(cpu));
            }
            topo_.hwThreads.push_back(t);
        }
        if (topo_.onlineCpus().empty()) {
            return makeError("no online CPU found under " + cpuDir +
                             (present->empty() ? " (no cpuN directories and no 'present' file)" : "") +
                             "; is sysfs mounted there (mount -t sysfs sysfs /sys)?");
        }
        return {};
    }

    void groupCoresDiesSockets() {
        std::map<std::tuple<int, int, int>, std::vector<int>> cores;
        std::map<std::pair<int, int>, std::vector<int>> dies;
        std::map<int, std::vector<int>> sockets;
        for (const auto& t : topo_.hwThreads) {
            if (!t.online) continue;
            cores[{t.packageId, t.dieId, t.coreId}].push_back(t.cpu);
            dies[{t.packageId, t.dieId}].push_back(t.cpu);
            sockets[t.packageId].push_back(t.cpu);
        }
        for (auto& [key, cpus] : cores) {
            for (size_t i = 0; i < cpus.size(); ++i) thread(cpus[i]).smtIndex = static_cast<int>(i);
            topo_.cores.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), cpus});
        }
        for (auto& [key, cpus] : dies) topo_.dies.push_back({key.first, key.second, cpus});
        for (auto& [package, cpus] : sockets) {
            Socket s;
            s.packageId = package;
            s.cpus = cpus;
            for (const auto& c : topo_.cores) s.coreCount += c.packageId == package ? 1 : 0;
            for (const auto& d : topo_.dies)
                if (d.packageId == package) s.dieIds.push_back(d.dieId);
            topo_.sockets.push_back(std::move(s));
        }
    }

    void readCaches() {
        // One entry per kind (level, type, geometry); the instances of a kind
        // are the distinct shared_cpu_lists its CPUs report.
        using Kind = std::tuple<int, CacheType, uint64_t, std::optional<int>, std::optional<int>, std::optional<int>>;
        std::map<Kind, std::set<std::vector<int>>> kinds;
        for (int cpu : topo_.onlineCpus()) {
            const std::string cacheDir = cpuPath(cpu) + "/cache";
            for (int index : numberedEntries(cacheDir, "index")) {
                const std::string dir = cacheDir + "/index" + std::to_string(index) + "/";
                auto level = positive(readNumber(dir + "level"));
                auto type = parseCacheType(readFirstLine(dir + "type").value_or(""));
                auto size = parseCacheSize(readFirstLine(dir + "size").value_or(""));
                if (!level || !type || !size) continue;
                auto shared = readCpuSet(dir + "shared_cpu_list");
                if (!shared || shared->empty()) shared = std::vector<int>{cpu};
                kinds[{*level, *type, *size, positive(readNumber(dir + "coherency_line_size")),
                       positive(readNumber(dir + "ways_of_associativity")),
                       positive(readNumber(dir + "number_of_sets"))}]
                    .insert(*shared);
            }
        }
        for (auto& [kind, instances] : kinds) {
            Cache c;
            std::tie(c.level, c.type, c.sizeBytes, c.lineSize, c.associativity, c.sets) = kind;
            c.instances.assign(instances.begin(), instances.end()); // std::set orders them by first CPU
            topo_.caches.push_back(std::move(c));
        }
    }

    void readNumaNodes() {
        const std::string nodeDir = src_.nodeDir();
        auto ids = readCpuSet(nodeDir + "/online");
        if (!ids) ids = numberedEntries(nodeDir, "node");
        const std::vector<int> online = topo_.onlineCpus();
        for (int id : *ids) {
            const std::string dir = nodeDir + "/node" + std::to_string(id);
            NumaNode node;
            node.id = id;
            for (int cpu : readCpuSet(dir + "/cpulist").value_or(std::vector<int>{}))
                if (contains(online, cpu)) node.cpus.push_back(cpu);
            node.memoryBytes = memTotal(dir + "/meminfo");
            for (const auto& d : splitWhitespace(readFirstLine(dir + "/distance").value_or("")))
                if (auto v = parseUnsigned(d)) node.distances.push_back(static_cast<int>(*v));
            topo_.numaNodes.push_back(std::move(node));
        }
        if (topo_.numaNodes.empty()) {
            // A kernel without NUMA support: the whole machine is one memory domain.
            NumaNode node;
            node.cpus = online;
            node.memoryBytes = memTotal(src_.procRoot + "/meminfo");
            topo_.numaNodes.push_back(std::move(node));
        }
        for (const auto& node : topo_.numaNodes)
            for (int cpu : node.cpus) thread(cpu).numaNode = node.id;
    }

    // "MemTotal:  5204180 kB" in /proc/meminfo, "Node 0 MemTotal: 5204180 kB" in a node's meminfo.
    static std::optional<uint64_t> memTotal(const std::string& path) {
        auto text = readFile(path);
        if (!text) return std::nullopt;
        for (const auto& line : split(*text, '\n')) {
            auto words = splitWhitespace(line);
            auto key = std::find(words.begin(), words.end(), "MemTotal:");
            if (key == words.end() || key + 1 == words.end()) continue;
            auto kb = parseUnsigned(*(key + 1));
            if (kb) return *kb * 1024;
        }
        return std::nullopt;
    }

    void readIdentity() {
        if (src_.cpuid) {
            topo_.cpu = identifyByCpuid(*src_.cpuid);
        } else {
            const std::string path = src_.cpuinfoPath();
            topo_.cpu = identifyByCpuinfo(readFile(path).value_or(""), path);
        }
        if (src_.live) {
            struct utsname u {};
            if (uname(&u) == 0) {
                topo_.kernelRelease = u.release;
                topo_.architecture = u.machine;
            }
            // A simulated CPU brings its instruction set's name; the kernel stays this one.
            if (const auto& identity = identityOverride()) topo_.architecture = identity->machine;
        } else {
            topo_.kernelRelease = readFirstLine(src_.procRoot + "/sys/kernel/osrelease").value_or("");
        }
    }

    HwThread& thread(int cpu) { return *topo_.hwThread(cpu); }

    const MachineSources& src_;
    Topology topo_;
};

} // namespace

MachineSources MachineSources::host() {
    const auto& identity = identityOverride();
    return {"/sys", "/proc", hostCpuid(), true, identity ? identity->file("cpuinfo") : std::string()};
}

TopologyReader::TopologyReader(MachineSources sources) : sources_(std::move(sources)) {}

Result<Topology> TopologyReader::read() const { return Reader(sources_).read(); }

} // namespace perfdash
