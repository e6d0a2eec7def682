#include "core/report/SessionJournal.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/util/AtomicFile.h"

namespace perfdash {

namespace {

constexpr std::string_view kClose = "\n]}\n";

// A report's head (reportHeaderToJson) on one line, ending in `"intervals":[`.
std::string headerLine(const nlohmann::ordered_json& head) {
    std::string line = head.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    // The head ends with the empty intervals; the journal's lines go between their brackets.
    line.resize(line.size() - std::string_view("]}").size());
    return line;
}

std::string intervalLine(const IntervalResult& interval) {
    return reportIntervalToJson(interval).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string ioError(const std::string& path, const char* doing) {
    return "cannot " + std::string(doing) + " session file '" + path + "': " + std::strerror(errno) +
           " (check free space and that the directory is writable)";
}

bool pwriteAll(int fd, std::string_view data, uint64_t offset) {
    while (!data.empty()) {
        const ssize_t n = ::pwrite(fd, data.data(), data.size(), static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data.remove_prefix(static_cast<size_t>(n));
        offset += static_cast<uint64_t>(n);
    }
    return true;
}

// The kernel copies (no trip through our memory); pread/write where it cannot.
bool copyRange(int from, uint64_t begin, uint64_t end, int to) {
    loff_t offset = static_cast<loff_t>(begin);
    while (static_cast<uint64_t>(offset) < end) {
        const ssize_t n = ::copy_file_range(from, &offset, to, nullptr, end - static_cast<uint64_t>(offset), 0);
        if (n > 0 || (n < 0 && errno == EINTR)) continue;
        if (n == 0) { // the file ends before what we wrote: something else changed it
            errno = EIO;
            return false;
        }
        if (errno != EXDEV && errno != ENOSYS && errno != EINVAL && errno != EOPNOTSUPP) return false;
        std::string buffer(size_t(1) << 20, '\0');
        while (static_cast<uint64_t>(offset) < end) {
            const size_t want = static_cast<size_t>(std::min<uint64_t>(buffer.size(), end - static_cast<uint64_t>(offset)));
            const ssize_t r = ::pread(from, buffer.data(), want, offset);
            if (r < 0 && errno == EINTR) continue;
            if (r == 0) errno = EIO;
            if (r <= 0 || !writeAll(to, std::string_view(buffer.data(), static_cast<size_t>(r)))) return false;
            offset += r;
        }
    }
    return true;
}

} // namespace

SessionJournal::SessionJournal(std::string path, int fd, uint64_t intervalsBegin)
    : path_(std::move(path)), fd_(fd), intervalsBegin_(intervalsBegin), tail_(intervalsBegin) {}

SessionJournal::~SessionJournal() {
    if (fd_ >= 0) ::close(fd_);
}

Result<std::unique_ptr<SessionJournal>> SessionJournal::create(const std::string& path, MeasurementResult header) {
    header.intervals.clear();
    header.groups.clear();
    header.durationS = 0;
    header.incomplete = true;
    header.version = PERFDASH_VERSION; // this perfdash measures it
    const std::string line = headerLine(reportHeaderToJson(header));
    if (Status written = writeFileAtomically(path, line + std::string(kClose)); !written) return written.error();
    const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) return makeError(ioError(path, "open"));
    return std::unique_ptr<SessionJournal>(new SessionJournal(path, fd, line.size()));
}

Status SessionJournal::append(const std::vector<IntervalResult>& intervals) {
    if (fd_ < 0) return makeError("session file '" + path_ + "' is already finished");
    for (const auto& interval : intervals) {
        unsaved_ += (count_ + unsavedCount_ == 0 ? "\n" : ",\n") + intervalLine(interval);
        ++unsavedCount_;
    }
    if (unsaved_.empty()) return {};
    if (!pwriteAll(fd_, unsaved_ + std::string(kClose), tail_) || ::fdatasync(fd_) != 0) {
        const std::string error = ioError(path_, "write");
        // A write cut short (a full disk) must not leave half a line: end the
        // file after the last interval saved again. Overwriting and shrinking
        // need no free space.
        (void)pwriteAll(fd_, kClose, tail_);
        // Best effort, like the write before it: the caller hears of the first failure.
        // (A (void) cast does not silence glibc's warn_unused_result under GCC.)
        [[maybe_unused]] const int cut = ::ftruncate(fd_, static_cast<off_t>(tail_ + kClose.size()));
        return makeError(error + "; the " + std::to_string(unsavedCount_) +
                         " unsaved intervals are kept for the next save");
    }
    tail_ += unsaved_.size();
    count_ += unsavedCount_;
    unsaved_.clear();
    unsavedCount_ = 0;
    return {};
}

SessionJournal::Ending SessionJournal::prepareEnding(const MeasurementResult& result, size_t appended) {
    nlohmann::ordered_json head = reportHeaderToJson(result);
    head.erase("incomplete"); // the final file never is
    Ending ending{headerLine(head), {}};
    if (appended < result.intervals.size())
        ending.newIntervals.assign(result.intervals.begin() + static_cast<std::ptrdiff_t>(appended), result.intervals.end());
    return ending;
}

Status SessionJournal::finish(Ending ending) {
    if (fd_ < 0) return makeError("session file '" + path_ + "' is already finished");
    std::string rest = unsaved_;
    const size_t before = count_ + unsavedCount_;
    for (size_t i = 0; i < ending.newIntervals.size(); ++i)
        rest += (before + i == 0 ? "\n" : ",\n") + intervalLine(ending.newIntervals[i]);
    rest += kClose;

    Status written = writeFileAtomically(path_, [&](int out) -> Status {
        if (!writeAll(out, ending.header) || !copyRange(fd_, intervalsBegin_, tail_, out) || !writeAll(out, rest))
            return makeError(ioError(path_, "write"));
        return {};
    });
    if (!written) return written;
    ::close(fd_);
    fd_ = -1;
    count_ = before + ending.newIntervals.size();
    unsaved_.clear();
    unsavedCount_ = 0;
    return {};
}

Result<std::vector<IntervalResult>> SessionJournal::readSaved(const std::string& path, uint64_t savedBytes) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return makeError(ioError(path, "open"));
    std::string text(static_cast<size_t>(savedBytes), '\0');
    size_t got = 0;
    while (got < text.size()) {
        const ssize_t n = ::pread(fd, text.data() + got, text.size() - got, static_cast<off_t>(got));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += static_cast<size_t>(n);
    }
    ::close(fd);
    if (got < text.size())
        return makeError("session file '" + path + "' is shorter than what was saved in it (" + std::to_string(got) +
                         " of " + std::to_string(savedBytes) + " bytes): something else changed or removed it");
    text += kClose;
    auto saved = readReportJson(text, path);
    if (!saved) return saved.error();
    return std::move(saved->intervals);
}

} // namespace perfdash
