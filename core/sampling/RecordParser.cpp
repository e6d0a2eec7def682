#include "core/sampling/RecordParser.h"

#include <cstring>
#include <linux/perf_event.h>

#include "core/sampling/FieldReader.h"

namespace perfdash {

namespace {

CpuMode cpuModeOf(uint16_t misc) {
    switch (misc & PERF_RECORD_MISC_CPUMODE_MASK) {
    case PERF_RECORD_MISC_KERNEL: return CpuMode::Kernel;
    case PERF_RECORD_MISC_USER: return CpuMode::User;
    case PERF_RECORD_MISC_HYPERVISOR: return CpuMode::Hypervisor;
    case PERF_RECORD_MISC_GUEST_KERNEL: return CpuMode::GuestKernel;
    case PERF_RECORD_MISC_GUEST_USER: return CpuMode::GuestUser;
    default: return CpuMode::Unknown;
    }
}

// The sample_id_all trailer, in the kernel's order (perf_event__sample_id).
SampleId readSampleId(FieldReader& r, const SampleLayout& layout) {
    SampleId id;
    if (!layout.sampleIdAll) return id;
    const uint64_t t = layout.sampleType;
    if (t & PERF_SAMPLE_TID) {
        id.pid = r.pid("sample_id pid");
        id.tid = r.pid("sample_id tid");
    }
    if (t & PERF_SAMPLE_TIME) id.time = r.u64("sample_id time");
    if (t & PERF_SAMPLE_ID) id.id = r.u64("sample_id id");
    if (t & PERF_SAMPLE_STREAM_ID) id.streamId = r.u64("sample_id stream_id");
    if (t & PERF_SAMPLE_CPU) {
        id.cpu = r.pid("sample_id cpu");
        r.u32("sample_id reserved");
    }
    if (t & PERF_SAMPLE_IDENTIFIER) id.id = r.u64("sample_id identifier");
    return id;
}

GroupRead readValues(FieldReader& r, uint64_t format) {
    GroupRead read;
    const bool withId = format & PERF_FORMAT_ID;
    const bool withLost = format & PERF_FORMAT_LOST;
    if (format & PERF_FORMAT_GROUP) {
        const uint64_t nr = r.u64("read group size");
        if (format & PERF_FORMAT_TOTAL_TIME_ENABLED) read.timeEnabled = r.u64("read time_enabled");
        if (format & PERF_FORMAT_TOTAL_TIME_RUNNING) read.timeRunning = r.u64("read time_running");
        const size_t entry = 8 * (1 + (withId ? 1 : 0) + (withLost ? 1 : 0));
        if (!r.fitsCount(nr, entry, "read group")) return read;
        read.values.resize(nr);
        for (ReadValue& v : read.values) {
            v.value = r.u64("read value");
            if (withId) v.id = r.u64("read id");
            if (withLost) v.lost = r.u64("read lost");
        }
        return read;
    }
    ReadValue v;
    v.value = r.u64("read value");
    if (format & PERF_FORMAT_TOTAL_TIME_ENABLED) read.timeEnabled = r.u64("read time_enabled");
    if (format & PERF_FORMAT_TOTAL_TIME_RUNNING) read.timeRunning = r.u64("read time_running");
    if (withId) v.id = r.u64("read id");
    if (withLost) v.lost = r.u64("read lost");
    read.values.push_back(v);
    return read;
}

Result<PerfRecord> parseSample(std::span<const std::byte> bytes, uint16_t misc, const SampleLayout& layout) {
    FieldReader r(bytes, sizeof(perf_event_header), "SAMPLE");
    const uint64_t t = layout.sampleType;
    SampleRecord s;
    s.cpuMode = cpuModeOf(misc);
    s.exactIp = misc & PERF_RECORD_MISC_EXACT_IP;
    if (t & PERF_SAMPLE_IDENTIFIER) s.id = r.u64("identifier");
    if (t & PERF_SAMPLE_IP) s.ip = r.u64("ip");
    if (t & PERF_SAMPLE_TID) {
        s.pid = r.pid("pid");
        s.tid = r.pid("tid");
    }
    if (t & PERF_SAMPLE_TIME) s.time = r.u64("time");
    if (t & PERF_SAMPLE_ADDR) s.addr = r.u64("addr");
    if (t & PERF_SAMPLE_ID) s.id = r.u64("id");
    if (t & PERF_SAMPLE_STREAM_ID) s.streamId = r.u64("stream_id");
    if (t & PERF_SAMPLE_CPU) {
        s.cpu = r.pid("cpu");
        r.u32("cpu reserved");
    }
    if (t & PERF_SAMPLE_PERIOD) s.period = r.u64("period");
    if (t & PERF_SAMPLE_READ) s.read = readValues(r, layout.readFormat);
    if (t & PERF_SAMPLE_CALLCHAIN) s.callchain = r.u64s(r.u64("callchain length"), "callchain");
    if (t & PERF_SAMPLE_RAW) s.raw = r.bytes(r.u32("raw size"), "raw data");
    if (t & PERF_SAMPLE_REGS_USER) {
        s.regsAbi = r.u64("user register ABI");
        if (s.regsAbi != PERF_SAMPLE_REGS_ABI_NONE) s.regsUser = r.u64s(layout.regsUserCount(), "user registers");
    }
    if (t & PERF_SAMPLE_STACK_USER) {
        const uint64_t size = r.u64("user stack size");
        s.stackUser = r.bytes(size, "user stack");
        if (size != 0) {
            s.stackDynamicSize = r.u64("user stack dynamic size");
            if (!r.failed() && s.stackDynamicSize > size)
                r.fail("its user stack's dynamic size " + std::to_string(s.stackDynamicSize) +
                       " exceeds the stack copied (" + std::to_string(size) + " bytes)");
        }
    }
    // In the kernel's order; REGS_INTR, which SampleLayout refuses, would sit between TRANSACTION and PHYS_ADDR.
    if (t & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT)) r.u64("weight");
    if (t & PERF_SAMPLE_DATA_SRC) r.u64("data source");
    if (t & PERF_SAMPLE_TRANSACTION) r.u64("transaction");
    if (t & PERF_SAMPLE_PHYS_ADDR) r.u64("physical address");
    if (t & PERF_SAMPLE_CGROUP) r.u64("cgroup");
    if (t & PERF_SAMPLE_DATA_PAGE_SIZE) r.u64("data page size");
    if (t & PERF_SAMPLE_CODE_PAGE_SIZE) r.u64("code page size");
    r.expectEnd("its fields");
    if (r.failed()) return makeError(r.error());
    return PerfRecord{std::move(s)};
}

// A non-SAMPLE record: `fixed` bytes of body after the header, maybe a
// padded string, then the sample_id trailer at the very end.
class SideBandParser {
public:
    SideBandParser(std::span<const std::byte> bytes, const perf_event_header& header, const SampleLayout& layout)
        : bytes_(bytes), layout_(layout),
          name_("a " + recordTypeName(header.type) + " record of " + std::to_string(bytes.size()) + " bytes") {}

