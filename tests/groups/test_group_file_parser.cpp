// The likwid group file format: what parses, into what, and every error with
// its file and line.
#include <QtTest>

#include <algorithm>

#include "GroupTestSupport.h"
#include "core/groups/GroupFileParser.h"

using namespace perfdash;

namespace {

PerformanceGroup parseOk(const std::string& text) {
    auto group = parseGroupText(text, "test.txt", "TEST");
    if (!group) qFatal("unexpected parse error: %s", group.error().message.c_str());
    return std::move(group).value();
}

std::string parseError(const std::string& text) {
    auto group = parseGroupText(text, "test.txt", "TEST");
    return group ? std::string("(parsed without error)") : group.error().message;
}

const char* kWellFormed = "SHORT Cycles per instruction\n"
                          "\n"
                          "EVENTSET\n"
                          "PMC0 instructions\n"
                          "PMC1 cycles\n"
                          "\n"
                          "METRICS\n"
                          "Runtime (RDTSC) [s] time\n"
                          "CPI  PMC1/PMC0\n"
                          "\n"
                          "LONG\n"
                          "Formulas:\n"
                          "CPI = cycles / instructions\n";

// A small top-down tree: two roots with thresholds, one child each.
const char* kHierarchy = "SHORT td\n"
                         "EVENTSET\n"
                         "PMC0 a\n"
                         "PMC1 b\n"
                         "METRICS\n"
                         "Frontend bound [%]  100*PMC0/PMC1\n"
                         "Fetch latency [%]  50*PMC0/PMC1\n"
                         "Retiring [%]  PMC1\n"
                         "Plain  PMC0\n"
                         "#@metric Frontend bound [%] | above=15\n"
                         "#@metric   Fetch   latency [%] |parent=Frontend bound [%]|above=10|with-parent\n"
                         "#@metric Retiring [%] | below=0.5\n"
                         "LONG\n"
                         "Formulas:\n"
                         "#@metric Plain | parent=Retiring [%]\n";

// kHierarchy with one line appended (before LONG, so that it is the METRICS' 13th line).
std::string hierarchyWith(const std::string& line) {
    std::string text = kHierarchy;
    text.insert(text.find("LONG\n"), line + "\n");
    return text;
}

// The lines likwid reads: every '#' line dropped.
std::string withoutComments(const std::string& text) {
    std::string out;
    for (const auto& line : QString::fromStdString(text).split('\n'))
        if (!line.trimmed().startsWith('#')) out += line.toStdString() + "\n";
    return out;
}

} // namespace

class TestGroupFileParser : public QObject {
    Q_OBJECT
private slots:
    void parsesEverySection() {
        const auto g = parseOk(kWellFormed);
        QCOMPARE(g.name, std::string("TEST"));
        QCOMPARE(g.sourceFile, std::string("test.txt"));
        QCOMPARE(g.shortDescription, std::string("Cycles per instruction"));
        QCOMPARE(g.events.size(), size_t(2));
        QCOMPARE(g.events[0].counter, std::string("PMC0"));
        QCOMPARE(g.events[0].counterSpec, std::string("PMC0"));
        QCOMPARE(g.events[0].event, std::string("instructions"));
        QVERIFY(g.events[0].options.empty());
        QCOMPARE(g.events[0].line, 4);
        QCOMPARE(g.events[1].line, 5);
        QCOMPARE(g.metrics.size(), size_t(2));
        QCOMPARE(g.metrics[0].name, std::string("Runtime (RDTSC) [s]"));
        QCOMPARE(g.metrics[0].formula, std::string("time"));
        QCOMPARE(g.metrics[0].line, 8);
        QCOMPARE(g.metrics[1].name, std::string("CPI"));
        QCOMPARE(g.metrics[1].formula, std::string("PMC1/PMC0"));
        QCOMPARE(g.longDescription, std::string("Formulas:\nCPI = cycles / instructions"));
        QVERIFY(!g.requireNoHt);
    }

