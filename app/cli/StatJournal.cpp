#include "app/cli/StatJournal.h"

#include <unistd.h>

#include "app/cli/Commands.h"
#include "core/measurement/MachineFormulaConstants.h"

namespace perfdash::cli {

namespace {

// A kill loses at most this much of the run; fdatasync a few times a second would cost the program more.
constexpr std::chrono::seconds kSaveEvery{1};

} // namespace

Result<StatJournal> StatJournal::create(const std::string& output, const Measurement& m, const MeasurementPlan& plan,
                                        MachineContext& machine) {
    MeasurementResult header;
    header.startedAt = m.startedAt();
    header.config = plan.runConfig(m.targetPid());
    header.locations = m.locations();
    header.warnings = plan.warnings;
    header.machine = runMachineJson(machine, formulaConstants(plan, machine), plan.needsNominalClock);
    auto journal = SessionJournal::create(pathFor(output), std::move(header));
    if (!journal) return journal.error();
    return StatJournal(std::move(*journal));
}

void StatJournal::add(const std::vector<IntervalResult>& intervals) {
    pending_.insert(pending_.end(), intervals.begin(), intervals.end());
    if (std::chrono::steady_clock::now() - lastSave_ < kSaveEvery) return;
    if (Status saved = flush(); !saved && !warned_) {
        warn(saved.error().message + " (the run goes on; the report is written at the end)");
        warned_ = true;
    }
}

Status StatJournal::flush() {
    lastSave_ = std::chrono::steady_clock::now();
    // All or none saved, and the journal keeps no copy: what it could not save stays pending, for the next save.
    Status saved = journal_->append(pending_);
    if (saved) std::vector<IntervalResult>().swap(pending_);
    return saved;
}

void StatJournal::remove() { ::unlink(journal_->path().c_str()); }

} // namespace perfdash::cli
