// perf's generic events as perf spells them: hardware, every hardware-cache
// combination, software, modifiers, raw codes and the event-list splitter.
#include <QtTest>

#include <linux/perf_event.h>

#include "core/events/EventList.h"
#include "core/events/EventResolver.h"
#include "core/events/GenericEvents.h"
#include "core/events/HwCacheEvents.h"
#include "events/EventFixtures.h"

using namespace perfdash;

namespace {

struct Expected {
    const char* spec;
    uint64_t config;
    const char* canonical;
};

// perf's alias tables (tools/perf/util/evsel.c), restated here as the expectation.
const std::vector<std::vector<std::string>> kCaches = {
    {"L1-dcache", "l1-d", "l1d", "L1-data"},
    {"L1-icache", "l1-i", "l1i", "L1-instruction"},
    {"LLC", "L2"},
    {"dTLB", "d-tlb", "Data-TLB"},
    {"iTLB", "i-tlb", "Instruction-TLB"},
    {"branch", "branches", "bpu", "btb", "bpc"},
    {"node"},
};
const std::vector<std::vector<std::string>> kOps = {
    {"load", "loads", "read"},
    {"store", "stores", "write"},
    {"prefetch", "prefetches", "speculative-read", "speculative-load"},
};
const std::vector<std::vector<std::string>> kResults = {
    {"refs", "Reference", "ops", "access"},
    {"misses", "miss"},
};
// perf's evsel__hw_cache_stat: which ops each cache allows (bit per op).
const unsigned kValidOps[] = {0b111, 0b101, 0b111, 0b111, 0b001, 0b001, 0b111};

} // namespace

class TestGenericEvents : public QObject {
    Q_OBJECT

    EventResolver resolver{test::fixturePaths()};

    ResolvedEvent ok(const std::string& spec) {
        auto r = resolver.resolve(spec);
        if (!r) qWarning("%s: %s", spec.c_str(), r.error().message.c_str());
        return r ? *r : ResolvedEvent{};
    }

private slots:
    void hardwareEvents() {
        const Expected expected[] = {
            {"cycles", 0, "cycles"},
            {"cpu-cycles", 0, "cycles"},
            {"instructions", 1, "instructions"},
            {"cache-references", 2, "cache-references"},
            {"cache-misses", 3, "cache-misses"},
            {"branches", 4, "branches"},
            {"branch-instructions", 4, "branches"},
            {"branch-misses", 5, "branch-misses"},
            {"bus-cycles", 6, "bus-cycles"},
            {"stalled-cycles-frontend", 7, "stalled-cycles-frontend"},
            {"idle-cycles-frontend", 7, "stalled-cycles-frontend"},
            {"stalled-cycles-backend", 8, "stalled-cycles-backend"},
            {"idle-cycles-backend", 8, "stalled-cycles-backend"},
            {"ref-cycles", 9, "ref-cycles"},
        };
        for (const auto& e : expected) {
            auto r = resolver.resolve(e.spec);
            QVERIFY2(r.ok(), e.spec);
            QCOMPARE(r->encoding.type, uint32_t(PERF_TYPE_HARDWARE));
            QCOMPARE(r->encoding.config, e.config);
            QCOMPARE(r->name, std::string(e.canonical));
            QCOMPARE(r->source, EventSource::Hardware);
            QCOMPARE(r->pmu, std::string("cpu")); // the fixture's core PMU
            QVERIFY(!r->description.empty());
            QVERIFY(!r->encoding.excludeUser && !r->encoding.excludeKernel && !r->encoding.excludeHv);
        }
        QCOMPARE(perfdash::hardwareEvents().size(), size_t(10));
    }

