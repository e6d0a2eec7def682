#include "core/events/SysfsPmu.h"

#include <algorithm>
#include <filesystem>

#include "core/sys/PerfEventSys.h"
#include "core/util/IdentityOverride.h"
#include "core/util/Strings.h"

namespace fs = std::filesystem;

namespace perfdash {

Result<PmuFormatField> PmuFormatField::parse(std::string name, std::string_view text) {
    const std::string spec = trim(text);
    const auto colon = spec.find(':');
    if (colon == std::string::npos) return makeError("no ':' in '" + spec + "'");
    PmuFormatField field;
    field.name = std::move(name);
    const std::string word = spec.substr(0, colon);
    if (word == "config") field.word = 0;
    else if (word == "config1") field.word = 1;
    else if (word == "config2") field.word = 2;
    else return makeError("'" + word + "' is not config, config1 or config2");
    for (const auto& range : split(spec.substr(colon + 1), ',')) {
        const auto dash = range.find('-');
        auto lo = parseUnsigned(range.substr(0, dash));
        auto hi = dash == std::string::npos ? lo : parseUnsigned(range.substr(dash + 1));
        if (!lo || !hi || *lo > *hi || *hi > 63) return makeError("bad bit range '" + range + "' in '" + spec + "'");
        for (uint64_t bit = *lo; bit <= *hi; ++bit) field.bits.push_back(static_cast<unsigned>(bit));
    }
    std::sort(field.bits.begin(), field.bits.end());
    field.bits.erase(std::unique(field.bits.begin(), field.bits.end()), field.bits.end());
    if (field.bits.empty()) return makeError("no bits in '" + spec + "'");
    return field;
}

uint64_t PmuFormatField::maxValue() const {
    return bits.size() >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits.size()) - 1;
}

void PmuFormatField::insert(uint64_t value, PerfEncoding& encoding) const {
    uint64_t& target = word == 0 ? encoding.config : word == 1 ? encoding.config1 : encoding.config2;
    for (size_t i = 0; i < bits.size(); ++i) {
        const uint64_t mask = uint64_t{1} << bits[i];
        target = ((value >> i) & 1) ? (target | mask) : (target & ~mask);
    }
}

std::string PmuFormatField::describe() const {
    std::vector<std::string> ranges;
    for (size_t i = 0; i < bits.size();) {
        size_t j = i;
        while (j + 1 < bits.size() && bits[j + 1] == bits[j] + 1) ++j;
        ranges.push_back(i == j ? std::to_string(bits[i]) : std::to_string(bits[i]) + "-" + std::to_string(bits[j]));
        i = j + 1;
    }
    return std::string(word == 0 ? "config" : word == 1 ? "config1" : "config2") + ":" + join(ranges, ",");
}

const PmuFormatField* SysfsPmu::format(std::string_view field) const {
    for (const auto& f : formats)
        if (f.name == field) return &f;
    return nullptr;
}

const PmuNamedEvent* SysfsPmu::event(std::string_view eventName) const {
    const std::string wanted = toLower(eventName);
    for (const auto& e : events)
        if (toLower(e.name) == wanted) return &e;
    return nullptr;
}

