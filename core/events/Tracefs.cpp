#include "core/events/Tracefs.h"

#include <algorithm>
#include <filesystem>

#include "core/util/Strings.h"

namespace fs = std::filesystem;

namespace perfdash {

std::vector<std::string> Tracefs::defaultRoots() { return {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"}; }

Tracefs Tracefs::locate(const std::vector<std::string>& candidates) {
    Tracefs t;
    t.candidates_ = candidates;
    for (const auto& c : candidates) {
        std::error_code ec;
        if (fs::is_directory(fs::path(c) / "events", ec)) {
            t.root_ = c;
            break;
        }
        if (ec == std::errc::permission_denied && t.unreadable_.empty()) t.unreadable_ = c;
    }
    return t;
}

std::string Tracefs::notMountedReason() const {
    if (mounted()) return {};
    if (!unreadable_.empty())
        return "tracefs at " + unreadable_ + " is not readable by this user; run as root (or give the user access, "
               "e.g. 'mount -o remount,mode=755 " + unreadable_ + "')";
    const std::string where = candidates_.empty() ? "/sys/kernel/tracing" : candidates_.front();
    return "tracefs is not mounted (looked in " + join(candidates_, ", ") + "); as root, mount it with 'mount -t tracefs nodev " +
           where + "'";
}

std::vector<std::string> Tracefs::eventNames() const {
    std::vector<std::string> names;
    if (!mounted()) return names;
    // available_events is one read instead of thousands of directory walks.
    if (auto list = readFile(root_ + "/available_events")) {
        for (auto& line : split(*list, '\n'))
            if (auto name = trim(line); !name.empty()) names.push_back(std::move(name));
    } else {
        std::error_code ec;
        for (fs::directory_iterator sys(root_ + "/events", ec), end; !ec && sys != end; sys.increment(ec)) {
            if (!sys->is_directory(ec)) continue;
            for (fs::directory_iterator ev(sys->path(), ec); !ec && ev != end; ev.increment(ec))
                if (fs::exists(ev->path() / "id", ec))
                    names.push_back(sys->path().filename().string() + ":" + ev->path().filename().string());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

namespace {
bool isPlainName(std::string_view s) {
    return !s.empty() && s.find('/') == std::string_view::npos && s != "." && s != "..";
}
} // namespace

bool Tracefs::hasEvent(std::string_view subsystem, std::string_view name) const {
    std::error_code ec;
    return mounted() && isPlainName(subsystem) && isPlainName(name) &&
           fs::exists(root_ + "/events/" + std::string(subsystem) + "/" + std::string(name) + "/id", ec);
}

Result<uint64_t> Tracefs::eventId(std::string_view subsystem, std::string_view name) const {
    const std::string tp = std::string(subsystem) + ":" + std::string(name);
    if (!mounted()) return makeError("tracepoint '" + tp + "' cannot be resolved: " + notMountedReason());
    if (!hasEvent(subsystem, name))
        return makeError("no tracepoint '" + tp + "' in " + root_ + "/events");
    const std::string path = root_ + "/events/" + std::string(subsystem) + "/" + std::string(name) + "/id";
    auto line = readFirstLine(path);
    if (!line)
        return makeError("cannot read " + path + " (tracefs needs root or the tracing group's permissions)");
    auto id = parseUnsigned(*line);
    if (!id) return makeError(path + " holds '" + *line + "', not a tracepoint id");
    return *id;
}

} // namespace perfdash
