#include "core/groups/LikwidEventOptions.h"

#include <cctype>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

enum class Arity { Flag, Value };

struct OptionKind {
    const char* name;
    Arity arity;
    // libpfm4 spelling: the whole modifier text for a flag, the modifier key
    // for a valued option; nullptr where perf/libpfm4 has no equivalent.
    const char* libpfm;
};

// likwid's option table (perfmon_types.h eventOptionTypeName plus the wiki's
// OCC_* spellings). KERNEL means "also count in the kernel" in likwid, whose
// default is user space only; we spell both levels out so the meaning holds
// whatever our own default is.
constexpr OptionKind kOptions[] = {
    {"EDGEDETECT", Arity::Flag, "e=1"},
    {"THRESHOLD", Arity::Value, "c"},
    {"INVERT", Arity::Flag, "i=1"},
    {"ANYTHREAD", Arity::Flag, "t=1"},
    {"KERNEL", Arity::Flag, "u=1:k=1"},
    {"COUNT_KERNEL", Arity::Flag, "u=1:k=1"},
    {"IN_TRANSACTION", Arity::Flag, "intx=1"},
    {"IN_TRANSACTION_ABORTED", Arity::Flag, "intxcp=1"},
    {"OCCUPANCY", Arity::Value, nullptr},
    {"OCCUPANCY_FILTER", Arity::Value, nullptr},
    {"OCCUPANCY_EDGEDETECT", Arity::Flag, nullptr},
    {"OCC_EDGEDETECT", Arity::Flag, nullptr},
    {"OCCUPANCY_INVERT", Arity::Flag, nullptr},
    {"OCC_INVERT", Arity::Flag, nullptr},
    {"OPCODE", Arity::Value, nullptr},
    {"MATCH0", Arity::Value, nullptr},
    {"MATCH1", Arity::Value, nullptr},
    {"MATCH2", Arity::Value, nullptr},
    {"MATCH3", Arity::Value, nullptr},
    {"MASK0", Arity::Value, nullptr},
    {"MASK1", Arity::Value, nullptr},
    {"MASK2", Arity::Value, nullptr},
    {"MASK3", Arity::Value, nullptr},
    {"NID", Arity::Value, nullptr},
    {"TID", Arity::Value, nullptr},
    {"CID", Arity::Value, nullptr},
    {"SLICE", Arity::Value, nullptr},
    {"STATE", Arity::Value, nullptr},
};

const OptionKind* findOption(std::string_view upperName) {
    for (const auto& o : kOptions)
        if (upperName == o.name) return &o;
    return nullptr;
}

std::string toUpper(std::string_view s) {
    std::string out(s);
    for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::string spell(const EventOption& o) { return o.value.empty() ? o.name : o.name + "=" + o.value; }

} // namespace

const std::vector<std::string>& likwidOptionNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& o : kOptions) out.emplace_back(o.name);
        return out;
    }();
    return names;
}

std::optional<EventOption> parseLikwidOption(std::string_view token) {
    const size_t eq = token.find('=');
    const std::string name = toUpper(token.substr(0, eq));
    if (!findOption(name)) return std::nullopt;
    return EventOption{name, eq == std::string_view::npos ? std::string() : std::string(token.substr(eq + 1))};
}

Status validateLikwidOption(const EventOption& option) {
    const OptionKind* kind = findOption(option.name);
    if (!kind) return makeError("'" + option.name + "' is not a likwid option; known options: " +
                                join(likwidOptionNames(), ", "));
    if (kind->arity == Arity::Flag && !option.value.empty())
        return makeError("option " + option.name + " takes no value: write '" + option.name + "' instead of '" +
                         spell(option) + "'");
    if (kind->arity == Arity::Value && !parseUnsigned(option.value))
        return makeError("option " + option.name + " needs a number: write e.g. '" + option.name + "=0x1'" +
                         (option.value.empty() ? std::string() : ", not '" + spell(option) + "'"));
    return {};
}

SplitEvent splitLikwidOptions(std::string_view eventColumn) {
    SplitEvent out;
    std::vector<std::string> kept;
    // keepEmpty: "pmu::EVENT" must come back as written.
    for (auto& part : split(eventColumn, ':', /*keepEmpty=*/true)) {
        if (kept.empty()) {
            kept.push_back(std::move(part)); // the event name itself is never an option
        } else if (auto option = parseLikwidOption(part)) {
            out.options.push_back(std::move(*option));
        } else {
            kept.push_back(std::move(part));
        }
    }
    out.event = join(kept, ":");
    return out;
}

Result<std::string> perfEventString(const GroupSlot& slot) {
    std::string out = slot.event;
    // MATCH0/MATCH1 on a core counter are the request and response fields of
    // the offcore response register (Intel SDM, MSR_OFFCORE_RSP_x: request
    // types from bit 0, response types from bit 16), one value for the
    // kernel's offcore_rsp term.
    std::optional<uint64_t> offcore;
    for (const auto& option : slot.options) {
        const bool request = option.name == "MATCH0";
        if (!request && option.name != "MATCH1") continue;
        if (Status valid = validateLikwidOption(option); !valid)
            return makeError("counter " + slot.counter + ": " + valid.error().message);
        const uint64_t value = *parseUnsigned(option.value);
        if (value > (request ? 0xffffULL : 0xffffffffffffULL))
            return makeError("counter " + slot.counter + ": " + spell(option) + " does not fit the offcore response " +
                             (request ? "request field (16 bits, MATCH0)" : "response field (48 bits, MATCH1)"));
        offcore = offcore.value_or(0) | (request ? value : value << 16);
    }
    for (const auto& option : slot.options) {
        if (option.name == "MATCH0" || option.name == "MATCH1") continue;
        const OptionKind* kind = findOption(option.name);
        if (kind && kind->libpfm) {
            if (Status valid = validateLikwidOption(option); !valid)
                return makeError("counter " + slot.counter + ": " + valid.error().message);
            out += ":";
            out += kind->libpfm;
            if (kind->arity == Arity::Value) out += "=" + option.value; // libpfm4 takes 0x-hex as likwid writes it
        } else {
            return makeError("counter " + slot.counter + ": likwid option " + spell(option) +
                             " has no perf/libpfm4 equivalent (perfdash maps EDGEDETECT, THRESHOLD, INVERT, "
                             "ANYTHREAD, KERNEL, IN_TRANSACTION, IN_TRANSACTION_ABORTED, and MATCH0/MATCH1 of an "
                             "offcore response event); "
                             "drop it or write the event in perf syntax");
        }
    }
    if (offcore) out += ":offcore_rsp=" + hex(*offcore);
    return out;
}

} // namespace perfdash
