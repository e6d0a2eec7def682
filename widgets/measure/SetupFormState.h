#pragma once
// The session form's content as plain values, the checks the form can make
// on its own (before asking the machine), and its mapping to a
// MeasurementRequest. Widgets read and write this; tests use it directly.
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "core/measurement/MeasurementRequest.h"
#include "core/profile/ProfileRecorder.h"

namespace perfdash {

struct SetupFormState {
    MeasurementRequest::Mode mode = MeasurementRequest::Mode::Launch;
    QString program;
    QString arguments;        // as typed; split like a shell does (quotes keep spaces)
    QString workingDirectory; // empty: perfdash's own
    QString environment;      // NAME=value, one per line
    bool pinToCpus = false;   // Launch: pin the program to cpuList
    QString cpuList;          // likwid syntax (Launch when pinned, SystemWide)
    int pid = -1;             // Attach
    QStringList groups;       // in measuring order
    QString events;           // perf/libpfm event list, comma separated
    int intervalMs = 100;     // 0: totals only, no timeline
    double durationS = 0;     // 0: until the program ends or Stop
    QString backend = QStringLiteral("perf"); // BackendChoice::name: perf, msr or loongson
    bool marker = false;      // Launch: the program uses the marker API; count its regions too
    // Sample the first group too (as perfdash-cli record), for the Hotspots page.
    bool sample = false;
    int sampleHz = 4000;      // record's default; at most kMaxSampleHz
    QString callGraph = QStringLiteral("fp"); // fp, dwarf or none, as record's --call-graph

    bool operator==(const SetupFormState&) const = default;
};

// perf's own default limit (kernel.perf_event_max_sample_rate starts there).
inline constexpr int kMaxSampleHz = 100000;

// The part of the form a problem belongs to, so it is shown next to it.
enum class SetupField { Program, WorkingDirectory, Environment, Process, Cpus, Backend, Groups, Events, General };

struct FieldProblem {
    SetupField field = SetupField::General;
    QString message;
};

// What can be checked without the machine: a program that is given and can
// be found, an existing working directory, NAME=value environment lines, a
// chosen process, CPUs when they are needed, something to measure, an event
// list that splits, a target the backend can count (the direct backends
// count whole CPUs). (The CPU list's syntax is the CPU picker's to check.)
std::vector<FieldProblem> checkForm(const SetupFormState& state);

// True for the direct backends (msr, loongson): they count whole CPUs, so a
// launched program must be pinned to the CPUs counted, and none attaches.
bool countsWholeCpus(const QString& backend);

// The request a checked form describes, as the GUI runs it: output captured,
// stdin from /dev/null; marker regions only for a launched program.
MeasurementRequest toRequest(const SetupFormState& state);

// The sampling a checked form asks for: none where it does not sample. The
// profile's interval is the counts' (at least 0.1 s, 1 s for totals only), so
// that a time range chosen on the timeline selects the same time of both.
std::optional<ProfileOptions> toSampling(const SetupFormState& state);

// "launch"/"attach"/"system" back to a mode (the settings store toString(mode)); Launch for anything else.
MeasurementRequest::Mode modeFromString(const QString& text);

} // namespace perfdash
