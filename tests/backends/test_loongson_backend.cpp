// The loongson backend against a fake /dev/pcounter: the bytes it writes for
// every event pair and privilege level, how it reads and extends the 32-bit
// counters, the pairs it refuses, the stop on destruction, and the errors.
#include <QtTest>

#include "backends/LoongsonFakeDevice.h"
#include "core/backends/loongson/LoongsonBackend.h"
#include "core/events/EventResolver.h"
#include "core/events/Loongson2fEvents.h"

using namespace perfdash;
using namespace perfdash::loongson;
using namespace perfdash::testing;

namespace {

ResolvedEvent resolve(const std::string& spec) {
    auto ev = resolveLoongson2fEvent(spec);
    if (!ev || !*ev) qFatal("%s does not resolve", spec.c_str());
    return **ev;
}

EventSlot slotOf(const std::string& counter, const std::string& spec) { return EventSlot{counter, resolve(spec), 0}; }

CountingScope cpu0() {
    CountingScope scope;
    scope.kind = CountingScope::Kind::Cpus;
    scope.cpus = {0};
    return scope;
}

std::string fourBits(int v) {
    std::string s;
    for (int bit = 3; bit >= 0; --bit) s += (v >> bit & 1) ? '1' : '0';
    return s;
}

} // namespace

class TestLoongsonBackend : public QObject {
    Q_OBJECT
private slots:
    void catalogHasThe32EventsOnTheirCounters() {
        QCOMPARE(loongson2fEvents().size(), size_t(32));
        int perCounter[2] = {0, 0};
        for (const auto& e : loongson2fEvents()) ++perCounter[e.counter];
        QCOMPARE(perCounter[0], 16);
        QCOMPARE(perCounter[1], 16);
        const ResolvedEvent ic = resolve("loongson2f::ICACHE_MISSES");
        QCOMPARE(ic.source, EventSource::Loongson2f);
        QCOMPARE(ic.encoding.type, kNotAPerfEventType);
        QCOMPARE(loongson2fEventOf(ic)->counter, 0);
        QCOMPARE(loongson2fEventOf(ic)->select, 4);
        QCOMPARE(loongson2fEventOf(resolve("loongson2f::DCACHE_MISSES"))->counter, 1);
        QCOMPARE(loongson2fEventOf(resolve("loongson2f::DCACHE_MISSES"))->select, 4);
        QVERIFY(resolve("LOONGSON2F::CYCLES:u").encoding.excludeKernel);

        const EventResolver resolver;
        auto viaResolver = resolver.resolve("loongson2f::MEMORY_WRITES");
        QVERIFY(viaResolver.ok());
        QCOMPARE(loongson2fEventOf(*viaResolver)->select, 9);
        auto typo = resolver.resolve("loongson2f::ICACHE_MISS");
        QVERIFY(!typo.ok());
        QVERIFY2(typo.error().message.find("did you mean loongson2f::ICACHE_MISSES") != std::string::npos,
                 typo.error().message.c_str());
    }

    void writesTheSelectorOfEveryEventPair() {
        FakePcounter device;
        LoongsonBackend backend(device.path());
        const auto events = loongson2fEvents();
        for (const auto& e0 : events.subspan(0, 16)) {
            for (const auto& e1 : events.subspan(16, 16)) {
                auto set = backend.open({slotOf("PMC0", "loongson2f::" + std::string(e0.name)),
                                         slotOf("PMC1", "loongson2f::" + std::string(e1.name))},
                                        cpu0());
                QVERIFY(set.ok());
                QVERIFY((*set)->enable().ok());
                QCOMPARE(device.selection(), fourBits(e0.select) + fourBits(e1.select));
            }
        }
    }

    void writesAControlWordForOtherPrivilegeLevels() {
        FakePcounter device;
        LoongsonBackend backend(device.path());
        auto user = backend.open({slotOf("PMC0", "loongson2f::ICACHE_MISSES:u"),
                                  slotOf("PMC1", "loongson2f::DCACHE_MISSES:u")},
                                 cpu0());
        QVERIFY(user.ok());
        QVERIFY((*user)->enable().ok());
        QCOMPARE(device.selection(), std::string("0x00088c")); // user + supervisor
        auto kernel = backend.open({slotOf("PMC0", "loongson2f::CYCLES:k")}, cpu0());
        QVERIFY(kernel.ok());
        QVERIFY((*kernel)->enable().ok());
        QCOMPARE(device.selection(), std::string("0x000003")); // kernel + exception level, event 0 on both
    }

