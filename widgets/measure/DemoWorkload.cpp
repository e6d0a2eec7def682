#include "widgets/measure/DemoWorkload.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <algorithm>

#include "widgets/run/MeasurementController.h"

namespace perfdash {

Result<QString> findDemoProgram() {
    QStringList candidates;
    const QString fromEnvironment = qEnvironmentVariable("PERFDASH_DEMO");
    if (!fromEnvironment.isEmpty()) candidates << fromEnvironment;
    const QString appDir = QCoreApplication::applicationDirPath();
    const QString name = QStringLiteral("perfdash-demo");
    const QString libexec = QStringLiteral(PERFDASH_LIBEXEC_DIR);
    candidates << appDir + QLatin1Char('/') + name;
    candidates << (QDir::isAbsolutePath(libexec) ? libexec : appDir + QStringLiteral("/../") + libexec) +
                      QStringLiteral("/perfdash/") + name;
    candidates << appDir + QStringLiteral("/../demo/") + name; // build tree: app/gui/perfdash, app/demo/perfdash-demo
    for (const auto& path : candidates) {
        const QFileInfo info(path);
        if (info.isFile() && info.isExecutable()) return QDir::cleanPath(info.absoluteFilePath());
    }
    std::string looked;
    for (const auto& path : candidates) looked += "\n  " + QDir::cleanPath(path).toStdString();
    return makeError("the demo workload perfdash-demo was not found; looked in:" + looked +
                     "\nInstall perfdash (it puts perfdash-demo in libexec/perfdash), build the 'perfdash-demo' "
                     "target, or set PERFDASH_DEMO to its path");
}

SetupFormState defaultSetupState(MeasurementController& controller) {
    SetupFormState s;
    if (auto demo = findDemoProgram()) {
        s.program = *demo;
        s.arguments = QStringLiteral("--seconds 5");
    }
    s.intervalMs = 100;
    // A group belongs to the default when every one of its events counts here.
    auto countable = [&](const std::string& name) {
        MeasurementRequest probe;
        probe.command = {s.program.isEmpty() ? std::string("true") : s.program.toStdString()};
        probe.groups = {name};
        auto plan = controller.prepare(probe);
        return plan.ok() && std::all_of(plan->groups[0].events.begin(), plan->groups[0].events.end(),
                                        [](const PlannedEvent& e) { return e.eventSetSlot >= 0; });
    };
    if (countable("SOFTWARE")) s.groups << QStringLiteral("SOFTWARE");
    for (const auto& entry : controller.machine().groups().list()) {
        if (entry.arch != "generic" || !entry.problem.empty() || entry.name == "SOFTWARE") continue;
        if (countable(entry.name)) s.groups << QString::fromStdString(entry.name);
    }
    return s;
}

} // namespace perfdash
