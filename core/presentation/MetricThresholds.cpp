#include "core/presentation/MetricThresholds.h"

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {

Rating MetricThreshold::rate(double value) const {
    if (!std::isfinite(value)) return Rating::None;
    const auto atLeast = [&](double limit) { return higherIsWorse ? value >= limit : value <= limit; };
    if (atLeast(bad)) return Rating::Bad;
    if (atLeast(warn)) return Rating::Warning;
    return Rating::Good;
}

const MetricThreshold* MetricThresholds::find(std::string_view group, std::string_view metric) const {
    const MetricThreshold* anyGroup = nullptr;
    for (const MetricThreshold& rule : rules_) {
        if (rule.metric != metric) continue;
        if (rule.group == group) return &rule;
        if (rule.group.empty() && !anyGroup) anyGroup = &rule;
    }
    return anyGroup;
}

Result<MetricThresholds> parseMetricThresholds(const std::string& text, const std::string& source) {
    const auto fail = [&](const std::string& what) {
        return makeError(source + ": " + what + " (see the file's \"about\" for its format)");
    };
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded()) return fail("not valid JSON");
    if (!doc.is_object() || doc.value("schema", 0) != 1)
        return fail("not a thresholds file of schema 1 (an object with \"schema\": 1)");
    const auto list = doc.find("thresholds");
    if (list == doc.end() || !list->is_array()) return fail("no \"thresholds\" list");
    std::vector<MetricThreshold> rules;
    for (size_t i = 0; i < list->size(); ++i) {
        const nlohmann::json& entry = (*list)[i];
        const std::string where = "threshold " + std::to_string(i + 1);
        if (!entry.is_object() || !entry.contains("metric") || !entry["metric"].is_string())
            return fail(where + " has no \"metric\" name");
        MetricThreshold rule;
        rule.metric = entry["metric"].get<std::string>();
        const std::string worse = entry.value("worse", std::string());
        if (worse != "higher" && worse != "lower")
            return fail(where + " (" + rule.metric + "): \"worse\" must be \"higher\" or \"lower\"");
        rule.higherIsWorse = worse == "higher";
        for (auto [key, field] : {std::pair{"warn", &rule.warn}, std::pair{"bad", &rule.bad}}) {
            if (!entry.contains(key) || !entry[key].is_number())
                return fail(where + " (" + rule.metric + "): \"" + key + "\" must be a number");
            *field = entry[key].get<double>();
        }
        if (rule.higherIsWorse ? rule.bad < rule.warn : rule.bad > rule.warn)
            return fail(where + " (" + rule.metric + "): \"bad\" must lie beyond \"warn\" in the worse direction");
        if (entry.contains("group") && entry["group"].is_string()) rule.group = entry["group"].get<std::string>();
        if (entry.contains("why") && entry["why"].is_string()) rule.why = entry["why"].get<std::string>();
        rules.push_back(std::move(rule));
    }
    return MetricThresholds(std::move(rules));
}

Result<MetricThresholds> loadMetricThresholds(const std::string& path) {
    const std::optional<std::string> text = readFile(path);
    if (!text) return makeError(path + ": cannot be read (check that it exists and is readable)");
    return parseMetricThresholds(*text, path);
}

std::string defaultMetricThresholdsPath() {
    const std::string user = userConfigDir() + "/metrics/thresholds.json";
    std::error_code ec;
    if (std::filesystem::exists(user, ec)) return user;
    return dataDir() + "/metrics/thresholds.json";
}

} // namespace perfdash