    // A reader over the body, or the error when the record cannot hold `fixedBody` and its trailer.
    Result<FieldReader> body(size_t fixedBody, bool string) {
        const size_t trailer = layout_.sampleIdBytes();
        const size_t needed = sizeof(perf_event_header) + fixedBody + trailer + (string ? 1 : 0);
        if (bytes_.size() < needed)
            return makeError(name_ + " is malformed: it is truncated (" + std::to_string(needed) +
                             " bytes needed for its fields" + (trailer ? " and sample_id" : "") + ")");
        return FieldReader(bytes_, sizeof(perf_event_header), bytes_.size() - trailer, name_);
    }
    Result<SampleId> trailer() {
        const size_t trailerBytes = layout_.sampleIdBytes();
        FieldReader r(bytes_, bytes_.size() - trailerBytes, bytes_.size(), name_);
        SampleId id = readSampleId(r, layout_);
        r.expectEnd("sample_id");
        if (r.failed()) return makeError(r.error());
        return id;
    }
    template <class R>
    Result<PerfRecord> finish(FieldReader& r, R record) {
        if (r.failed()) return makeError(r.error());
        auto id = trailer();
        if (!id) return id.error();
        record.sampleId = *id;
        return PerfRecord{std::move(record)};
    }

private:
    std::span<const std::byte> bytes_;
    const SampleLayout& layout_;
    std::string name_;
};

Result<PerfRecord> parseMmap(SideBandParser& p, const perf_event_header& h, bool mmap2) {
    constexpr size_t kMmapBody = 8 + 3 * 8;
    constexpr size_t kMmap2Extra = 24 + 8;
    auto body = p.body(kMmapBody + (mmap2 ? kMmap2Extra : 0), true);
    if (!body) return body.error();
    FieldReader& r = *body;
    MmapRecord m;
    m.mmap2 = mmap2;
    m.cpuMode = cpuModeOf(h.misc);
    m.executable = !(h.misc & PERF_RECORD_MISC_MMAP_DATA);
    m.pid = r.pid("pid");
    m.tid = r.pid("tid");
    m.address = r.u64("address");
    m.length = r.u64("length");
    m.pageOffset = r.u64("page offset");
    if (mmap2) {
        if (h.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
            const uint8_t size = r.u8("build-id size");
            r.skip(3, "reserved bytes");
            constexpr size_t kBuildIdBytes = 20;
            if (size > kBuildIdBytes)
                r.fail("its build-id size " + std::to_string(size) + " exceeds the " + std::to_string(kBuildIdBytes) +
                       " bytes the record holds");
            const std::vector<std::byte> id = r.bytes(kBuildIdBytes, "build-id");
            if (!r.failed())
                for (size_t i = 0; i < size; ++i) m.buildId.push_back(static_cast<uint8_t>(id[i]));
        } else {
            m.major = r.u32("major");
            m.minor = r.u32("minor");
            m.inode = r.u64("inode");
            m.inodeGeneration = r.u64("inode generation");
        }
        m.protection = r.u32("protection");
        m.flags = r.u32("flags");
    }
    m.filename = r.paddedString("file name");
    return p.finish(r, std::move(m));
}

Result<PerfRecord> parseComm(SideBandParser& p, const perf_event_header& h) {
    auto body = p.body(8, true);
    if (!body) return body.error();
    FieldReader& r = *body;
    CommRecord c;
    c.exec = h.misc & PERF_RECORD_MISC_COMM_EXEC;
    c.pid = r.pid("pid");
    c.tid = r.pid("tid");
    c.comm = r.paddedString("command name");
    return p.finish(r, std::move(c));
}

template <class Task>
Result<PerfRecord> parseTask(SideBandParser& p) {
    auto body = p.body(4 * 4 + 8, false);
    if (!body) return body.error();
    FieldReader& r = *body;
    Task t;
    t.pid = r.pid("pid");
    t.ppid = r.pid("ppid");
    t.tid = r.pid("tid");
    t.ptid = r.pid("ptid");
    t.time = r.u64("time");
    r.expectEnd("its fields and sample_id");
    return p.finish(r, std::move(t));
}

Result<PerfRecord> parseLost(SideBandParser& p) {
    auto body = p.body(16, false);
    if (!body) return body.error();
    FieldReader& r = *body;
    LostRecord l;
    l.id = r.u64("id");
    l.lost = r.u64("lost count");
    r.expectEnd("its fields and sample_id");
    return p.finish(r, std::move(l));
}

Result<PerfRecord> parseThrottle(SideBandParser& p, bool throttled) {
    auto body = p.body(24, false);
    if (!body) return body.error();
    FieldReader& r = *body;
    ThrottleRecord t;
    t.throttled = throttled;
    t.time = r.u64("time");
    t.id = r.u64("id");
    t.streamId = r.u64("stream_id");
    r.expectEnd("its fields and sample_id");
    return p.finish(r, std::move(t));
}

Result<PerfRecord> parseSwitch(SideBandParser& p, const perf_event_header& h, bool cpuWide) {
    auto body = p.body(cpuWide ? 8 : 0, false);
    if (!body) return body.error();
    FieldReader& r = *body;
    SwitchRecord s;
    s.out = h.misc & PERF_RECORD_MISC_SWITCH_OUT;
    s.preempted = s.out && (h.misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT);
    s.cpuWide = cpuWide;
    if (cpuWide) {
        s.nextPrevPid = r.pid("next/previous pid");
        s.nextPrevTid = r.pid("next/previous tid");
    }
    r.expectEnd("its fields and sample_id");
    return p.finish(r, std::move(s));
}

} // namespace

