#pragma once
// A perf.data file as `perf record` writes it, in file mode (a header with
// the attrs, the data section, the feature sections after it) or pipe mode
// (`perf record -o -`: a short header, then the attrs and features as
// records of the stream). The kernel's records are parsed by
// core/sampling's RecordParser, the one parser of them, with the layout of
// the event each belongs to, and handed on in time order: records between
// two FINISHED_ROUND records may be out of order across CPUs, and are held
// until the round after (perf's own rule). COMPRESSED records (`-z`) are
// decompressed (ZstdStream) and read as if they were in the file.
//
// Every length is checked before it is used: a damaged file gives an error
// naming the file, the offset and the record, and the fix, never a read past
// the bytes. A round is held whole, however long, up to a limit (64 MiB of
// records by default, setHoldLimit; a record is held as its bytes, and
// parsed only as it goes on): a file written without
// FINISHED_ROUND records, or one long round, then goes on by halves, the
// earliest records first. The CPUs' buffers are out of order by one
// buffer's worth at most, far less than half the limit, so the order stays
// exact in practice; any record that still comes after a later one went on
// is counted, and orderingWarning() says so. Records perfdash has no use for are counted by type; those that
// carry data a profile would need but perfdash does not decode (AUX and
// processor trace, tracing data, types it does not know) are counted apart
// as skipped, for the report to say.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/perfdata/PerfDataInfo.h"
#include "core/sampling/PerfRecord.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct RecordTally {
    std::map<std::string, uint64_t> byType;  // every record read, by its type's name
    std::map<std::string, uint64_t> skipped; // records not decoded, by "TYPE (why)"
    uint64_t lostSamples = 0;                // LOST and LOST_SAMPLES: samples the kernel dropped
    uint64_t releasedEarly = 0; // times the held records reached the reader's limit before a FINISHED_ROUND
    uint64_t outOfOrder = 0;    // records that came after a later one had gone on, and went on late
    uint64_t total() const;
    uint64_t skippedTotal() const;
};

// Whether `bytes` begin as a perf.data file of either mode does ("PERFILE2").
bool looksLikePerfData(std::span<const std::byte> bytes);
// Whether the file at `path` does (false where it cannot be read).
bool isPerfDataFile(const std::string& path);
// A whole file, or standard input for "-"; the error names the file and why.
Result<std::vector<std::byte>> readWholeFile(const std::string& path);

class PerfDataReader {
public:
    // Reads the header (and, in file mode, the attrs and the features) of
    // `bytes`, the whole file; `name` is the file's, for errors.
    static Result<std::unique_ptr<PerfDataReader>> open(std::vector<std::byte> bytes, std::string name);
    // The file at `path` ("-": standard input). A regular file is mapped,
    // not read: read() hands the data section's pages back to the kernel as
    // it goes, so that a file of a million samples does not stay resident.
    static Result<std::unique_ptr<PerfDataReader>> openFile(const std::string& path);
    ~PerfDataReader();

    // Hands every kernel record to `sink` in time order. In pipe mode the
    // attrs and features arrive as it goes, so info() is complete only after
    // the first record the sink gets (perf sends them first) or the end.
    Status read(const std::function<void(PerfRecord&&)>& sink);

    const PerfDataInfo& info() const { return info_; }
    const RecordTally& tally() const { return tally_; }
    const std::string& name() const { return name_; }
    // What the records waiting for their round may take in memory (about):
    // beyond it, the earliest half goes on without a FINISHED_ROUND.
    static constexpr size_t kDefaultHoldLimit = size_t(64) << 20;
    // What a record waiting for its round takes beside its own bytes (it is
    // held as those bytes, and parsed as it goes on).
    static constexpr size_t kHeldRecordOverhead = 48;
    void setHoldLimit(size_t bytes) { holdLimit_ = bytes; }
    // Says when the limit was reached and what that did to the order; "" where it never was.
    std::string orderingWarning() const;
    // The event a sample is of (index into info().events), -1 where unknown.
    int eventOf(const SampleRecord& sample) const;

private:
    PerfDataReader(std::vector<std::byte> bytes, std::string name);
    PerfDataReader(std::span<const std::byte> mapped, std::string name);
    static Result<std::unique_ptr<PerfDataReader>> start(std::unique_ptr<PerfDataReader> reader);
    struct Impl;
    std::vector<std::byte> owned_;     // the bytes, where they were read
    std::span<const std::byte> bytes_; // owned_, or the file's mapping
    bool mapped_ = false;
    std::string name_;
    PerfDataInfo info_;
    RecordTally tally_;
    size_t holdLimit_ = kDefaultHoldLimit;
    std::unique_ptr<Impl> impl_;
};

} // namespace perfdash
