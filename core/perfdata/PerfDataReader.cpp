#include "core/perfdata/PerfDataReader.h"

#include <array>
#include <cctype>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>
#include <deque>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <utility>

#include "core/perfdata/PerfDataFeatures.h"
#include "core/perfdata/PerfDataFormat.h"
#include "core/perfdata/ZstdStream.h"
#include "core/sampling/FieldReader.h"
#include "core/sampling/RecordOrdering.h"
#include "core/sampling/RecordParser.h"
#include "core/sampling/SampleLayout.h"
#include "core/util/Strings.h"
#include "core/util/SystemError.h"

namespace perfdash {

using namespace perfdata;

namespace {

// The sample_type bits of the sample_id trailer every non-SAMPLE record
// carries: all the parser needs of the attr for those records, whatever else
// the samples hold.
constexpr uint64_t kSampleIdBits = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID |
                                   PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER;
// perf writes at most a ring buffer's worth per COMPRESSED record; far above it, a frame is not perf's.
constexpr size_t kMaxDecompressed = size_t(256) << 20;

constexpr const char* kRecordAgain = "record it again with perf record";

std::string userTypeName(uint32_t type) {
    switch (type) {
    case kHeaderAttr: return "HEADER_ATTR";
    case kHeaderEventType: return "HEADER_EVENT_TYPE";
    case kHeaderTracingData: return "HEADER_TRACING_DATA";
    case kHeaderBuildId: return "HEADER_BUILD_ID";
    case kFinishedRound: return "FINISHED_ROUND";
    case kIdIndex: return "ID_INDEX";
    case kAuxtraceInfo: return "AUXTRACE_INFO";
    case kAuxtrace: return "AUXTRACE";
    case kAuxtraceError: return "AUXTRACE_ERROR";
    case kThreadMap: return "THREAD_MAP";
    case kCpuMap: return "CPU_MAP";
    case kStatConfig: return "STAT_CONFIG";
    case kStat: return "STAT";
    case kStatRound: return "STAT_ROUND";
    case kEventUpdate: return "EVENT_UPDATE";
    case kTimeConv: return "TIME_CONV";
    case kHeaderFeature: return "HEADER_FEATURE";
    case kCompressed: return "COMPRESSED";
    case kFinishedInit: return "FINISHED_INIT";
    case kCompressed2: return "COMPRESSED";
    default: return recordTypeName(type);
    }
}

// Why a record type that carries data is not decoded; empty for the types
// perfdash reads or has no use for.
const char* whySkipped(uint32_t type) {
    switch (type) {
    case PERF_RECORD_AUX:
    case PERF_RECORD_ITRACE_START:
    case kAuxtraceInfo:
    case kAuxtrace:
    case kAuxtraceError: return "AUX area and processor trace data (Intel PT, CoreSight) are not decoded";
    case kHeaderTracingData: return "tracepoint formats are not read";
    case PERF_RECORD_KSYMBOL:
    case PERF_RECORD_BPF_EVENT: return "BPF and JIT kernel symbols are not read";
    case kStatConfig:
    case kStat:
    case kStatRound: return "perf stat's counts are not read";
    default: break;
    }
    switch (type) {
    case PERF_RECORD_SAMPLE: case PERF_RECORD_MMAP: case PERF_RECORD_MMAP2: case PERF_RECORD_COMM:
    case PERF_RECORD_FORK: case PERF_RECORD_EXIT: case PERF_RECORD_LOST: case PERF_RECORD_LOST_SAMPLES:
    case PERF_RECORD_THROTTLE: case PERF_RECORD_UNTHROTTLE: case PERF_RECORD_SWITCH:
    case PERF_RECORD_SWITCH_CPU_WIDE: case PERF_RECORD_READ: case PERF_RECORD_NAMESPACES:
    case PERF_RECORD_CGROUP: case PERF_RECORD_TEXT_POKE:
    case kHeaderAttr: case kHeaderEventType: case kHeaderBuildId: case kFinishedRound: case kIdIndex:
    case kThreadMap: case kCpuMap: case kEventUpdate: case kTimeConv: case kHeaderFeature: case kCompressed:
    case kFinishedInit: case kCompressed2: return "";
    default: return "a record type perfdash does not know";
    }
}

} // namespace

uint64_t RecordTally::total() const {
    uint64_t n = 0;
    for (const auto& [type, count] : byType) n += count;
    return n;
}

uint64_t RecordTally::skippedTotal() const {
    uint64_t n = 0;
    for (const auto& [why, count] : skipped) n += count;
    return n;
}

bool looksLikePerfData(std::span<const std::byte> bytes) {
    return bytes.size() >= 8 && std::memcmp(bytes.data(), kMagicText, 8) == 0;
}

bool isPerfDataFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    char magic[8] = {};
    return in.read(magic, sizeof magic) && std::memcmp(magic, kMagicText, 8) == 0;
}

