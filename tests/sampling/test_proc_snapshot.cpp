// What existed before sampling began, read from /proc: a maps text with
// exact expectations, and this very process (its threads' names, its own
// executable), its children, and a process that is gone.
#include <QtTest>

#include <algorithm>
#include <climits>
#include <csignal>
#include <future>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "core/sampling/ProcSnapshot.h"

using namespace perfdash;

namespace {

std::string selfExecutable() {
    char path[PATH_MAX] = {};
    const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
    return n > 0 ? std::string(path, static_cast<size_t>(n)) : std::string();
}

bool contains(const std::vector<int32_t>& v, int32_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

} // namespace

class TestProcSnapshot : public QObject {
    Q_OBJECT
private slots:
    void executableMappingsBecomeMmap2Records() {
        const std::string maps =
            "55d0a0000000-55d0a0002000 r--p 00000000 fd:01 1234                       /usr/bin/cat\n"
            "55d0a0002000-55d0a0006000 r-xp 00002000 fd:01 1234                       /usr/bin/cat\n"
            "55d0a0008000-55d0a0009000 rw-p 00008000 fd:01 1234                       /usr/bin/cat\n"
            "7f0000000000-7f0000001000 rwxp 00000000 00:00 0 \n"
            "7f0000100000-7f0000200000 r-xs 00010000 08:11 99 /opt/my app/lib space.so (deleted)\n"
            "7ffd000fe000-7ffd00100000 r-xp 00000000 00:00 0                          [vdso]\n";
        auto records = parseProcMaps(maps, 42, 5000);
        QVERIFY2(records, records ? "" : records.error().message.c_str());
        QCOMPARE(records->size(), size_t(4)); // the data mappings are left out
        const MmapRecord& text = (*records)[0];
        QVERIFY(text.mmap2);
        QVERIFY(text.synthetic);
        QVERIFY(text.executable);
        QCOMPARE(text.cpuMode, CpuMode::User);
        QCOMPARE(text.pid, 42);
        QCOMPARE(text.tid, 42);
        QCOMPARE(text.address, uint64_t(0x55d0a0002000));
        QCOMPARE(text.length, uint64_t(0x4000));
        QCOMPARE(text.pageOffset, uint64_t(0x2000));
        QCOMPARE(text.major, uint32_t(0xfd));
        QCOMPARE(text.minor, uint32_t(1));
        QCOMPARE(text.inode, uint64_t(1234));
        QCOMPARE(text.protection, uint32_t(PROT_READ | PROT_EXEC));
        QCOMPARE(text.flags, uint32_t(MAP_PRIVATE));
        QCOMPARE(text.filename, std::string("/usr/bin/cat"));
        QCOMPARE(text.sampleId.time, uint64_t(5000));
        QCOMPARE(text.sampleId.pid, 42);
        const MmapRecord& jit = (*records)[1];
        QCOMPARE(jit.filename, std::string("//anon"));
        QCOMPARE(jit.protection, uint32_t(PROT_READ | PROT_WRITE | PROT_EXEC));
        const MmapRecord& shared = (*records)[2];
        QCOMPARE(shared.filename, std::string("/opt/my app/lib space.so (deleted)"));
        QCOMPARE(shared.flags, uint32_t(MAP_SHARED));
        QCOMPARE(shared.minor, uint32_t(0x11));
        QCOMPARE(shared.pageOffset, uint64_t(0x10000));
        QCOMPARE((*records)[3].filename, std::string("[vdso]"));
    }

    void malformedLineIsNamed() {
        auto records = parseProcMaps("55d0a0000000-55d0a0002000 r-xp 00000000 fd:01 1 /bin/x\nnot a mapping\n", 7, 0);
        QVERIFY(!records);
        QVERIFY2(records.error().message.find("line 2 of the memory map of process 7") != std::string::npos,
                 records.error().message.c_str());
        QVERIFY(records.error().message.find("'not a mapping'") != std::string::npos);
        QVERIFY(!parseProcMaps("1000-0fff r-xp 00000000 00:00 0\n", 7, 0)); // ends before it starts
        QVERIFY(!parseProcMaps("1000-1000 r-xp 00000000 00:00 0\n", 7, 0)); // an empty range
        QVERIFY(!parseProcMaps("1000-2000 r-x 00000000 00:00 0\n", 7, 0));  // three permission letters
    }

    // This process: a COMM per thread, with the name a thread gave itself,
    // and the test's own executable among its mappings.
    void describesThisProcess() {
        std::promise<void> done;
        std::promise<int> named;
        std::thread worker([&] {
            pthread_setname_np(pthread_self(), "perfdash-probe");
            named.set_value(static_cast<int>(::syscall(SYS_gettid)));
            done.get_future().wait();
        });
        const int workerTid = named.get_future().get();
        auto records = synthesizeProcess(::getpid(), 777);
        done.set_value();
        worker.join();
        QVERIFY2(records, records ? "" : records.error().message.c_str());

        bool sawWorker = false, sawMain = false, sawExecutable = false;
        for (const PerfRecord& r : *records) {
            if (const auto* c = std::get_if<CommRecord>(&r)) {
                QVERIFY(c->synthetic);
                QCOMPARE(c->pid, ::getpid());
                QCOMPARE(c->sampleId.time, uint64_t(777));
                if (c->tid == workerTid) sawWorker = c->comm == "perfdash-probe";
                if (c->tid == ::getpid()) sawMain = c->comm == "test_proc_snaps"; // 15 characters, as the kernel keeps
            } else if (const auto* m = std::get_if<MmapRecord>(&r)) {
                QVERIFY(m->protection & PROT_EXEC);
                if (m->filename == selfExecutable()) sawExecutable = true;
            }
        }
        QVERIFY(sawWorker);
        QVERIFY(sawMain);
        QVERIFY2(sawExecutable, selfExecutable().c_str());
        QVERIFY(std::holds_alternative<CommRecord>(records->front())); // names first, then mappings
    }

    void findsChildrenAndProcesses() {
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::pause();
            ::_exit(0);
        }
        const auto children = childrenOf(::getpid());
        const auto all = listProcesses();
        ::kill(child, SIGKILL);
        ::waitpid(child, nullptr, 0);
        QVERIFY(contains(children, child));
        QVERIFY(contains(all, child));
        QVERIFY(contains(all, ::getpid()));
        QVERIFY(std::is_sorted(all.begin(), all.end()));
    }

    void aProcessThatIsGoneIsAnError() {
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) ::_exit(0);
        ::waitpid(child, nullptr, 0);
        auto records = synthesizeProcess(child, 0);
        QVERIFY(!records);
        QVERIFY2(records.error().message.find("no such process") != std::string::npos, records.error().message.c_str());
        QVERIFY(childrenOf(child).empty());
    }
};

QTEST_GUILESS_MAIN(TestProcSnapshot)
#include "test_proc_snapshot.moc"
