// ProfileRecorder on its own, on whole CPUs as the agent's profiles use it:
// its sample budget (ProfileOptions::maxSamples) keeps that many samples,
// leaves the later ones out and says how many, and without a budget none is
// left out. cpu-clock ticks on an idle CPU too, so the samples come whatever
// else runs.
#include <QtTest>

#include <thread>

#include "core/measurement/MachineContext.h"
#include "core/measurement/MeasurementPlan.h"
#include "core/profile/ProfileRecorder.h"

using namespace perfdash;

namespace {

// 1000 Hz on CPU 0 for 300 ms: about 300 samples.
Profile sampleCpu0(uint64_t maxSamples, QString& failure) {
    MachineContext machine;
    MeasurementRequest request;
    request.mode = MeasurementRequest::Mode::SystemWide;
    request.events = {"cpu-clock"};
    request.cpuList = "0";
    auto plan = MeasurementPlan::prepare(request, machine);
    if (!plan) {
        failure = QString::fromStdString(plan.error().message);
        return {};
    }
    ProfileOptions options;
    options.rate = {SamplingRate::Kind::Frequency, 1000};
    options.maxSamples = maxSamples;
    auto sampling = planSampling(*plan, machine, options);
    if (!sampling) {
        failure = QString::fromStdString(sampling.error().message);
        return {};
    }
    auto recorder = ProfileRecorder::open(*sampling, *plan, -1, options, {});
    if (!recorder) {
        failure = QString::fromStdString(recorder.error().message);
        return {};
    }
    if (Status s = (*recorder)->start(""); !s) {
        failure = QString::fromStdString(s.error().message);
        return {};
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    return (*recorder)->finish();
}

bool saysLeftOut(const Profile& p) {
    for (const std::string& w : p.sampling.warnings)
        if (w.find("were left out, the profile's budget") != std::string::npos) return true;
    return false;
}

} // namespace

class TestProfileRecorder : public QObject {
    Q_OBJECT

private slots:
    void sampleBudget() {
        QString failure;
        const Profile capped = sampleCpu0(20, failure);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QCOMPARE(capped.samples(), 20.0);
        QVERIFY2(saysLeftOut(capped), "the profile does not say that samples were left out");

        const Profile whole = sampleCpu0(0, failure);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QVERIFY2(whole.samples() > 100, qPrintable(QString("only %1 samples in 300 ms at 1000 Hz").arg(whole.samples())));
        QVERIFY(!saysLeftOut(whole));
    }
};

QTEST_GUILESS_MAIN(TestProfileRecorder)
#include "test_profile_recorder.moc"