Result<std::vector<std::byte>> readWholeFile(const std::string& path) {
    std::vector<std::byte> bytes;
    auto slurp = [&](std::istream& in) {
        std::vector<char> chunk(size_t(1) << 20);
        while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
            const auto* first = reinterpret_cast<const std::byte*>(chunk.data());
            bytes.insert(bytes.end(), first, first + in.gcount());
        }
        return !in.bad();
    };
    if (path == "-") {
        if (!slurp(std::cin)) return makeError("standard input could not be read: " + systemErrorText(errno));
        return bytes;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return makeError(path + " cannot be opened: " + systemErrorText(errno));
    if (!slurp(in)) return makeError(path + " could not be read: " + systemErrorText(errno));
    return bytes;
}

struct PerfDataReader::Impl {
    PerfDataReader& self;
    size_t dataBegin = 0; // the first record's offset
    size_t dataEnd = 0;
    std::vector<std::optional<SampleLayout>> layouts; // per event; none where the parser cannot read its samples
    std::vector<std::string> layoutProblems;
    SampleLayout sideBand; // the sample_id trailer of every other record
    // A record as its bytes, held for its round and parsed only as it goes
    // on: a sample's parsed value is several times its bytes, and moving it
    // in and out of the round costs more than its parse.
    struct RawRecord {
        const std::byte* data;
        uint32_t size;
        int32_t event;  // the event whose layout a SAMPLE is parsed with; -1: another record (sideBand)
        size_t offset;  // in the file, for errors
        uint64_t chunk; // the decompressed bytes holding it (chunks); 0: the file's own
    };
    // Its time and size beside it in the ordering: what the header promises.
    static_assert(sizeof(RawRecord) + 2 * sizeof(uint64_t) == kHeldRecordOverhead);
    TimeOrdering<RawRecord> ordering;
    Status failed; // the first record that could not be parsed as it went on; none go on after it
    uint64_t maxTime = 0;  // the latest time read so far
    uint64_t flushTo = 0;  // what the next FINISHED_ROUND may release: the latest time at the round before
    uint64_t releasedEarlyTo = 0; // the latest time that went on before its round, at the hold limit
    ZstdStream zstd;
    std::vector<std::byte> inflated; // decompressed bytes not yet read (a record may continue in the next COMPRESSED)
    // Decompressed bytes that held records point into, by number, until the
    // records held longest are all past them.
    std::deque<std::pair<uint64_t, std::vector<std::byte>>> chunks;
    uint64_t chunkCount = 0;
    uint64_t chunk = 0; // the number of the bytes being read; 0: the file's
    const std::function<void(PerfRecord&&)>* sink = nullptr;
    // Records read by type, below kTypesCounted, summed into the tally's
    // names at the end: a name per record would cost more than its parse.
    static constexpr uint32_t kTypesCounted = 128;
    std::array<uint64_t, kTypesCounted> typeCounts{};
    size_t givenBack = 0; // a mapped file's bytes below this are no longer resident

    explicit Impl(PerfDataReader& reader) : self(reader) {}

    std::string at(size_t offset) const { return self.name_ + ": at offset " + std::to_string(offset); }
    Error damaged(size_t offset, const std::string& what) const {
        return Error{at(offset) + ", " + what + ": the file is damaged or truncated; " + kRecordAgain};
    }

