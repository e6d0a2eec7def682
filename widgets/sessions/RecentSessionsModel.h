#pragma once
// The recent sessions in the sessions directory, newest first: program,
// groups, start time, duration and how it ended (exit status, interrupted,
// or incomplete when it never finished). Rows can be deleted and revealed
// in the file manager; a file that cannot be read is listed with its error,
// so that it can be deleted too.
#include <QAbstractTableModel>
#include <QList>
#include <QString>
#include <vector>

#include "core/session/SessionFiles.h"

namespace perfdash {

class RecentSessionsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ProgramColumn, GroupsColumn, StartedColumn, DurationColumn, EndColumn, ColumnCount };
    enum Role {
        PathRole = Qt::UserRole + 1, // QString: the session file
        SortRole,                    // start time as ISO text, duration in seconds, ...
        IncompleteRole,              // bool
        ErrorRole,                   // QString: why the file cannot be read; empty when it can
    };

    // Lists `directory` (default sessionsDirectory()).
    explicit RecentSessionsModel(QObject* parent = nullptr);

    void setDirectory(const QString& directory);
    QString directory() const { return directory_; }
    // Reads the directory again: connect RunRecorder::sessionSaved to it.
    void refresh();

    QString filePath(int row) const;
    const SessionSummary& summary(int row) const { return sessions_.at(static_cast<size_t>(row)); }

    // Deletes the rows' files. On a failure the rest is still tried, and `error` names the files that stay.
    bool deleteSessions(QList<int> rows, QString* error = nullptr);
    // Opens the folder that holds the row's file in the desktop's file manager.
    bool revealSession(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "12.3 s", "4 min 05 s", "2 h 03 min"; "n/a" when unknown.
    static QString durationText(double seconds);

private:
    QString endText(const SessionSummary& s) const;

    QString directory_;
    std::vector<SessionSummary> sessions_;
};

} // namespace perfdash
