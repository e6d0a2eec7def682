#pragma once
// Opening saved sessions in the GUI: File → Open, `perfdash FILE` and files
// dropped on the window all end in loadSessionFile().
#include <QString>
#include <QStringList>
#include <memory>

#include "core/profile/Profile.h"
#include "core/result/MeasurementResult.h"
#include "core/util/Outcome.h"

class QMimeData;

namespace perfdash {

// A saved session or JSON report, ready to show and replay (`replay` set).
// An incomplete autosave opens too (`incomplete` set; see openSessionFile()).
// Errors name the file and say what is wrong with it. Reading an hour-long
// session takes seconds: call it off the GUI thread (QtConcurrent::run); it
// touches no shared state.
Result<MeasurementResult> loadSessionFile(const QString& path);
// The samples of a session recorded by `perfdash-cli record` (its "profile"
// section); null for a session without them. Off the GUI thread too.
Result<std::shared_ptr<const Profile>> loadSessionProfile(const QString& path);

// File-dialog filter for sessions: "perfdash sessions (*.json)".
QString sessionFileFilter();

// The local files in a drag that look like sessions (*.json), in drag order.
QStringList sessionFilesInDrop(const QMimeData* mime);
// True when a drag carries at least one session: accept the drag enter event then.
bool dropHasSessionFiles(const QMimeData* mime);

// "Replay" and the label the shell's title and the live view show for a loaded session.
QString replayBadge();
QString replayLabel(const MeasurementResult& result);

} // namespace perfdash