uint64_t sampleTimeOf(std::span<const std::byte> bytes, const SampleLayout& layout) {
    const uint64_t t = layout.sampleType;
    if (!(t & PERF_SAMPLE_TIME)) return 0;
    // The fields before TIME, in parseSample's (the kernel's) order.
    size_t at = sizeof(perf_event_header);
    for (const uint64_t before : {uint64_t(PERF_SAMPLE_IDENTIFIER), uint64_t(PERF_SAMPLE_IP), uint64_t(PERF_SAMPLE_TID)})
        if (t & before) at += 8;
    uint64_t time = 0;
    if (bytes.size() >= at + sizeof time) std::memcpy(&time, bytes.data() + at, sizeof time);
    return time;
}

std::string recordTypeName(uint32_t type) {
    switch (type) {
    case PERF_RECORD_MMAP: return "MMAP";
    case PERF_RECORD_LOST: return "LOST";
    case PERF_RECORD_COMM: return "COMM";
    case PERF_RECORD_EXIT: return "EXIT";
    case PERF_RECORD_THROTTLE: return "THROTTLE";
    case PERF_RECORD_UNTHROTTLE: return "UNTHROTTLE";
    case PERF_RECORD_FORK: return "FORK";
    case PERF_RECORD_READ: return "READ";
    case PERF_RECORD_SAMPLE: return "SAMPLE";
    case PERF_RECORD_MMAP2: return "MMAP2";
    case PERF_RECORD_AUX: return "AUX";
    case PERF_RECORD_ITRACE_START: return "ITRACE_START";
    case PERF_RECORD_LOST_SAMPLES: return "LOST_SAMPLES";
    case PERF_RECORD_SWITCH: return "SWITCH";
    case PERF_RECORD_SWITCH_CPU_WIDE: return "SWITCH_CPU_WIDE";
    case PERF_RECORD_NAMESPACES: return "NAMESPACES";
    case PERF_RECORD_KSYMBOL: return "KSYMBOL";
    case PERF_RECORD_BPF_EVENT: return "BPF_EVENT";
    case PERF_RECORD_CGROUP: return "CGROUP";
    case PERF_RECORD_TEXT_POKE: return "TEXT_POKE";
    default: return "type " + std::to_string(type);
    }
}

