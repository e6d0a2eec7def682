#pragma once
// A tiny tmpfs mounted for one test, to be filled up: writing to a full file
// system (ENOSPC) for real, not simulated. Mounting needs root (or
// CAP_SYS_ADMIN); whyNot() says so, for the test's QSKIP.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/mount.h>
#include <unistd.h>

namespace perfdash::testing {

class FullFileSystem {
public:
    FullFileSystem() {
        if (!dir_.isValid()) {
            why_ = "cannot make a temporary directory to mount on";
            return;
        }
        if (::geteuid() != 0) {
            why_ = "mounting a small tmpfs (to fill it up) needs root";
            return;
        }
        if (::mount("tmpfs", dir_.path().toLocal8Bit().constData(), "tmpfs", MS_NOSUID | MS_NODEV, "size=256k") != 0) {
            why_ = std::string("cannot mount a tmpfs: ") + std::strerror(errno);
            return;
        }
        mounted_ = true;
    }
    ~FullFileSystem() {
        if (mounted_) ::umount2(dir_.path().toLocal8Bit().constData(), MNT_DETACH);
    }
    FullFileSystem(const FullFileSystem&) = delete;
    FullFileSystem& operator=(const FullFileSystem&) = delete;

    // Empty when mounted; else why not.
    const std::string& whyNot() const { return why_; }
    QString filePath(const QString& name) const { return dir_.filePath(name); }

    // Writes a file of `bytes` (before filling up: e.g. the report a run must not destroy).
    bool put(const QString& name, const QByteArray& bytes) const {
        QFile f(filePath(name));
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.flush();
    }

    // Fills every free block: true once a write failed with ENOSPC.
    bool fill() const {
        const int fd = ::open(filePath(kFiller).toLocal8Bit().constData(), O_WRONLY | O_CREAT | O_APPEND, 0600);
        if (fd < 0) return false;
        const std::string block(4096, 'x');
        ssize_t n = 0;
        while ((n = ::write(fd, block.data(), block.size())) > 0) {
        }
        // A last partial block, then nothing at all.
        while ((n = ::write(fd, block.data(), 1)) > 0) {
        }
        const bool full = errno == ENOSPC;
        ::close(fd);
        return full;
    }
    // Frees what fill() took.
    bool drain() const { return ::unlink(filePath(kFiller).toLocal8Bit().constData()) == 0; }

    // The names in the directory besides the filler (temporary files left behind show up here).
    QStringList entries() const {
        QStringList names = QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden);
        names.removeAll(kFiller);
        return names;
    }

private:
    static inline const QString kFiller = QStringLiteral(".filler");
    QTemporaryDir dir_;
    std::string why_;
    bool mounted_ = false;
};

} // namespace perfdash::testing
