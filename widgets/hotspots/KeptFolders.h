#pragma once
// Folders a user chose to look for files under, where they are not at the
// path a session names (source files; copies of the recorded binaries),
// kept in the settings under a key of their own, newest first.
#include <QString>
#include <QStringList>
#include <string>
#include <vector>

class QWidget;

namespace perfdash {

class KeptFolders {
public:
    explicit KeptFolders(QString settingsKey);

    const QStringList& folders() const { return folders_; }
    std::vector<std::string> paths() const;
    // In place of the kept ones, not kept (the tests' folders).
    void set(const QStringList& folders) { folders_ = folders; }
    // Asks for a folder (a dialog titled `title` over `parent`) and keeps it first; false when none was chosen.
    bool ask(QWidget* parent, const QString& title);

private:
    QString key_;
    QStringList folders_;
};

} // namespace perfdash
