#pragma once
// Runs a program of tests/symbols/programs and reads what it printed: the
// probe's reports ("NAME 0xADDRESS LINE FILE CALL_LINE") and its maps.
#include <QProcess>
#include <QString>

#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/symbols/AddressSpace.h"
#include "core/profile/RecordMappings.h"

namespace perfdash::testing {

struct ProbeReport {
    uint64_t pc = 0;
    int line = 0;
    std::string file;
    int callLine = 0;
};

struct ProbeRun {
    std::string error; // "" where it ran
    int pid = 0;
    std::map<std::string, ProbeReport> reports;
    AddressSpace space;
};

inline ProbeRun runProbe(const QString& program) {
    ProbeRun run;
    QProcess process;
    process.start(program, {});
    if (!process.waitForStarted(10000) || !process.waitForFinished(10000) || process.exitCode() != 0) {
        run.error = program.toStdString() + " did not run: " + process.errorString().toStdString() + " " +
                    process.readAllStandardError().toStdString();
        return run;
    }
    run.pid = static_cast<int>(process.processId());
    std::istringstream out(process.readAllStandardOutput().toStdString());
    std::string line, maps;
    bool inMaps = false;
    while (std::getline(out, line)) {
        if (line == "maps-begin" || line == "maps-end") {
            inMaps = line == "maps-begin";
            continue;
        }
        if (inMaps) {
            maps += line + "\n";
            continue;
        }
        std::istringstream fields(line);
        std::string name, pc;
        ProbeReport report;
        if (fields >> name >> pc >> report.line >> report.file >> report.callLine) {
            report.pc = std::stoull(pc, nullptr, 16);
            run.reports[name] = report;
        }
    }
    auto mappings = mappingsOfProcMaps(maps, 0);
    if (!mappings) run.error = mappings.error().message;
    else for (Mapping& m : *mappings) run.space.map(std::move(m));
    if (run.error.empty() && (run.reports.empty() || run.space.size() == 0))
        run.error = program.toStdString() + " printed no reports or maps";
    return run;
}

} // namespace perfdash::testing
