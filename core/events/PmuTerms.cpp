#include "core/events/PmuTerms.h"

#include <optional>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

struct Term {
    std::string key;
    std::optional<std::string> value; // nullopt: written without '='
};

std::vector<Term> parseTerms(std::string_view text) {
    std::vector<Term> terms;
    for (const auto& raw : split(text, ',')) {
        std::string part = trim(raw);
        if (part.empty()) continue;
        const auto eq = part.find('=');
        if (eq == std::string::npos) terms.push_back({part, std::nullopt});
        else terms.push_back({trim(part.substr(0, eq)), trim(part.substr(eq + 1))});
    }
    return terms;
}

bool isConfigWord(std::string_view key) { return key == "config" || key == "config1" || key == "config2"; }

std::string validTermsMessage(const SysfsPmu& pmu, const std::string& unknown) {
    std::vector<std::string> keys;
    for (const auto& f : pmu.formats) keys.push_back(f.name);
    keys.insert(keys.end(), {"config", "config1", "config2", "name"});
    std::string message = "unknown term '" + unknown + "' for PMU '" + pmu.name + "'; valid terms: " + join(keys, ", ");
    if (!pmu.events.empty()) {
        std::vector<std::string> eventNames;
        for (const auto& e : pmu.events) eventNames.push_back(e.name);
        auto close = closestMatches(unknown, eventNames);
        message += ", or one of its " + std::to_string(pmu.events.size()) + " events" +
                   (close.empty() ? std::string(" (see 'perfdash-cli list --pmu " + pmu.name + "')")
                                  : " (closest: " + join(close, ", ") + ")");
    }
    return message;
}

class TermEncoder {
public:
    explicit TermEncoder(const SysfsPmu& pmu) : pmu_(pmu) { result_.encoding.type = pmu.type; }

    // Named events first, so that explicit terms written beside them override their defaults.
    Status run(std::string_view text) {
        const auto terms = parseTerms(text);
        if (terms.empty()) return makeError("no terms between the slashes of '" + pmu_.name + "//'");
        std::vector<const PmuNamedEvent*> named;
        std::vector<const Term*> explicitTerms;
        for (const auto& t : terms) {
            if (!t.value && !pmu_.format(t.key) && pmu_.event(t.key)) named.push_back(pmu_.event(t.key));
            else explicitTerms.push_back(&t);
        }
        for (const auto* e : named) {
            for (const auto& t : parseTerms(e->terms)) {
                if (t.value == "?") {
                    required_.push_back(t.key);
                    continue;
                }
                if (auto st = apply(t, "event '" + e->name + "' of PMU '" + pmu_.name + "'"); !st) return st;
            }
            result_.scale = e->scale;
            result_.unit = e->unit;
        }
        if (named.size() == 1) result_.namedEvent = named.front()->name;
        for (const auto* t : explicitTerms) {
            if (auto st = apply(*t, "PMU '" + pmu_.name + "'"); !st) return st;
            std::erase(required_, t->key);
        }
        if (!required_.empty())
            return makeError("PMU '" + pmu_.name + "' needs a value for " + join(required_, ", ") + " (write " +
                             required_.front() + "=N between the slashes)");
        return {};
    }

    PmuTermEncoding take() { return std::move(result_); }

private:
    Status apply(const Term& t, const std::string& where) {
        if (t.key == "name") {
            if (!t.value || t.value->empty()) return makeError("'name' needs a value in " + where);
            result_.displayName = *t.value;
            return {};
        }
        const PmuFormatField* field = pmu_.format(t.key);
        if (!field && !isConfigWord(t.key)) return makeError(validTermsMessage(pmu_, t.key));
        uint64_t value = 1;
        if (t.value) {
            auto parsed = parseUnsigned(*t.value);
            if (!parsed)
                return makeError("value '" + *t.value + "' of term '" + t.key + "' in " + where +
                                 " is not a number (write decimal or 0x-hex)");
            value = *parsed;
        } else if (!field) {
            return makeError("term '" + t.key + "' in " + where + " needs a value (" + t.key + "=0x...)");
        }
        if (!field) {
            (t.key == "config" ? result_.encoding.config
                               : t.key == "config1" ? result_.encoding.config1 : result_.encoding.config2) = value;
            return {};
        }
        if (value > field->maxValue())
            return makeError("value " + hex(value) + " of term '" + t.key + "' in " + where + " does not fit its " +
                             std::to_string(field->bits.size()) + " bits (" + field->describe() + ", at most " +
                             hex(field->maxValue()) + ")");
        field->insert(value, result_.encoding);
        return {};
    }

    const SysfsPmu& pmu_;
    PmuTermEncoding result_;
    std::vector<std::string> required_;
};

} // namespace

Result<PmuTermEncoding> encodePmuTerms(const SysfsPmu& pmu, std::string_view terms) {
    TermEncoder encoder(pmu);
    if (auto st = encoder.run(terms); !st) return st.error();
    return encoder.take();
}

} // namespace perfdash
