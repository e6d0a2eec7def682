// JSON reports and saved sessions, as `perfdash-cli report`, the comparison
// and the GUI's Open read them: the report reader (whole files and --json -t
// stream lines), and a session file opened for replay or listed among the
// recent sessions, which repairs an autosave cut off mid-write.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/report/ReportJsonReader.h"
#include "core/session/SessionFiles.h"

namespace {

// The session readers take a path: the input goes into a memory file that
// /proc/self/fd names, so nothing is left behind on disk.
class InputFile {
public:
    InputFile() : fd_(memfd_create("fuzz-session", 0)) {
        if (fd_ < 0) {
            std::perror("fuzz_report: memfd_create");
            std::abort();
        }
    }
    const std::string& write(const uint8_t* data, size_t size) {
        if (ftruncate(fd_, 0) != 0 || pwrite(fd_, data, size, 0) != static_cast<ssize_t>(size)) {
            std::perror("fuzz_report: writing the memory file");
            std::abort();
        }
        return path_;
    }

private:
    int fd_;
    std::string path_ = "/proc/self/fd/" + std::to_string(fd_);
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace perfdash;
    static InputFile file;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)readReportJson(text, "fuzz.json");
    (void)readReportStreamLine(text, "fuzz.json");
    const std::string& path = file.write(data, size);
    (void)openSessionFile(path);
    (void)readSessionSummary(path);
    return 0;
}