Result<PerfRecord> parseRecord(std::span<const std::byte> bytes, const SampleLayout& layout) {
    perf_event_header h{};
    if (bytes.size() < sizeof h)
        return makeError("a perf record of " + std::to_string(bytes.size()) + " bytes is truncated: its header alone takes " +
                         std::to_string(sizeof h));
    std::memcpy(&h, bytes.data(), sizeof h);
    if (h.size != bytes.size())
        return makeError("a " + recordTypeName(h.type) + " record's header says " + std::to_string(h.size) +
                         " bytes, but " + std::to_string(bytes.size()) + " were given");
    if (h.type == PERF_RECORD_SAMPLE) return parseSample(bytes, h.misc, layout); // before a side band's name is made
    SideBandParser side(bytes, h, layout);
    switch (h.type) {
    case PERF_RECORD_MMAP: return parseMmap(side, h, false);
    case PERF_RECORD_MMAP2: return parseMmap(side, h, true);
    case PERF_RECORD_COMM: return parseComm(side, h);
    case PERF_RECORD_FORK: return parseTask<ForkRecord>(side);
    case PERF_RECORD_EXIT: return parseTask<ExitRecord>(side);
    case PERF_RECORD_LOST: return parseLost(side);
    case PERF_RECORD_THROTTLE: return parseThrottle(side, true);
    case PERF_RECORD_UNTHROTTLE: return parseThrottle(side, false);
    case PERF_RECORD_SWITCH: return parseSwitch(side, h, false);
    case PERF_RECORD_SWITCH_CPU_WIDE: return parseSwitch(side, h, true);
    default: return PerfRecord{OtherRecord{h.type, h.misc, h.size}};
    }
}

} // namespace perfdash