namespace {

// A cpumask file's CPU list ("0", "0,8", "0-3,8-11"). core/topology's
// parseKernelCpuList does the same; use it once both modules are merged.
std::optional<std::vector<int>> parseCpumask(std::string_view text) {
    std::vector<int> cpus;
    for (const auto& part : split(trim(text), ',')) {
        const auto dash = part.find('-');
        auto lo = parseUnsigned(part.substr(0, dash));
        auto hi = dash == std::string::npos ? lo : parseUnsigned(part.substr(dash + 1));
        if (!lo || !hi || *lo > *hi || *hi > 1u << 20) return std::nullopt;
        for (uint64_t cpu = *lo; cpu <= *hi; ++cpu) cpus.push_back(static_cast<int>(cpu));
    }
    return cpus;
}

bool isEventAttributeFile(std::string_view file) {
    return file.ends_with(".scale") || file.ends_with(".unit") || file.ends_with(".per-pkg") ||
           file.ends_with(".snapshot");
}

std::vector<std::string> sortedEntries(const fs::path& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        names.push_back(it->path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

std::optional<SysfsPmu> readPmu(const fs::path& dir) {
    SysfsPmu pmu;
    pmu.name = dir.filename().string();
    auto type = readFirstLine((dir / "type").string());
    auto typeValue = type ? parseUnsigned(*type) : std::nullopt;
    if (!typeValue) return std::nullopt; // not a perf PMU (or unreadable): nothing can be opened on it
    pmu.type = static_cast<uint32_t>(*typeValue);

    for (const auto& file : sortedEntries(dir / "format")) {
        auto text = readFile((dir / "format" / file).string());
        auto field = text ? PmuFormatField::parse(file, *text) : Result<PmuFormatField>(makeError("unreadable"));
        if (field) pmu.formats.push_back(std::move(*field));
        else pmu.skippedFormats.push_back(file + ": " + field.error().message);
    }
    for (const auto& file : sortedEntries(dir / "events")) {
        if (isEventAttributeFile(file)) continue;
        auto terms = readFile((dir / "events" / file).string());
        if (!terms) continue;
        PmuNamedEvent event{file, trim(*terms), 1.0, ""};
        if (auto scale = readFirstLine((dir / "events" / (file + ".scale")).string()))
            if (auto v = parseDouble(*scale)) event.scale = *v;
        if (auto unit = readFirstLine((dir / "events" / (file + ".unit")).string())) event.unit = *unit;
        pmu.events.push_back(std::move(event));
    }
    if (auto mask = readFirstLine((dir / "cpumask").string()))
        if (auto cpus = parseCpumask(*mask)) pmu.cpus = std::move(*cpus);
    if (isCorePmuName(pmu.name))
        if (auto list = readFirstLine((dir / "cpus").string()))
            if (auto cpus = parseCpumask(*list)) pmu.coreCpus = std::move(*cpus);
    return pmu;
}

} // namespace

SysfsPmus SysfsPmus::scan(const std::string& sysfsRoot) {
    SysfsPmus out;
    out.devicesDir_ = sysfsRoot + "/bus/event_source/devices";
    const auto& identity = identityOverride();
    const bool simulated = identity && sysfsRoot == "/sys";
    for (const auto& name : sortedEntries(out.devicesDir_)) {
        // A simulated CPU brings its own PMUs; the kernel's own event sources stay.
        if (simulated && !isKernelPmuName(name)) continue;
        if (auto pmu = readPmu(fs::path(out.devicesDir_) / name)) out.pmus_.push_back(std::move(*pmu));
    }
    if (simulated) {
        out.devicesDir_ = identity->file("sys/bus/event_source/devices");
        for (const auto& name : sortedEntries(out.devicesDir_)) {
            if (isKernelPmuName(name)) continue;
            auto pmu = readPmu(fs::path(out.devicesDir_) / name);
            if (!pmu) continue;
            pmu->simulated = true;
            out.pmus_.push_back(std::move(*pmu));
        }
        std::sort(out.pmus_.begin(), out.pmus_.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    }
    return out;
}

const SysfsPmu* SysfsPmus::find(std::string_view name) const {
    for (const auto& p : pmus_)
        if (p.name == name) return &p;
    return nullptr;
}

const SysfsPmu* SysfsPmus::core() const {
    // On hybrid CPUs (cpu_core + cpu_atom) the big cores' PMU is the one perf treats as the default.
    for (const char* preferred : {"cpu", "cpu_core"})
        if (const SysfsPmu* p = find(preferred)) return p;
    for (const auto& p : pmus_)
        if (isCorePmuName(p.name)) return &p;
    return nullptr;
}

std::vector<const SysfsPmu*> SysfsPmus::hybridCores() const {
    std::vector<const SysfsPmu*> out;
    for (const auto& p : pmus_)
        if (!p.coreCpus.empty()) out.push_back(&p);
    // A hybrid CPU has a core PMU per core type. One core PMU with a `cpus`
    // file (arm64's armv8_pmuv3_0) is the whole CPU's: perf's plain events
    // stay plain there, without the extended type older kernels refuse.
    if (out.size() < 2) return {};
    // The big cores' PMU first, as perf lists them: it is the one the kernel
    // gives PERF_TYPE_RAW (cpu_core, 4), the lowest type of them.
    std::sort(out.begin(), out.end(), [](const SysfsPmu* a, const SysfsPmu* b) { return a->type < b->type; });
    return out;
}

const SysfsPmu* SysfsPmus::hybridCoreOf(int cpu) const {
    for (const SysfsPmu* p : hybridCores())
        if (std::find(p->coreCpus.begin(), p->coreCpus.end(), cpu) != p->coreCpus.end()) return p;
    return nullptr;
}

std::vector<std::string> SysfsPmus::names() const {
    std::vector<std::string> out;
    for (const auto& p : pmus_) out.push_back(p.name);
    return out;
}

} // namespace perfdash