    void acceptsOddSpacingAndTabs() {
        const auto g = parseOk("  SHORT \t  spaced   out \t\n"
                               "\tEVENTSET   \n"
                               "\tPMC0\t\t instructions  \n"
                               "PMC1      cycles\t\n"
                               "METRICS\n"
                               "   Clock \t [MHz]\t  1.E-06*(PMC1/PMC0)/inverseClock   \n");
        QCOMPARE(g.shortDescription, std::string("spaced   out"));
        QCOMPARE(g.events.size(), size_t(2));
        QCOMPARE(g.events[0].event, std::string("instructions"));
        QCOMPARE(g.events[1].counter, std::string("PMC1"));
        QCOMPARE(g.metrics.size(), size_t(1));
        QCOMPARE(g.metrics[0].name, std::string("Clock [MHz]")); // runs of blanks become one space, as in likwid
        QCOMPARE(g.metrics[0].formula, std::string("1.E-06*(PMC1/PMC0)/inverseClock"));
        QCOMPARE(g.metrics[0].line, 6);
    }

    void crlfParsesLikeLf() {
        std::string crlf;
        for (const char* p = kWellFormed; *p; ++p) crlf += *p == '\n' ? std::string("\r\n") : std::string(1, *p);
        const auto lf = parseOk(kWellFormed);
        const auto dos = parseOk(crlf);
        QCOMPARE(dos.shortDescription, lf.shortDescription);
        QCOMPARE(dos.events.size(), lf.events.size());
        QCOMPARE(dos.events[1].event, lf.events[1].event);
        QCOMPARE(dos.events[1].line, lf.events[1].line);
        QCOMPARE(dos.metrics[1].formula, lf.metrics[1].formula);
        QCOMPARE(dos.longDescription, lf.longDescription);
        QVERIFY(dos.longDescription.find('\r') == std::string::npos);
    }

    void skipsCommentsEverywhereButInsideALine() {
        const auto g = parseOk("# a group\n"
                               "SHORT text\n"
                               "EVENTSET\n"
                               "# PMC9 commented-out\n"
                               "PMC0 instructions\n"
                               "\n"
                               "PMC1 cycles\n"
                               "METRICS\n"
                               "  # indented comment\n"
                               "CPI PMC1/PMC0\n"
                               "LONG\n"
                               "# dropped, as in likwid\n"
                               "kept # not a comment here\n");
        QCOMPARE(g.events.size(), size_t(2)); // a blank line inside EVENTSET does not end it
        QCOMPARE(g.events[1].line, 7);
        QCOMPARE(g.metrics.size(), size_t(1));
        QCOMPARE(g.longDescription, std::string("kept # not a comment here"));
    }

    void longIsFreeTextToTheEnd() {
        const auto g = parseOk("SHORT s\nEVENTSET\nPMC0 instructions\nLONG\n\n\nFirst paragraph.\n\n"
                               "METRICS\nSHORT is text here\n  indented line\n\n\n");
        QCOMPARE(g.longDescription,
                 std::string("First paragraph.\n\nMETRICS\nSHORT is text here\n  indented line"));
        QCOMPARE(g.shortDescription, std::string("s"));
        QVERIFY(g.metrics.empty());
    }

    void readsRequireNoHt() {
        const auto g = parseOk("SHORT s\nREQUIRE_NOHT\nEVENTSET\nPMC0 instructions\n");
        QVERIFY(g.requireNoHt);
        // a flag, not a section: the EVENTSET goes on after it
        const auto inside = parseOk("SHORT s\nEVENTSET\nPMC0 instructions\nREQUIRE_NOHT\nPMC1 cycles\n");
        QVERIFY(inside.requireNoHt);
        QCOMPARE(inside.events.size(), size_t(2));
    }

