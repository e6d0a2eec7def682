#pragma once
// Shared by the widgets/measure tests: fixture paths and the two-socket SMT
// topology (2 sockets x 4 cores x 2 threads; CPU n and n+8 share a core).
#include <QtTest>

#include "core/topology/TopologyReader.h"

namespace perfdash::test {

inline QString fixturesDir() {
    const QString root = qEnvironmentVariable("PERFDASH_FIXTURES");
    return root.isEmpty() ? QStringLiteral("tests/fixtures") : root;
}

inline QString procFixture() { return fixturesDir() + QStringLiteral("/setup/proc"); }

inline Topology twoSocketSmt() {
    const std::string dir = (fixturesDir() + QStringLiteral("/topology/two_socket_smt")).toStdString();
    auto t = TopologyReader(MachineSources::tree(dir + "/sys", dir + "/proc")).read();
    if (!t) qFatal("fixture two_socket_smt: %s", t.error().message.c_str());
    return std::move(t).value();
}

} // namespace perfdash::test
