#include "core/probes/Ceilings.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/util/AtomicFile.h"
#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {

using nlohmann::json;

namespace {

// Reads fields of one JSON object, naming the field's path in every error.
class Fields {
public:
    Fields(const json& j, std::string path) : j_(j), path_(std::move(path)) {}

    const json* find(const char* key, json::value_t type, bool required) {
        if (!error_.empty()) return nullptr;
        auto it = j_.find(key);
        if (it == j_.end()) {
            if (required) error_ = path_ + key + ": missing";
            return nullptr;
        }
        const bool ok = type == json::value_t::number_float ? it->is_number()
                        : type == json::value_t::number_unsigned ? it->is_number_unsigned()
                                                                 : it->type() == type;
        if (!ok) {
            error_ = path_ + key + ": expected " + typeName(type) + ", found " + it->type_name();
            return nullptr;
        }
        return &*it;
    }
    std::string text(const char* key, bool required = true) {
        const json* v = find(key, json::value_t::string, required);
        return v ? v->get<std::string>() : "";
    }
    std::string oneOf(const char* key, std::initializer_list<const char*> allowed) {
        std::string v = text(key);
        if (!error_.empty()) return v;
        for (const char* a : allowed)
            if (v == a) return v;
        std::vector<std::string> names(allowed.begin(), allowed.end());
        error_ = path_ + key + ": '" + v + "' is none of " + join(names, ", ");
        return v;
    }
    double number(const char* key, bool required = true) {
        const json* v = find(key, json::value_t::number_float, required);
        if (!v) return 0;
        const double d = v->get<double>();
        if (!std::isfinite(d) || d < 0) error_ = path_ + key + ": must be a finite number, at least 0";
        return d;
    }
    uint64_t count(const char* key, bool required = true) {
        const json* v = find(key, json::value_t::number_unsigned, required);
        return v ? v->get<uint64_t>() : 0;
    }
    int threads() {
        const uint64_t n = count("threads");
        if (error_.empty() && (n < 1 || n > 65536)) error_ = path_ + "threads: must be from 1 to 65536";
        return static_cast<int>(n);
    }
    // Optional: files written before it was recorded have none (0).
    int timings() {
        const uint64_t n = count("timings", false);
        if (error_.empty() && n > 1000000000) error_ = path_ + "timings: must be at most 1000000000";
        return static_cast<int>(n);
    }
    bool flag(const char* key, bool required = true) {
        const json* v = find(key, json::value_t::boolean, required);
        return v && v->get<bool>();
    }
    const json* array(const char* key, bool required = true) { return find(key, json::value_t::array, required); }
    const std::string& error() const { return error_; }
    void fail(std::string message) {
        if (error_.empty()) error_ = std::move(message);
    }
    const std::string& path() const { return path_; }

private:
    static std::string typeName(json::value_t t) {
        switch (t) {
        case json::value_t::string: return "a string";
        case json::value_t::boolean: return "true or false";
        case json::value_t::array: return "an array";
        case json::value_t::number_unsigned: return "a whole number, at least 0";
        default: return "a number";
        }
    }
    const json& j_;
    std::string path_;
    std::string error_;
};

// Each element of an array of objects through `read`; stops at the first error.
template <typename T, typename Read>
std::vector<T> readArray(Fields& parent, const char* key, bool required, Read read) {
    std::vector<T> out;
    const json* a = parent.array(key, required);
    if (!a) return out;
    for (size_t i = 0; i < a->size(); ++i) {
        const std::string path = parent.path() + key + "[" + std::to_string(i) + "].";
        if (!(*a)[i].is_object()) {
            parent.fail(path.substr(0, path.size() - 1) + ": expected an object");
            return out;
        }
        Fields f((*a)[i], path);
        out.push_back(read(f));
        if (!f.error().empty()) {
            parent.fail(f.error());
            return out;
        }
    }
    return out;
}

#define PERFDASH_MEMORY_KERNELS {"load", "store", "store_nt", "copy", "copy_nt", "triad", "update"}
#define PERFDASH_ISAS {"scalar", "sse", "avx2", "avx512", "neon", "sve"}

MemoryCeiling readMemory(Fields& f) {
    MemoryCeiling m;
    m.level = f.oneOf("level", {"L1", "L2", "L3", "DRAM"});
    m.kernel = f.oneOf("kernel", PERFDASH_MEMORY_KERNELS);
    m.isa = f.oneOf("isa", PERFDASH_ISAS);
    m.precision = f.oneOf("precision", {"dp", "sp"});
    m.threads = f.threads();
    m.workingSetBytes = f.count("working_set_bytes");
    m.appBytesPerSecond = f.number("app_bytes_per_s");
    m.hwBytesPerSecond = f.number("hw_bytes_per_s");
    m.appBytesPerCycle = f.number("app_bytes_per_cycle");
    m.repeated = f.flag("repeated");
    m.timings = f.timings();
    m.physicalBoundExceeded = f.flag("physical_bound_exceeded", false);
    return m;
}

ComputeCeiling readCompute(Fields& f) {
    ComputeCeiling c;
    c.kernel = f.oneOf("kernel", {"fma", "add", "mul", "fma_add"});
    c.isa = f.oneOf("isa", PERFDASH_ISAS);
    c.precision = f.oneOf("precision", {"dp", "sp"});
    c.threads = f.threads();
    c.flopsPerSecond = f.number("flops_per_s");
    c.flopsPerCycle = f.number("flops_per_cycle");
    c.repeated = f.flag("repeated");
    c.timings = f.timings();
    c.physicalBoundExceeded = f.flag("physical_bound_exceeded", false);
    return c;
}

Sweep readSweep(Fields& f) {
    Sweep s;
    s.kernel = f.oneOf("kernel", PERFDASH_MEMORY_KERNELS);
    s.isa = f.oneOf("isa", PERFDASH_ISAS);
    s.threads = f.threads();
    if (f.find("precision", json::value_t::string, false)) s.precision = f.oneOf("precision", {"dp", "sp"});
    s.points = readArray<SweepPoint>(f, "points", true, [](Fields& p) {
        return SweepPoint{p.count("bytes"), p.number("app_bytes_per_s")};
    });
    s.plateaus = readArray<Plateau>(f, "plateaus", true, [](Fields& p) {
        Plateau pl;
        pl.fromBytes = p.count("from_bytes");
        pl.toBytes = p.count("to_bytes");
        pl.appBytesPerSecond = p.number("app_bytes_per_s");
        pl.level = p.text("level");
        if (!pl.level.empty()) pl.level = p.oneOf("level", {"L1", "L2", "L3", "DRAM"});
        if (p.error().empty() && pl.fromBytes > pl.toBytes) p.fail(p.path() + "from_bytes: above to_bytes");
        return pl;
    });
    return s;
}

} // namespace

