#pragma once
// A plain file standing in for /dev/pcounter: the backend writes its
// selection at byte 0 (always 8 bytes) and reads the two counters, 64 bits
// each, from byte 16 (core/backends/loongson/PcounterDevice.h); the test
// plays the hardware by putting counter values there.
#include <QTemporaryDir>
#include <QtTest>

#include <cstdint>
#include <fcntl.h>
#include <string>
#include <unistd.h>

#include "core/util/UniqueFd.h"

namespace perfdash::testing {

class FakePcounter {
public:
    FakePcounter() {
        UniqueFd fd(::open(path().c_str(), O_RDWR | O_CREAT, 0600));
        QVERIFY(fd.valid());
        QCOMPARE(::ftruncate(fd.get(), 32), 0);
    }

    std::string path() const { return dir_.path().toStdString() + "/pcounter"; }

    void setCounters(uint64_t counter0, uint64_t counter1) const {
        const uint64_t values[2] = {counter0, counter1};
        UniqueFd fd(::open(path().c_str(), O_RDWR));
        QCOMPARE(::pwrite(fd.get(), values, sizeof values, 16), static_cast<ssize_t>(sizeof values));
    }

    // The last selection written.
    std::string selection() const {
        char text[8] = {};
        UniqueFd fd(::open(path().c_str(), O_RDONLY));
        if (::pread(fd.get(), text, sizeof text, 0) != sizeof text) return {};
        return std::string(text, sizeof text);
    }

private:
    QTemporaryDir dir_;
};

} // namespace perfdash::testing