    void softwareEvents() {
        const Expected expected[] = {
            {"cpu-clock", 0, "cpu-clock"},           {"task-clock", 1, "task-clock"},
            {"page-faults", 2, "page-faults"},       {"faults", 2, "page-faults"},
            {"context-switches", 3, "context-switches"}, {"cs", 3, "context-switches"},
            {"cpu-migrations", 4, "cpu-migrations"}, {"migrations", 4, "cpu-migrations"},
            {"minor-faults", 5, "minor-faults"},     {"major-faults", 6, "major-faults"},
            {"alignment-faults", 7, "alignment-faults"}, {"emulation-faults", 8, "emulation-faults"},
            {"dummy", 9, "dummy"},                   {"bpf-output", 10, "bpf-output"},
            {"cgroup-switches", 11, "cgroup-switches"},
        };
        for (const auto& e : expected) {
            auto r = resolver.resolve(e.spec);
            QVERIFY2(r.ok(), e.spec);
            QCOMPARE(r->encoding.type, uint32_t(PERF_TYPE_SOFTWARE));
            QCOMPARE(r->encoding.config, e.config);
            QCOMPARE(r->name, std::string(e.canonical));
            QCOMPARE(r->source, EventSource::Software);
            QCOMPARE(r->pmu, std::string("software"));
            QVERIFY(!r->description.empty());
        }
        QCOMPARE(perfdash::softwareEvents().size(), size_t(12));
    }

    void cacheCanonicalNames() {
        const Expected expected[] = {
            {"L1-dcache-loads", 0x0, ""},          {"L1-dcache-load-misses", 0x10000, ""},
            {"L1-dcache-stores", 0x100, ""},       {"L1-dcache-store-misses", 0x10100, ""},
            {"L1-dcache-prefetches", 0x200, ""},   {"L1-dcache-prefetch-misses", 0x10200, ""},
            {"L1-icache-loads", 0x1, ""},          {"L1-icache-load-misses", 0x10001, ""},
            {"L1-icache-prefetches", 0x201, ""},   {"L1-icache-prefetch-misses", 0x10201, ""},
            {"LLC-loads", 0x2, ""},                {"LLC-load-misses", 0x10002, ""},
            {"LLC-stores", 0x102, ""},             {"LLC-store-misses", 0x10102, ""},
            {"LLC-prefetches", 0x202, ""},         {"LLC-prefetch-misses", 0x10202, ""},
            {"dTLB-loads", 0x3, ""},               {"dTLB-load-misses", 0x10003, ""},
            {"dTLB-stores", 0x103, ""},            {"dTLB-store-misses", 0x10103, ""},
            {"dTLB-prefetches", 0x203, ""},        {"dTLB-prefetch-misses", 0x10203, ""},
            {"iTLB-loads", 0x4, ""},               {"iTLB-load-misses", 0x10004, ""},
            {"branch-loads", 0x5, ""},             {"branch-load-misses", 0x10005, ""},
            {"node-loads", 0x6, ""},               {"node-load-misses", 0x10006, ""},
            {"node-stores", 0x106, ""},            {"node-store-misses", 0x10106, ""},
            {"node-prefetches", 0x206, ""},        {"node-prefetch-misses", 0x10206, ""},
        };
        const auto& table = hwCacheEvents();
        QCOMPARE(table.size(), std::size(expected));
        for (size_t i = 0; i < table.size(); ++i) {
            QCOMPARE(table[i].name, std::string(expected[i].spec));
            QCOMPARE(table[i].config, expected[i].config);
            QVERIFY(!table[i].description.empty());
            auto r = resolver.resolve(expected[i].spec);
            QVERIFY2(r.ok(), expected[i].spec);
            QCOMPARE(r->encoding.type, uint32_t(PERF_TYPE_HW_CACHE));
            QCOMPARE(r->encoding.config, expected[i].config);
            QCOMPARE(r->name, std::string(expected[i].spec));
            QCOMPARE(r->source, EventSource::HardwareCache);
        }
    }

