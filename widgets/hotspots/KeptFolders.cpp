#include "widgets/hotspots/KeptFolders.h"

#include <QFileDialog>
#include <QSettings>

namespace perfdash {

KeptFolders::KeptFolders(QString settingsKey)
    : key_(std::move(settingsKey)), folders_(QSettings().value(key_).toStringList()) {}

std::vector<std::string> KeptFolders::paths() const {
    std::vector<std::string> out;
    for (const QString& f : folders_) out.push_back(f.toStdString());
    return out;
}

bool KeptFolders::ask(QWidget* parent, const QString& title) {
    const QString folder = QFileDialog::getExistingDirectory(parent, title);
    if (folder.isEmpty()) return false;
    folders_.removeAll(folder);
    folders_.prepend(folder);
    QSettings().setValue(key_, folders_);
    return true;
}

} // namespace perfdash
