#pragma once
// Where the Hosts page keeps each agent's token: not in the plain settings
// file but in a file of its own per host, in a directory only the user can
// enter (0700; the file 0600), under the application's config directory.
// (Debian 12 has QtKeychain for Qt 6, qtkeychain-qt6-dev; the Secret
// Service it needs is not running on headless machines, so this store is
// the one used today.)
#include <QString>

#include "core/util/Result.h"

namespace perfdash {

class HostTokens {
public:
    // `directory`: where the token files go (tests give their own).
    explicit HostTokens(QString directory);
    static QString defaultDirectory();

    Status store(const QString& address, const QString& token);
    QString load(const QString& address) const; // empty: none
    void remove(const QString& address);

private:
    QString fileOf(const QString& address) const;
    QString directory_;
};

} // namespace perfdash