    Status readFileHeader();
    Status readPipeHeader();
    Status readFeatures(const std::byte* bits, size_t offset);
    Status eventsChanged();
    Status readStream(std::span<const std::byte> bytes, size_t base, bool compressed);
    Status readRecord(std::span<const std::byte> record, size_t offset, std::span<const std::byte> following,
                      size_t& extra, bool compressed);
    Status readKernelRecord(std::span<const std::byte> record, size_t offset, uint32_t type);
    Status readAttrRecord(std::span<const std::byte> record, size_t offset);
    Status readCompressed(std::span<const std::byte> record, size_t offset, bool sized);
    Error parseError(size_t offset, const Error& error) const;
    // The record parsed and handed to the sink.
    void deliver(RawRecord&& raw);
    // Hands on the `count` earliest records stamped before `before`; returns
    // the last one's time, and the first record that failed to parse in `failed`.
    uint64_t release(uint64_t before, size_t count);
    // The records below `offset` of a mapped file are read and none of them
    // is held any longer: their pages go back to the kernel every few MiB,
    // so that what the file keeps resident is a window, not the file.
    void giveBack(size_t offset) {
        constexpr size_t kEvery = size_t(8) << 20;
        if (const RawRecord* oldest = ordering.oldest(); oldest && oldest->chunk == 0)
            offset = std::min(offset, oldest->offset);
        if (!self.mapped_ || offset < givenBack || offset - givenBack < kEvery) return;
        static const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
        const size_t end = offset / page * page;
        auto* base = const_cast<std::byte*>(self.bytes_.data());
        if (end > givenBack) ::madvise(base + givenBack, end - givenBack, MADV_DONTNEED);
        givenBack = end;
    }
    void countType(uint32_t type) {
        if (type < kTypesCounted) ++typeCounts[type];
        else ++self.tally_.byType[userTypeName(type)];
    }
    void tallyTypes() {
        for (uint32_t type = 0; type < kTypesCounted; ++type)
            if (typeCounts[type]) self.tally_.byType[userTypeName(type)] += std::exchange(typeCounts[type], 0);
    }
};

Status PerfDataReader::Impl::readFileHeader() {
    const std::span<const std::byte> b = self.bytes_;
    FieldReader r(b, 0, b.size(), self.name_ + ": its header");
    r.u64("magic");
    const uint64_t headerSize = r.u64("header size");
    const uint64_t attrEntry = r.u64("attr size");
    const uint64_t attrsOffset = r.u64("attrs offset"), attrsSize = r.u64("attrs size");
    const uint64_t dataOffset = r.u64("data offset"), dataSize = r.u64("data size");
    r.skip(16, "event types section");
    std::byte bits[32];
    r.copy(bits, sizeof bits, "feature bits");
    if (r.failed()) return makeError(r.error() + ": the file is truncated; " + kRecordAgain);
    if (headerSize < kFileHeaderBytes)
        return makeError(self.name_ + ": its header says it is " + std::to_string(headerSize) + " bytes, less than the " +
                         std::to_string(kFileHeaderBytes) + " of perf's file header: the file is damaged; " + kRecordAgain);
    auto section = [&](uint64_t offset, uint64_t size, const char* what) -> Status {
        if (offset > b.size() || size > b.size() - offset)
            return makeError(self.name_ + ": its " + what + " section (offset " + std::to_string(offset) + ", " +
                             std::to_string(size) + " bytes) runs past the file's end at " + std::to_string(b.size()) +
                             " bytes: the file is truncated (was perf record killed?); " + kRecordAgain);
        return {};
    };
    if (Status s = section(attrsOffset, attrsSize, "attrs"); !s) return s;
    if (Status s = section(dataOffset, dataSize, "data"); !s) return s;
    // Each attrs entry: a perf_event_attr of the file's size, then the {offset, size} of its ids.
    if (attrEntry < PERF_ATTR_SIZE_VER0 + 16 || attrEntry > 4096 || attrsSize % attrEntry != 0)
        return makeError(self.name_ + ": its attr size " + std::to_string(attrEntry) + " does not fit its attrs section of " +
                         std::to_string(attrsSize) + " bytes (each entry is a perf_event_attr and 16 bytes of ids): the "
                         "file is damaged; " + kRecordAgain);
    for (uint64_t e = 0; e < attrsSize / attrEntry; ++e) {
        const size_t entry = attrsOffset + e * attrEntry;
        FieldReader a(b, entry, entry + attrEntry, at(entry) + ", attr " + std::to_string(e));
        PerfDataEvent event;
        event.attr = readAttr(a, attrEntry - 16);
        const uint64_t idsOffset = a.u64("ids offset"), idsSize = a.u64("ids size");
        if (a.failed()) return makeError(a.error());
        if (event.attr.size != attrEntry - 16)
            return makeError(at(entry) + ", attr " + std::to_string(e) + " says it is " + std::to_string(event.attr.size) +
                             " bytes, but the header gives each attr " + std::to_string(attrEntry - 16) +
                             ": the file is damaged; " + kRecordAgain);
        if (Status s = section(idsOffset, idsSize, "ids"); !s) return s;
        FieldReader ids(b, idsOffset, idsOffset + idsSize, at(idsOffset) + ", the ids of attr " + std::to_string(e));
        event.ids = ids.u64s(idsSize / 8, "ids");
        if (ids.failed()) return makeError(ids.error());
        event.name = nameOfAttr(event.attr);
        self.info_.events.push_back(std::move(event));
    }
    dataBegin = dataOffset;
    dataEnd = dataOffset + dataSize;
    if (Status s = readFeatures(bits, dataEnd); !s) return s;
    return eventsChanged();
}

