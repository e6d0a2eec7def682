#pragma once
// Paths of the fake sysfs and tracefs trees under tests/fixtures/events.
#include <QtTest>
#include <cstdlib>
#include <string>

#include "core/events/EventResolver.h"

namespace perfdash::test {

inline std::string eventFixtures() {
    const char* root = std::getenv("PERFDASH_FIXTURES");
    return std::string(root ? root : "tests/fixtures") + "/events";
}

// The fixture sysfs (cpu, amd_df, power PMUs) and the fixture tracefs.
inline EventPaths fixturePaths() {
    EventPaths paths;
    paths.sysfsRoot = eventFixtures() + "/sysfs";
    paths.tracefsRoots = {eventFixtures() + "/tracefs"};
    return paths;
}

} // namespace perfdash::test
