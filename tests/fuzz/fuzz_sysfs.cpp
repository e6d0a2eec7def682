// A kernel PMU's sysfs directory: its format/ files (which attr bits each
// term fills), events/ files (named events, their .scale and .unit), type and
// cpumask, then an event of that PMU resolved through them. The input is a
// small directory listing, one file per section:
//
//   @format/event        the lines up to the next '@' line are the file
//   config:0-7
//   @events/cycles
//   event=0x3c
//   @terms               not a file: what stands between the slashes of "fz/.../"
//   cycles,umask=1
//
// The files are written to a temporary sysfs tree and read as perfdash reads
// /sys; names with anything but [A-Za-z0-9_.-] are left out.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "core/events/EventResolver.h"

namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxFiles = 64;

class TempSysfs {
public:
    TempSysfs() {
        // In memory where it can be: creating files on a disk's file system costs more than parsing them.
        std::error_code ec;
        const fs::path base = fs::is_directory("/dev/shm", ec) ? fs::path("/dev/shm") : fs::temp_directory_path();
        std::string pattern = (base / "perfdash-fuzz-sysfs.XXXXXX").string();
        if (!mkdtemp(pattern.data())) {
            std::perror("fuzz_sysfs: mkdtemp");
            std::abort();
        }
        root_ = pattern;
    }
    ~TempSysfs() {
        std::error_code ec;
        fs::remove_all(root_, ec);
    }
    const fs::path& root() const { return root_; }
    fs::path pmuDir() const { return root_ / "bus/event_source/devices/fz"; }

private:
    fs::path root_;
};

bool isSafeName(std::string_view name) {
    if (name.empty() || name == "." || name == "..") return false;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != '-') return false;
    return true;
}

// "format/event", "events/x.scale", "type", "cpumask"; empty if not a file this PMU may have.
std::string pmuFile(std::string_view name) {
    for (std::string_view dir : {"format/", "events/"})
        if (name.substr(0, dir.size()) == dir && isSafeName(name.substr(dir.size()))) return std::string(name);
    if (name == "type" || name == "cpumask") return std::string(name);
    return {};
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace perfdash;
    static TempSysfs tree;
    const fs::path dir = tree.pmuDir();
    fs::remove_all(dir);
    fs::create_directories(dir / "format");
    fs::create_directories(dir / "events");
    std::ofstream(dir / "type") << "42\n"; // unless the input has its own

    std::string terms, content, file; // file: where `content` goes; empty: nowhere
    std::string* sink = &content;
    size_t files = 0;
    auto endSection = [&] {
        if (!file.empty()) std::ofstream(dir / file, std::ios::trunc | std::ios::binary) << content;
        file.clear();
        content.clear();
        sink = &content;
    };
    std::string_view text(reinterpret_cast<const char*>(data), size);
    while (!text.empty()) {
        const size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (line.empty() || line[0] != '@') {
            sink->append(line).append("\n");
            continue;
        }
        endSection();
        if (line == "@terms") sink = &terms;
        else if (files < kMaxFiles && !(file = pmuFile(line.substr(1))).empty()) ++files;
    }
    endSection();
    if (!terms.empty()) terms.pop_back(); // the section's last '\n'

    const EventResolver resolver(EventPaths{tree.root().string(), {}});
    (void)resolver.resolve("fz/" + terms + "/");
    if (const SysfsPmu* pmu = resolver.pmus().find("fz")) {
        for (const auto& event : pmu->events) (void)resolver.resolve("fz/" + event.name + "/u");
        for (const auto& format : pmu->formats) (void)format.describe();
    }
    return 0;
}
