#include "widgets/sessions/RecentSessionsModel.h"

#include <QDateTime>
#include <QDesktopServices>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QUrl>
#include <algorithm>
#include <cmath>

#include "widgets/common/QtStrings.h"

namespace perfdash {

namespace {

QString startedText(const std::string& iso) {
    const QDateTime time = QDateTime::fromString(toQString(iso), Qt::ISODate);
    return time.isValid() ? QLocale().toString(time.toLocalTime(), QLocale::ShortFormat) : toQString(iso);
}

} // namespace

RecentSessionsModel::RecentSessionsModel(QObject* parent)
    : QAbstractTableModel(parent), directory_(toQString(sessionsDirectory())) {
    refresh();
}

void RecentSessionsModel::setDirectory(const QString& directory) {
    directory_ = directory;
    refresh();
}

void RecentSessionsModel::refresh() {
    beginResetModel();
    sessions_ = listSessions(directory_.toStdString());
    endResetModel();
}

QString RecentSessionsModel::filePath(int row) const {
    return row >= 0 && row < rowCount() ? toQString(sessions_[static_cast<size_t>(row)].path) : QString();
}

bool RecentSessionsModel::deleteSessions(QList<int> rows, QString* error) {
    // From the bottom up, so the rows still to remove keep their numbers.
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    QStringList failed;
    for (int row : rows) {
        if (row < 0 || row >= rowCount()) continue;
        QFile file(filePath(row));
        if (file.exists() && !file.remove()) {
            failed << tr("%1: %2").arg(file.fileName(), file.errorString());
            continue;
        }
        beginRemoveRows({}, row, row);
        sessions_.erase(sessions_.begin() + row);
        endRemoveRows();
    }
    if (error) *error = failed.isEmpty() ? QString() : tr("Could not delete: %1").arg(failed.join(QLatin1String("; ")));
    return failed.isEmpty();
}

bool RecentSessionsModel::revealSession(int row) const {
    const QString path = filePath(row);
    return !path.isEmpty() && QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(path).absolutePath()));
}

int RecentSessionsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(sessions_.size());
}

int RecentSessionsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString RecentSessionsModel::durationText(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0) return tr("n/a");
    if (seconds < 60) return tr("%1 s").arg(seconds, 0, 'f', 1);
    const auto whole = static_cast<long long>(seconds);
    if (seconds < 3600) return tr("%1 min %2 s").arg(whole / 60).arg(whole % 60, 2, 10, QLatin1Char('0'));
    return tr("%1 h %2 min").arg(whole / 3600).arg((whole % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString RecentSessionsModel::endText(const SessionSummary& s) const {
    if (!s.error.empty()) return tr("cannot be read");
    if (s.incomplete) return tr("incomplete (never finished)");
    if (s.interrupted) return tr("stopped");
    if (!s.exitStatus) return tr("n/a");
    if (*s.exitStatus > 128) return tr("signal %1 (exit %2)").arg(*s.exitStatus - 128).arg(*s.exitStatus);
    return tr("exit %1").arg(*s.exitStatus);
}

QVariant RecentSessionsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const SessionSummary& s = sessions_[static_cast<size_t>(index.row())];
    switch (role) {
    case PathRole: return toQString(s.path);
    case IncompleteRole: return s.incomplete;
    case ErrorRole: return toQString(s.error);
    case Qt::ToolTipRole: return s.error.empty() ? toQString(s.path) : toQString(s.error);
    case Qt::DisplayRole:
        switch (index.column()) {
        case ProgramColumn: return s.error.empty() ? toQString(s.target) : QFileInfo(toQString(s.path)).fileName();
        case GroupsColumn: {
            QStringList groups;
            for (const auto& g : s.groups) groups << toQString(g);
            return groups.join(QLatin1String(", "));
        }
        case StartedColumn: return startedText(s.startedAt);
        case DurationColumn: return s.error.empty() ? durationText(s.durationS) : QString();
        case EndColumn: return endText(s);
        }
        return {};
    case SortRole:
        switch (index.column()) {
        case StartedColumn: return toQString(s.startedAt);
        case DurationColumn: return std::isfinite(s.durationS) ? s.durationS : -1.0;
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::TextAlignmentRole:
        return index.column() == DurationColumn ? QVariant(static_cast<int>(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    }
    return {};
}

QVariant RecentSessionsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case ProgramColumn: return tr("Program");
    case GroupsColumn: return tr("Groups");
    case StartedColumn: return tr("Started");
    case DurationColumn: return tr("Duration");
    case EndColumn: return tr("Ended");
    }
    return {};
}

} // namespace perfdash
