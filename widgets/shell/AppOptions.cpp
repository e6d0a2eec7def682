#include "widgets/shell/AppOptions.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace perfdash {

namespace {

// The messages' translation context (lupdate finds Text::tr calls).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(perfdash::AppOptions)
};

Error usageError(const QString& message) { return Error{message.toStdString()}; }

// The form keeps arguments as one line that QProcess::splitCommand splits:
// quote what has spaces or quotes, and a quote inside quotes is written three times.
// (An empty argument cannot survive that line: splitCommand drops "".)
QString joinArguments(const QStringList& arguments) {
    QStringList quoted;
    for (QString a : arguments) {
        const bool needsQuotes = a.contains(QLatin1Char(' ')) || a.contains(QLatin1Char('\t')) ||
                                 a.contains(QLatin1Char('"'));
        if (!needsQuotes) {
            quoted << a;
            continue;
        }
        a.replace(QLatin1String("\""), QLatin1String("\"\"\""));
        quoted << QLatin1Char('"') + a + QLatin1Char('"');
    }
    return quoted.join(QLatin1Char(' '));
}

} // namespace

bool AppOptions::prefillsForm() const {
    return !groups.isEmpty() || !events.isEmpty() || !cpuList.isEmpty() || intervalMs || durationS ||
           !command.isEmpty();
}

SetupFormState AppOptions::applyTo(SetupFormState form) const {
    if (!command.isEmpty()) {
        form.mode = MeasurementRequest::Mode::Launch;
        form.program = command.front();
        form.arguments = joinArguments(command.mid(1));
    }
    if (!groups.isEmpty()) form.groups = groups;
    // Events named on the command line replace the saved ones, as groups do.
    if (!events.isEmpty() || !groups.isEmpty()) form.events = events;
    if (!cpuList.isEmpty()) {
        form.cpuList = cpuList;
        form.pinToCpus = form.mode == MeasurementRequest::Mode::Launch;
    }
    if (intervalMs) form.intervalMs = *intervalMs;
    if (durationS) form.durationS = *durationS;
    return form;
}

Result<AppOptions> parseAppOptions(const QStringList& arguments) {
    AppOptions o;
    for (int i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        auto value = [&](const QString& option) -> Result<QString> {
            if (i + 1 >= arguments.size() || arguments[i + 1].startsWith(QLatin1String("--")))
                return usageError(Text::tr("%1 needs a value (see perfdash --help)").arg(option));
            return arguments[++i];
        };
        if (a == QLatin1String("--")) {
            o.command = arguments.mid(i + 1);
            if (o.command.isEmpty()) return usageError(Text::tr("-- must be followed by the program to measure"));
            break;
        }
        if (a == QLatin1String("--start")) {
            o.start = true;
        } else if (a == QLatin1String("--demo")) {
            o.demo = o.start = true;
        } else if (a == QLatin1String("--group") || a == QLatin1String("-g")) {
            auto v = value(a);
            if (!v) return v.error();
            for (const QString& g : v->split(QLatin1Char(','), Qt::SkipEmptyParts)) o.groups << g.trimmed();
        } else if (a == QLatin1String("--events") || a == QLatin1String("-e")) {
            auto v = value(a);
            if (!v) return v.error();
            o.events = o.events.isEmpty() ? *v : o.events + QLatin1Char(',') + *v;
        } else if (a == QLatin1String("--cpu") || a == QLatin1String("-C")) {
            auto v = value(a);
            if (!v) return v.error();
            o.cpuList = *v;
        } else if (a == QLatin1String("--interval") || a == QLatin1String("-t")) {
            auto v = value(a);
            if (!v) return v.error();
            bool ok = false;
            const int ms = v->toInt(&ok);
            if (!ok || ms < 0)
                return usageError(Text::tr("--interval '%1' is not a number of milliseconds: write e.g. --interval 100 "
                                     "(0: totals only)")
                                      .arg(*v));
            o.intervalMs = ms;
        } else if (a == QLatin1String("--duration") || a == QLatin1String("-S")) {
            auto v = value(a);
            if (!v) return v.error();
            bool ok = false;
            const double s = v->toDouble(&ok);
            if (!ok || s < 0)
                return usageError(Text::tr("--duration '%1' is not a number of seconds: write e.g. --duration 5").arg(*v));
            o.durationS = s;
        } else if (a == QLatin1String("--lang")) {
            auto v = value(a);
            if (!v) return v.error();
            o.language = *v;
        } else if (a.startsWith(QLatin1Char('-'))) {
            return usageError(Text::tr("unknown option '%1' (see perfdash --help)").arg(a));
        } else if (o.sessionFile.isEmpty()) {
            o.sessionFile = a;
        } else {
            return usageError(Text::tr("only one session file can be opened, got '%1' and '%2'; to measure a program, "
                                 "put it after --: perfdash -- %2")
                                  .arg(o.sessionFile, a));
        }
    }
    if (!o.sessionFile.isEmpty() && (o.prefillsForm() || o.start))
        return usageError(Text::tr("'%1' is a session file to open: it cannot be combined with options that set up a new "
                             "session").arg(o.sessionFile));
    if (!o.sessionFile.isEmpty() && !QFileInfo(o.sessionFile).isFile())
        return usageError(Text::tr("session file '%1' does not exist; give the path of a saved session (.json)")
                              .arg(o.sessionFile));
    if (o.demo && o.prefillsForm())
        return usageError(Text::tr("--demo starts the default demo measurement: leave out the options that set up another"));
    return o;
}

QString appUsage() {
    return Text::tr("Usage: perfdash [FILE]\n"
              "       perfdash [--group G]... [--events E,...] [--cpu LIST] [--interval MS] [--duration S]\n"
              "                [--start] [-- PROGRAM ARGS...]\n"
              "       perfdash --demo\n"
              "\n"
              "  FILE               open a saved session and replay it\n"
              "  -g, --group G      measure performance group G (repeat or comma-separate for several)\n"
              "  -e, --events E,... measure these events (perf, sysfs PMU, tracepoint or libpfm4 names)\n"
              "  -C, --cpu LIST     pin the program to these CPUs (likwid syntax: 0,2-4  S0:0-3  N:0-7)\n"
              "  -t, --interval MS  timeline interval in milliseconds (0: totals only)\n"
              "  -S, --duration S   stop after S seconds\n"
              "  --start            start measuring at once\n"
              "  --demo             measure the built-in demo workload with the SOFTWARE group\n"
              "  --lang CODE        user interface language for this run (en, zh_CN, ru)\n"
              "  -h, --help         show this help\n"
              "  --version          show the version\n");
}

} // namespace perfdash
