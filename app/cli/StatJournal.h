#pragma once
// `stat -o FILE -t INTERVAL` saves the run while it goes on, beside the
// report: FILE.partial.json, a session file marked incomplete
// (core/session/SessionJournal.h). A run that is killed leaves it holding the
// intervals up to its last save (at most a second old); the GUI and the
// report reader open it as an incomplete session. It is removed once the
// report is written.
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "core/session/SessionJournal.h"
#include "core/measurement/Measurement.h"

namespace perfdash::cli {

class StatJournal {
public:
    static std::string pathFor(const std::string& output) { return output + ".partial.json"; }

    // Writes the session's head (the run as planned, its locations and machine).
    static Result<StatJournal> create(const std::string& output, const Measurement& m, const MeasurementPlan& plan,
                                      MachineContext& machine);

    // Saves the intervals, at most once a second (each save ends in an fdatasync).
    // A failed save is a warning, once; its intervals are kept for the next save.
    void add(const std::vector<IntervalResult>& intervals);
    // Saves what is pending now.
    Status flush();
    const std::string& path() const { return journal_->path(); }
    // After the report was written: the journal is not needed any more.
    void remove();

private:
    explicit StatJournal(std::unique_ptr<SessionJournal> journal) : journal_(std::move(journal)) {}

    std::unique_ptr<SessionJournal> journal_;
    std::vector<IntervalResult> pending_;
    std::chrono::steady_clock::time_point lastSave_ = std::chrono::steady_clock::now();
    bool warned_ = false;
};

} // namespace perfdash::cli
