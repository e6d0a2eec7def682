#include "core/measurement/MarkerTransitions.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "core/util/Strings.h"
#include "core/util/SystemError.h"

namespace perfdash {

namespace {

// "b TID NS NAME": NAME has no white space (the library refuses such names).
bool parseLine(std::string_view line, MarkerTransition& t) {
    const auto fields = split(line, ' ', true);
    if (fields.size() != 4 || (fields[0] != "b" && fields[0] != "e") || fields[3].empty()) return false;
    const auto tid = parseSigned(fields[1]);
    const auto time = parseUnsigned(fields[2]);
    if (!tid || *tid <= 0 || *tid > INT32_MAX || !time || fields[2].front() < '0' || fields[2].front() > '9') return false;
    t.start = fields[0] == "b";
    t.tid = static_cast<int>(*tid);
    t.timeNs = *time;
    t.region = fields[3];
    return true;
}

} // namespace

size_t parseMarkerTransitions(std::string_view text, std::vector<MarkerTransition>& out) {
    size_t malformed = 0;
    while (!text.empty()) {
        const size_t newline = text.find('\n');
        const std::string_view line = text.substr(0, newline);
        text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
        MarkerTransition t;
        if (parseLine(line, t)) out.push_back(std::move(t));
        else ++malformed;
    }
    return malformed;
}

Result<MarkerTransitionsReader> MarkerTransitionsReader::open(const std::string& path) {
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd)
        return makeError("cannot read the marker's region transitions file " + path + " (" + systemErrorText(errno) +
                         "); set TMPDIR to a directory this user can read and write");
    return MarkerTransitionsReader(std::move(fd));
}

std::vector<MarkerTransition> MarkerTransitionsReader::readNew() {
    std::vector<MarkerTransition> out;
    std::string text;
    char buffer[65536];
    for (ssize_t n; (n = ::pread(fd_.get(), buffer, sizeof buffer, static_cast<off_t>(offset_ + text.size()))) > 0;)
        text.append(buffer, static_cast<size_t>(n));
    const size_t complete = text.rfind('\n');
    if (complete == std::string::npos) return out;
    malformed_ += parseMarkerTransitions(std::string_view(text).substr(0, complete + 1), out);
    offset_ += complete + 1;
    return out;
}

} // namespace perfdash
