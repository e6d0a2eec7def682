// objdump -d -l's output read into instructions with their source lines
// (a listing as binutils 2.40 prints it, with inlined code, discriminators
// and unknown lines), and objdump run: a missing program names the package
// that has it, a failing one what it said; a listing kept is reused only for
// the same file as it is, range and program.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

#include "core/disasm/Objdump.h"
#include "core/disasm/ObjdumpCache.h"
#include "core/disasm/ObjdumpParser.h"

using namespace perfdash;

namespace {

// objdump -d -l -C --no-show-raw-insn of a function with a function inlined into its loop.
const char* const kListing = R"(
t:     file format elf64-x86-64


Disassembly of section .text:

0000000000001140 <work>:
work():
/tmp/t.c:4
    1140:	mov    %rdi,%rax
    1143:	or     $0x1,%rax
/tmp/t.c:5 (discriminator 1)
    1147:	test   %rdi,%rdi
    114a:	je     1170 <work+0x30>
step():
/tmp/t.c:2
    1150:	mov    %rax,%rcx
work():
/tmp/t.c:5
    1168:	cmp    %rdx,%rdi
    116b:	jne    1150 <work+0x10>
??:?
    116d:	ret
	...
ns::Widget<int>::run(int)():
/src/dir with space/w.cpp:1234
    1180:	call   1030 <profile_mark@plt>
)";

} // namespace

class TestObjdump : public QObject {
    Q_OBJECT
private slots:
    void instructionsWithTheirLines() {
        ObjdumpParser parser;
        parser.addText(kListing);
        const auto& got = parser.instructions();
        QCOMPARE(got.size(), size_t{9});
        QCOMPARE(got[0].address, uint64_t{0x1140});
        QCOMPARE(got[0].text, std::string("mov    %rdi,%rax"));
        QCOMPARE(got[0].file, std::string("/tmp/t.c"));
        QCOMPARE(got[0].line, 4);
        QCOMPARE(got[2].line, 5); // a discriminator is not part of the line
        QCOMPARE(got[3].text, std::string("je     1170 <work+0x30>"));
        QCOMPARE(got[4].line, 2); // the inlined function's line
        QCOMPARE(got[5].line, 5);
        QCOMPARE(got[7].file, std::string()); // ??: not known
        QCOMPARE(got[7].line, 0);
        QCOMPARE(got[8].file, std::string("/src/dir with space/w.cpp"));
        QCOMPARE(got[8].line, 1234);
    }

    // Text that is no listing: nothing, and never a crash.
    void anythingElseIsNothing() {
        ObjdumpParser parser;
        parser.addText("0000000000001140 <work>:\nwork():\n  zz:\tnot hex\n   :\tno address\nfile:99999999999\n");
        QVERIFY(parser.instructions().empty());
    }

    void aMissingObjdumpNamesItsPackage() {
        auto run = objdumpRange("/bin/true", 0, 16, "perfdash-no-such-objdump");
        QVERIFY(!run.ok());
        QVERIFY2(run.error().message.find("not found in PATH") != std::string::npos &&
                     run.error().message.find("binutils") != std::string::npos,
                 run.error().message.c_str());
    }

    void aFailingObjdumpSaysWhy() {
        auto run = objdumpRange("/nonexistent/file", 0, 16);
        QVERIFY(!run.ok());
        QVERIFY2(run.error().message.find("/nonexistent/file") != std::string::npos, run.error().message.c_str());
    }

    // A live view asks for the same code twice a second: objdump runs once, and again once the file changed.
    void theCacheRunsObjdumpOncePerFileAsItIs() {
        QTemporaryDir dir;
        const QString runs = dir.filePath("runs"), objdump = dir.filePath("objdump"), binary = dir.filePath("true");
        {
            QFile script(objdump); // objdump itself, counting its runs
            QVERIFY(script.open(QIODevice::WriteOnly));
            script.write(QStringLiteral("#!/bin/sh\necho run >> '%1'\n[ -e '%2' ] && exit 1\nexec objdump \"$@\"\n")
                             .arg(runs, dir.filePath("fail"))
                             .toUtf8());
        }
        QVERIFY(QFile::setPermissions(objdump, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QVERIFY(QFile::copy(QStringLiteral("/bin/true"), binary));
        auto count = [&] {
            QFile f(runs);
            return f.open(QIODevice::ReadOnly) ? f.readAll().count('\n') : qsizetype(0);
        };
        // The code at its ELF entry point (a 64-bit ELF's e_entry, at byte 24), whatever the architecture.
        QFile elf(binary);
        QVERIFY(elf.open(QIODevice::ReadOnly));
        const QByteArray header = elf.read(32);
        QCOMPARE(header.size(), qsizetype(32));
        uint64_t entry = 0;
        std::memcpy(&entry, header.constData() + 24, sizeof entry);
        elf.close();

        ObjdumpCache cache;
        const std::string file = binary.toStdString(), program = objdump.toStdString();
        auto first = cache.range(file, entry, entry + 32, program);
        QVERIFY2(first.ok(), first.ok() ? "" : first.error().message.c_str());
        QVERIFY(!first->empty());
        QCOMPARE(count(), qsizetype(1));
        auto again = cache.range(file, entry, entry + 32, program);
        QVERIFY(again.ok());
        QCOMPARE(count(), qsizetype(1)); // kept
        QCOMPARE(again->size(), first->size());
        QCOMPARE(again->front().text, first->front().text);
        cache.range(file, entry, entry + 16, program);
        QCOMPARE(count(), qsizetype(2)); // another range
        QFile touched(binary);
        QVERIFY(touched.open(QIODevice::ReadWrite));
        QVERIFY(touched.setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime));
        touched.close();
        QVERIFY(cache.range(file, entry, entry + 32, program).ok());
        QCOMPARE(count(), qsizetype(3)); // the file changed: read again
        // A failure is not kept: the next request runs objdump again.
        QFile fail(dir.filePath("fail"));
        QVERIFY(fail.open(QIODevice::WriteOnly));
        fail.close();
        QVERIFY(!cache.range(file, entry, entry + 8, program).ok());
        QVERIFY(fail.remove());
        QVERIFY(cache.range(file, entry, entry + 8, program).ok());
        QCOMPARE(count(), qsizetype(5));
    }
};

QTEST_GUILESS_MAIN(TestObjdump)
#include "test_objdump.moc"