    void keepsLikwidOptionsAndEventSyntax() {
        const auto g = parseOk("SHORT s\nEVENTSET\n"
                               "PMC3:EDGEDETECT  UOPS_ISSUED_STALL_CYCLES\n"
                               "PMC1 SOME_EVENT:EDGEDETECT:THRESHOLD=0x2\n"
                               "PMC2 INST_RETIRED:ANY_P:c=1\n"
                               "TP sched:sched_switch\n"
                               "Z amd64_fam19h_zen4::RETIRED_INSTRUCTIONS\n"
                               "RAW cpu/event=0x3c,umask=0x0/\n");
        QCOMPARE(g.events.size(), size_t(6));
        QCOMPARE(g.events[0].counter, std::string("PMC3"));
        QCOMPARE(g.events[0].counterSpec, std::string("PMC3:EDGEDETECT"));
        QCOMPARE(g.events[0].event, std::string("UOPS_ISSUED_STALL_CYCLES"));
        QCOMPARE(g.events[0].options, (std::vector<EventOption>{{"EDGEDETECT", ""}}));
        QCOMPARE(g.events[1].event, std::string("SOME_EVENT"));
        QCOMPARE(g.events[1].options, (std::vector<EventOption>{{"EDGEDETECT", ""}, {"THRESHOLD", "0x2"}}));
        QCOMPARE(g.events[2].event, std::string("INST_RETIRED:ANY_P:c=1")); // libpfm4's own syntax stays
        QVERIFY(g.events[2].options.empty());
        QCOMPARE(g.events[3].event, std::string("sched:sched_switch"));
        QCOMPARE(g.events[4].event, std::string("amd64_fam19h_zen4::RETIRED_INSTRUCTIONS"));
        QCOMPARE(g.events[5].event, std::string("cpu/event=0x3c,umask=0x0/"));
    }

    void stripsAByteOrderMark() {
        const auto g = parseOk("\xEF\xBB\xBFSHORT s\nEVENTSET\nPMC0 instructions\n");
        QCOMPARE(g.shortDescription, std::string("s"));
    }