// The sections of the features whose bits are set, one {offset, size} each
// in bit order, right after the data.
Status PerfDataReader::Impl::readFeatures(const std::byte* bits, size_t offset) {
    const std::span<const std::byte> b = self.bytes_;
    for (uint32_t f = 0; f < kFeatureBits; ++f) {
        if (!((static_cast<unsigned>(bits[f / 8]) >> (f % 8)) & 1)) continue;
        FieldReader r(b, offset, b.size(), at(offset) + ", the section table of the features");
        const uint64_t sectionOffset = r.u64("offset"), sectionSize = r.u64("size");
        if (r.failed()) return makeError(r.error() + ": the file is truncated; " + kRecordAgain);
        offset += 16;
        const std::string where = at(sectionOffset) + ", feature " + featureName(f);
        if (sectionOffset > b.size() || sectionSize > b.size() - sectionOffset)
            return makeError(where + " (" + std::to_string(sectionSize) + " bytes) runs past the file's end: the file is "
                             "truncated; " + kRecordAgain);
        if (Status s = readFeature(f, std::span(b).subspan(sectionOffset, sectionSize), where, self.info_); !s) return s;
    }
    return {};
}

Status PerfDataReader::Impl::readPipeHeader() {
    FieldReader r(self.bytes_, 0, self.bytes_.size(), self.name_ + ": its header");
    r.u64("magic");
    const uint64_t size = r.u64("header size");
    if (r.failed()) return makeError(r.error() + ": the file is truncated; " + kRecordAgain);
    if (size != kPipeHeaderBytes) return makeError(self.name_ + ": its header says " + std::to_string(size) + " bytes, "
                                                   "neither perf's file header nor its pipe header: the file is damaged; " +
                                                   kRecordAgain);
    self.info_.pipe = true;
    dataBegin = kPipeHeaderBytes;
    dataEnd = self.bytes_.size();
    return {};
}

// The attrs are known (or more came): index their ids and work out the
// layout each event's records are parsed with.
Status PerfDataReader::Impl::eventsChanged() {
    auto& events = self.info_.events;
    self.info_.indexIds();
    layouts.clear();
    layoutProblems.clear();
    for (const PerfDataEvent& e : events) {
        auto layout = SampleLayout::of(e.attr);
        layouts.push_back(layout ? std::optional(*layout) : std::nullopt);
        layoutProblems.push_back(layout ? "" : layout.error().message);
    }
    if (!events.empty()) {
        sideBand = SampleLayout{};
        sideBand.sampleType = events.front().attr.sample_type & kSampleIdBits;
        sideBand.sampleIdAll = events.front().attr.sample_id_all;
    }
    return {};
}

