#include "core/prometheus/AgentRequest.h"

#include <algorithm>

#include "core/util/Duration.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// The q parameter of one media range; 1 when absent, 0 when unreadable.
double quality(const std::vector<std::string>& parameters) {
    for (size_t i = 1; i < parameters.size(); ++i) {
        const std::string p = trim(parameters[i]);
        if (p.size() < 2 || toLower(p.substr(0, 2)) != "q=") continue;
        const auto q = parseDouble(trim(p.substr(2)));
        return q && *q >= 0 && *q <= 1 ? *q : 0;
    }
    return 1;
}

AgentAnswer badRequest(std::string message) { return {400, AgentPage::None, {}, 1, std::move(message) + "\n"}; }

// The stream's `interval`: a whole multiple of the agent's own interval, as a count of them.
AgentAnswer streamAnswer(const std::vector<std::pair<std::string, std::string>>& parameters,
                         std::chrono::nanoseconds countingInterval) {
    AgentAnswer answer{200, AgentPage::Stream, {}, 1, {}};
    for (const auto& [name, value] : parameters) {
        if (name != "interval")
            return badRequest("unknown query parameter '" + name + "': /api/v1/stream takes only interval");
        const auto interval = parseDuration(value, "interval");
        if (!interval) return badRequest(interval.error().message);
        const std::string agent = formatDuration(countingInterval);
        if (countingInterval.count() <= 0 || *interval < countingInterval ||
            interval->count() % countingInterval.count() != 0)
            return badRequest("interval=" + value + ": the agent counts every " + agent +
                              ", so a line can only join whole intervals; ask for " + agent +
                              " or a multiple of it, or start the agent with a shorter --interval");
        answer.streamEvery = static_cast<size_t>(interval->count() / countingInterval.count());
    }
    return answer;
}

} // namespace

AgentAnswer answerRequest(const AgentRequest& request, const std::optional<std::string>& token,
                          std::chrono::nanoseconds countingInterval) {
    if (token && (!request.authorization || !bearerTokenMatches(*request.authorization, *token)))
        return {401, AgentPage::None, {}, 1, "a valid 'Authorization: Bearer <token>' header is required\n"};
    if (request.method != "GET")
        return {405, AgentPage::None, {}, 1, "the agent is read-only: only GET is allowed\n"};
    if (request.hasBody) return {413, AgentPage::None, {}, 1, "the agent reads no request body\n"};
    AgentPage page = AgentPage::None;
    if (request.path == "/metrics") page = AgentPage::Metrics;
    else if (request.path == "/api/v1/info") page = AgentPage::Info;
    else if (request.path == "/api/v1/stream") page = AgentPage::Stream;
    else
        return {404, AgentPage::None, {}, 1,
                "no such page; the agent serves /metrics, /api/v1/info and /api/v1/stream\n"};
    for (size_t i = 0; i < request.parameters.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (request.parameters[i].first == request.parameters[j].first)
                return badRequest("query parameter '" + request.parameters[i].first + "' given twice");
    if (page == AgentPage::Stream) return streamAnswer(request.parameters, countingInterval);
    if (!request.parameters.empty())
        return badRequest("unknown query parameter '" + request.parameters.front().first + "': this page takes none");
    return {200, page, negotiateExposition(request.accept), 1, {}};
}

bool bearerTokenMatches(std::string_view authorization, std::string_view token) {
    constexpr std::string_view scheme = "bearer ";
    if (token.empty() || authorization.size() < scheme.size() ||
        toLower(authorization.substr(0, scheme.size())) != scheme)
        return false;
    const std::string_view given = authorization.substr(scheme.size());
    // Every byte of the token is looked at whatever the given one holds.
    unsigned difference = given.size() != token.size();
    for (size_t i = 0; i < token.size(); ++i)
        difference |= static_cast<unsigned char>(token[i]) ^
                      static_cast<unsigned char>(i < given.size() ? given[i] : '\0');
    return difference == 0;
}

ExpositionFormat negotiateExposition(std::string_view accept) {
    double openMetrics = 0, text = 0;
    for (const std::string& range : split(accept, ',')) {
        const std::vector<std::string> parts = split(range, ';', true);
        if (parts.empty()) continue;
        const std::string type = toLower(trim(parts.front()));
        const double q = quality(parts);
        if (type == "application/openmetrics-text") openMetrics = std::max(openMetrics, q);
        else if (type == "text/plain") text = std::max(text, q);
    }
    return openMetrics > 0 && openMetrics >= text ? ExpositionFormat::OpenMetrics : ExpositionFormat::PrometheusText;
}

} // namespace perfdash
