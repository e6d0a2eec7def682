// "Where?"'s request: the run shown, repeated with the one group asked
// about, from the request this dashboard ran or from what an opened
// session says ran; what cannot be repeated says why.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/run/WhereRequest.h"

using namespace perfdash;
using Mode = MeasurementRequest::Mode;

class TestWhereRequest : public QObject {
    Q_OBJECT
private slots:
    void theRequestMeasuredHereKeepsItsTargetAndTakesTheGroup() {
        MeasurementRequest here;
        here.command = {"/opt/app", "--size", "3"};
        here.environment = {"OMP_NUM_THREADS=2"};
        here.workingDirectory = "/tmp";
        here.groups = {"MEM", "CPI"};
        here.events = {"page-faults"};
        here.backend.name = "msr";
        here.cpuList = "0-1";
        here.marker = true;
        here.interval = std::chrono::milliseconds(200);
        auto r = whereRequest(MeasurementResult{}, &here, QStringLiteral("CPI"));
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->command, here.command);
        QCOMPARE(r->environment, here.environment);
        QCOMPARE(r->workingDirectory, here.workingDirectory);
        QCOMPARE(r->cpuList, here.cpuList);
        QCOMPARE(r->interval, here.interval);
        // The group alone, so that it is the one sampled; through perf, which samples.
        QCOMPARE(r->groups, std::vector<std::string>{"CPI"});
        QVERIFY(r->events.empty());
        QCOMPARE(r->backend.name, std::string("perf"));
        QVERIFY(r->markerTransitions); // the samples' regions too
    }

    void anOpenedSessionSaysWhatRan() {
        MeasurementResult session;
        session.config.mode = "launch";
        session.config.command = {"/opt/app", "x"};
        session.config.cpuList = "2";
        session.config.groups = {"FLOPS_DP"};
        session.config.events = {"cycles,instructions"};
        session.config.intervalS = 0.5;
        auto r = whereRequest(session, nullptr, QStringLiteral("custom"));
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->mode, Mode::Launch);
        QCOMPARE(r->command, session.config.command);
        QCOMPARE(r->cpuList, std::string("2"));
        QCOMPARE(r->interval, std::chrono::nanoseconds(500000000));
        // "custom" is the -e events: they stay, the groups go.
        QVERIFY(r->groups.empty());
        QCOMPARE(r->events, session.config.events);

        session.config.mode = "system";
        session.config.cpuList = "0-3";
        r = whereRequest(session, nullptr, QStringLiteral("FLOPS_DP"));
        QVERIFY(r.ok());
        QCOMPARE(r->mode, Mode::SystemWide);
        QCOMPARE(r->cpuList, std::string("0-3"));
        QCOMPARE(r->groups, std::vector<std::string>{"FLOPS_DP"});
        QVERIFY(r->events.empty());
    }

    void whatCannotBeRepeatedSaysWhy() {
        QTemporaryDir proc;
        QVERIFY(QDir(proc.path()).mkpath(QStringLiteral("4242")));
        MeasurementResult session;
        session.config.mode = "attach";
        session.config.pid = 4242;
        auto r = whereRequest(session, nullptr, QStringLiteral("CPI"), proc.path().toStdString());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->mode, Mode::Attach);
        QCOMPARE(r->pid, 4242);

        session.config.pid = 4243;
        r = whereRequest(session, nullptr, QStringLiteral("CPI"), proc.path().toStdString());
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().message),
                 QStringLiteral("process 4243, which the session attached to, has ended: choose a running process on the "
                                "Measure page"));

        MeasurementRequest here;
        here.mode = Mode::Attach;
        here.pid = 4243;
        here.groups = {"CPI"};
        r = whereRequest(MeasurementResult{}, &here, QStringLiteral("CPI"), proc.path().toStdString());
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("process 4243 has ended") != std::string::npos);

        session.config = {};
        session.config.mode = "launch";
        r = whereRequest(session, nullptr, QStringLiteral("CPI"));
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("does not say which program it ran") != std::string::npos);

        session.config.command = {"/opt/app"};
        r = whereRequest(session, nullptr, QStringLiteral("custom"));
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("the run's own events are not known") != std::string::npos);

        session.config.mode = "";
        r = whereRequest(session, nullptr, QStringLiteral("CPI"));
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("does not say what it measured") != std::string::npos);
    }
};

QTEST_MAIN(TestWhereRequest)
#include "test_where_request.moc"