    void extendsThe32BitCountersAcrossWraps() {
        FakePcounter device;
        device.setCounters(0xFFFFFFF0, 10);
        LoongsonBackend backend(device.path());
        auto set = backend.open({slotOf("PMC0", "loongson2f::CYCLES"), slotOf("PMC1", "loongson2f::COMMITTED_OPS")},
                                cpu0());
        QVERIFY(set.ok());
        CounterSet& counters = **set;
        QCOMPARE(counters.locations().size(), size_t(1));
        QCOMPARE(counters.locations()[0].label(), std::string("cpu0"));
        QVERIFY(counters.enable().ok());
        QCOMPARE(device.selection(), std::string("00000000"));
        Snapshot s;
        device.setCounters(0x10, 110);
        QVERIFY(counters.read(s).ok());
        QCOMPARE(s.values.at(0).raw, uint64_t{0x20});
        QCOMPARE(s.values.at(1).raw, uint64_t{100});
        QCOMPARE(s.values.at(0).runningNs, s.values.at(0).enabledNs);
        device.setCounters(0x80000010, 110);
        QVERIFY(counters.read(s).ok());
        device.setCounters(0x10, 120); // a second wrap, seen in two halves
        QVERIFY(counters.read(s).ok());
        QCOMPARE(s.values.at(0).raw, uint64_t{0x20} + (uint64_t{1} << 32));
        QCOMPARE(s.values.at(1).raw, uint64_t{110});
        // 2^32 at 4 events per cycle and 1.2 GHz wraps in 0.89 s: read at least every 0.45 s.
        QCOMPARE(counters.maxReadInterval(), std::chrono::nanoseconds(447'000'000));
        QVERIFY(counters.disable().ok());
        QCOMPARE(device.selection(), std::string("0x000000"));
    }

    void stopsTheCountersWhenDestroyed() {
        FakePcounter device;
        {
            LoongsonBackend backend(device.path());
            auto set = backend.open({slotOf("PMC0", "loongson2f::ICACHE_MISSES")}, cpu0());
            QVERIFY(set.ok());
            QVERIFY((*set)->enable().ok());
            QCOMPARE(device.selection(), std::string("01000000"));
        }
        QCOMPARE(device.selection(), std::string("0x000000"));
    }

    void refusesWhatTheTwoCountersCannotCount() {
        FakePcounter device;
        LoongsonBackend backend(device.path());
        auto set = backend.open({slotOf("A", "loongson2f::CYCLES"), slotOf("B", "loongson2f::ICACHE_MISSES"),
                                 slotOf("C", "loongson2f::DCACHE_MISSES:u"), slotOf("D", "loongson2f::ITLB_MISSES")},
                                cpu0());
        QVERIFY(set.ok());
        const auto& st = (*set)->slotStatus();
        QVERIFY(st[0].opened);
        QVERIFY(!st[1].opened);
        QVERIFY2(st[1].reason.find("counter 0 already counts 'loongson2f::CYCLES'") != std::string::npos,
                 st[1].reason.c_str());
        QVERIFY(!st[2].opened);
        QVERIFY(st[2].reason.find("share one mode setting") != std::string::npos);
        QVERIFY(st[3].opened);

        EventSet notLoongson = {EventSlot{"X", EventResolver().resolve("task-clock").value(), 0}};
        auto refused = backend.open(notLoongson, cpu0());
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().message.find("loongson2f:: events only") != std::string::npos);
    }

    void countsTheOneCpuWhole() {
        FakePcounter device;
        LoongsonBackend backend(device.path());
        QCOMPARE(backend.groupArch(), std::string("loongson2f"));
        CountingScope other = cpu0();
        other.cpus = {1};
        QVERIFY(!backend.describeScope(other).ok());
        CountingScope threads;
        threads.kind = CountingScope::Kind::Threads;
        threads.tids = {1};
        QVERIFY(!backend.describeScope(threads).ok());
        CountingScope task;
        task.kind = CountingScope::Kind::Task;
        task.pid = 1;
        auto note = backend.describeScope(task);
        QVERIFY(note.ok());
        QVERIFY(note->find("whole CPU") != std::string::npos);
    }

    void explainsAMissingModule() {
        QTemporaryDir empty;
        const std::string path = empty.path().toStdString() + "/pcounter";
        LoongsonBackend backend(path);
        QVERIFY(!backend.ready().ok());
        QVERIFY2(backend.ready().error().message.find("the pcounter module is not loaded") != std::string::npos,
                 backend.ready().error().message.c_str());
        auto set = backend.open({slotOf("PMC0", "loongson2f::CYCLES")}, cpu0());
        QVERIFY(!set.ok());
        QVERIFY(set.error().message.find("insmod pcounter.ko") != std::string::npos);
        QVERIFY(explainPcounterOpenError(EBUSY, "/dev/pcounter").find("another program") != std::string::npos);
        QVERIFY(explainPcounterOpenError(EACCES, "/dev/pcounter").find("udev rule") != std::string::npos);
    }

    void refusesToWriteAMalformedSelection() {
        FakePcounter device;
        auto pcounter = PcounterDevice::open(device.path());
        QVERIFY(pcounter.ok());
        const Status irq = pcounter->select(0x88F | 0x10); // the overflow interrupt bit
        QVERIFY(!irq.ok());
        QVERIFY2(irq.error().message.find("refusing to write the malformed selector '0x00089f'") != std::string::npos,
                 irq.error().message.c_str());
        QVERIFY(!pcounter->select(0x2000).ok());
        QCOMPARE(device.selection(), std::string(8, '\0')); // nothing reached the device
    }
};

QTEST_GUILESS_MAIN(TestLoongsonBackend)
#include "test_loongson_backend.moc"
