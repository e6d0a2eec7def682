#include "widgets/measure/SetupFormState.h"

#include <QCoreApplication>
#include <algorithm>
#include <cstdint>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>

#include "core/events/EventList.h"
#include "core/measurement/ProgramLookup.h"

namespace perfdash {
namespace {

// The context of this file's translated messages.
class SetupFormText {
    Q_DECLARE_TR_FUNCTIONS(SetupFormState)
};

std::vector<std::string> environmentLines(const QString& text) {
    std::vector<std::string> out;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        const QString trimmed = line.trimmed();
        if (!trimmed.isEmpty()) out.push_back(trimmed.toStdString());
    }
    return out;
}

void checkProgram(const SetupFormState& s, std::vector<FieldProblem>& problems) {
    if (!s.workingDirectory.trimmed().isEmpty() && !QFileInfo(s.workingDirectory.trimmed()).isDir())
        problems.push_back({SetupField::WorkingDirectory,
                            SetupFormText::tr("Working directory '%1' does not exist; choose an existing directory or leave the field "
                               "empty to run the program in perfdash's own")
                                .arg(s.workingDirectory.trimmed())});
    static const QRegularExpression assignment(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*=.*$"));
    for (const auto& line : environmentLines(s.environment)) {
        if (!assignment.match(QString::fromStdString(line)).hasMatch()) {
            problems.push_back({SetupField::Environment,
                                SetupFormText::tr("Environment line '%1' is not NAME=value; write one variable per line, e.g. "
                                   "OMP_NUM_THREADS=4")
                                    .arg(QString::fromStdString(line))});
            break;
        }
    }
    const QString program = s.program.trimmed();
    if (program.isEmpty()) {
        problems.push_back({SetupField::Program, SetupFormText::tr("Choose the program to run (Browse…), or attach to a running "
                                                    "process, or count whole CPUs")});
        return;
    }
    const QString dir = QFileInfo(s.workingDirectory.trimmed()).isDir() ? s.workingDirectory.trimmed() : QString();
    auto found = findProgram(program.toStdString(), qEnvironmentVariable("PATH").toStdString(), dir.toStdString());
    if (!found) problems.push_back({SetupField::Program, QString::fromStdString(found.error().message)});
}

} // namespace

std::vector<FieldProblem> checkForm(const SetupFormState& s) {
    using Mode = MeasurementRequest::Mode;
    std::vector<FieldProblem> problems;
    switch (s.mode) {
    case Mode::Launch:
        checkProgram(s, problems);
        if (s.pinToCpus && s.cpuList.trimmed().isEmpty())
            problems.push_back({SetupField::Cpus, SetupFormText::tr("Choose the CPUs to pin the program to, or turn pinning off")});
        break;
    case Mode::Attach:
        if (s.pid <= 0)
            problems.push_back({SetupField::Process, SetupFormText::tr("Select the process to attach to (type in the filter to find it)")});
        break;
    case Mode::SystemWide:
        if (s.cpuList.trimmed().isEmpty())
            problems.push_back({SetupField::Cpus, SetupFormText::tr("Choose the CPUs to count: click them or type a list such as 0-3")});
        break;
    }
    if (countsWholeCpus(s.backend)) {
        if (s.mode == Mode::Attach)
            problems.push_back({SetupField::Backend,
                                SetupFormText::tr("The %1 backend counts whole CPUs, not the threads of one process: choose "
                                                  "perf to attach, or count the CPUs the process runs on (Whole CPUs)")
                                    .arg(s.backend)});
        else if (s.mode == Mode::Launch && !s.pinToCpus)
            problems.push_back({SetupField::Cpus,
                                SetupFormText::tr("The %1 backend counts whole CPUs: pin the program to the CPUs to count, "
                                                  "or choose perf to count just the program")
                                    .arg(s.backend)});
        if (s.mode == Mode::Launch && s.marker)
            problems.push_back({SetupField::Backend,
                                SetupFormText::tr("Marker regions are counted through perf inside the program, which the "
                                                  "%1 backend cannot share the counters with: choose perf, or turn marker "
                                                  "regions off")
                                    .arg(s.backend)});
        if (s.sample)
            problems.push_back({SetupField::Backend,
                                SetupFormText::tr("Sampling goes through perf, which the %1 backend does not use: choose "
                                                  "perf, or turn sampling off")
                                    .arg(s.backend)});
    }
    if (s.groups.isEmpty() && s.events.trimmed().isEmpty())
        problems.push_back({SetupField::Groups, SetupFormText::tr("Choose at least one performance group, or enter events below")});
    if (!s.events.trimmed().isEmpty()) {
        if (auto split = splitEventList(s.events.trimmed().toStdString()); !split)
            problems.push_back({SetupField::Events, QString::fromStdString(split.error().message)});
    }
    return problems;
}

bool countsWholeCpus(const QString& backend) { return backend != QLatin1String("perf"); }

MeasurementRequest toRequest(const SetupFormState& s) {
    using Mode = MeasurementRequest::Mode;
    MeasurementRequest r;
    r.mode = s.mode;
    switch (s.mode) {
    case Mode::Launch:
        r.command.push_back(s.program.trimmed().toStdString());
        for (const auto& argument : QProcess::splitCommand(s.arguments)) r.command.push_back(argument.toStdString());
        r.environment = environmentLines(s.environment);
        r.workingDirectory = s.workingDirectory.trimmed().toStdString();
        if (s.pinToCpus) r.cpuList = s.cpuList.trimmed().toStdString();
        r.marker = s.marker;
        r.markerTransitions = s.marker && s.sample; // the samples' regions (record -m)
        break;
    case Mode::Attach: r.pid = s.pid; break;
    case Mode::SystemWide: r.cpuList = s.cpuList.trimmed().toStdString(); break;
    }
    for (const auto& group : s.groups) r.groups.push_back(group.toStdString());
    if (!s.events.trimmed().isEmpty()) r.events.push_back(s.events.trimmed().toStdString());
    r.interval = std::chrono::milliseconds(s.intervalMs);
    r.duration = std::chrono::nanoseconds(static_cast<long long>(s.durationS * 1e9));
    r.backend.name = s.backend.toStdString();
    r.captureOutput = true;
    r.stdinFromNull = true;
    return r;
}

std::optional<ProfileOptions> toSampling(const SetupFormState& s) {
    if (!s.sample) return std::nullopt;
    ProfileOptions o;
    o.rate = {SamplingRate::Kind::Frequency, static_cast<uint64_t>(std::max(1, s.sampleHz))};
    o.callGraph = s.callGraph == QLatin1String("dwarf") ? CallGraph::Dwarf
                  : s.callGraph == QLatin1String("none") ? CallGraph::None
                                                          : CallGraph::FramePointer;
    o.intervalS = s.intervalMs > 0 ? std::max(0.1, s.intervalMs / 1000.0) : 1.0;
    // The page shows every sample so far; the builder's row limit still bounds the memory.
    o.liveIntervals = UINT32_MAX;
    return o;
}

MeasurementRequest::Mode modeFromString(const QString& text) {
    using Mode = MeasurementRequest::Mode;
    for (Mode mode : {Mode::Launch, Mode::Attach, Mode::SystemWide})
        if (text == QLatin1String(toString(mode))) return mode;
    return Mode::Launch;
}

} // namespace perfdash
