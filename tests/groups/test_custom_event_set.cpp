// likwid-perfctr's custom event sets (-g EVENT:COUNTER[:OPT...],...): how an
// item splits into event, counter and options, the errors, and that the group
// library hands them out where a group name would go.
#include <QtTest>

#include "core/groups/CustomEventSet.h"
#include "core/groups/GroupLibrary.h"

using namespace perfdash;

class TestCustomEventSet : public QObject {
    Q_OBJECT

private slots:
    void likwidDocumentationExample() {
        auto group = parseCustomEventSet("INSTR_RETIRED_ANY:FIXC0,CPU_CLK_UNHALTED_CORE:FIXC1,L1D_REPLACEMENT:PMC0");
        QVERIFY2(group.ok(), group.ok() ? "" : group.error().message.c_str());
        QCOMPARE(group->name, std::string("custom"));
        QVERIFY(group->metrics.empty());
        QCOMPARE(group->events.size(), size_t(3));
        QCOMPARE(group->events[0].counter, std::string("FIXC0"));
        QCOMPARE(group->events[0].event, std::string("INSTR_RETIRED_ANY"));
        QCOMPARE(group->events[1].counter, std::string("FIXC1"));
        QCOMPARE(group->events[1].event, std::string("CPU_CLK_UNHALTED_CORE"));
        QCOMPARE(group->events[2].counter, std::string("PMC0"));
        QCOMPARE(group->events[2].event, std::string("L1D_REPLACEMENT"));
    }

    void optionsFollowTheCounterAndUnitMasksStayWithTheEvent() {
        auto group = parseCustomEventSet("INST_RETIRED:ANY_P:PMC0,L1D_REPLACEMENT:PMC1:EDGEDETECT:THRESHOLD=0x2");
        QVERIFY2(group.ok(), group.ok() ? "" : group.error().message.c_str());
        QCOMPARE(group->events[0].event, std::string("INST_RETIRED:ANY_P"));
        QCOMPARE(group->events[0].counter, std::string("PMC0"));
        QCOMPARE(group->events[1].event, std::string("L1D_REPLACEMENT"));
        QCOMPARE(group->events[1].counter, std::string("PMC1"));
        QCOMPARE(group->events[1].counterSpec, std::string("PMC1:EDGEDETECT:THRESHOLD=0x2"));
        QCOMPARE(group->events[1].options.size(), size_t(2));
        QCOMPARE(group->events[1].options[0].name, std::string("EDGEDETECT"));
        QCOMPARE(group->events[1].options[1].name, std::string("THRESHOLD"));
    }

    void errorsNameTheItemAndTheForm() {
        auto missing = parseCustomEventSet("page-faults:PMC0,task-clock");
        QVERIFY(!missing);
        QVERIFY2(missing.error().message.find("'task-clock' names no counter") != std::string::npos,
                 missing.error().message.c_str());
        QVERIFY(missing.error().message.find("EVENT:COUNTER") != std::string::npos);
        auto empty = parseCustomEventSet("page-faults:PMC0,,task-clock:PMC1");
        QVERIFY(!empty);
        // The group parser's own checks apply: one counter, one event.
        auto twice = parseCustomEventSet("page-faults:PMC0,task-clock:PMC0");
        QVERIFY(!twice);
        QVERIFY2(twice.error().message.find("PMC0") != std::string::npos, twice.error().message.c_str());
    }

    void theLibraryLoadsOneWhereAGroupNameGoes() {
        const GroupLibrary library({}, {"generic"});
        auto group = library.load("page-faults:PMC0,task-clock:PMC1");
        QVERIFY2(group.ok(), group.ok() ? "" : group.error().message.c_str());
        QCOMPARE(group->name, std::string("custom"));
        QCOMPARE(group->events.size(), size_t(2));
        auto unknown = library.load("NO_SUCH_GROUP");
        QVERIFY(!unknown);
        QVERIFY(unknown.error().message.find("EVENT:COUNTER") != std::string::npos);
        // With a ':' it is read as a custom set, so its error is about the item, not an unknown group.
        auto half = library.load("page-faults:PMC0,task-clock");
        QVERIFY(!half);
        QVERIFY2(half.error().message.find("'task-clock' names no counter") != std::string::npos,
                 half.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCustomEventSet)
#include "test_custom_event_set.moc"
