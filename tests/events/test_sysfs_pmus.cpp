// Kernel PMUs from sysfs: format files, named events with .scale/.unit,
// cpumask, the pmu/term=value/ syntax on the fixture tree, and the real
// msr/tsc/ of this machine.
#include <QtTest>

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "core/sys/PerfEventSys.h"
#include "core/events/AvailabilityCheck.h"
#include "core/events/EventResolver.h"
#include "core/events/PmuTerms.h"
#include "core/events/SysfsPmu.h"
#include "core/util/IdentityOverride.h"
#include "core/util/Strings.h"
#include "events/EventFixtures.h"

using namespace perfdash;

class TestSysfsPmus : public QObject {
    Q_OBJECT

    EventResolver resolver{test::fixturePaths()};

    ResolvedEvent ok(const std::string& spec) {
        auto r = resolver.resolve(spec);
        if (!r) qWarning("%s: %s", spec.c_str(), r.error().message.c_str());
        return r ? *r : ResolvedEvent{};
    }
    std::string errorOf(const std::string& spec) {
        auto r = resolver.resolve(spec);
        return r ? std::string("(resolved)") : r.error().message;
    }

private slots:
    void parsesFormatFields() {
        auto byte = PmuFormatField::parse("event", "config:0-7\n");
        QVERIFY(byte.ok());
        QCOMPARE(byte->word, 0);
        QCOMPARE(byte->maxValue(), uint64_t(0xff));
        auto bit = PmuFormatField::parse("edge", "config:18");
        QVERIFY(bit.ok());
        QCOMPARE(bit->maxValue(), uint64_t(1));
        auto wide = PmuFormatField::parse("offcore_rsp", "config1:0-63");
        QVERIFY(wide.ok());
        QCOMPARE(wide->word, 1);
        QCOMPARE(wide->maxValue(), ~uint64_t(0));
        auto split = PmuFormatField::parse("event", "config:0-7,32-35");
        QVERIFY(split.ok());
        QCOMPARE(split->maxValue(), uint64_t(0xfff));
        QCOMPARE(split->describe(), std::string("config:0-7,32-35"));
        PerfEncoding e;
        e.config = 0xffff'0000'0000'ff00; // bits outside the field stay, bits inside are replaced
        split->insert(0xabc, e);
        QCOMPARE(e.config, uint64_t(0xffff'000a'0000'ffbc));
        auto c2 = PmuFormatField::parse("x", "config2:4-5");
        QVERIFY(c2.ok());
        c2->insert(3, e);
        QCOMPARE(e.config2, uint64_t(0x30));

        for (const char* bad : {"conf:0-7", "config:7-0", "config:64", "config", "config:a-b"})
            QVERIFY2(!PmuFormatField::parse("f", bad).ok(), bad);
    }

    void scansTheFixtureTree() {
        const SysfsPmus& pmus = resolver.pmus();
        QCOMPARE(pmus.names(), (std::vector<std::string>{"amd_df", "cpu", "power", "software", "tracepoint"}));
        const SysfsPmu* cpu = pmus.find("cpu");
        QVERIFY(cpu);
        QCOMPARE(cpu->type, uint32_t(4));
        QCOMPARE(cpu->formats.size(), size_t(10));
        QCOMPARE(cpu->skippedFormats.size(), size_t(1)); // "broken" says conf:0-7
        QVERIFY(cpu->skippedFormats.front().starts_with("broken"));
        QCOMPARE(cpu->events.size(), size_t(5));
        QVERIFY(cpu->cpus.empty());
        QCOMPARE(pmus.core(), cpu);
        QVERIFY(cpu->event("MEM-LOADS")); // perf matches event names case-insensitively
        const SysfsPmu* df = pmus.find("amd_df");
        QCOMPARE(df->cpus, (std::vector<int>{0, 1, 8}));
        QCOMPARE(df->events.size(), size_t(1)); // .scale/.unit are attributes, not events
        QCOMPARE(df->events.front().unit, std::string("MiB"));
        QCOMPARE(df->events.front().scale, 6.103515625e-5);
        QCOMPARE(pmus.find("power")->cpus, std::vector<int>{0});
    }

    void encodesTermsThroughFormats() {
        auto e = ok("cpu/event=0x3c,umask=0x0,cmask=2/");
        QCOMPARE(e.source, EventSource::SysfsPmu);
        QCOMPARE(e.pmu, std::string("cpu"));
        QCOMPARE(e.encoding.type, uint32_t(4));
        QCOMPARE(e.encoding.config, uint64_t(0x0200003c));
        QCOMPARE(e.name, std::string("cpu/event=0x3c,umask=0x0,cmask=2/"));
        QVERIFY(e.cpus.empty());
        // Terms without a value mean 1: the same bits libpfm4 sets for skl::UNHALTED_CORE_CYCLES:c=2:e:i.
        QCOMPARE(ok("cpu/event=0x3c,umask=0x0,cmask=2,edge,inv/").encoding.config, uint64_t(0x0284003c));
        QCOMPARE(ok("cpu/event=60,umask=1/").encoding.config, uint64_t(0x013c));
        QCOMPARE(ok("cpu/event=0x3c,in_tx/").encoding.config, uint64_t(0x1'0000'003c));
        auto c1 = ok("cpu/event=0xb7,umask=0x1,offcore_rsp=0x10001/");
        QCOMPARE(c1.encoding.config, uint64_t(0x01b7));
        QCOMPARE(c1.encoding.config1, uint64_t(0x10001));
        auto raw = ok("cpu/config=0x1234,config1=5,config2=0x7/");
        QCOMPARE(raw.encoding.config, uint64_t(0x1234));
        QCOMPARE(raw.encoding.config1, uint64_t(5));
        QCOMPARE(raw.encoding.config2, uint64_t(7));
        QCOMPARE(ok("cpu/name=my-cycles,event=0x3c/").name, std::string("my-cycles"));
    }

    void appliesModifiersAfterTheSlash() {
        auto u = ok("cpu/event=0xd1,umask=0x08/u");
        QCOMPARE(u.encoding.config, uint64_t(0x08d1));
        QVERIFY(u.encoding.excludeKernel && u.encoding.excludeHv && !u.encoding.excludeUser);
        auto k = ok("cpu/event=0x3c/:k");
        QVERIFY(k.encoding.excludeUser && !k.encoding.excludeKernel);
        QVERIFY(!resolver.resolve("cpu/event=0x3c/z").ok());
    }

    void expandsNamedEvents() {
        auto loads = ok("cpu/mem-loads/");
        QCOMPARE(loads.encoding.config, uint64_t(0x01cd));
        QCOMPARE(loads.encoding.config1, uint64_t(3));
        QCOMPARE(loads.name, std::string("cpu/mem-loads/"));
        QVERIFY(loads.description.find("event=0xcd,umask=0x1,ldlat=3") != std::string::npos);
        // Explicit terms override the event's own.
        QCOMPARE(ok("cpu/mem-loads,ldlat=5/").encoding.config1, uint64_t(5));
        QCOMPARE(ok("cpu/ldlat=5,mem-loads/").encoding.config1, uint64_t(5));
        // ldlat=? in sysfs: the user must give it.
        const std::string needs = errorOf("cpu/mem-loads-ldlat/");
        QVERIFY2(needs.find("needs a value for ldlat") != std::string::npos, needs.c_str());
        QCOMPARE(ok("cpu/mem-loads-ldlat,ldlat=7/").encoding.config1, uint64_t(7));
        auto cyclesT = ok("cpu/cycles-t/u");
        QCOMPARE(cyclesT.encoding.config, uint64_t(0x1'0000'003c));
        QCOMPARE(cyclesT.name, std::string("cpu/cycles-t/u"));
        QVERIFY(cyclesT.encoding.excludeKernel);
    }

    void scaleUnitAndCpumask() {
        auto energy = ok("power/energy-pkg/");
        QCOMPARE(energy.encoding.type, uint32_t(12));
        QCOMPARE(energy.encoding.config, uint64_t(2));
        QCOMPARE(energy.scale, 2.3283064365386962890625e-10);
        QCOMPARE(energy.unit, std::string("Joules"));
        QCOMPARE(energy.cpus, std::vector<int>{0});
        auto dram = ok("amd_df/dram_channel_data_controller_4/");
        QCOMPARE(dram.encoding.type, uint32_t(11));
        // event=0x107 through config:0-7,32-35,59-60: low byte at 0-7, bit 8 of the value at bit 32.
        QCOMPARE(dram.encoding.config, uint64_t(0x1'0000'3807));
        QCOMPARE(dram.unit, std::string("MiB"));
        QCOMPARE(dram.cpus, (std::vector<int>{0, 1, 8}));
        QCOMPARE(ok("amd_df/event=0x3fff/").encoding.config, uint64_t(0x1800'000f'0000'00ff));
    }

    void reportsBadTerms() {
        const std::string tooBig = errorOf("cpu/event=0x100/");
        QVERIFY2(tooBig.find("config:0-7") != std::string::npos && tooBig.find("0xff") != std::string::npos,
                 tooBig.c_str());
        const std::string unknown = errorOf("cpu/evnt=1/");
        QVERIFY2(unknown.find("unknown term 'evnt'") != std::string::npos, unknown.c_str());
        for (const char* term : {"event", "umask", "edge", "inv", "cmask", "config1"})
            QVERIFY2(unknown.find(term) != std::string::npos, term);
        const std::string notNumber = errorOf("cpu/event=abc/");
        QVERIFY2(notNumber.find("not a number") != std::string::npos, notNumber.c_str());
        const std::string noPmu = errorOf("cpux/event=1/");
        QVERIFY2(noPmu.find("no PMU named 'cpux'") != std::string::npos && noPmu.find("amd_df") != std::string::npos,
                 noPmu.c_str());
        QVERIFY(errorOf("cpu/event=1").find("no closing '/'") != std::string::npos);
        QVERIFY(errorOf("cpu//").find("no terms") != std::string::npos);
        QVERIFY(errorOf("cpu/config/").find("needs a value") != std::string::npos);
    }

    void bareNamesOfTheCorePmu() {
        auto bare = ok("mem-loads");
        QCOMPARE(bare.source, EventSource::SysfsPmu);
        QCOMPARE(bare.name, std::string("cpu/mem-loads/"));
        QCOMPARE(bare.encoding.config, uint64_t(0x01cd));
        auto mod = ok("topdown-slots:u");
        QCOMPARE(mod.encoding.config, uint64_t(0x0400));
        QVERIFY(mod.encoding.excludeKernel);
        // perf's generic names come first even where the core PMU has an event of that name.
        QCOMPARE(ok("ref-cycles").source, EventSource::Hardware);
        QCOMPARE(ok("cpu/ref-cycles/").encoding.config, uint64_t(0x0300));
    }

    void realMsrTsc() {
        const std::string msrType = "/sys/bus/event_source/devices/msr/type";
        auto type = readFirstLine(msrType);
        if (!type) QSKIP("this kernel has no msr PMU (/sys/bus/event_source/devices/msr)");
        EventResolver real;
        auto tsc = real.resolve("msr/tsc/");
        if (identityOverride() && !tsc.ok()) { // the msr PMU is the CPU's: an arm64 identity has none, and says so
            QVERIFY2(tsc.error().message.find("no PMU named 'msr'") != std::string::npos, tsc.error().message.c_str());
            return;
        }
        QVERIFY2(tsc.ok(), tsc ? "" : tsc.error().message.c_str());
        QCOMPARE(tsc->encoding.type, uint32_t(parseUnsigned(*type).value()));
        QCOMPARE(tsc->encoding.config, uint64_t(0));
        QCOMPARE(tsc->name, std::string("msr/tsc/"));
        auto availability = AvailabilityCheck::forThisMachine(real.pmus());
        const Availability a = availability->check(*tsc);
        if (identityOverride()) { // the simulated CPU's msr PMU is its own, never opened here
            QCOMPARE(a.brief, std::string("simulated CPU, not counted"));
            QVERIFY2(a.reason.find(identityOverride()->name) != std::string::npos, a.reason.c_str());
            return;
        }
        QVERIFY2(a.countable(), a.reason.c_str());
        // The msr PMU cannot filter by privilege level, and the reason says what to drop.
        const Availability userOnly = availability->check(real.resolve("msr/tsc/u").value());
        QCOMPARE(userOnly.state, Availability::State::Unsupported);
        QVERIFY2(userOnly.reason.find("drop the :u/:k/:h modifier") != std::string::npos, userOnly.reason.c_str());

        // It really counts: the time stamp counter advances while we spin.
        perf_event_attr attr = makePerfAttr(tsc->encoding);
        const int fd = perfEventOpen(attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
        QVERIFY(fd >= 0);
        uint64_t before = 0, after = 0;
        QCOMPARE(::read(fd, &before, sizeof before), ssize_t(sizeof before));
        volatile uint64_t sink = 0;
        for (int i = 0; i < 1000000; ++i) sink = sink + static_cast<uint64_t>(i);
        QCOMPARE(::read(fd, &after, sizeof after), ssize_t(sizeof after));
        ::close(fd);
        QVERIFY2(after > before, qPrintable(QString("tsc %1 -> %2").arg(before).arg(after)));
    }
};

QTEST_GUILESS_MAIN(TestSysfsPmus)
#include "test_sysfs_pmus.moc"