Status PerfDataReader::Impl::readStream(std::span<const std::byte> bytes, size_t base, bool compressed) {
    size_t pos = 0;
    while (pos < bytes.size()) {
        const size_t offset = base + pos;
        if (bytes.size() - pos < sizeof(perf_event_header)) {
            if (compressed) break; // the rest comes with the next COMPRESSED record
            return (damaged(offset, "a record's header is cut off after " + std::to_string(bytes.size() - pos) +
                                                 " bytes"));
        }
        perf_event_header h{};
        std::memcpy(&h, bytes.data() + pos, sizeof h);
        if (h.size < sizeof h)
            return (damaged(offset, "a " + userTypeName(h.type) + " record says it is " +
                                                 std::to_string(h.size) + " bytes, less than its header"));
        if (h.size > bytes.size() - pos) {
            if (compressed) break;
            return (damaged(offset, "a " + userTypeName(h.type) + " record of " + std::to_string(h.size) +
                                                 " bytes runs past the end of the data (" +
                                                 std::to_string(bytes.size() - pos) + " bytes left)"));
        }
        size_t extra = 0; // bytes that follow the record outside its size (tracing and AUX data in pipe mode)
        if (Status s = readRecord(bytes.subspan(pos, h.size), offset, bytes.subspan(pos + h.size), extra, compressed); !s)
            return s;
        pos += h.size + extra;
        if (!compressed) giveBack(base + pos);
    }
    if (compressed) {
        // Held records point into these bytes: they stay, numbered, and the
        // start of a record that continues in the next COMPRESSED is copied out.
        std::vector<std::byte> rest(inflated.begin() + static_cast<std::ptrdiff_t>(pos), inflated.end());
        chunks.emplace_back(chunk, std::move(inflated));
        inflated = std::move(rest);
    }
    return {};
}

Status PerfDataReader::Impl::readRecord(std::span<const std::byte> record, size_t offset,
                                        std::span<const std::byte> following, size_t& extra, bool compressed) {
    perf_event_header h{};
    std::memcpy(&h, record.data(), sizeof h);
    countType(h.type);
    const char* why = whySkipped(h.type);
    if (*why) ++self.tally_.skipped[userTypeName(h.type) + " (" + why + ")"];
    // Data that follows the record in the stream without being part of its size.
    auto trailing = [&](uint64_t bytes) -> Status {
        if (bytes > following.size())
            return (damaged(offset, "a " + userTypeName(h.type) + " record is followed by " +
                                                 std::to_string(bytes) + " bytes of data, but " +
                                                 std::to_string(following.size()) + " are left"));
        extra = bytes;
        return {};
    };
    // Skipped records go no further, but the data that follows some must be stepped over.
    if (*why && h.type != kAuxtrace && h.type != kHeaderTracingData) return {};
    if (h.type < kHeaderAttr) return readKernelRecord(record, offset, h.type);
    const std::string where = at(offset) + ", a " + userTypeName(h.type) + " record";
    FieldReader r(record, sizeof h, record.size(), where);
    switch (h.type) {
    case kHeaderAttr: return readAttrRecord(record, offset);
    case kHeaderFeature: {
        const uint64_t feature = r.u64("feature id");
        if (r.failed()) return makeError(r.error() + ": " + kRecordAgain);
        if (feature >= kFeatureBits) return {}; // not one perf has defined yet
        return readFeature(static_cast<uint32_t>(feature), record.subspan(r.position()), where + " of " +
                           featureName(static_cast<uint32_t>(feature)), self.info_);
    }
    case kHeaderBuildId: return readFeature(kFeatBuildId, record, where, self.info_); // one entry of the feature
    case kEventUpdate: {
        const uint64_t kind = r.u64("kind");
        const uint64_t id = r.u64("id");
        if (r.failed()) return makeError(r.error() + ": " + kRecordAgain);
        if (kind != kEventUpdateName) return {};
        const std::string name = r.paddedString("name");
        if (r.failed()) return makeError(r.error() + ": " + kRecordAgain);
        if (const int e = self.info_.eventOf(id); e >= 0 && !name.empty())
            self.info_.events[static_cast<size_t>(e)].name = name;
        return {};
    }
    case kFinishedRound:
        release(flushTo + 1, SIZE_MAX);
        flushTo = maxTime;
        return failed;
    case kCompressed:
    case kCompressed2:
        if (compressed) return (damaged(offset, "a COMPRESSED record is inside compressed data"));
        return readCompressed(record, offset, h.type == kCompressed2);
    case kHeaderTracingData: {
        // Its size counts the record only; the formats follow, padded to 8 bytes.
        const uint32_t size = r.u32("tracing data size");
        if (r.failed()) return makeError(r.error() + ": " + kRecordAgain);
        return self.info_.pipe ? trailing((uint64_t(size) + 7) / 8 * 8) : Status{};
    }
    case kAuxtrace: {
        const uint64_t size = r.u64("AUX data size");
        if (r.failed()) return makeError(r.error() + ": " + kRecordAgain);
        return trailing(size);
    }
    default: return {};
    }
}