    // Every alias of every cache with every alias of every op and result, in
    // both orders and with either part left out, as perf's lexer accepts them.
    void everyCacheSpelling() {
        int accepted = 0, rejected = 0;
        auto check = [&](const std::string& spec, size_t cache, size_t op, size_t result) {
            const bool valid = kValidOps[cache] & (1u << op);
            // perf's lexer takes these as the generic hardware events.
            if (spec == "branches" || spec == "branch-misses") return;
            auto r = resolver.resolve(spec);
            if (!valid) {
                QVERIFY2(!r.ok(), spec.c_str());
                QVERIFY2(r.error().message.find("perf defines no") != std::string::npos, r.error().message.c_str());
                ++rejected;
                return;
            }
            QVERIFY2(r.ok(), (spec + ": " + (r ? "" : r.error().message)).c_str());
            QCOMPARE(r->encoding.type, uint32_t(PERF_TYPE_HW_CACHE));
            QCOMPARE(r->encoding.config, uint64_t(cache | op << 8 | result << 16));
            ++accepted;
        };
        for (size_t c = 0; c < kCaches.size(); ++c) {
            for (const auto& cache : kCaches[c]) {
                check(cache, c, 0, 0);
                for (size_t o = 0; o < kOps.size(); ++o)
                    for (const auto& op : kOps[o]) check(cache + "-" + op, c, o, 0);
                for (size_t r = 0; r < kResults.size(); ++r) {
                    for (const auto& res : kResults[r]) {
                        check(cache + "-" + res, c, 0, r);
                        for (size_t o = 0; o < kOps.size(); ++o) {
                            for (const auto& op : kOps[o]) {
                                check(cache + "-" + op + "-" + res, c, o, r);
                                check(cache + "-" + res + "-" + op, c, o, r);
                            }
                        }
                    }
                }
            }
        }
        QVERIFY(accepted > 1500);
        QVERIFY(rejected > 500);
    }

    void cacheCombinationsPerfRejects() {
        for (const char* spec : {"L1-icache-stores", "L1-icache-store-misses", "iTLB-stores", "iTLB-prefetches",
                                 "branch-stores", "branch-prefetch-misses"}) {
            auto r = resolver.resolve(spec);
            QVERIFY2(!r.ok(), spec);
            QVERIFY2(r.error().message.find(spec) != std::string::npos, r.error().message.c_str());
            QVERIFY2(r.error().message.find("valid: loads") != std::string::npos, r.error().message.c_str());
        }
        auto twice = resolver.resolve("dTLB-load-store");
        QVERIFY(!twice.ok());
        QVERIFY(twice.error().message.find("twice") != std::string::npos);
        // perf's lexer is case-sensitive: "l1-dcache" is no cache name.
        QVERIFY(!decodeHwCacheName("l1-dcache-loads"));
        QVERIFY(!decodeHwCacheName("dTLB-loadz"));
    }

