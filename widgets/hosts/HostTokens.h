#pragma once
// Where the Hosts page keeps each agent's token: never in the plain settings
// file. In the desktop's Secret Service (GNOME Keyring, KWallet's) through
// QtKeychain where the session bus has one; else (a headless machine, a
// session without a keyring) a file of its own per host, 0600 from its
// creation on and written atomically, in a 0700 directory under the
// application's config directory. The Hosts page says which one holds them.
//
// The Secret Service answers asynchronously (it may ask the user to unlock
// the keyring): every call answers through `done`, run on the thread of
// `context` and never after `context` is gone. The file store answers at once.
#include <QString>

#include <functional>

#include "core/util/Outcome.h"

class QObject;

namespace perfdash {

class HostTokens {
public:
    enum class Store { SecretService, Files };

    // `directory`: where the file store puts its files (tests give their own).
    HostTokens(Store store, QString directory);
    // The Secret Service when the session bus has one, else files in defaultDirectory().
    static HostTokens forThisSession();
    static QString defaultDirectory();
    // Whether a Secret Service (org.freedesktop.secrets) runs on the session bus or can be started by it.
    static bool secretServiceReachable();

    Store store() const { return store_; }
    // In the user's words: "the desktop's keyring (Secret Service)" or the directory.
    QString storeDescription() const;

    void store(const QString& address, const QString& token, QObject* context, std::function<void(Status)> done) const;
    // `done(token, problem)`: an empty token and problem when none is kept; a problem when the store failed.
    // The file store first moves a token an earlier perfdash kept under legacyFileOf() to fileOf(); where
    // it cannot, the problem says so and which host's token to enter again (the token read is still given).
    // The Secret Service, when it has none, takes the file store's (in its directory, under either name)
    // into the keyring and removes the file once the keyring holds it.
    void load(const QString& address, QObject* context, std::function<void(QString, QString)> done) const;
    void remove(const QString& address) const;

    // The file store's file of `address` (a different one for every address).
    QString fileOf(const QString& address) const;
    // Its name before that (every character but letters, digits, '.' and '-' made '_': "a:1" and "a_1" shared it).
    // No host:port address's fileOf() is such a name (its ':' is "%3A"); an address without a port may be one.
    QString legacyFileOf(const QString& address) const;

private:
    Store store_;
    QString directory_;
};

} // namespace perfdash