Status PerfDataReader::Impl::readAttrRecord(std::span<const std::byte> record, size_t offset) {
    FieldReader r(record, sizeof(perf_event_header), record.size(), at(offset) + ", a HEADER_ATTR record");
    // The attr's own size field (after its 32-bit type) says where its ids begin.
    FieldReader peek(record, sizeof(perf_event_header) + 4, record.size(), at(offset) + ", a HEADER_ATTR record");
    const uint32_t attrBytes = peek.u32("attr size");
    if (peek.failed()) return makeError(peek.error() + ": " + kRecordAgain);
    if (attrBytes < PERF_ATTR_SIZE_VER0 || attrBytes > r.remaining() || (r.remaining() - attrBytes) % 8 != 0)
        return (damaged(offset, "a HEADER_ATTR record's attr says it is " + std::to_string(attrBytes) +
                                             " bytes, which does not fit the record's " +
                                             std::to_string(r.remaining()) + " bytes of attr and ids"));
    PerfDataEvent event;
    event.attr = readAttr(r, attrBytes);
    event.ids = r.u64s(r.remaining() / 8, "ids");
    if (r.failed()) return makeError(r.error() + ": " + kRecordAgain);
    event.name = nameOfAttr(event.attr);
    self.info_.events.push_back(std::move(event));
    return eventsChanged();
}

Status PerfDataReader::Impl::readCompressed(std::span<const std::byte> record, size_t offset, bool sized) {
    size_t begin = sizeof(perf_event_header);
    size_t size = record.size() - begin;
    if (sized) {
        FieldReader r(record, begin, record.size(), at(offset) + ", a COMPRESSED record");
        const uint64_t dataSize = r.u64("compressed size");
        if (r.failed()) return makeError(r.error() + ": " + kRecordAgain);
        begin += 8;
        if (dataSize > record.size() - begin)
            return (damaged(offset, "a COMPRESSED record says it holds " + std::to_string(dataSize) +
                                                 " compressed bytes, more than its " +
                                                 std::to_string(record.size() - begin)));
        size = static_cast<size_t>(dataSize);
    }
    if (Status s = zstd.decompress(record.subspan(begin, size), inflated, kMaxDecompressed); !s)
        return makeError(at(offset) + ", a COMPRESSED record: " + s.error().message +
                         ": the file is damaged; " + kRecordAgain);
    // The decompressed records are read where they are; their offsets are those of the compressed record.
    chunk = ++chunkCount;
    Status s = readStream(inflated, offset, true);
    chunk = 0;
    return s;
}

Status PerfDataReader::Impl::readKernelRecord(std::span<const std::byte> bytes, size_t offset, uint32_t type) {
    auto& info = self.info_;
    if (info.events.empty())
        return (damaged(offset, "a " + recordTypeName(type) + " record comes before any event's attr"));
    if (type == PERF_RECORD_LOST_SAMPLES) {
        FieldReader r(bytes, sizeof(perf_event_header), bytes.size(), at(offset) + ", a LOST_SAMPLES record");
        self.tally_.lostSamples += r.u64("lost");
        if (r.failed()) return makeError(r.error() + ": " + kRecordAgain);
        return {};
    }
    const SampleLayout* layout = &sideBand;
    int event = -1;
    if (type == PERF_RECORD_SAMPLE) {
        // With several events perf adds IDENTIFIER, the first field of every
        // sample, so that the layout can be found before the sample is read.
        event = 0;
        if ((info.events.front().attr.sample_type & PERF_SAMPLE_IDENTIFIER) && bytes.size() >= 16) {
            uint64_t id = 0;
            std::memcpy(&id, bytes.data() + 8, 8);
            event = info.eventOf(id);
            if (event < 0) {
                ++self.tally_.skipped["SAMPLE (of an event id no attr names)"];
                return {};
            }
        }
        if (!layouts[static_cast<size_t>(event)]) {
            ++self.tally_.skipped["SAMPLE (of " + info.events[static_cast<size_t>(event)].name + ", " +
                                  layoutProblems[static_cast<size_t>(event)] + ")"];
            return {};
        }
        layout = &*layouts[static_cast<size_t>(event)];
    }
    uint64_t time = 0;
    if (type == PERF_RECORD_SAMPLE) {
        time = sampleTimeOf(bytes, *layout); // the rest of it is parsed as it goes on
    } else {
        // Other records are few: parsed now for their time (and a LOST's
        // count), and again as they go on.
        auto parsed = parseRecord(bytes, *layout);
        if (!parsed) return parseError(offset, parsed.error());
        if (auto* lost = std::get_if<LostRecord>(&*parsed)) self.tally_.lostSamples += lost->lost;
        time = recordTime(*parsed);
    }
    if (time < releasedEarlyTo) ++self.tally_.outOfOrder;
    maxTime = std::max(maxTime, time);
    ordering.add(time, bytes.size() + kHeldRecordOverhead,
                 RawRecord{bytes.data(), static_cast<uint32_t>(bytes.size()), event, offset, chunk});
    if (ordering.heldBytes() > self.holdLimit_) {
        // No FINISHED_ROUND for this long: perf's rule would hold the whole file in memory.
        releasedEarlyTo = std::max(releasedEarlyTo, release(UINT64_MAX, std::max<size_t>(1, ordering.held() / 2)));
        ++self.tally_.releasedEarly;
    }
    return failed;
}

