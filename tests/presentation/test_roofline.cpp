// The roofline's core: the ceilings file as the roofline reads it, the roofs
// it gives, the geometry (ridge, attainable performance, the bounding roof,
// log-log scales) and a run's points found by the rule of RooflinePoints.h,
// on the synthetic FLOPS_DP + MEM session and hand-made groups.
#include <QtTest>

#include <cmath>

#include "core/presentation/Roofline.h"
#include "core/presentation/RooflineCeilings.h"
#include "core/presentation/RooflinePoints.h"
#include "core/report/ReportJsonReader.h"

using namespace perfdash;

namespace {

std::string fixtures() { return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString(); }

RooflineCeilings syntheticCeilings() {
    auto c = readRooflineCeilings(fixtures() + "/ceilings/synthetic-2thread.json");
    if (!c) qFatal("%s", c.error().message.c_str());
    return *c;
}

const Roof* findRoof(const std::vector<Roof>& roofs, Roof::Kind kind, const std::string& key, const std::string& isa = {}) {
    for (const Roof& r : roofs)
        if (r.kind == kind && (kind == Roof::Kind::Memory ? r.level == key : r.precision == key && r.isa == isa)) return &r;
    return nullptr;
}

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }
bool anyContains(const std::vector<std::string>& lines, const std::string& what) {
    for (const auto& l : lines)
        if (contains(l, what)) return true;
    return false;
}

EventResult slotEvent(std::string counter, bool counted = true, std::string reason = {}) {
    EventResult e;
    e.counter = std::move(counter);
    e.event = e.counter + "_EVENT";
    e.counted = counted;
    e.reason = std::move(reason);
    return e;
}

MetricResult metric(std::string name, std::string formula, double aggregate) {
    return MetricResult{std::move(name), std::move(formula), {aggregate}, aggregate, {}};
}

} // namespace

class TestRoofline : public QObject {
    Q_OBJECT
private slots:
    void ridgeAndAttainable() {
        QCOMPARE(ridgeIntensity(14e9, 70e9), 5.0);
        QCOMPARE(attainable(1.0, 14e9, 70e9), 14e9);  // left of the ridge: the bandwidth bounds
        QCOMPARE(attainable(10.0, 14e9, 70e9), 70e9); // right of it: the peak
        QCOMPARE(attainable(5.0, 14e9, 70e9), 70e9);  // on it, both
    }

    void roofsAreEachLevelsAndPrecisionsBestWithTheMostThreads() {
        const RooflineCeilings c = syntheticCeilings();
        QVERIFY(c.measured);
        QCOMPARE(c.provenance(), std::string("measured here at 2.90 GHz"));
        QVERIFY(contains(c.cpu, "synthetic"));
        const std::vector<Roof> roofs = roofsOf(c);
        QCOMPARE(roofs.size(), size_t(7)); // L1 L2 L3 DRAM, DP avx2, DP scalar, SP avx2
        // Memory roofs fastest level first, then compute roofs highest first.
        QCOMPARE(roofs[0].level, std::string("L1"));
        QCOMPARE(roofs[3].level, std::string("DRAM"));
        QCOMPARE(roofs[4].precision, std::string("sp"));
        QCOMPARE(roofs[6].isa, std::string("scalar"));
        // DRAM: triad's hardware bytes (1.4e10) beat load's 1.3e10; the one-thread 9e9 is no roof (two threads measured).
        const Roof* dram = findRoof(roofs, Roof::Kind::Memory, "DRAM");
        QVERIFY(dram);
        QCOMPARE(dram->value, 1.4e10);
        QVERIFY(contains(dram->label, "DRAM 14 GB/s (triad, 2 threads) measured here at 2.90 GHz"));
        // DP avx2: fma's 7e10, not add's, nor the one-thread fma.
        const Roof* dp = findRoof(roofs, Roof::Kind::Compute, "dp", "avx2");
        QVERIFY(dp);
        QCOMPARE(dp->value, 7e10);
        QVERIFY(contains(dp->label, "DP avx2 70 GFLOP/s (fma, 2 threads)"));
    }

