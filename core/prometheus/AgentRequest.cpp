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

AgentAnswer refusal(int status, std::string message) {
    AgentAnswer answer;
    answer.status = status;
    answer.error = std::move(message);
    return answer;
}

AgentAnswer badRequest(std::string message) { return refusal(400, std::move(message) + "\n"); }

AgentAnswer page(AgentPage shown) {
    AgentAnswer answer;
    answer.page = shown;
    return answer;
}

// The stream's `interval`: a whole multiple of the agent's own interval, as a count of them.
AgentAnswer streamAnswer(const std::vector<std::pair<std::string, std::string>>& parameters,
                         std::chrono::nanoseconds countingInterval) {
    AgentAnswer answer = page(AgentPage::Stream);
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

// pprof's `seconds`, a whole number from 1 to kMaxProfileSeconds, and the `cgroup` to sample.
AgentAnswer profileAnswer(AgentPage shown, std::string_view path,
                          const std::vector<std::pair<std::string, std::string>>& parameters) {
    AgentAnswer answer = page(shown);
    const std::string range = "give whole seconds from 1 to " + std::to_string(kMaxProfileSeconds);
    for (const auto& [name, value] : parameters) {
        if (name == "seconds") {
            // Decimal digits only (parseUnsigned would also read 0x1e), as Go's strconv reads it.
            const bool digits = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
                return c >= '0' && c <= '9';
            });
            const auto seconds = digits ? parseUnsigned(value) : std::nullopt;
            if (!seconds) return badRequest("seconds=" + value + ": not a number of seconds; " + range + ", e.g. seconds=10");
            if (*seconds == 0 || *seconds > kMaxProfileSeconds)
                return badRequest("seconds=" + value + ": out of range; " + range +
                                  " (a longer profile holds the agent's one profile slot too long: take several)");
            answer.profileSeconds = static_cast<unsigned>(*seconds);
        } else if (name == "cgroup") {
            if (value.empty()) return badRequest("cgroup=: empty; give one of the cgroups the agent counts, or leave it out");
            answer.profileCgroup = value;
        } else {
            return badRequest("unknown query parameter '" + name + "': " + std::string(path) +
                              " takes only seconds and cgroup");
        }
    }
    return answer;
}

} // namespace

AgentAnswer answerRequest(const AgentRequest& request, const std::optional<std::string>& token,
                          std::chrono::nanoseconds countingInterval) {
    if (token && (!request.authorization || !bearerTokenMatches(*request.authorization, *token)))
        return refusal(401, "a valid 'Authorization: Bearer <token>' header is required\n");
    if (request.method != "GET")
        return refusal(405, "the agent is read-only: only GET is allowed\n");
    if (request.hasBody) return refusal(413, "the agent reads no request body\n");
    AgentPage shown = AgentPage::None;
    if (request.path == "/metrics") shown = AgentPage::Metrics;
    else if (request.path == "/api/v1/info") shown = AgentPage::Info;
    else if (request.path == "/api/v1/stream") shown = AgentPage::Stream;
    else if (request.path == "/debug/pprof/profile") shown = AgentPage::Profile;
    else if (request.path == "/api/v1/profile") shown = AgentPage::ProfileJson;
    else
        return refusal(404, "no such page; the agent serves /metrics, /api/v1/info, /api/v1/stream, "
                            "/api/v1/profile and /debug/pprof/profile\n");
    for (size_t i = 0; i < request.parameters.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (request.parameters[i].first == request.parameters[j].first)
                return badRequest("query parameter '" + request.parameters[i].first + "' given twice");
    if (shown == AgentPage::Stream) return streamAnswer(request.parameters, countingInterval);
    if (shown == AgentPage::Profile || shown == AgentPage::ProfileJson)
        return profileAnswer(shown, request.path, request.parameters);
    if (!request.parameters.empty())
        return badRequest("unknown query parameter '" + request.parameters.front().first + "': this page takes none");
    AgentAnswer answer = page(shown);
    answer.format = negotiateExposition(request.accept);
    return answer;
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