Error PerfDataReader::Impl::parseError(size_t offset, const Error& error) const {
    return Error{at(offset) + ": " + error.message + ": the file is damaged, or its attrs do not describe its records; " +
                 kRecordAgain};
}

uint64_t PerfDataReader::Impl::release(uint64_t before, size_t count) {
    const uint64_t last = ordering.release(before, count, [&](RawRecord&& raw) { deliver(std::move(raw)); });
    // The decompressed bytes before those of the record held longest are no longer needed.
    const RawRecord* oldest = ordering.oldest();
    const uint64_t needed = oldest ? oldest->chunk : UINT64_MAX;
    while (!chunks.empty() && chunks.front().first < needed) chunks.pop_front();
    return last;
}

void PerfDataReader::Impl::deliver(RawRecord&& raw) {
    if (!failed) return;
    const std::span<const std::byte> bytes(raw.data, raw.size);
    auto parsed = parseRecord(bytes, raw.event >= 0 ? *layouts[static_cast<size_t>(raw.event)] : sideBand);
    if (!parsed) {
        failed = parseError(raw.offset, parsed.error());
        return;
    }
    if (auto* sample = std::get_if<SampleRecord>(&*parsed)) {
        const auto& info = self.info_;
        // Which event each value of a group read is: by its id, else by its place in the group.
        const int known = self.eventOf(*sample);
        const int of = known >= 0 ? known : raw.event;
        // A fixed period (-c N) is not repeated in every sample: each stands for the attr's.
        if (!(layouts[static_cast<size_t>(raw.event)]->sampleType & PERF_SAMPLE_PERIOD) && of >= 0)
            sample->period = info.events[static_cast<size_t>(of)].attr.sample_period;
        for (size_t i = 0; i < sample->read.values.size(); ++i) {
            ReadValue& v = sample->read.values[i];
            v.slot = v.id != 0 ? info.eventOf(v.id) : of + static_cast<int>(i);
        }
    }
    (*sink)(std::move(*parsed));
}

PerfDataReader::PerfDataReader(std::vector<std::byte> bytes, std::string name)
    : owned_(std::move(bytes)), bytes_(owned_), name_(std::move(name)), impl_(std::make_unique<Impl>(*this)) {}

PerfDataReader::PerfDataReader(std::span<const std::byte> mapped, std::string name)
    : bytes_(mapped), mapped_(true), name_(std::move(name)), impl_(std::make_unique<Impl>(*this)) {}

PerfDataReader::~PerfDataReader() {
    if (mapped_) ::munmap(const_cast<std::byte*>(bytes_.data()), bytes_.size());
}

