#include "core/events/LibpfmTable.h"

#include <cstdlib>
#include <cstring>
#include <perfmon/pfmlib_perf_event.h>

#include "core/util/IdentityOverride.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

std::string orEmpty(const char* s) { return s ? s : ""; }

pfm_pmu_info_t pmuInfo(pfm_pmu_t id, bool& ok) {
    pfm_pmu_info_t info;
    std::memset(&info, 0, sizeof info);
    info.size = sizeof info;
    ok = pfm_get_pmu_info(id, &info) == PFM_SUCCESS;
    return info;
}

pfm_event_info_t eventInfo(int index, pfm_os_t os, bool& ok) {
    pfm_event_info_t info;
    std::memset(&info, 0, sizeof info);
    info.size = sizeof info;
    ok = pfm_get_event_info(index, os, &info) == PFM_SUCCESS;
    return info;
}

// "skl::INST_RETIRED:ANY_P:u" -> {"skl", "INST_RETIRED:ANY_P:u"}; no "::" -> {"", spec}.
std::pair<std::string, std::string> splitQualified(std::string_view spec) {
    const auto sep = spec.find("::");
    if (sep == std::string_view::npos) return {"", std::string(spec)};
    return {std::string(spec.substr(0, sep)), std::string(spec.substr(sep + 2))};
}

std::string eventBase(std::string_view rest) { return std::string(rest.substr(0, rest.find(':'))); }

} // namespace

LibpfmTable& LibpfmTable::instance() {
    static LibpfmTable table;
    return table;
}

LibpfmTable::LibpfmTable() {
    // Must be in the environment when pfm_initialize reads it; this is the only pfm_initialize call.
    ::setenv("LIBPFM_ENCODE_INACTIVE", "1", 1);
    if (int err = pfm_initialize(); err != PFM_SUCCESS) {
        init_ = makeError(std::string("libpfm4 failed to initialise: ") + pfm_strerror(err) +
                          " (native event names are unavailable)");
        return;
    }
    for (int raw = PFM_PMU_NONE; raw < PFM_PMU_MAX; ++raw) {
        const auto id = static_cast<pfm_pmu_t>(raw);
        bool ok = false;
        const pfm_pmu_info_t info = pmuInfo(id, ok);
        if (!ok || !info.name) continue;
        pmus_.push_back({static_cast<int>(id), info.name, orEmpty(info.desc), info.is_present != 0,
                         info.type == PFM_PMU_TYPE_CORE, info.type == PFM_PMU_TYPE_OS_GENERIC, info.nevents,
                         info.first_event});
    }
    // A simulated CPU's model is the one present, as if libpfm4 had detected it; the
    // OS's generic models stay as they are. Everything is encoded inactive anyway.
    if (const auto& identity = identityOverride())
        for (auto& p : pmus_)
            if (!p.osGeneric) p.present = p.name == identity->libpfmModel;
}

const LibpfmPmu* LibpfmTable::findPmu(std::string_view name) const {
    for (const auto& p : pmus_)
        if (p.name == name) return &p;
    return nullptr;
}

size_t LibpfmTable::presentPmuCount() const {
    size_t n = 0;
    for (const auto& p : pmus_) n += p.present ? 1 : 0;
    return n;
}

const std::vector<LibpfmEvent>& LibpfmTable::events() const {
    std::call_once(eventsOnce_, [this] {
        std::lock_guard lock(pfmMutex_);
        for (size_t p = 0; p < pmus_.size(); ++p) {
            for (int i = pmus_[p].firstEvent; i >= 0; i = pfm_get_event_next(i)) {
                bool ok = false;
                const pfm_event_info_t info = eventInfo(i, PFM_OS_NONE, ok);
                if (ok && info.name) events_.push_back({i, p, info.name, orEmpty(info.desc)});
            }
        }
    });
    return events_;
}

std::vector<LibpfmAttribute> LibpfmTable::attributes(int eventIndex) const {
    std::lock_guard lock(pfmMutex_);
    std::vector<LibpfmAttribute> out;
    bool ok = false;
    const pfm_event_info_t info = eventInfo(eventIndex, PFM_OS_PERF_EVENT_EXT, ok);
    if (!ok) return out;
    for (int a = 0; a < info.nattrs; ++a) {
        pfm_event_attr_info_t attr;
        std::memset(&attr, 0, sizeof attr);
        attr.size = sizeof attr;
        if (pfm_get_event_attr_info(eventIndex, a, PFM_OS_PERF_EVENT_EXT, &attr) != PFM_SUCCESS || !attr.name)
            continue;
        if (attr.type == PFM_ATTR_UMASK)
            out.push_back({LibpfmAttribute::Kind::UnitMask, attr.name, orEmpty(attr.desc), attr.is_dfl != 0});
        else if (attr.type == PFM_ATTR_MOD_BOOL || attr.type == PFM_ATTR_MOD_INTEGER)
            out.push_back({LibpfmAttribute::Kind::Modifier, attr.name, orEmpty(attr.desc), false});
    }
    return out;
}

std::vector<LibpfmAttribute> LibpfmTable::attributesOf(std::string_view qualifiedName) const {
    const auto [pmuName, rest] = splitQualified(qualifiedName);
    if (pmuName.empty()) return {};
    const int index = findEventIndex(pmuName + "::" + eventBase(rest));
    return index < 0 ? std::vector<LibpfmAttribute>{} : attributes(index);
}