    void modifiers() {
        auto u = ok("cycles:u");
        QVERIFY(!u.encoding.excludeUser && u.encoding.excludeKernel && u.encoding.excludeHv);
        QCOMPARE(u.name, std::string("cycles:u"));
        auto k = ok("instructions:k");
        QVERIFY(k.encoding.excludeUser && !k.encoding.excludeKernel && k.encoding.excludeHv);
        auto uk = ok("cpu-cycles:uk");
        QVERIFY(!uk.encoding.excludeUser && !uk.encoding.excludeKernel && uk.encoding.excludeHv);
        auto h = ok("cycles:h");
        QVERIFY(h.encoding.excludeUser && h.encoding.excludeKernel && !h.encoding.excludeHv);
        auto guest = ok("cycles:G");
        QVERIFY(guest.encoding.excludeHost && !guest.encoding.excludeGuest);
        auto host = ok("cycles:H");
        QVERIFY(!host.encoding.excludeHost && host.encoding.excludeGuest);
        auto both = ok("cycles:GH");
        QVERIFY(!both.encoding.excludeHost && !both.encoding.excludeGuest);
        QCOMPARE(ok("cycles:p").encoding.preciseIp, uint8_t(1));
        QCOMPARE(ok("cycles:ppp").encoding.preciseIp, uint8_t(3));
        QVERIFY(ok("cs:I").encoding.excludeIdle);
        auto cache = ok("dTLB-load-misses:u");
        QCOMPARE(cache.encoding.config, uint64_t(0x10003));
        QVERIFY(cache.encoding.excludeKernel && !cache.encoding.excludeUser);
        QCOMPARE(cache.name, std::string("dTLB-load-misses:u"));
        auto sw = ok("task-clock:u");
        QCOMPARE(sw.encoding.type, uint32_t(PERF_TYPE_SOFTWARE));
        QVERIFY(sw.encoding.excludeKernel);

        auto tooPrecise = resolver.resolve("cycles:pppp");
        QVERIFY(!tooPrecise.ok());
        QVERIFY(tooPrecise.error().message.find("ppp") != std::string::npos);
        auto bad = resolver.resolve("cycles:x");
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().message.find("unknown modifier 'x'") != std::string::npos, bad.error().message.c_str());
    }

    void rawCodes() {
        auto r = ok("r1a8");
        QCOMPARE(r.encoding.type, uint32_t(PERF_TYPE_RAW));
        QCOMPARE(r.encoding.config, uint64_t(0x1a8));
        QCOMPARE(r.source, EventSource::Raw);
        QCOMPARE(r.pmu, std::string("cpu"));
        QCOMPARE(ok("rFFFF").encoding.config, uint64_t(0xffff));
        QCOMPARE(ok("r0").encoding.config, uint64_t(0));
        QCOMPARE(ok("r412e").encoding.config, uint64_t(0x412e));
        auto mod = ok("r01c2:u");
        QCOMPARE(mod.encoding.config, uint64_t(0x1c2));
        QVERIFY(mod.encoding.excludeKernel && !mod.encoding.excludeUser);
        QCOMPARE(mod.name, std::string("r01c2:u"));
        QVERIFY(!resolver.resolve("r").ok());
        QVERIFY(!resolver.resolve("rxyz").ok());
        QVERIFY(!resolver.resolve("r12345678901234567").ok()); // more than 64 bits of hex
    }

    void splitsEventLists() {
        auto two = splitEventList("cycles,instructions");
        QVERIFY(two.ok());
        QCOMPARE(two->size(), size_t(2));
        auto pmu = splitEventList("cpu/event=0x3c,umask=0x0,cmask=2/,instructions");
        QVERIFY(pmu.ok());
        QCOMPARE(pmu->size(), size_t(2));
        QCOMPARE(pmu->at(0), std::string("cpu/event=0x3c,umask=0x0,cmask=2/"));
        auto mods = splitEventList(" cpu/event=0x3c/u , msr/tsc/,skl::INST_RETIRED:ANY_P:c=2 ,cs");
        QVERIFY(mods.ok());
        QCOMPARE(*mods, (std::vector<std::string>{"cpu/event=0x3c/u", "msr/tsc/", "skl::INST_RETIRED:ANY_P:c=2", "cs"}));
        QVERIFY(!splitEventList("cycles,,cs").ok());
        QVERIFY(!splitEventList("").ok());
        QVERIFY(!splitEventList("cycles,").ok());
        auto unclosed = splitEventList("cpu/event=0x3c,umask=1");
        QVERIFY(!unclosed.ok());
        QVERIFY(unclosed.error().message.find("unclosed") != std::string::npos);

        auto list = resolver.resolveList("cycles:u,cpu/event=0x3c,umask=0x0/,sched:sched_switch");
        QVERIFY2(list.ok(), list ? "" : list.error().message.c_str());
        QCOMPARE(list->size(), size_t(3));
        QCOMPARE(list->at(0).encoding.type, uint32_t(PERF_TYPE_HARDWARE));
        QCOMPARE(list->at(1).encoding.type, uint32_t(4));
        QCOMPARE(list->at(1).encoding.config, uint64_t(0x3c));
        QCOMPARE(list->at(2).encoding.type, uint32_t(PERF_TYPE_TRACEPOINT));
        auto badItem = resolver.resolveList("cycles,cylces");
        QVERIFY(!badItem.ok());
        QVERIFY(badItem.error().message.find("cylces") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestGenericEvents)
#include "test_generic_events.moc"
