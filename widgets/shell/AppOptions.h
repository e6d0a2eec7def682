#pragma once
// perfdash's command line: `perfdash [FILE]` opens a saved session;
// `perfdash [--group G]… [--events E,…] [--cpu LIST] [--interval MS]
// [--duration S] [--start] [-- PROGRAM ARGS…]` prefills the session form
// (a launch session) and optionally starts it; `--demo` starts the default
// demo session. Errors name the option and the fix; main() prints them and
// exits with status 2, as perfdash-cli does for usage errors.
#include <QString>
#include <QStringList>
#include <optional>

#include "core/util/Outcome.h"
#include "widgets/measure/SetupFormState.h"

namespace perfdash {

struct AppOptions {
    QString sessionFile;      // a session to open (replay)
    QStringList groups;       // --group, in order
    QString events;           // --events
    QString cpuList;          // --cpu: pins the launched program
    std::optional<int> intervalMs;
    std::optional<double> durationS;
    QStringList command;      // after --: program and arguments
    QString language;         // --lang: overrides the saved language for this run
    bool start = false;       // --start, or --demo
    bool demo = false;        // --demo: the default session, started

    // True when the options say anything about the session form.
    bool prefillsForm() const;
    // The form with what the options set; everything else as it was.
    SetupFormState applyTo(SetupFormState form) const;
};

// `arguments` without the program name. `--help` and `--version` are the
// caller's (QCommandLineParser's) business and never reach this.
Result<AppOptions> parseAppOptions(const QStringList& arguments);

// The --help text.
QString appUsage();

} // namespace perfdash