    void parsesRealLikwidFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("slotCount");
        QTest::addColumn<int>("metrics");
        QTest::addColumn<QString>("shortText");
        QTest::newRow("skylake/L2") << "skylake/L2.txt" << 6 << 10 << "L2 cache bandwidth in MBytes/s";
        QTest::newRow("skylake/TLB_DATA") << "skylake/TLB_DATA.txt" << 7 << 10 << "L1 Data TLB miss rate/ratio";
        QTest::newRow("skylake/UOPS_ISSUE") << "skylake/UOPS_ISSUE.txt" << 7 << 7 << "UOPs issueing";
        QTest::newRow("zen4/DIVIDE") << "zen4/DIVIDE.txt" << 6 << 6 << "Divide unit information";
        QTest::newRow("zen4/CACHE") << "zen4/CACHE.txt" << 6 << 9 << "Data cache miss rate/ratio";
        QTest::newRow("zen4/L2CACHE") << "zen4/L2CACHE.txt" << 6 << 8 << "L2 cache miss rate/ratio (experimental)";
    }
    void parsesRealLikwidFiles() {
        QFETCH(QString, file);
        QFETCH(int, slotCount);
        QFETCH(int, metrics);
        QFETCH(QString, shortText);
        const std::string path = test::fixturesDir() + "/likwid/" + file.toStdString();
        auto g = parseGroupFile(path);
        QVERIFY2(g.ok(), g.ok() ? "" : g.error().message.c_str());
        QCOMPARE(int(g->events.size()), slotCount);
        QCOMPARE(int(g->metrics.size()), metrics);
        QCOMPARE(QString::fromStdString(g->shortDescription), shortText);
        QCOMPARE(g->name, groupNameFromPath(path));
        QVERIFY(g->longDescription.starts_with("Formulas:"));
    }

    void likwidDetailsSurvive() {
        auto tlb = parseGroupFile(test::fixturesDir() + "/likwid/skylake/TLB_DATA.txt");
        QVERIFY(tlb.ok());
        QCOMPARE(tlb->metrics[4].name, std::string("L1 DTLB load misses"));
        QCOMPARE(tlb->metrics[4].formula, std::string("PMC0"));
        QCOMPARE(tlb->metrics[6].name, std::string("L1 DTLB load miss duration [Cyc]"));

        auto uops = parseGroupFile(test::fixturesDir() + "/likwid/skylake/UOPS_ISSUE.txt");
        QVERIFY(uops.ok());
        QCOMPARE(uops->events[6].counterSpec, std::string("PMC3:EDGEDETECT"));
        QCOMPARE(uops->events[6].counter, std::string("PMC3"));
        QCOMPARE(uops->events[6].line, 10);
        QCOMPARE(uops->metrics.back().formula, std::string("PMC1/PMC3:EDGEDETECT"));

        auto cache = parseGroupFile(test::fixturesDir() + "/likwid/zen4/CACHE.txt");
        QVERIFY(cache.ok());
        QVERIFY(cache->longDescription.find("While the# data cache miss rate") != std::string::npos);

        auto divide = parseGroupFile(test::fixturesDir() + "/likwid/zen4/DIVIDE.txt");
        QVERIFY(divide.ok());
        QCOMPARE(divide->metrics[1].name, std::string("Runtime unhalted [s]"));
        QVERIFY(divide->longDescription.ends_with("average latency of divide operations"));
    }

    // likwid takes the last word as the formula, so a space beside an
    // operator leaves it a tail it cannot compute; likwid still measures the
    // file (ivybridgeEP/CACHES.txt). The pieces are joined, with a warning.
    void joinsAFormulaSplitAtAnOperator() {
        const auto g = parseOk("SHORT s\nEVENTSET\nPMC0 a\nPMC1 b\nMETRICS\n"
                               "Sum volume [GBytes] 1.0E-09*(PMC0+     PMC1)*64.0\n"
                               "IPC PMC0 / PMC1\n"
                               "Ratio [x] (PMC0 )*2\n"
                               "Negated -PMC0 +PMC1\n"
                               "CPI  PMC1/PMC0\n");
        QCOMPARE(g.metrics.size(), size_t(5));
        QCOMPARE(g.metrics[0].name, std::string("Sum volume [GBytes]"));
        QCOMPARE(g.metrics[0].formula, std::string("1.0E-09*(PMC0+PMC1)*64.0"));
        QCOMPARE(g.metrics[1].name, std::string("IPC"));
        QCOMPARE(g.metrics[1].formula, std::string("PMC0/PMC1"));
        QCOMPARE(g.metrics[2].name, std::string("Ratio [x]"));
        QCOMPARE(g.metrics[2].formula, std::string("(PMC0)*2"));
        QCOMPARE(g.metrics[3].name, std::string("Negated")); // a sign may begin the formula
        QCOMPARE(g.metrics[3].formula, std::string("-PMC0+PMC1"));
        QCOMPARE(g.metrics[4].formula, std::string("PMC1/PMC0"));
        QCOMPARE(g.warnings.size(), size_t(4));
        QVERIFY2(g.warnings[0].starts_with("test.txt:6: the formula of 'Sum volume [GBytes]' contains spaces"),
                 g.warnings[0].c_str());
        QVERIFY2(g.warnings[0].find("read as 1.0E-09*(PMC0+PMC1)*64.0") != std::string::npos, g.warnings[0].c_str());
        QVERIFY2(g.warnings[0].find("likwid takes only the last word, 'PMC1)*64.0'") != std::string::npos,
                 g.warnings[0].c_str());
        QVERIFY(g.warnings[1].starts_with("test.txt:7: "));
        QVERIFY(g.warnings[2].starts_with("test.txt:8: "));
        QVERIFY(parseOk(kWellFormed).warnings.empty());
    }

    void reportsErrorsWithFileAndLine_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("what");
        QTest::newRow("missing EVENTSET") << "SHORT s\nMETRICS\nCPI PMC1/PMC0\n"
                                          << "test.txt: " << "no EVENTSET section";
        QTest::newRow("empty EVENTSET") << "SHORT s\nEVENTSET\n\nMETRICS\nCPI PMC1/PMC0\n"
                                        << "test.txt:2: " << "EVENTSET lists no events";
        QTest::newRow("counter without event") << "SHORT s\nEVENTSET\nPMC0 instructions\nPMC1\n"
                                               << "test.txt:4: " << "counter 'PMC1' has no event";
        QTest::newRow("metric without formula")
            << "SHORT s\nEVENTSET\nPMC0 instructions\nMETRICS\nIPC\n" << "test.txt:5: "
            << "metric 'IPC' has no formula";
        QTest::newRow("duplicate counter") << "SHORT s\nEVENTSET\nPMC0 instructions\nPMC0 cycles\n"
                                           << "test.txt:4: " << "counter PMC0 is used twice (lines 3 and 4)";
        QTest::newRow("duplicate counter with options")
            << "SHORT s\nEVENTSET\nPMC0 instructions\nPMC0:EDGEDETECT cycles\n" << "test.txt:4: "
            << "counter PMC0 is used twice";
        QTest::newRow("unknown section") << "SHORT s\nEVENTSETS\nPMC0 instructions\n"
                                         << "test.txt:2: " << "unknown section 'EVENTSETS'";
        QTest::newRow("unknown section suggests") << "SHORT s\nEVENTSETS\nPMC0 instructions\n"
                                                  << "test.txt:2: " << "did you mean EVENTSET?";
        QTest::newRow("text before any section") << "hello world\nSHORT s\nEVENTSET\nPMC0 instructions\n"
                                                 << "test.txt:1: " << "unknown section 'hello'";
        QTest::newRow("misspelt section inside EVENTSET")
            << "SHORT s\nEVENTSET\nPMC0 instructions\nMETRIC\nCPI PMC0\n" << "test.txt:4: "
            << "did you mean METRICS?";
        QTest::newRow("text after the event") << "SHORT s\nEVENTSET\nPMC0 instructions extra\n"
                                              << "test.txt:3: " << "unexpected 'extra'";
        QTest::newRow("counter not a name") << "SHORT s\nEVENTSET\n0PMC instructions\n"
                                            << "test.txt:3: " << "counter name '0PMC'";
        QTest::newRow("unknown counter option") << "SHORT s\nEVENTSET\nPMC0:FOO instructions\n"
                                                << "test.txt:3: " << "unknown option 'FOO' on counter PMC0";
        QTest::newRow("threshold without number") << "SHORT s\nEVENTSET\nPMC0 X:THRESHOLD=abc\n"
                                                  << "test.txt:3: " << "THRESHOLD needs a number";
        QTest::newRow("flag with value") << "SHORT s\nEVENTSET\nPMC0 X:EDGEDETECT=1\n"
                                         << "test.txt:3: " << "EDGEDETECT takes no value";
        QTest::newRow("empty event before options") << "SHORT s\nEVENTSET\nPMC0 :EDGEDETECT\n"
                                                    << "test.txt:3: " << "empty event name";
        QTest::newRow("formula split by spaces, no name left")
            << "SHORT s\nEVENTSET\nPMC0 a\nPMC1 b\nMETRICS\nPMC0 / PMC1\n" << "test.txt:6: "
            << "seems to contain spaces, and no word is left for the name";
        QTest::newRow("formula split after an operator, no name left")
            << "SHORT s\nEVENTSET\nPMC0 a\nPMC1 b\nMETRICS\nPMC0/ PMC1\n" << "test.txt:6: "
            << "no word is left for the name";
        QTest::newRow("empty SHORT") << "SHORT\nEVENTSET\nPMC0 instructions\n"
                                     << "test.txt:1: " << "SHORT has no text";
        QTest::newRow("section twice") << "SHORT s\nEVENTSET\nPMC0 a\nMETRICS\nX PMC0\nMETRICS\nY PMC0\n"
                                       << "test.txt:6: " << "METRICS appears a second time (first on line 4)";
        QTest::newRow("SHORT twice") << "SHORT s\nSHORT t\nEVENTSET\nPMC0 a\n"
                                     << "test.txt:2: " << "SHORT appears a second time";
    }
    void reportsErrorsWithFileAndLine() {
        QFETCH(QString, text);
        QFETCH(QString, where);
        QFETCH(QString, what);
        const std::string message = parseError(text.toStdString());
        QVERIFY2(message.find(where.toStdString()) != std::string::npos, message.c_str());
        QVERIFY2(message.find(what.toStdString()) != std::string::npos, message.c_str());
    }

    void reportsEveryProblemAtOnce() {
        const std::string message = parseError("SHORT s\nEVENTSET\nPMC0\nPMC1 cycles\nPMC1 again\nMETRICS\nIPC\n");
        QVERIFY2(message.find("test.txt:3: counter 'PMC0' has no event") != std::string::npos, message.c_str());
        QVERIFY2(message.find("test.txt:5: counter PMC1 is used twice") != std::string::npos, message.c_str());
        QVERIFY2(message.find("test.txt:7: metric 'IPC' has no formula") != std::string::npos, message.c_str());
        QCOMPARE(std::count(message.begin(), message.end(), '\n'), 2L);
    }

    void readsTheMetricHierarchy() {
        const auto g = parseOk(kHierarchy);
        QCOMPARE(g.metrics.size(), size_t(4));
        QCOMPARE(g.metrics[0].parent, std::string());
        QVERIFY(g.metrics[0].threshold.has_value());
        QCOMPARE(g.metrics[0].threshold->direction, MetricLimit::Direction::Above);
        QCOMPARE(g.metrics[0].threshold->value, 15.0);
        QVERIFY(!g.metrics[0].threshold->withParent);
        // Runs of spaces in a name count as one, as in the METRICS section.
        QCOMPARE(g.metrics[1].parent, std::string("Frontend bound [%]"));
        QCOMPARE(g.metrics[1].threshold->value, 10.0);
        QVERIFY(g.metrics[1].threshold->withParent);
        QCOMPARE(g.metrics[2].threshold->direction, MetricLimit::Direction::Below);
        QCOMPARE(g.metrics[2].threshold->value, 0.5);
        // A '#@metric' line inside LONG is read too, and is not LONG text.
        QCOMPARE(g.metrics[3].parent, std::string("Retiring [%]"));
        QVERIFY(!g.metrics[3].threshold);
        QCOMPARE(g.longDescription, std::string("Formulas:"));
    }

    void hierarchyLinesAreCommentsToLikwid() {
        // What likwid sees (the '#' lines dropped) parses to the same group, less the hierarchy.
        const auto with = parseOk(kHierarchy);
        const auto without = parseOk(withoutComments(kHierarchy));
        QCOMPARE(with.metrics.size(), without.metrics.size());
        for (size_t i = 0; i < with.metrics.size(); ++i) {
            QCOMPARE(with.metrics[i].name, without.metrics[i].name);
            QCOMPARE(with.metrics[i].formula, without.metrics[i].formula);
            QVERIFY(without.metrics[i].parent.empty());
            QVERIFY(!without.metrics[i].threshold);
        }
        QCOMPARE(with.events.size(), without.events.size());
        QCOMPARE(with.longDescription, without.longDescription);
        // Other comments, also ones starting "#@", stay comments.
        const auto other = parseOk(std::string(kWellFormed) + "#@metrics CPI | above=1\n#@ note\n#metric CPI\n");
        QVERIFY(!other.metrics[1].threshold);
    }

    void likwidFilesHaveNoHierarchy() {
        // likwid's own top-down group reads as before: no parent, no threshold.
        auto tma = parseGroupFile(std::string(qgetenv("PERFDASH_FIXTURES")) + "/likwid/upstream/SPR/TMA.txt");
        QVERIFY2(tma.ok(), tma.ok() ? "" : tma.error().message.c_str());
        QVERIFY(tma->metrics.size() >= 8);
        for (const auto& m : tma->metrics) {
            QVERIFY2(m.parent.empty(), m.name.c_str());
            QVERIFY2(!m.threshold, m.name.c_str());
        }
    }

    void reportsHierarchyErrors_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("what");
        QTest::newRow("unknown metric") << "#@metric Fetch bandwidth [%] | above=20"
                                        << "test.txt:13: '#@metric' names an unknown metric 'Fetch bandwidth [%]'; "
                                           "expected the name of a metric of the METRICS section: 'Frontend bound [%]'";
        QTest::newRow("unknown parent") << "#@metric Plain | parent=Backend bound [%]"
                                        << "test.txt:13: metric 'Plain' has an unknown parent 'Backend bound [%]'";
        QTest::newRow("malformed threshold") << "#@metric Plain | above=high"
                                             << "test.txt:13: metric 'Plain': malformed threshold 'above=high'; "
                                                "expected above=NUMBER";
        QTest::newRow("threshold without number") << "#@metric Plain | below="
                                                  << "test.txt:13: metric 'Plain': malformed threshold 'below='";
        QTest::newRow("threshold not finite") << "#@metric Plain | above=inf"
                                              << "test.txt:13: metric 'Plain': malformed threshold 'above=inf'";
        QTest::newRow("two thresholds") << "#@metric Plain | above=1 | below=2"
                                        << "test.txt:13: metric 'Plain' has a second threshold 'below=2'";
        QTest::newRow("unknown field") << "#@metric Plain | colour=red"
                                       << "test.txt:13: metric 'Plain': unknown field 'colour=red'";
        QTest::newRow("no name") << "#@metric | above=1" << "test.txt:13: '#@metric' names no metric";
        QTest::newRow("empty parent") << "#@metric Plain | parent=" << "test.txt:13: metric 'Plain': 'parent=' names no metric";
        QTest::newRow("second line for a metric") << "#@metric Retiring [%] | above=70"
                                                  << "test.txt:13: metric 'Retiring [%]' has a second '#@metric' line "
                                                     "(first on line 12)";
        QTest::newRow("with-parent without threshold") << "#@metric Plain | parent=Retiring [%] | with-parent"
                                                       << "test.txt:13: metric 'Plain': 'with-parent' without a threshold";
    }
    void reportsHierarchyErrors() {
        QFETCH(QString, line);
        QFETCH(QString, what);
        const std::string message = parseError(hierarchyWith(line.toStdString()));
        QVERIFY2(message.find(what.toStdString()) != std::string::npos, message.c_str());
    }

    void withParentNeedsAParentWithAThreshold() {
        const std::string noParent = parseError(
            "SHORT s\nEVENTSET\nPMC0 a\nMETRICS\nA  PMC0\nB  PMC0\n#@metric A | above=1 | with-parent\n");
        QVERIFY2(noParent.find("test.txt:7: metric 'A' is marked 'with-parent' but has no parent") != std::string::npos,
                 noParent.c_str());
        const std::string parentWithout = parseError(
            "SHORT s\nEVENTSET\nPMC0 a\nMETRICS\nA  PMC0\nB  PMC0\n#@metric A | parent=B | above=1 | with-parent\n");
        QVERIFY2(parentWithout.find("test.txt:7: metric 'A' is marked 'with-parent' but its parent 'B' has no "
                                    "threshold") != std::string::npos,
                 parentWithout.c_str());
    }

    void reportsACycleOnce() {
        const std::string message = parseError("SHORT s\nEVENTSET\nPMC0 a\nMETRICS\nA  PMC0\nB  PMC0\nC  PMC0\n"
                                               "#@metric A | parent=C\n#@metric B | parent=A\n#@metric C | parent=B\n");
        QVERIFY2(message.find("test.txt:8: metric 'A' is its own ancestor (A -> C -> B -> A)") != std::string::npos,
                 message.c_str());
        QCOMPARE(std::count(message.begin(), message.end(), '\n'), 0L); // one cycle, one problem
        const std::string self = parseError("SHORT s\nEVENTSET\nPMC0 a\nMETRICS\nA  PMC0\n#@metric A | parent=A\n");
        QVERIFY2(self.find("test.txt:6: metric 'A' is its own ancestor (A -> A)") != std::string::npos, self.c_str());
    }

    void missingFileNamesPathAndReason() {
        auto g = parseGroupFile("/nonexistent/dir/CPI.txt");
        QVERIFY(!g.ok());
        QVERIFY2(g.error().message.find("/nonexistent/dir/CPI.txt") != std::string::npos, g.error().message.c_str());
        QVERIFY2(g.error().message.find("No such file or directory") != std::string::npos, g.error().message.c_str());
    }

    void directoryIsNotAGroupFile() {
        auto g = parseGroupFile(test::fixturesDir() + "/likwid");
        QVERIFY(!g.ok());
        QVERIFY2(g.error().message.find("is a directory") != std::string::npos, g.error().message.c_str());
    }

    void groupNameIsTheFileName() {
        QCOMPARE(groupNameFromPath("/a/b/CPI.txt"), std::string("CPI"));
        QCOMPARE(groupNameFromPath("MEM_DP.txt"), std::string("MEM_DP"));
        QCOMPARE(groupNameFromPath("/a/b/noext"), std::string("noext"));
    }
};

QTEST_APPLESS_MAIN(TestGroupFileParser)
#include "test_group_file_parser.moc"
