#pragma once
// The file of a session that is still running. It is a JSON report from the
// first moment (marked "incomplete"), and it grows as intervals arrive:
//
//   {"type":"report",...,"incomplete":true,...,"groups":[],"intervals":[   header, one line
//   {"t":0.01,...},                                                         one line per interval
//   {"t":0.02,...}
//   ]}
//
// An autosave serializes only the new intervals and writes them with one
// pwrite() over the closing "]}" (which the same write puts back after them),
// then fdatasync(): its cost depends on the new intervals, not on the hours
// already saved, and a killed program leaves a complete file (a kill does
// not split a write to a regular file). Only a power cut during a write can
// leave a partial last line, which openSessionFile() drops. The header is
// written once, so duration and totals are rebuilt from the intervals when
// an incomplete file is opened. finish() replaces the file atomically with
// the finished report, copying the saved intervals inside the kernel.
//
// Not thread-safe: one thread (the recorder's writer) calls everything.
#include <memory>
#include <string>
#include <vector>

#include "core/result/MeasurementResult.h"
#include "core/util/Outcome.h"

namespace perfdash {

class SessionJournal {
public:
    // Writes `header` (its intervals, groups and duration are left out; the
    // version is this perfdash's) as a report without intervals, marked
    // incomplete, atomically at `path`.
    static Result<std::unique_ptr<SessionJournal>> create(const std::string& path, MeasurementResult header);
    ~SessionJournal();
    SessionJournal(const SessionJournal&) = delete;
    SessionJournal& operator=(const SessionJournal&) = delete;

    // Saves the intervals after those saved so far, all or none. When the
    // write fails (a full disk), the file is left ending after the last
    // interval saved and none of `intervals` is saved; the journal keeps no
    // copy of them (the caller has them, as objects, for its own use): the
    // caller hands them again, before any later ones, to append() or finish().
    // The error names the file and the cause, not what becomes of the
    // intervals, which only the caller knows.
    Status append(const std::vector<IntervalResult>& intervals);

    // What the finished report needs of a result: its head (everything but
    // the timeline) and the intervals of result.intervals beyond the first
    // `appended` (a result that kept every interval repeats the ones appended;
    // one that kept none adds nothing). Taken without copying the timeline,
    // so a GUI can take it on its own thread and finish on the writer's.
    // `appended` counts the intervals the result's holder handed to the journal
    // (saved) or keeps itself to hand again (not saved yet).
    struct Ending {
        std::string header; // one line, ending in "intervals":[
        std::vector<IntervalResult> newIntervals;
        // Members the report gains after its intervals, each with its leading
        // comma (`,"profile":{...}`): what only the run's end knows, such as its samples.
        std::string trailer;
    };
    static Ending prepareEnding(const MeasurementResult& result, size_t appended);

    // Replaces the file atomically by the finished report: the ending's head,
    // the intervals saved so far, then the ending's new ones. After this the journal takes no more intervals. When it fails,
    // the file stays the incomplete session it was.
    Status finish(Ending ending);
    Status finish(const MeasurementResult& result) { return finish(prepareEnding(result, count_)); }

    const std::string& path() const { return path_; }
    size_t intervalCount() const { return count_; } // saved in the file
    // How many bytes at the file's start hold its header and the intervals
    // saved so far. append() writes only beyond them, so another thread can
    // read them (readSaved) while this one goes on appending.
    uint64_t savedBytes() const { return tail_; }

    // The intervals in the first `savedBytes` bytes of the journal at `path`
    // (savedBytes() when they were saved); an error names the file.
    static Result<std::vector<IntervalResult>> readSaved(const std::string& path, uint64_t savedBytes);

private:
    SessionJournal(std::string path, int fd, uint64_t intervalsBegin);

    std::string path_;
    int fd_ = -1;
    uint64_t intervalsBegin_ = 0; // just after the header's "intervals":[
    uint64_t tail_ = 0;           // where the closing "\n]}\n" starts
    size_t count_ = 0;
};

} // namespace perfdash
