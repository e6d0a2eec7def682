#pragma once
// Opening saved sessions in the GUI: File → Open, `perfdash FILE` and files
// dropped on the window all end in loadSessionFile(), or, for a file of
// `perf record`, in loadPerfDataProfile().
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

// A perf.data file (file or pipe mode, as `perf record` wrote it) read into a
// profile as `perfdash-cli report FILE.data` reads it: symbols from the
// binaries on this machine, by build-id; the profile's notices name the file
// and its perf, its warnings each binary that is missing. Off the GUI thread.
Result<std::shared_ptr<const Profile>> loadPerfDataProfile(const QString& path);
// Whether `path` is a perf.data file, by its first bytes (perf.data, perf.data.old, any.data).
bool isPerfDataPath(const QString& path);

// File-dialog filter for sessions: "perfdash sessions (*.json)".
QString sessionFileFilter();
// File → Open's filters: sessions and perf.data files, either alone, or any file.
QString openFileFilter();

// The local files in a drag that perfdash opens (sessions, *.json, and perf.data files by their first
// bytes), in drag order.
QStringList openableFilesInDrop(const QMimeData* mime);

// "Replay" and the label the shell's title and the live view show for a loaded session.
QString replayBadge();
QString replayLabel(const MeasurementResult& result);

} // namespace perfdash
