#pragma once
// The agent's own decisions on an HTTP request, apart from the HTTP library
// that parsed it (cpp-httplib, app/cli/PrometheusCommands.cpp): the bearer
// token, the method and path, query parameters (a CPU profile's `seconds`
// and `cgroup`), and which exposition format the Accept header asks for. Pure, so the fuzz target tests/fuzz/fuzz_agent.cpp
// and the unit tests call exactly what the server calls.
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/prometheus/Exposition.h"

namespace perfdash {

struct AgentRequest {
    std::string_view method;
    std::string_view path;
    std::optional<std::string_view> authorization; // the Authorization header, if sent
    std::string_view accept;                       // the Accept header, empty if not sent
    std::vector<std::pair<std::string, std::string>> parameters; // the query parameters: name, value
    bool hasBody = false;                          // Content-Length above 0 or Transfer-Encoding sent
};

// Profile: /debug/pprof/profile (gzipped pprof); ProfileJson: /api/v1/profile, the same samples as
// perfdash's own profile JSON (a session's "profile" section), which keeps the group's formulas for the
// dashboard's Hotspots page.
enum class AgentPage { None, Metrics, Info, Stream, Profile, ProfileJson };

// /debug/pprof/profile's `seconds`: pprof's convention (Go's net/http/pprof),
// 30 when not given; at most kMaxProfileSeconds, so that one request holds
// the agent's one profile for a bounded time.
inline constexpr unsigned kDefaultProfileSeconds = 30;
inline constexpr unsigned kMaxProfileSeconds = 60;

struct AgentAnswer {
    int status = 200;
    AgentPage page = AgentPage::None; // what to answer with when status is 200
    ExpositionFormat format = ExpositionFormat::PrometheusText;
    size_t streamEvery = 1;           // Stream: how many of the agent's intervals make one line
    std::string error;                // the body of an error answer
    unsigned profileSeconds = kDefaultProfileSeconds; // Profile, ProfileJson: how long to sample
    std::string profileCgroup;        // Profile, ProfileJson: the `cgroup` asked for; "" when not given
};

// token: the agent's token (--token-file), or nullopt when none is required.
// countingInterval: the agent's own interval (--interval); the stream's
// `interval` must be a whole multiple of it, since a line joins whole
// intervals (a shorter or uneven one cannot be made from them).
// Checks in this order, so that nothing is told to a client without the
// token: 401 (no or wrong token), 405 (not GET), 413 (a body: the agent
// reads none), 404 (unknown path), 400 (a query parameter the page does not
// take, given twice, a bad interval or seconds). Whether a profile's cgroup
// is one of the agent's is the profiler's to say (it knows them).
AgentAnswer answerRequest(const AgentRequest& request, const std::optional<std::string>& token,
                          std::chrono::nanoseconds countingInterval);

// "Bearer <token>" (the scheme in any case), compared in time that depends
// on the token's length only, not on where a wrong one differs.
bool bearerTokenMatches(std::string_view authorization, std::string_view token);

// OpenMetrics when the Accept header lists application/openmetrics-text with
// a quality above 0 and not below that of text/plain; else Prometheus's text
// format, which every scraper reads.
ExpositionFormat negotiateExposition(std::string_view accept);

} // namespace perfdash
