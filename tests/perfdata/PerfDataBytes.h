// perf.data files built byte by byte, in file or pipe mode, as perf writes
// them, for the reader's tests and its fuzz target's seeds: one cpu-clock
// event (or the attr given), its ids, the records, and feature sections.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <linux/perf_event.h>
#include <map>
#include <string>
#include <vector>

#include "core/perfdata/PerfDataFormat.h"

namespace perfdash::test {

class PerfDataBytes {
public:
    // perf record -e cpu-clock's attr: IP, TID, TIME, PERIOD, sample_id_all.
    static perf_event_attr cpuClock() {
        perf_event_attr a{};
        a.type = PERF_TYPE_SOFTWARE;
        a.size = sizeof a;
        a.config = PERF_COUNT_SW_CPU_CLOCK;
        a.sample_freq = 4000;
        a.freq = 1;
        a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD;
        a.sample_id_all = 1;
        a.mmap = a.comm = a.task = a.mmap2 = 1;
        return a;
    }

    PerfDataBytes& event(const perf_event_attr& attr, std::vector<uint64_t> ids) {
        events_.push_back({attr, std::move(ids)});
        return *this;
    }
    PerfDataBytes& record(const std::vector<std::byte>& bytes) {
        data_.insert(data_.end(), bytes.begin(), bytes.end());
        return *this;
    }
    PerfDataBytes& feature(uint32_t id, std::vector<std::byte> bytes) {
        features_[id] = std::move(bytes);
        return *this;
    }

    // The file mode: header, attrs, ids, data, feature sections.
    std::vector<std::byte> file() const {
        const size_t attrEntry = sizeof(perf_event_attr) + 16;
        std::vector<std::byte> out(perfdata::kFileHeaderBytes);
        const size_t attrsAt = out.size();
        const size_t idsAt = attrsAt + events_.size() * attrEntry;
        size_t idAt = idsAt;
        for (const auto& [attr, ids] : events_) {
            put(out, attr);
            put(out, uint64_t(idAt));
            put(out, uint64_t(ids.size() * 8));
            idAt += ids.size() * 8;
        }
        for (const auto& [attr, ids] : events_)
            for (uint64_t id : ids) put(out, id);
        const size_t dataAt = out.size();
        out.insert(out.end(), data_.begin(), data_.end());
        // The feature table right after the data, then each section.
        const size_t tableAt = out.size();
        size_t sectionAt = tableAt + features_.size() * 16;
        for (const auto& [id, bytes] : features_) {
            put(out, uint64_t(sectionAt));
            put(out, uint64_t(bytes.size()));
            sectionAt += bytes.size();
        }
        for (const auto& [id, bytes] : features_) out.insert(out.end(), bytes.begin(), bytes.end());
        size_t at = 0;
        auto set = [&](uint64_t v) {
            std::memcpy(out.data() + at, &v, 8);
            at += 8;
        };
        set(perfdata::kMagic);
        set(perfdata::kFileHeaderBytes);
        set(attrEntry);
        set(attrsAt);
        set(events_.size() * attrEntry);
        set(dataAt);
        set(data_.size());
        set(0);
        set(0);
        for (const auto& [id, bytes] : features_) out[at + id / 8] |= std::byte(1u << (id % 8));
        return out;
    }

    // The pipe mode: the short header, a HEADER_ATTR record per event, the records.
    std::vector<std::byte> pipe() const {
        std::vector<std::byte> out;
        put(out, perfdata::kMagic);
        put(out, uint64_t(perfdata::kPipeHeaderBytes));
        for (const auto& [attr, ids] : events_) {
            perf_event_header h{perfdata::kHeaderAttr, 0,
                                static_cast<uint16_t>(sizeof h + sizeof attr + 8 * ids.size())};
            put(out, h);
            put(out, attr);
            for (uint64_t id : ids) put(out, id);
        }
        out.insert(out.end(), data_.begin(), data_.end());
        return out;
    }

    template <class T>
    static void put(std::vector<std::byte>& out, const T& value) {
        const size_t at = out.size();
        out.resize(at + sizeof value);
        std::memcpy(out.data() + at, &value, sizeof value);
    }

private:
    struct Event {
        perf_event_attr attr;
        std::vector<uint64_t> ids;
    };
    std::vector<Event> events_;
    std::vector<std::byte> data_;
    std::map<uint32_t, std::vector<std::byte>> features_;
};

} // namespace perfdash::test
