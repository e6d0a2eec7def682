// likwid's counter/event options and the perf/libpfm4 event strings they map to.
#include <QtTest>

#include "core/groups/LikwidEventOptions.h"

using namespace perfdash;

namespace {

GroupSlot slot(std::string event, std::vector<EventOption> options) {
    GroupSlot s;
    s.counter = "PMC0";
    s.counterSpec = "PMC0";
    s.event = std::move(event);
    s.options = std::move(options);
    return s;
}

} // namespace

class TestLikwidEventOptions : public QObject {
    Q_OBJECT
private slots:
    void recognisesOptionsInAnyCase() {
        auto edge = parseLikwidOption("edgedetect");
        QVERIFY(edge.has_value());
        QCOMPARE(edge->name, std::string("EDGEDETECT"));
        QCOMPARE(edge->value, std::string());
        auto threshold = parseLikwidOption("THRESHOLD=0x2");
        QVERIFY(threshold.has_value());
        QCOMPARE(threshold->name, std::string("THRESHOLD"));
        QCOMPARE(threshold->value, std::string("0x2"));
        QVERIFY(!parseLikwidOption("ANY_P").has_value());
        QVERIFY(!parseLikwidOption("c=1").has_value());
        QVERIFY(!parseLikwidOption("u").has_value());
    }

    void splitsOptionsOffTheEvent_data() {
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("event");
        QTest::addColumn<QStringList>("options");
        QTest::newRow("plain") << "L1D_REPLACEMENT" << "L1D_REPLACEMENT" << QStringList{};
        QTest::newRow("likwid options") << "SOME_EVENT:EDGEDETECT:THRESHOLD=0x2" << "SOME_EVENT"
                                        << QStringList{"EDGEDETECT", "THRESHOLD=0x2"};
        QTest::newRow("libpfm umask and modifier stay") << "INST_RETIRED:ANY_P:c=1:INVERT" << "INST_RETIRED:ANY_P:c=1"
                                                        << QStringList{"INVERT"};
        QTest::newRow("qualified libpfm name") << "skl::INST_RETIRED:ANY_P" << "skl::INST_RETIRED:ANY_P"
                                               << QStringList{};
        QTest::newRow("tracepoint") << "sched:sched_switch" << "sched:sched_switch" << QStringList{};
        QTest::newRow("event named like an option") << "KERNEL" << "KERNEL" << QStringList{};
    }
    void splitsOptionsOffTheEvent() {
        QFETCH(QString, column);
        QFETCH(QString, event);
        QFETCH(QStringList, options);
        const auto split = splitLikwidOptions(column.toStdString());
        QCOMPARE(QString::fromStdString(split.event), event);
        QStringList got;
        for (const auto& o : split.options)
            got << QString::fromStdString(o.value.empty() ? o.name : o.name + "=" + o.value);
        QCOMPARE(got, options);
    }

    void validatesArityAndValues() {
        QVERIFY(validateLikwidOption({"EDGEDETECT", ""}).ok());
        QVERIFY(validateLikwidOption({"THRESHOLD", "0x2"}).ok());
        QVERIFY(validateLikwidOption({"THRESHOLD", "4"}).ok());
        QVERIFY(validateLikwidOption({"MATCH0", "0x10"}).ok());
        const auto noValue = validateLikwidOption({"THRESHOLD", ""});
        QVERIFY(!noValue.ok());
        QVERIFY(noValue.error().message.find("THRESHOLD=0x1") != std::string::npos);
        QVERIFY(!validateLikwidOption({"THRESHOLD", "two"}).ok());
        QVERIFY(!validateLikwidOption({"INVERT", "1"}).ok());
        QVERIFY(!validateLikwidOption({"BOGUS", ""}).ok());
    }

    void mapsToLibpfmModifiers_data() {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("EDGEDETECT") << "EDGEDETECT" << "" << "EV:e=1";
        QTest::newRow("THRESHOLD") << "THRESHOLD" << "0x2" << "EV:c=0x2";
        QTest::newRow("INVERT") << "INVERT" << "" << "EV:i=1";
        QTest::newRow("ANYTHREAD") << "ANYTHREAD" << "" << "EV:t=1";
        QTest::newRow("KERNEL") << "KERNEL" << "" << "EV:u=1:k=1";
        QTest::newRow("COUNT_KERNEL") << "COUNT_KERNEL" << "" << "EV:u=1:k=1";
        QTest::newRow("IN_TRANSACTION") << "IN_TRANSACTION" << "" << "EV:intx=1";
        QTest::newRow("IN_TRANSACTION_ABORTED") << "IN_TRANSACTION_ABORTED" << "" << "EV:intxcp=1";
    }
    void mapsToLibpfmModifiers() {
        QFETCH(QString, option);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        auto s = perfEventString(slot("EV", {{option.toStdString(), value.toStdString()}}));
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QCOMPARE(QString::fromStdString(*s), expected);
    }

    void keepsOptionOrderAndTheEventAsWritten() {
        auto s = perfEventString(slot("UOPS_ISSUED:STALL_CYCLES", {{"EDGEDETECT", ""}, {"THRESHOLD", "1"}}));
        QVERIFY(s.ok());
        QCOMPARE(*s, std::string("UOPS_ISSUED:STALL_CYCLES:e=1:c=1"));
        auto plain = perfEventString(slot("dTLB-load-misses", {}));
        QVERIFY(plain.ok());
        QCOMPARE(*plain, std::string("dTLB-load-misses"));
    }

    void uncoreOptionsHaveNoPerfEquivalent() {
        auto s = perfEventString(slot("CAS_COUNT_RD", {{"NID", "0x1"}}));
        QVERIFY(!s.ok());
        QVERIFY2(s.error().message.find("NID=0x1") != std::string::npos, s.error().message.c_str());
        QVERIFY2(s.error().message.find("counter PMC0") != std::string::npos, s.error().message.c_str());
    }

    // The offcore response register: request types from bit 0 (MATCH0),
    // response types from bit 16 (MATCH1), as sandybridgeEP/L3CACHE.txt writes them.
    void matchOptionsBecomeTheOffcoreResponseValue() {
        auto s = perfEventString(slot("OFFCORE_RESPONSE_0_OPTIONS", {{"MATCH0", "0x0081"}, {"MATCH1", "0x3fffc0"}}));
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QCOMPARE(*s, std::string("OFFCORE_RESPONSE_0_OPTIONS:offcore_rsp=0x3fffc00081"));
        auto tooWide = perfEventString(slot("OFFCORE_RESPONSE_0_OPTIONS", {{"MATCH0", "0x10000"}}));
        QVERIFY(!tooWide.ok());
        QVERIFY2(tooWide.error().message.find("MATCH0=0x10000 does not fit") != std::string::npos,
                 tooWide.error().message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestLikwidEventOptions)
#include "test_likwid_event_options.moc"
