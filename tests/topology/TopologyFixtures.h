#pragma once
// Shared by the topology tests: the fixture trees under
// tests/fixtures/topology (see make-synthetic.sh and capture.sh there) and
// CPUID register values recorded per leaf.
#include <QtTest>

#include <map>
#include <utility>

#include "core/topology/MachineSources.h"
#include "core/topology/TopologyReader.h"

namespace perfdash::test {

inline std::string fixtureDir(const std::string& name) {
    const QByteArray root = qgetenv("PERFDASH_FIXTURES");
    return (root.isEmpty() ? std::string("tests/fixtures") : root.toStdString()) + "/topology/" + name;
}

// vm: this 2-core KVM guest as captured; two_socket_smt, offline_cpu,
// aarch64_nonuma: synthetic.
inline MachineSources fixtureSources(const std::string& name, const CpuidSource* cpuid = nullptr) {
    const std::string dir = fixtureDir(name);
    return MachineSources::tree(dir + "/sys", dir + "/proc", cpuid);
}

inline Topology readFixture(const std::string& name) {
    auto t = TopologyReader(fixtureSources(name)).read();
    if (!t) qFatal("fixture %s: %s", name.c_str(), t.error().message.c_str());
    return std::move(t).value();
}

class RecordedCpuid final : public CpuidSource {
public:
    RecordedCpuid& set(uint32_t leaf, CpuidRegisters r) {
        leaves_[leaf] = r;
        return *this;
    }
    // "GenuineIntel" into leaf 0's EBX, EDX, ECX.
    RecordedCpuid& vendor(uint32_t maxLeaf, const char (&name)[13]) {
        auto word = [&](int at) {
            uint32_t w = 0;
            for (int i = 3; i >= 0; --i) w = (w << 8) | static_cast<unsigned char>(name[at + i]);
            return w;
        };
        return set(0, {maxLeaf, word(0), word(8), word(4)});
    }
    // The 48-byte brand string into leaves 0x80000002-4.
    RecordedCpuid& brand(const std::string& text) {
        std::string padded = text;
        padded.resize(48, '\0');
        set(0x80000000, {0x80000004, 0, 0, 0});
        for (uint32_t leaf = 0; leaf < 3; ++leaf) {
            uint32_t regs[4] = {};
            for (int r = 0; r < 4; ++r)
                for (int i = 3; i >= 0; --i)
                    regs[r] = (regs[r] << 8) | static_cast<unsigned char>(padded[leaf * 16 + r * 4 + i]);
            set(0x80000002 + leaf, {regs[0], regs[1], regs[2], regs[3]});
        }
        return *this;
    }
    CpuidRegisters query(uint32_t leaf, uint32_t) const override {
        ++queries;
        auto it = leaves_.find(leaf);
        return it == leaves_.end() ? CpuidRegisters{} : it->second;
    }
    mutable int queries = 0;

private:
    std::map<uint32_t, CpuidRegisters> leaves_;
};

} // namespace perfdash::test
