#include "widgets/measure/SetupSettings.h"

#include <algorithm>

namespace perfdash {

void saveSetupSettings(QSettings& settings, const SetupFormState& s, const RecentPrograms& recent) {
    settings.beginGroup(QStringLiteral("setup"));
    settings.setValue(QStringLiteral("mode"), QString::fromLatin1(toString(s.mode)));
    settings.setValue(QStringLiteral("program"), s.program);
    settings.setValue(QStringLiteral("arguments"), s.arguments);
    settings.setValue(QStringLiteral("workingDirectory"), s.workingDirectory);
    settings.setValue(QStringLiteral("environment"), s.environment);
    settings.setValue(QStringLiteral("pinToCpus"), s.pinToCpus);
    settings.setValue(QStringLiteral("cpuList"), s.cpuList);
    settings.setValue(QStringLiteral("groups"), s.groups);
    settings.setValue(QStringLiteral("events"), s.events);
    settings.setValue(QStringLiteral("intervalMs"), s.intervalMs);
    settings.setValue(QStringLiteral("durationS"), s.durationS);
    settings.setValue(QStringLiteral("backend"), s.backend);
    settings.setValue(QStringLiteral("marker"), s.marker);
    settings.setValue(QStringLiteral("sample"), s.sample);
    settings.setValue(QStringLiteral("sampleHz"), s.sampleHz);
    settings.setValue(QStringLiteral("callGraph"), s.callGraph);
    settings.beginWriteArray(QStringLiteral("recentPrograms"), static_cast<int>(recent.entries().size()));
    for (int i = 0; i < recent.entries().size(); ++i) {
        settings.setArrayIndex(i);
        const RecentProgram& e = recent.entries()[i];
        settings.setValue(QStringLiteral("program"), e.program);
        settings.setValue(QStringLiteral("arguments"), e.arguments);
        settings.setValue(QStringLiteral("workingDirectory"), e.workingDirectory);
    }
    settings.endArray();
    settings.endGroup();
}

std::optional<SetupFormState> restoreSetupSettings(QSettings& settings, RecentPrograms& recent) {
    settings.beginGroup(QStringLiteral("setup"));
    QList<RecentProgram> entries;
    const int count = settings.beginReadArray(QStringLiteral("recentPrograms"));
    for (int i = 0; i < count; ++i) {
        settings.setArrayIndex(i);
        entries.append({settings.value(QStringLiteral("program")).toString(),
                        settings.value(QStringLiteral("arguments")).toString(),
                        settings.value(QStringLiteral("workingDirectory")).toString()});
    }
    settings.endArray();
    recent.setEntries(entries);

    std::optional<SetupFormState> state;
    if (settings.contains(QStringLiteral("mode"))) {
        SetupFormState s;
        s.mode = modeFromString(settings.value(QStringLiteral("mode")).toString());
        s.program = settings.value(QStringLiteral("program")).toString();
        s.arguments = settings.value(QStringLiteral("arguments")).toString();
        s.workingDirectory = settings.value(QStringLiteral("workingDirectory")).toString();
        s.environment = settings.value(QStringLiteral("environment")).toString();
        s.pinToCpus = settings.value(QStringLiteral("pinToCpus"), false).toBool();
        s.cpuList = settings.value(QStringLiteral("cpuList")).toString();
        s.groups = settings.value(QStringLiteral("groups")).toStringList();
        s.events = settings.value(QStringLiteral("events")).toString();
        s.intervalMs = settings.value(QStringLiteral("intervalMs"), s.intervalMs).toInt();
        s.durationS = settings.value(QStringLiteral("durationS"), s.durationS).toDouble();
        // A name this version does not know is kept: the page says it is not available and counts with perf.
        s.backend = settings.value(QStringLiteral("backend"), s.backend).toString();
        s.marker = settings.value(QStringLiteral("marker"), s.marker).toBool();
        s.sample = settings.value(QStringLiteral("sample"), s.sample).toBool();
        s.sampleHz = std::clamp(settings.value(QStringLiteral("sampleHz"), s.sampleHz).toInt(), 1, kMaxSampleHz);
        if (const QString cg = settings.value(QStringLiteral("callGraph"), s.callGraph).toString();
            cg == QLatin1String("fp") || cg == QLatin1String("dwarf") || cg == QLatin1String("none"))
            s.callGraph = cg;
        state = s;
    }
    settings.endGroup();
    return state;
}

} // namespace perfdash
