#include "core/session/SessionJournal.h"

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
constexpr size_t kPieceBytes = size_t(1) << 20; // an autosave's writes: about 20 intervals of 64 CPUs each

// A report's head (reportHeaderToJson) on one line, ending in `"intervals":[`.
std::string headerLine(const nlohmann::ordered_json& head) {
    std::string line = head.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    // The head ends with the empty intervals; the journal's lines go between their brackets.
    line.resize(line.size() - std::string_view("]}").size());
    return line;
}

// Adds the interval as line `index` of the journal's intervals (0: the first), with its separator.
void addLine(std::string& text, size_t index, const IntervalResult& interval) {
    text += index == 0 ? "\n" : ",\n";
    text += reportIntervalToJson(interval).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
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
    if (intervals.empty()) return {};
    // Written in pieces of about kPieceBytes, each followed by the closing
    // brackets that the next one overwrites, rather than as one text of the
    // whole batch (3 s of 64 CPUs at 10 ms are 17 MB of JSON): memory stays
    // at one piece, and a kill between two pieces (a kill does not split a
    // write) still leaves a complete file. fdatasync() once, after the last.
    uint64_t end = tail_;
    std::string piece;
    const auto writePiece = [&] {
        piece += kClose;
        if (!pwriteAll(fd_, piece, end)) return false;
        end += piece.size() - kClose.size();
        piece.clear();
        return true;
    };
    bool written = true;
    size_t line = count_;
    for (size_t i = 0; i < intervals.size() && written; ++i) {
        addLine(piece, line++, intervals[i]);
        if (piece.size() >= kPieceBytes) written = writePiece();
    }
    if (written && !piece.empty()) written = writePiece();
    if (!written || ::fdatasync(fd_) != 0) {
        const std::string error = ioError(path_, "write");
        // A write cut short (a full disk) must not leave half a line: end the
        // file after the last interval saved again. Overwriting and shrinking
        // need no free space. None of the batch counts as saved: the caller
        // holds the intervals (it has them anyway) and hands them again.
        (void)pwriteAll(fd_, kClose, tail_);
        // Best effort, like the write before it: the caller hears of the first failure.
        // (A (void) cast does not silence glibc's warn_unused_result under GCC.)
        [[maybe_unused]] const int cut = ::ftruncate(fd_, static_cast<off_t>(tail_ + kClose.size()));
        return makeError(error);
    }
    tail_ = end;
    count_ = line;
    return {};
}

SessionJournal::Ending SessionJournal::prepareEnding(const MeasurementResult& result, size_t appended) {
    nlohmann::ordered_json head = reportHeaderToJson(result);
    head.erase("incomplete"); // the final file never is
    Ending ending{headerLine(head), {}, {}};
    if (appended < result.intervals.size())
        ending.newIntervals.assign(result.intervals.begin() + static_cast<std::ptrdiff_t>(appended), result.intervals.end());
    return ending;
}

Status SessionJournal::finish(Ending ending) {
    if (fd_ < 0) return makeError("session file '" + path_ + "' is already finished");
    std::string rest;
    for (size_t i = 0; i < ending.newIntervals.size(); ++i) addLine(rest, count_ + i, ending.newIntervals[i]);
    rest += "\n]";
    rest += ending.trailer;
    rest += "}\n";

    Status written = writeFileAtomically(path_, [&](int out) -> Status {
        if (!writeAll(out, ending.header) || !copyRange(fd_, intervalsBegin_, tail_, out) || !writeAll(out, rest))
            return makeError(ioError(path_, "write"));
        return {};
    });
    if (!written) return written;
    ::close(fd_);
    fd_ = -1;
    count_ += ending.newIntervals.size();
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
