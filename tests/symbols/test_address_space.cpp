// Address spaces from MMAP2-like records: overlaps, fork, exec, exit; and
// /proc/PID/maps read as mappings.
#include <QtTest>

#include <sys/mman.h>

#include "core/symbols/AddressSpace.h"

using namespace perfdash;

namespace {

Mapping fileMapping(uint64_t start, uint64_t length, uint64_t pgoff, std::string path) {
    Mapping m;
    m.start = start;
    m.length = length;
    m.pgoff = pgoff;
    m.path = std::move(path);
    m.prot = PROT_READ | PROT_EXEC;
    return m;
}

} // namespace

class TestAddressSpace : public QObject {
    Q_OBJECT
private slots:
    void findsTheMappingHoldingAnAddress() {
        AddressSpace space;
        space.map(fileMapping(0x1000, 0x2000, 0, "/a"));
        space.map(fileMapping(0x5000, 0x1000, 0x3000, "/b"));
        QCOMPARE(space.size(), size_t{2});
        QVERIFY(!space.find(0xfff));
        QCOMPARE(space.find(0x1000)->mapping.path, std::string("/a"));
        QCOMPARE(space.find(0x2fff)->mapping.path, std::string("/a"));
        QVERIFY(!space.find(0x3000)); // the end is not in it
        QCOMPARE(space.find(0x5800)->mapping.path, std::string("/b"));
        QVERIFY(!space.find(0x6000));
    }

    void aNewMappingReplacesWhatItCovers() {
        AddressSpace space;
        space.map(fileMapping(0x10000, 0x4000, 0x1000, "/lib.so"));
        const uint64_t firstId = space.find(0x10000)->id;
        const uint64_t generation = space.generation();
        space.map(fileMapping(0x11000, 0x1000, 0, "/other"));

        QCOMPARE(space.size(), size_t{3});
        QVERIFY(space.generation() != generation);
        const MappedRegion* below = space.find(0x10fff);
        QCOMPARE(below->mapping.start, uint64_t{0x10000});
        QCOMPARE(below->mapping.length, uint64_t{0x1000});
        QCOMPARE(below->mapping.pgoff, uint64_t{0x1000});
        const MappedRegion* middle = space.find(0x11000);
        QCOMPARE(middle->mapping.path, std::string("/other"));
        QVERIFY(middle->id != firstId);
        // The part above keeps its file offset in step with its address, and its id: same file, same placement.
        const MappedRegion* above = space.find(0x12000);
        QCOMPARE(above->mapping.path, std::string("/lib.so"));
        QCOMPARE(above->mapping.start, uint64_t{0x12000});
        QCOMPARE(above->mapping.length, uint64_t{0x2000});
        QCOMPARE(above->mapping.pgoff, uint64_t{0x3000});
        QCOMPARE(above->id, firstId);
        QCOMPARE(below->id, firstId);
    }

    void aMappingOverSeveralReplacesThemAll() {
        AddressSpace space;
        for (uint64_t i = 0; i < 4; ++i) space.map(fileMapping(0x1000 * (i + 1), 0x1000, 0, "/f" + std::to_string(i)));
        space.map(fileMapping(0x1800, 0x2000, 0, "/new"));
        // /f0's lower half, /new, /f2's upper half, /f3; /f1 is gone.
        QCOMPARE(space.size(), size_t{4});
        QCOMPARE(space.find(0x1000)->mapping.path, std::string("/f0"));
        QCOMPARE(space.find(0x1000)->mapping.length, uint64_t{0x800});
        QCOMPARE(space.find(0x1800)->mapping.path, std::string("/new"));
        QCOMPARE(space.find(0x2800)->mapping.path, std::string("/new"));
        QCOMPARE(space.find(0x37ff)->mapping.path, std::string("/new"));
        QCOMPARE(space.find(0x3800)->mapping.path, std::string("/f2"));
        QCOMPARE(space.find(0x3800)->mapping.pgoff, uint64_t{0x800});
        QCOMPARE(space.find(0x4000)->mapping.path, std::string("/f3"));
        QCOMPARE(space.find(0x4000)->mapping.length, uint64_t{0x1000});
    }

    void addingBesideKeepsTheGeneration() {
        AddressSpace space;
        space.map(fileMapping(0x1000, 0x1000, 0, "/a"));
        const uint64_t generation = space.generation();
        space.map(fileMapping(0x2000, 0x1000, 0, "/b"));
        QCOMPARE(space.generation(), generation);
    }

    void aLengthPastTheTopEndsThere() {
        AddressSpace space;
        space.map(fileMapping(0xffffffffffff0000ull, 0x100000, 0, "/top"));
        QVERIFY(space.find(0xfffffffffffffffeull));
        QCOMPARE(space.find(0xffffffffffff0000ull)->mapping.length, uint64_t{0xffff});
        space.map(fileMapping(0x1000, 0, 0, "/empty"));
        QCOMPARE(space.size(), size_t{1});
    }

    void forkCopiesExecEmptiesExitDrops() {
        ProcessMaps maps;
        maps.map(10, fileMapping(0x1000, 0x1000, 0, "/parent"));
        maps.fork(10, 10); // a thread: shares the parent's
        QCOMPARE(maps.processes(), size_t{1});
        maps.fork(10, 11);
        QCOMPARE(maps.processes(), size_t{2});
        const AddressSpace* child = maps.find(11);
        QVERIFY(child);
        QCOMPARE(child->find(0x1000)->mapping.path, std::string("/parent"));
        QCOMPARE(child->find(0x1000)->id, maps.find(10)->find(0x1000)->id);
        QVERIFY(child->generation() != maps.find(10)->generation());

        maps.map(11, fileMapping(0x8000, 0x1000, 0, "/child-only"));
        QVERIFY(!maps.find(10)->find(0x8000));

        maps.exec(11);
        QCOMPARE(maps.find(11)->size(), size_t{0});
        QCOMPARE(maps.find(10)->size(), size_t{1});

        maps.fork(99, 12); // a parent never seen: an empty space
        QCOMPARE(maps.find(12)->size(), size_t{0});

        maps.exit(10);
        QVERIFY(!maps.find(10));
    }
};

QTEST_GUILESS_MAIN(TestAddressSpace)
#include "test_address_space.moc"