Result<std::unique_ptr<PerfDataReader>> PerfDataReader::open(std::vector<std::byte> bytes, std::string name) {
    if (!looksLikePerfData(bytes)) {
        std::string found;
        for (size_t i = 0; i < std::min<size_t>(bytes.size(), 8); ++i) {
            const char c = static_cast<char>(bytes[i]);
            found += std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c) : "\\x" + printfString("%02x", c & 0xff);
        }
        return makeError(name + " is not a perf.data file: it begins with '" + found + "', not perf's magic 'PERFILE2'" +
                         (found == "2ELIFREP" ? " (a big-endian machine's file, which perfdash does not read)" : "") +
                         "; give a file written by perf record (or a perfdash session .json)");
    }
    return start(std::unique_ptr<PerfDataReader>(new PerfDataReader(std::move(bytes), std::move(name))));
}

Result<std::unique_ptr<PerfDataReader>> PerfDataReader::openFile(const std::string& path) {
    if (path == "-") {
        auto bytes = readWholeFile(path);
        if (!bytes) return bytes.error();
        return open(std::move(*bytes), "standard input");
    }
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return makeError(path + " cannot be opened: " + systemErrorText(errno));
    struct stat st {};
    void* mapped = MAP_FAILED;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 8)
        mapped = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (mapped == MAP_FAILED) { // not a regular file (a FIFO), or one that cannot be mapped: read it whole
        auto bytes = readWholeFile(path);
        if (!bytes) return bytes.error();
        return open(std::move(*bytes), path);
    }
    ::madvise(mapped, static_cast<size_t>(st.st_size), MADV_SEQUENTIAL);
    std::unique_ptr<PerfDataReader> reader(
        new PerfDataReader(std::span(static_cast<const std::byte*>(mapped), static_cast<size_t>(st.st_size)), path));
    if (!looksLikePerfData(reader->bytes_)) return open({reader->bytes_.begin(), reader->bytes_.begin() + 8}, path); // for its error
    return start(std::move(reader));
}

Result<std::unique_ptr<PerfDataReader>> PerfDataReader::start(std::unique_ptr<PerfDataReader> reader) {
    uint64_t headerSize = 0;
    if (reader->bytes_.size() >= 16) std::memcpy(&headerSize, reader->bytes_.data() + 8, 8);
    Status s = headerSize == kPipeHeaderBytes ? reader->impl_->readPipeHeader() : reader->impl_->readFileHeader();
    if (!s) return s.error();
    if (!reader->info_.pipe && reader->info_.events.empty())
        return makeError(reader->name_ + " names no events (its attrs section is empty): the file is damaged; " +
                         kRecordAgain);
    return reader;
}

Status PerfDataReader::read(const std::function<void(PerfRecord&&)>& sink) {
    Impl& impl = *impl_;
    impl.sink = &sink;
    Status s = impl.readStream(std::span(bytes_).subspan(impl.dataBegin, impl.dataEnd - impl.dataBegin),
                               impl.dataBegin, false);
    impl.tallyTypes();
    if (!s) return s;
    if (!impl.inflated.empty())
        return (impl.damaged(impl.dataEnd, "the compressed records end inside a record (" +
                                                        std::to_string(impl.inflated.size()) + " bytes left over)"));
    if (info_.events.empty())
        return makeError(name_ + " names no events (no HEADER_ATTR record in its stream): the file is damaged or not "
                         "from perf record; " + kRecordAgain);
    impl.ordering.releaseAll([&](Impl::RawRecord&& raw) { impl.deliver(std::move(raw)); });
    impl.chunks.clear();
    return impl.failed;
}

std::string PerfDataReader::orderingWarning() const {
    if (tally_.releasedEarly == 0) return "";
    return name_ + ": the records waiting for a FINISHED_ROUND record reached " +
           printfString("%.0f MiB", static_cast<double>(holdLimit_) / (1 << 20)) + " " +
           std::to_string(tally_.releasedEarly) + " times (a round that long, or a file written without them); the "
           "earliest half went on each time, to bound the memory held" +
           (tally_.outOfOrder == 0 ? std::string(", and no record came after a later one: the order is exact")
                                   : ", and " + std::to_string(tally_.outOfOrder) + " records came after later ones "
                                     "had gone on and were read out of time order (a mapping may miss the samples "
                                     "just after it)");
}

int PerfDataReader::eventOf(const SampleRecord& sample) const {
    const int e = info_.eventOf(sample.id);
    if (e >= 0) return e;
    // Without ids in the samples there is one event (perf adds them for more).
    return info_.events.size() == 1 ? 0 : -1;
}

} // namespace perfdash
