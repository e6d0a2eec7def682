// likwid's spelling of libpfm4 native events (core/events/LikwidNativeName):
// the split-point rule on a table of its own, and on libpfm4's models.
#include <QtTest>

#include "core/events/EventResolver.h"
#include "core/events/LikwidNativeName.h"

using namespace perfdash;

namespace {

std::vector<std::string> matches(const std::vector<NativeEventNames>& table, const std::string& name) {
    return likwidNameMatches(table, name);
}

} // namespace

class TestLikwidNativeName : public QObject {
    Q_OBJECT
private slots:
    void ruleTriesEverySplitPoint() {
        const std::vector<NativeEventNames> table = {
            {"L2_LINES_IN", {"ALL", "I", "S"}},
            {"MEM_INST_RETIRED", {"ALL_LOADS", "ALL_STORES"}},
            {"RETIRED_INSTRUCTIONS", {}},
        };
        QCOMPARE(matches(table, "L2_LINES_IN_ALL"), std::vector<std::string>{"L2_LINES_IN:ALL"});
        QCOMPARE(matches(table, "MEM_INST_RETIRED_ALL_LOADS"), std::vector<std::string>{"MEM_INST_RETIRED:ALL_LOADS"});
        QCOMPARE(matches(table, "retired_instructions"), std::vector<std::string>{"RETIRED_INSTRUCTIONS"});
        QCOMPARE(matches(table, "mem_inst_retired_all_stores"), std::vector<std::string>{"MEM_INST_RETIRED:ALL_STORES"});
        // Only whole names and whole unit masks.
        QVERIFY(matches(table, "L2_LINES_IN_AL").empty());
        QVERIFY(matches(table, "L2_LINES").empty());
        QVERIFY(matches(table, "MEM_INST_RETIRED_ALL").empty());
        QVERIFY(matches(table, "L2_LINES_INALL").empty());
    }

    void severalMatchesAreAllReported() {
        // Two readings of one likwid name: an event of that whole name, and an
        // event with a unit mask whose names join to it.
        const std::vector<NativeEventNames> table = {
            {"L2_LINES", {"IN_ALL"}},
            {"L2_LINES_IN", {"ALL"}},
            {"L2_LINES_IN_ALL", {}},
        };
        QCOMPARE(matches(table, "L2_LINES_IN_ALL"),
                 (std::vector<std::string>{"L2_LINES:IN_ALL", "L2_LINES_IN:ALL", "L2_LINES_IN_ALL"}));
    }

    void readsLibpfmModels() {
        QCOMPARE(likwidNativeName("skl", "L2_LINES_IN_ALL")->value(), std::string("L2_LINES_IN:ALL"));
        QCOMPARE(likwidNativeName("skx", "MEM_INST_RETIRED_ALL_LOADS")->value(), std::string("MEM_INST_RETIRED:ALL_LOADS"));
        QCOMPARE(likwidNativeName("amd64_fam19h_zen3", "RETIRED_INSTRUCTIONS")->value(),
                 std::string("RETIRED_INSTRUCTIONS"));
        QVERIFY(!likwidNativeName("skl", "NO_SUCH_EVENT_ANYWHERE").has_value());
        QVERIFY(!likwidNativeName("no_such_model", "L2_LINES_IN_ALL").has_value());
    }

    // The resolver reads likwid's spelling on the model it is given, with
    // libpfm4 modifiers after it, and never on any other model.
    void resolverReadsLikwidSpellingOnTheGivenModel() {
        EventPaths paths;
        paths.sysfsRoot = qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/likwid/no-such-sysfs";
        paths.tracefsRoots = {};
        const EventResolver resolver(paths);
        auto ev = resolver.resolveOn("L2_LINES_IN_ALL:u", "hsw");
        QVERIFY2(ev.ok(), ev ? "" : ev.error().message.c_str());
        QCOMPARE(ev->name, std::string("hsw::L2_LINES_IN:ALL:u"));
        QCOMPARE(quint64(ev->encoding.config), quint64(0x07F1)); // Haswell: event 0xF1, umask 0x07
        QVERIFY(ev->encoding.excludeKernel);
        auto zen = resolver.resolveOn("L2_LINES_IN_ALL", "amd64_fam19h_zen3");
        QVERIFY(!zen.ok());
        QVERIFY2(zen.error().message.find("amd64_fam19h_zen3 has no such event") != std::string::npos,
                 zen.error().message.c_str());
        // libpfm4's names of the OS's generic events keep their meaning on any model.
        auto generic = resolver.resolveOn("PERF_COUNT_HW_CPU_CYCLES", "skl");
        QVERIFY2(generic.ok(), generic ? "" : generic.error().message.c_str());
        QCOMPARE(generic->encoding.type, uint32_t(0)); // PERF_TYPE_HARDWARE
        QCOMPARE(quint64(generic->encoding.config), quint64(0)); // PERF_COUNT_HW_CPU_CYCLES
        auto none = resolver.resolveOn("L2_LINES_IN_ALL", "");
        QVERIFY(!none.ok());
    }
};

QTEST_APPLESS_MAIN(TestLikwidNativeName)
#include "test_likwid_native_name.moc"
