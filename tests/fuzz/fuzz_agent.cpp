// The agent's own request handling (core/prometheus/AgentRequest.h), on what
// cpp-httplib hands it: method, path, Authorization and Accept headers and
// query parameters (NAME=VALUE), one per line of the input (parameters from
// the fifth line on). The token check is compared with a plain reference; a 200
// must name a page, and nothing but 401 may reach a client without the token.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/prometheus/AgentRequest.h"

namespace {

const std::string kToken = "fuzz-token";

bool referenceMatch(std::string_view authorization) {
    if (authorization.size() != 7 + kToken.size()) return false;
    std::string scheme(authorization.substr(0, 7));
    for (char& c : scheme) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    return scheme == "bearer " && authorization.substr(7) == kToken;
}

[[noreturn]] void finding(const char* what) {
    std::fprintf(stderr, "fuzz_agent: %s\n", what);
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace perfdash;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string_view> lines;
    for (size_t start = 0; start <= text.size();) {
        const size_t end = std::min(text.find('\n', start), text.size());
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    lines.resize(std::max<size_t>(lines.size(), 4));
    AgentRequest request;
    request.method = lines[0];
    request.path = lines[1];
    request.authorization = lines[2];
    request.accept = lines[3];
    request.hasBody = size % 2 == 1;
    for (size_t i = 4; i < lines.size(); ++i) {
        const size_t equals = std::min(lines[i].find('='), lines[i].size());
        request.parameters.emplace_back(std::string(lines[i].substr(0, equals)),
                                        std::string(lines[i].substr(std::min(equals + 1, lines[i].size()))));
    }

    if (bearerTokenMatches(lines[2], kToken) != referenceMatch(lines[2])) finding("the token check disagrees");
    (void)negotiateExposition(lines[3]);
    const AgentAnswer guarded = answerRequest(request, kToken, std::chrono::seconds(1));
    if (!referenceMatch(lines[2]) && guarded.status != 401) finding("a request without the token got past 401");
    if (guarded.status == 200 && guarded.page == AgentPage::None) finding("a 200 without a page");
    if (guarded.status != 200 && guarded.error.empty()) finding("an error without a message");
    const AgentAnswer open = answerRequest(request, std::nullopt, std::chrono::milliseconds(250));
    if (open.status == 200 && open.page == AgentPage::Stream && open.streamEvery == 0) finding("a stream of no intervals");
    if (open.status == 401) finding("401 without a token to check");
    if (open.status == 200 && open.page == AgentPage::Profile &&
        (open.profileSeconds < 1 || open.profileSeconds > kMaxProfileSeconds))
        finding("a profile of seconds out of range");
    return 0;
}
