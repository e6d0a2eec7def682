#pragma once
// Saving the session form between runs of perfdash: the form's content and
// the recent programs, under the settings group "setup". The process to
// attach to is not saved (PIDs do not outlive a session).
#include <QSettings>
#include <optional>

#include "widgets/measure/RecentPrograms.h"
#include "widgets/measure/SetupFormState.h"

namespace perfdash {

void saveSetupSettings(QSettings& settings, const SetupFormState& state, const RecentPrograms& recent);

// nullopt when nothing was saved yet; the recent programs are read either way.
std::optional<SetupFormState> restoreSetupSettings(QSettings& settings, RecentPrograms& recent);

} // namespace perfdash
