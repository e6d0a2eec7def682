// A powercap energy counter read by the backend that reads sysfs files
// (core/backends/GaugeBackend): on a copy of a fixture tree whose energy_uj
// the test rewrites between reads, the snapshot's value is the energy
// counted since enable() in microjoules, across a wrap of the file at
// max_energy_range_uj; a file that cannot be read leaves that location n/a.
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "core/backends/GaugeBackend.h"
#include "core/events/PowercapEnergy.h"
#include "core/result/CounterDeltas.h"

using namespace perfdash;

namespace {

// No slot of these tests goes to the wrapped backend; it must not be asked.
class NoCounters final : public CounterBackend {
public:
    std::string name() const override { return "none"; }
    Result<std::unique_ptr<CounterSet>> open(const EventSet&, const CountingScope&) override {
        return makeError("the wrapped backend was asked to open a file event");
    }
};

void write(const std::string& file, uint64_t value) { std::ofstream(file, std::ios::trunc) << value << "\n"; }

} // namespace

class TestFileCounters : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string root_;
    std::string pkg() const { return root_ + "/class/powercap/intel-rapl:0/energy_uj"; }

    Result<std::unique_ptr<CounterSet>> open(const std::vector<int>& cpus, std::vector<int> readers = {}) {
        auto event = powercapEnergyEvent(root_, "package", "PWR_PKG_ENERGY");
        if (!event) return event.error();
        event->coreCpus = std::move(readers);
        CountingScope scope;
        scope.kind = CountingScope::Kind::Cpus;
        scope.cpus = cpus;
        GaugeBackend backend(std::make_unique<NoCounters>());
        return backend.open(EventSet{EventSlot{"PWR0", *event, 0}}, scope);
    }

private slots:
    void init() {
        QVERIFY(dir_.isValid());
        root_ = dir_.path().toStdString() + "/sysfs";
        std::filesystem::remove_all(root_);
        std::filesystem::copy(qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/likwid/sysfs-silvermont",
                              root_, std::filesystem::copy_options::recursive);
    }

    // What the file advanced since enable(), not its value; past a wrap the
    // file's range is added, not 2^64; Joules by the event's scale.
    void countsFromEnableAcrossAWrap() {
        const uint64_t range = uint64_t{0xffffffff} * 32 + 1; // max_energy_range_uj + 1
        write(pkg(), 5'000'000);
        auto set = open({0});
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
        QVERIFY((*set)->slotStatus().at(0).opened);
        QVERIFY((*set)->enable().ok());
        Snapshot first, second, third;
        write(pkg(), 7'500'000); // 2.5 J
        QVERIFY((*set)->read(first).ok());
        QCOMPARE(first.values.at(0).raw, uint64_t{2'500'000});
        QVERIFY(first.values.at(0).runningNs > 0);
        QCOMPARE(first.values.at(0).enabledNs, first.values.at(0).runningNs);
        write(pkg(), range - 500'000); // close to the top ...
        QVERIFY((*set)->read(second).ok());
        write(pkg(), 1'000'000); // ... and past it: 0.5 J up to the wrap, 1 J after
        QVERIFY((*set)->read(third).ok());
        const uint64_t wrapped = third.values.at(0).raw - second.values.at(0).raw;
        QCOMPARE(wrapped, uint64_t{1'500'000});
        // The result rules take its difference like any counter's (no gauge).
        const auto delta = readingDelta(second.values.at(0), third.values.at(0));
        QVERIFY(delta.has_value());
        QCOMPARE(delta->raw, uint64_t{1'500'000});
        // After disable() the count stands still.
        QVERIFY((*set)->disable().ok());
        write(pkg(), 9'000'000);
        Snapshot after;
        QVERIFY((*set)->read(after).ok());
        QCOMPARE(after.values.at(0).raw, third.values.at(0).raw);
        // Half a wrap at 1000 W bounds the time between two reads (here 68 s).
        QCOMPARE((*set)->maxReadInterval(), std::chrono::nanoseconds(std::chrono::milliseconds(68719)));
    }

    // A package's counter is read at its reader CPU only: another CPU of the
    // package has no value of its own (the plan says its count is the reader's).
    void readOnTheReaderOnly() {
        write(pkg(), 1'000'000);
        auto set = open({0, 1}, {0});
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
        QVERIFY((*set)->enable().ok());
        write(pkg(), 3'000'000);
        Snapshot s;
        QVERIFY((*set)->read(s).ok());
        QCOMPARE(s.values.size(), size_t(2));
        QCOMPARE(s.values[0].raw, uint64_t{2'000'000});
        QCOMPARE(s.values[1].runningNs, uint64_t{0}); // n/a: CPU 0 holds it
    }

    // A file that cannot be read (the driver unloaded) leaves the location
    // n/a from then on, rather than putting what it missed into a later period.
    void unreadableStaysNotAvailable() {
        write(pkg(), 1'000'000);
        auto set = open({0});
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
        QVERIFY((*set)->enable().ok());
        std::filesystem::remove(pkg());
        Snapshot gone;
        QVERIFY((*set)->read(gone).ok());
        QCOMPARE(gone.values.at(0).runningNs, uint64_t{0});
        write(pkg(), 2'000'000);
        Snapshot back;
        QVERIFY((*set)->read(back).ok());
        QCOMPARE(back.values.at(0).runningNs, uint64_t{0});
    }
};

QTEST_GUILESS_MAIN(TestFileCounters)
#include "test_file_counters.moc"
