#pragma once
// The programs started recently, most recent first, each with the arguments
// and working directory it last ran with, so that picking one from the
// program box brings its arguments back.
#include <QList>
#include <QString>

namespace perfdash {

struct RecentProgram {
    QString program;
    QString arguments;
    QString workingDirectory;

    bool operator==(const RecentProgram&) const = default;
};

class RecentPrograms {
public:
    static constexpr int kMaxEntries = 10;

    // Moves the program to the front (replacing its earlier entry); the oldest falls off past kMaxEntries.
    void remember(const RecentProgram& entry);
    const QList<RecentProgram>& entries() const { return entries_; }
    void setEntries(const QList<RecentProgram>& entries);
    // nullptr when the program is not among them.
    const RecentProgram* find(const QString& program) const;

private:
    QList<RecentProgram> entries_;
};

} // namespace perfdash
