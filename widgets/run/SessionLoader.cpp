#include "widgets/run/SessionLoader.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QMimeData>
#include <QUrl>

#include "core/perfdata/PerfDataProfile.h"
#include "core/perfdata/PerfDataReader.h"
#include "core/profile/ProfileJson.h"
#include "core/report/ReportTables.h"
#include "core/session/SessionFiles.h"

namespace perfdash {

namespace {

// Free functions have no class to give their strings a translation context.
struct SessionLoader {
    Q_DECLARE_TR_FUNCTIONS(SessionLoader)
};

} // namespace

Result<MeasurementResult> loadSessionFile(const QString& path) {
    if (QFileInfo(path).isDir())
        return makeError(path.toStdString() + " is a directory; open a session file (*.json) inside it");
    return openSessionFile(path.toStdString());
}

Result<std::shared_ptr<const Profile>> loadSessionProfile(const QString& path) {
    auto profile = readSessionProfile(path.toStdString());
    if (!profile) return profile.error();
    if (!*profile) return std::shared_ptr<const Profile>{};
    return std::shared_ptr<const Profile>(std::make_shared<Profile>(std::move(**profile)));
}

Result<std::shared_ptr<const Profile>> loadPerfDataProfile(const QString& path) {
    auto profile = readPerfDataProfile(path.toStdString(), {});
    if (!profile) return profile.error();
    return std::shared_ptr<const Profile>(std::make_shared<Profile>(std::move(*profile)));
}

bool isPerfDataPath(const QString& path) { return isPerfDataFile(path.toStdString()); }

QString sessionFileFilter() { return SessionLoader::tr("perfdash sessions (*.json)"); }

QString openFileFilter() {
    // perf names its files perf.data (and perf.data.old when it keeps the last one); people name theirs *.data.
    return SessionLoader::tr("perfdash sessions and perf.data files (*.json *.data perf.data*)") + QLatin1String(";;") +
           sessionFileFilter() + QLatin1String(";;") + SessionLoader::tr("perf record files (*.data perf.data*)") +
           QLatin1String(";;") + SessionLoader::tr("All files (*)");
}

QStringList openableFilesInDrop(const QMimeData* mime) {
    QStringList files;
    if (!mime || !mime->hasUrls()) return files;
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile()) continue;
        const QString path = url.toLocalFile();
        if (!QFileInfo(path).isFile()) continue;
        if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) || isPerfDataPath(path)) files << path;
    }
    return files;
}

QString replayBadge() { return SessionLoader::tr("Replay"); }

QString replayLabel(const MeasurementResult& result) {
    QString label = SessionLoader::tr("Replay: %1").arg(QString::fromStdString(targetName(result.config)));
    if (!result.startedAt.empty()) label += SessionLoader::tr(", recorded %1").arg(QString::fromStdString(result.startedAt));
    if (result.incomplete) label += SessionLoader::tr(" (incomplete: the session never finished)");
    return label;
}

} // namespace perfdash