json ceilingsToJson(const Ceilings& c) {
    json memory = json::array(), compute = json::array(), sweep = json::array();
    for (const auto& m : c.memory)
        memory.push_back({{"level", m.level},
                          {"kernel", m.kernel},
                          {"isa", m.isa},
                          {"precision", m.precision},
                          {"threads", m.threads},
                          {"working_set_bytes", m.workingSetBytes},
                          {"app_bytes_per_s", m.appBytesPerSecond},
                          {"hw_bytes_per_s", m.hwBytesPerSecond},
                          {"app_bytes_per_cycle", m.appBytesPerCycle},
                          {"repeated", m.repeated},
                          {"timings", m.timings},
                          {"physical_bound_exceeded", m.physicalBoundExceeded}});
    for (const auto& f : c.compute)
        compute.push_back({{"kernel", f.kernel},
                           {"isa", f.isa},
                           {"precision", f.precision},
                           {"threads", f.threads},
                           {"flops_per_s", f.flopsPerSecond},
                           {"flops_per_cycle", f.flopsPerCycle},
                           {"repeated", f.repeated},
                           {"timings", f.timings},
                           {"physical_bound_exceeded", f.physicalBoundExceeded}});
    for (const auto& s : c.sweep) {
        json points = json::array(), plateaus = json::array();
        for (const auto& p : s.points) points.push_back({{"bytes", p.bytes}, {"app_bytes_per_s", p.appBytesPerSecond}});
        for (const auto& p : s.plateaus)
            plateaus.push_back({{"from_bytes", p.fromBytes},
                                {"to_bytes", p.toBytes},
                                {"app_bytes_per_s", p.appBytesPerSecond},
                                {"level", p.level}});
        sweep.push_back({{"kernel", s.kernel},
                         {"isa", s.isa},
                         {"precision", s.precision},
                         {"threads", s.threads},
                         {"points", points},
                         {"plateaus", plateaus}});
    }
    return {{"schema", kCeilingsSchema}, {"kind", kCeilingsKind}, {"origin", c.origin},
            {"cpu", c.cpu},              {"arch", c.arch},        {"clock_hz", c.clockHz},
            {"threads", c.threads},      {"memory", memory},      {"compute", compute},
            {"sweep", sweep},            {"warnings", c.warnings}};
}

Result<Ceilings> parseCeilingsJson(const std::string& text, const std::string& source) {
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return makeError(source + ": not a JSON object; expected a ceilings file written by 'perfdash-cli ceilings --json'");
    Fields f(j, "");
    const std::string kind = f.text("kind");
    if (f.error().empty() && kind != kCeilingsKind)
        return makeError(source + ": kind is '" + kind + "', not '" + kCeilingsKind + "': not a ceilings file");
    const uint64_t schema = f.count("schema");
    if (f.error().empty() && schema != kCeilingsSchema)
        return makeError(source + ": schema " + std::to_string(schema) + " is not the " +
                         std::to_string(kCeilingsSchema) + " this perfdash reads; measure again with 'perfdash-cli ceilings'");
    Ceilings c;
    c.origin = f.oneOf("origin", {"measured", "imported"});
    c.cpu = f.text("cpu");
    c.arch = f.text("arch");
    c.clockHz = f.number("clock_hz");
    c.threads = f.threads();
    c.memory = readArray<MemoryCeiling>(f, "memory", true, readMemory);
    c.compute = readArray<ComputeCeiling>(f, "compute", true, readCompute);
    c.sweep = readArray<Sweep>(f, "sweep", true, readSweep);
    if (const json* w = f.array("warnings")) {
        for (size_t i = 0; i < w->size(); ++i) {
            if (!(*w)[i].is_string()) {
                f.fail("warnings[" + std::to_string(i) + "]: expected a string");
                break;
            }
            c.warnings.push_back((*w)[i].get<std::string>());
        }
    }
    if (!f.error().empty()) return makeError(source + ": " + f.error());
    return c;
}


Result<Ceilings> readCeilingsFile(const std::string& path) {
    auto text = readFile(path);
    if (!text) return makeError("cannot read the ceilings file '" + path + "'; measure them with 'perfdash-cli ceilings -o " + path + "'");
    return parseCeilingsJson(*text, path);
}

Status writeCeilingsFile(const Ceilings& ceilings, const std::string& path) {
    return writeFileAtomically(path, ceilingsToJson(ceilings).dump(2) + "\n");
}

} // namespace perfdash