bool LibpfmTable::needsUnitMask(int eventIndex) const {
    bool anyUnitMask = false;
    for (const auto& a : attributes(eventIndex)) {
        if (a.kind != LibpfmAttribute::Kind::UnitMask) continue;
        if (a.isDefault) return false;
        anyUnitMask = true;
    }
    return anyUnitMask;
}

int LibpfmTable::findEventIndex(const std::string& qualifiedEvent) const {
    std::lock_guard lock(pfmMutex_);
    return pfm_find_event(qualifiedEvent.c_str());
}

std::string LibpfmTable::unitMaskHint(int eventIndex) const {
    std::vector<std::string> umasks, modifiers;
    for (const auto& a : attributes(eventIndex))
        (a.kind == LibpfmAttribute::Kind::UnitMask ? umasks : modifiers).push_back(a.name);
    std::string hint;
    if (!umasks.empty()) hint += "; unit masks: " + join(umasks, ", ");
    if (!modifiers.empty()) hint += "; modifiers: " + join(modifiers, ", ");
    return hint;
}

Result<LibpfmEncoding> LibpfmTable::encode(std::string_view qualified) const {
    if (!init_) return init_.error();
    const auto [pmuName, rest] = splitQualified(qualified);
    const LibpfmPmu* pmu = findPmu(pmuName);
    if (!pmu) {
        std::vector<std::string> names;
        for (const auto& p : pmus_) names.push_back(p.name);
        auto close = closestMatches(pmuName, names);
        return makeError("'" + std::string(qualified) + "': libpfm4 knows no PMU model '" + pmuName + "'" +
                         (close.empty() ? std::string("; see 'perfdash-cli list --source libpfm'")
                                        : "; closest: " + join(close, ", ")));
    }
    const std::string base = eventBase(rest);
    const int index = findEventIndex(pmuName + "::" + base);
    if (index < 0) {
        std::vector<std::string> names;
        for (const auto& e : events())
            if (pmus_[e.pmu].id == pmu->id) names.push_back(e.name);
        auto close = closestMatches(base, names);
        return makeError("'" + std::string(qualified) + "': the libpfm4 model '" + pmuName + "' (" +
                         pmu->description + ") has no event '" + base + "'" +
                         (close.empty() ? std::string() : "; closest: " + join(close, ", ")));
    }

    perf_event_attr attr;
    std::memset(&attr, 0, sizeof attr);
    char* expanded = nullptr;
    pfm_perf_encode_arg_t arg;
    std::memset(&arg, 0, sizeof arg);
    arg.size = sizeof arg;
    arg.attr = &attr;
    arg.fstr = &expanded;
    const std::string spec(qualified);
    int err;
    {
        std::lock_guard lock(pfmMutex_);
        err = pfm_get_os_event_encoding(spec.c_str(), PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg);
    }
    const std::string fullySpecified = orEmpty(expanded);
    std::free(expanded);
    if (err != PFM_SUCCESS) {
        std::string message = "libpfm4 cannot encode '" + spec + "': " + pfm_strerror(err);
        if (err == PFM_ERR_UMASK || err == PFM_ERR_ATTR || err == PFM_ERR_ATTR_VAL || err == PFM_ERR_ATTR_SET)
            message += unitMaskHint(index);
        else if (err == PFM_ERR_NOTSUPP && !pmu->core)
            message += " (libpfm4 encodes events of this model through its kernel PMU in sysfs, which is missing here)";
        return makeError(message);
    }

    LibpfmEncoding out;
    out.encoding.type = attr.type;
    out.encoding.config = attr.config;
    out.encoding.config1 = attr.config1;
    out.encoding.config2 = attr.config2;
    out.encoding.excludeUser = attr.exclude_user;
    out.encoding.excludeKernel = attr.exclude_kernel;
    out.encoding.excludeHv = attr.exclude_hv;
    out.encoding.excludeIdle = attr.exclude_idle;
    out.encoding.excludeHost = attr.exclude_host;
    out.encoding.excludeGuest = attr.exclude_guest;
    out.encoding.preciseIp = static_cast<uint8_t>(attr.precise_ip);
    out.pmu = pmuName;
    out.event = base;
    out.fullySpecified = fullySpecified;
    bool ok = false;
    std::lock_guard lock(pfmMutex_);
    const pfm_event_info_t info = eventInfo(index, PFM_OS_NONE, ok);
    if (ok) out.description = orEmpty(info.desc);
    return out;
}

std::optional<Result<LibpfmEncoding>> LibpfmTable::encodeOnPresentPmus(std::string_view spec) const {
    if (!init_) return std::nullopt;
    const std::string base = eventBase(spec);
    for (const auto& p : pmus_) {
        if (!p.present) continue;
        if (findEventIndex(p.name + "::" + base) >= 0) return encode(p.name + "::" + std::string(spec));
    }
    return std::nullopt;
}

std::optional<Availability> LibpfmTable::absence(std::string_view pmuName) const {
    const LibpfmPmu* pmu = findPmu(pmuName);
    if (!pmu || pmu->present) return std::nullopt;
    std::vector<std::string> here;
    for (const auto& p : pmus_)
        if (p.present && p.core) here.push_back(p.name);
    Availability a;
    a.state = Availability::State::Unsupported;
    a.reason = "PMU model " + pmu->name + " (" + pmu->description + ") is not present on this machine" +
               (here.empty() ? std::string() : " (libpfm4 detected: " + join(here, ", ") + ")");
    a.brief = "PMU model not present";
    return a;
}

} // namespace perfdash