    void importedCeilingsSaySo() {
        auto c = parseRooflineCeilings(R"({"schema":1,"kind":"perfdash-ceilings","origin":"imported","cpu":"synthetic box",
            "clock_hz":3e9,"memory":[{"level":"DRAM","kernel":"load","threads":1,"app_bytes_per_s":1e10}]})", "x.json");
        QVERIFY2(c.ok(), c.ok() ? "" : c.error().message.c_str());
        QCOMPARE(c->provenance(), std::string("imported (measured on synthetic box)"));
        const auto roofs = roofsOf(*c);
        QCOMPARE(roofs.size(), size_t(1));
        QVERIFY(contains(roofs[0].label, "application bytes")); // no hw_bytes_per_s: the label says which bytes
        QVERIFY(contains(roofs[0].label, "imported"));
    }

    // A level measured with fewer threads than another still has its roof.
    void eachRoofUsesItsOwnMostThreads() {
        auto c = parseRooflineCeilings(R"({"schema":1,"kind":"perfdash-ceilings","origin":"measured","clock_hz":2e9,
            "memory":[{"level":"L1","kernel":"load","threads":4,"hw_bytes_per_s":4e11},
                      {"level":"L1","kernel":"load","threads":1,"hw_bytes_per_s":1e11},
                      {"level":"DRAM","kernel":"load","threads":1,"hw_bytes_per_s":8e9}],
            "compute":[{"kernel":"fma","isa":"avx2","precision":"dp","threads":1,"flops_per_s":3e10}]})", "t.json");
        QVERIFY(c.ok());
        const auto roofs = roofsOf(*c);
        QCOMPARE(roofs.size(), size_t(3));
        QCOMPARE(roofs[0].value, 4e11);
        QCOMPARE(roofs[1].level, std::string("DRAM"));
        QCOMPARE(roofs[1].value, 8e9);
        QVERIFY(contains(roofs[1].label, "1 thread)"));
    }

    // A thread count the schema does not allow (found by fuzz_ceilings: 6e10 was converted to int) is the file's.
    void aThreadCountOutOfRangeIsTheFiles() {
        auto c = parseRooflineCeilings(R"({"schema":1,"kind":"perfdash-ceilings","origin":"measured","threads":2,
            "memory":[{"level":"L1","kernel":"load","threads":6e10,"hw_bytes_per_s":4e11},
                      {"level":"L2","kernel":"load","threads":-1e300,"hw_bytes_per_s":2e11}]})", "t.json");
        QVERIFY(c.ok());
        QCOMPARE(c->memory.size(), size_t(2));
        QCOMPARE(c->memory[0].threads, 2);
        QCOMPARE(c->memory[1].threads, 2);
    }

    void badCeilingsFilesNameTheFileAndTheFix() {
        auto notJson = parseRooflineCeilings("{", "a.json");
        QVERIFY(!notJson.ok());
        QVERIFY(contains(notJson.error().message, "a.json") && contains(notJson.error().message, "perfdash-cli ceilings"));
        auto report = parseRooflineCeilings(R"({"type":"report","schema":3})", "b.json");
        QVERIFY(!report.ok() && contains(report.error().message, "no ceilings file"));
        auto newer = parseRooflineCeilings(R"({"schema":2,"kind":"perfdash-ceilings","origin":"measured"})", "c.json");
        QVERIFY(!newer.ok() && contains(newer.error().message, "update perfdash"));
        auto empty = parseRooflineCeilings(R"({"schema":1,"kind":"perfdash-ceilings","origin":"measured",
            "memory":[{"level":"DRAM","app_bytes_per_s":null}],"compute":[]})", "d.json");
        QVERIFY(!empty.ok() && contains(empty.error().message, "no bandwidth"));
        auto origin = parseRooflineCeilings(R"({"schema":1,"kind":"perfdash-ceilings","origin":"guessed"})", "e.json");
        QVERIFY(!origin.ok() && contains(origin.error().message, "origin"));
        auto missing = readRooflineCeilings("/nonexistent/ceilings.json");
        QVERIFY(!missing.ok() && contains(missing.error().message, "/nonexistent/ceilings.json"));
        QVERIFY(contains(noCeilingsMessage("/x/ceilings.json"), "--ceilings FILE"));
    }

    void boundingRoof() {
        const auto roofs = roofsOf(syntheticCeilings());
        // A streaming loop: 0.1 FLOP/B, left of DRAM's ridge (7e10 / 1.4e10 = 5).
        auto low = boundOf(roofs, 0.1, 1.26e9, "DRAM", "dp");
        QVERIFY(low);
        QVERIFY(low->memoryBound);
        QCOMPARE(low->memory->level, std::string("DRAM"));
        QCOMPARE(low->compute->value, 7e10); // DP's highest roof, not SP's
        QCOMPARE(low->attainable, 1.4e9);
        QCOMPARE(low->fraction, 0.9);
        auto high = boundOf(roofs, 20, 4.2e10, "DRAM", "dp");
        QVERIFY(high && !high->memoryBound);
        QCOMPARE(high->attainable, 7e10);
        QCOMPARE(high->fraction, 0.6);
        // SP and DP counted together: the higher roof of either bounds it.
        auto combined = boundOf(roofs, 20, 4.2e10, "DRAM", "combined");
        QVERIFY(combined);
        QCOMPARE(combined->compute->value, 1.4e11);
        // A level or precision the ceilings lack bounds nothing.
        QVERIFY(!boundOf(roofs, 1, 1e9, "HBM", "dp"));
        QVERIFY(!boundOf(roofs, 1, 1e9, "DRAM", "fp16"));
        QVERIFY(!boundOf(roofs, 0, 1e9, "DRAM", "dp"));
    }

    void logScales() {
        const LogScale x{0.01, 100, 50, 450}; // four decades on 400 pixels
        QCOMPARE(x.toPixel(0.01), 50.0);
        QCOMPARE(x.toPixel(100), 450.0);
        QCOMPARE(x.toPixel(1), 250.0);
        QCOMPARE(x.toPixel(10), 350.0);
        const std::vector<double> ticks = x.decades();
        QCOMPARE(ticks.size(), size_t(5));
        QCOMPARE(ticks.front(), 0.01);
        QCOMPARE(ticks.back(), 100.0);
        const LogScale y{1e9, 1e11, 300, 100}; // drawn upwards
        QCOMPARE(y.toPixel(1e10), 200.0);
        QVERIFY(y.contains(5e9) && !y.contains(2e11));

        const LogRange r = logRangeCovering({0.1, 20, std::nan(""), 0, -3});
        QCOMPARE(r.low, 0.1);
        QCOMPARE(r.high, 100.0);
        const LogRange one = logRangeCovering({3.0}, 4); // 1 to 10, widened to four decades: down, up, down
        QCOMPARE(one.low, 0.01);
        QCOMPARE(one.high, 100.0);
        const LogRange up = logRangeCovering({3.0}, 4, false); // up, down, up
        QCOMPARE(up.low, 0.1);
        QCOMPARE(up.high, 1000.0);
        const LogRange none = logRangeCovering({std::nan(""), 0});
        QCOMPARE(none.low, 1.0);
        QCOMPARE(none.high, 10.0);
        const LogRange exact = logRangeCovering({1.0, 1000.0});
        QCOMPARE(exact.low, 1.0);
        QCOMPARE(exact.high, 1000.0);
    }

    void frameHoldsRoofsAndPoints() {
        const auto roofs = roofsOf(syntheticCeilings()); // L1 3.6e11 ... DRAM 1.4e10; SP 1.4e11, DP 7e10, DP scalar 1.16e10
        const RooflineFrame f = rooflineFrame(roofs, {0.1, 20}, {1.26e9, 4.2e10});
        // Intensity: the points (0.1, 20) and the ridges with L1's 3.6e11, the lowest the scalar
        // peak's 1.16e10 / 3.6e11 = 0.032: 0.01 to 100, four decades.
        QCOMPARE(f.x.low, 0.01);
        QCOMPARE(f.x.high, 100.0);
        QCOMPARE(f.y.low, 1e9); // the streaming point's 1.26e9 to SP's 1.4e11, widened to three decades
        QCOMPARE(f.y.high, 1e12);
        QCOMPARE(f.segments.size(), roofs.size());
        const RoofSegment& dram = f.segments[3];
        QCOMPARE(roofs[dram.roof].level, std::string("DRAM"));
        QCOMPARE(dram.x0, 1e9 / 1.4e10); // starts on the bottom edge
        QCOMPARE(dram.y0, 1e9);
        QCOMPARE(dram.x1, 10.0); // up to the highest peak, SP's 1.4e11
        QCOMPARE(dram.y1, 1.4e11);
        const RoofSegment& l1 = f.segments[0];
        QCOMPARE(l1.x0, 0.01); // starts on the left edge: 0.01 × 3.6e11 is above the bottom
        QCOMPARE(l1.y0, 3.6e9);
        QCOMPARE(l1.x1, 1.4e11 / 3.6e11);
        const RoofSegment& sp = f.segments[4];
        QCOMPARE(sp.x0, 1.4e11 / 3.6e11); // from where the fastest memory roof meets it
        QCOMPARE(sp.y0, 1.4e11);
        QCOMPARE(sp.x1, 100.0);
        // Without points: the roofs' own span, widened right (intensity) and down (performance).
        const RooflineFrame roofsOnly = rooflineFrame(roofs, {}, {});
        QCOMPARE(roofsOnly.x.low, 0.01); // the scalar ridge's 0.032 to DRAM's 10, then one decade right
        QCOMPARE(roofsOnly.x.high, 100.0);
        QCOMPARE(roofsOnly.y.low, 1e9); // 1.16e10 to 1.4e11, then one decade down
        QCOMPARE(roofsOnly.y.high, 1e12);
        const RoofSegment& scalar = f.segments[6];
        QCOMPARE(scalar.y0, 1.16e10);
        QCOMPARE(scalar.x0, 1.16e10 / 3.6e11);
        QCOMPARE(scalar.x1, 100.0);
    }

    void siTexts() {
        QCOMPARE(siText(1.4e10, "B/s"), std::string("14 GB/s"));
        QCOMPARE(siText(7e10, "FLOP/s"), std::string("70 GFLOP/s"));
        QCOMPARE(siText(999.96e6, "B/s"), std::string("1 GB/s"));
        QCOMPARE(siText(0.125, "FLOP/B"), std::string("0.125 FLOP/B"));
        QCOMPARE(siText(std::nan(""), "B/s"), std::string("n/a"));
    }

    // The rule: the [MFLOP/s] metric reading the most counters, the [MBytes/s] one likewise.
    void sourcesByWhatTheFormulasCompute() {
        GroupResult flops{"FLOPS_DP", "Double precision MFLOP/s", {slotEvent("PMC0"), slotEvent("PMC1"), slotEvent("PMC2"), slotEvent("PMC10")}, {}};
        flops.metrics = {metric("AVX DP [MFLOP/s]", "1.0E-06*(4.0*PMC2)/time", 1),
                         metric("DP [MFLOP/s]", "1.0E-06*(PMC0+2.0*PMC1+4.0*PMC2)/time", 2),
                         metric("Vectorization ratio [%]", "100*(PMC1+PMC2+PMC10)/(PMC0+PMC1+PMC2+PMC10)", 3)};
        GroupResult mem{"MEM", "", {slotEvent("MBOX0C0"), slotEvent("MBOX0C1")}, {}};
        mem.metrics = {metric("Memory read bandwidth [MBytes/s]", "1.0E-06*MBOX0C0*64.0/time", 4),
                       metric("Memory bandwidth [MBytes/s]", "1.0E-06*(MBOX0C0+MBOX0C1)*64.0/time", 5)};
        GroupResult mem2{"MEM2", "", {slotEvent("MBOX4C0"), slotEvent("MBOX4C1")}, {}};
        mem2.metrics = {metric("Memory bandwidth [MBytes/s]", "1.0E-06*(MBOX4C0+MBOX4C1)*64.0/time", 6)};
        GroupResult l3{"L3", "", {slotEvent("PMC0"), slotEvent("PMC1")}, {}};
        l3.metrics = {metric("L3 bandwidth [MBytes/s]", "1.0E-06*(PMC0+PMC1)*64.0/time", 7)};
        GroupResult other{"MEMX", "", {slotEvent("PMC0")}, {metric("X [MBytes/s]", "PMC0", 8)}};

        const RooflineSources s = rooflineSources({flops, mem, mem2, l3, other});
        QVERIFY(s.missing.empty());
        QCOMPARE(s.flops.size(), size_t(1));
        QCOMPARE(s.flops[0].rate.metric, size_t(1)); // "DP", not "AVX DP"; PMC1 inside PMC10 not counted twice
        QCOMPARE(s.flops[0].precision, std::string("dp"));
        QVERIFY(contains(s.flops[0].note, "DP FLOPs counted (FLOPS_DP: DP [MFLOP/s])"));
        QCOMPARE(s.bytes.size(), size_t(2)); // DRAM (MEM + MEM2), L3; MEMX is no MEM group
        QCOMPARE(s.bytes[0].level, std::string("DRAM"));
        QCOMPARE(s.bytes[0].rates.size(), size_t(2));
        QCOMPARE(s.bytes[0].rates[0].metric, size_t(1));
        QVERIFY(contains(s.bytes[0].note, "socket-wide, other processes included"));
        QCOMPARE(s.bytes[1].level, std::string("L3"));
        QVERIFY(contains(s.bytes[1].note, "estimate"));

        const RooflinePoint p = rooflinePointOf({flops, mem, mem2, l3, other}, s, 0, 0);
        QCOMPARE(p.flopsPerS, 2e6);
        QCOMPARE(p.bytesPerS, 11e6); // MEM's 5 + MEM2's 6 MB/s
        QCOMPARE(p.intensity, 2.0 / 11.0);
        // Two byte sources: each point's name says which it is.
        RooflinePoint named = p;
        named.name = "solve";
        QCOMPARE(pointLabel(named, s), std::string("solve (DRAM)"));
        named.level = "L3";
        QCOMPARE(pointLabel(named, s), std::string("solve (L3)"));
    }

    // Zen 3 and 4 count SP and DP together: one source, labelled so.
    void combinedPrecisions() {
        GroupResult dp{"FLOPS_DP", "SSE/AVX MFLOP/s of all precisions (this core cannot count double precision alone)",
                       {slotEvent("PMC0"), slotEvent("PMC1"), slotEvent("PMC2")}, {}};
        dp.metrics = {metric("FP [MFLOP/s], all precisions", "1.0E-06*PMC2/time", 1)};
        GroupResult sp = dp;
        sp.name = "FLOPS_SP";
        const RooflineSources s = rooflineSources({dp, sp});
        QCOMPARE(s.flops.size(), size_t(1));
        QCOMPARE(s.flops[0].precision, std::string("combined"));
        QVERIFY(contains(s.flops[0].note, "SP and DP combined"));
        QCOMPARE(s.missing.size(), size_t(1)); // no memory group
        QVERIFY(contains(s.missing[0], "-g MEM"));
    }

    void notCountedSaysWhy() {
        MeasurementResult r;
        GroupResult flops{"FLOPS_DP", "", {slotEvent("PMC0", false, "PMU not available due to virtualization")}, {}};
        flops.metrics = {metric("DP [MFLOP/s]", "1.0E-06*PMC0/time", kNotAvailable)};
        GroupResult mem{"MEM", "", {slotEvent("MBOX0C0")}, {metric("Memory bandwidth [MBytes/s]", "1.0E-06*MBOX0C0*64.0/time", 10)}};
        GroupResult l3{"L3", "", {slotEvent("PMC1")}, {metric("L3 bandwidth [MBytes/s]", "1.0E-06*PMC1*64.0/time", 20)}};
        r.groups = {flops, mem, l3};
        const RooflinePoints points = rooflinePoints(r);
        QVERIFY(points.points.empty());
        QCOMPARE(points.missing.size(), size_t(1)); // said once, though neither DRAM's nor L3's point can be drawn
        QVERIFY(anyContains(points.missing, "FLOPS_DP: no FLOP rate, PMC0 (PMC0_EVENT) was not counted: PMU not available due to virtualization"));
    }

    void runWithoutTheGroupsSaysWhichToAdd() {
        auto loaded = readReportFile(fixtures() + "/report/synthetic-tma-4cpu.json");
        QVERIFY(loaded.ok());
        const RooflinePoints points = rooflinePoints(*loaded);
        QVERIFY(points.points.empty());
        QVERIFY(anyContains(points.missing, "-g FLOPS_DP"));
        QVERIFY(anyContains(points.missing, "-g MEM"));
    }

    // The synthetic session (tests/fixtures/report/make-synthetic-roofline.py): whole run, two regions, 40 intervals.
    void pointsOfTheSyntheticSession() {
        auto loaded = readReportFile(fixtures() + "/report/synthetic-roofline-2cpu.json");
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
        QVERIFY(contains(loaded->synthetic, "make-synthetic-roofline.py"));
        const RooflinePoints points = rooflinePoints(*loaded);
        QVERIFY(points.missing.empty());
        QCOMPARE(points.points.size(), size_t(1 + 2 + 40));
        const RooflinePoint& whole = points.points[0];
        QCOMPARE(whole.kind, RooflinePoint::Kind::WholeRun);
        QCOMPARE(whole.flopsPerS, 21086.6e6);
        QCOMPARE(whole.bytesPerS, 7003.71e6);
        QCOMPARE(whole.intensity, 21086.6 / 7003.71);
        QCOMPARE(whole.level, std::string("DRAM"));
        QCOMPARE(whole.precision, std::string("dp"));
        QCOMPARE(points.points[1].kind, RooflinePoint::Kind::Region);
        QCOMPARE(points.points[1].name, std::string("stream_triad"));
        QCOMPARE(points.points[1].intensity, 1243.11 / 12376.6);
        QCOMPARE(points.points[2].name, std::string("dgemm"));
        QVERIFY(points.points[2].intensity > 10);
        // The trail, in time: streaming first (below 1 FLOP/B), the matrix product last.
        QCOMPARE(points.points[3].kind, RooflinePoint::Kind::Interval);
        QCOMPARE(points.points[3].t, 0.5);
        QCOMPARE(points.points[3].name, std::string("t = 0.5 s"));
        QVERIFY(points.points[3].intensity < 1);
        QVERIFY(points.points.back().intensity > 10);
        QCOMPARE(points.points.back().t, 20.0);
    }
};

QTEST_GUILESS_MAIN(TestRoofline)
#include "test_roofline.moc"
