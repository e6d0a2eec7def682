#include <QtTest>

#include <cmath>
#include <filesystem>
#include <sys/stat.h>

#include "core/util/AtomicFile.h"
#include "core/util/Duration.h"
#include "core/util/Median.h"
#include "core/util/Outliers.h"
#include "core/util/Strings.h"

using namespace perfdash;
using namespace std::chrono_literals;

class TestUtil : public QObject {
    Q_OBJECT
private slots:
    void parsesNumbers() {
        QCOMPARE(parseUnsigned("0x3c").value(), 0x3cull);
        QCOMPARE(parseUnsigned("42").value(), 42ull);
        QVERIFY(!parseUnsigned("42x"));
        QVERIFY(!parseUnsigned(""));
        QVERIFY(!parseUnsigned("0x"));
        QCOMPARE(parseSigned("-7").value(), -7ll);
        QCOMPARE(parseDouble("1.E-06").value(), 1e-6);
        QVERIFY(!parseDouble("1.5 "));
    }
    void splitsAndTrims() {
        QCOMPARE(split("a,,b", ',').size(), size_t(2));
        QCOMPARE(split("a,,b", ',', true).size(), size_t(3));
        QCOMPARE(trim("  x y \t\n"), std::string("x y"));
        QCOMPARE(splitWhitespace(" Clock [MHz]   1.E-06*FIXC1 ").size(), size_t(3));
        QVERIFY(containsIgnoreCase("Instructions Retired", "RETIRED"));
    }
    void outliersStandOutFromTheMedian() {
        const double nan = std::nan("");
        // 1.0 1.1 0.9 1.05 and 3.0: the median 1.05, its deviations' median 0.05; 3.0 is far beyond 3 x 1.48 x 0.05.
        QCOMPARE(outliers({1.0, 1.1, 0.9, 1.05, 3.0}), std::vector<bool>({false, false, false, false, true}));
        // Hosts that agree within 25 % of the median are never told apart, even with no spread at all.
        QCOMPARE(outliers({1, 1, 1, 1.24}), std::vector<bool>({false, false, false, false}));
        QCOMPARE(outliers({1, 1, 1, 1.3}), std::vector<bool>({false, false, false, true}));
        // NaN is no value; fewer than 3 values flag nothing.
        QCOMPARE(outliers({1, nan, 1, 1, 9}), std::vector<bool>({false, false, false, false, true}));
        QCOMPARE(outliers({1, 100}), std::vector<bool>({false, false}));
        QCOMPARE(outliers({1, nan, 100}), std::vector<bool>({false, false, false}));
    }

    void mediansOfOddEvenAndEmptySamples() {
        QCOMPARE(median({5, 1, 4, 2, 3}), 3.0);
        QCOMPARE(median({2, 1}), 1.5);
        QCOMPARE(median({7, 1, 100, 3}), 5.0); // an outlier moves it little
        QCOMPARE(median({-1}), -1.0);
        QVERIFY(std::isnan(median({})));
    }

    void printsIntoStringsOfAnyLength() {
        QCOMPARE(printfString("%.2f GHz, %d chains", 3.14159, 4), std::string("3.14 GHz, 4 chains"));
        QCOMPARE(printfString("%s", ""), std::string());
        // Longer than any fixed buffer the callers used to have.
        const std::string long_(5000, 'x');
        QCOMPARE(printfString("<%s>", long_.c_str()), "<" + long_ + ">");
    }
    void suggestsClosestNames() {
        const std::vector<std::string> names{"cycles", "instructions", "cache-misses", "cpu-clock", "task-clock"};
        auto m = closestMatches("cylces", names);
        QVERIFY(!m.empty());
        QCOMPARE(m.front(), std::string("cycles"));
        QVERIFY(closestMatches("zzzzzzzzzzzzzzzz", names).empty());
    }
    void parsesDurations() {
        QCOMPARE(parseDuration("100ms", "-t").value(), std::chrono::nanoseconds(100ms));
        QCOMPARE(parseDuration("2.5s", "-S").value(), std::chrono::nanoseconds(2500ms));
        QCOMPARE(parseDuration("10", "-I", 1ms).value(), std::chrono::nanoseconds(10ms));
        QCOMPARE(parseDuration("500us", "-t").value(), std::chrono::nanoseconds(500us));
        auto bad = parseDuration("fast", "-t");
        QVERIFY(!bad);
        QVERIFY(bad.error().message.find("-t") != std::string::npos);
        QVERIFY(!parseDuration("0s", "-t"));
        QVERIFY(!parseDuration("-1s", "-t"));
        QCOMPARE(formatDuration(100ms), std::string("100ms"));
    }
    void writesAtomically() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("report.json").toStdString();
        QVERIFY(writeFileAtomically(path, "first").ok());
        QVERIFY(writeFileAtomically(path, "second").ok());
        QCOMPARE(readFile(path).value(), std::string("second"));
        // Only the target remains: no temporary files left behind.
        int entries = 0;
        for ([[maybe_unused]] auto& e : std::filesystem::directory_iterator(dir.path().toStdString())) ++entries;
        QCOMPARE(entries, 1);
        auto err = writeFileAtomically(dir.filePath("missing/dir/x.json").toStdString(), "x");
        QVERIFY(!err);
        QVERIFY(err.error().message.find("missing/dir/x.json") != std::string::npos);
    }
    // A secret is the owner's from the file's creation on: under umask 0, a user data file is 0666, a secret
    // 0600 while it is written (checked from inside the writing) and after.
    void writesSecretsPrivately() {
        QTemporaryDir dir;
        const mode_t mask = ::umask(0);
        const auto modeOf = [](const std::string& p) {
            struct stat st {};
            return ::stat(p.c_str(), &st) == 0 ? (st.st_mode & 0777) : 0;
        };
        const std::string shared = dir.filePath("report.json").toStdString();
        const std::string secret = dir.filePath("token").toStdString();
        mode_t whileWritten = 0;
        const Status sharedOk = writeFileAtomically(shared, "{}");
        const Status secretOk = writeFileAtomically(
            secret,
            [&](int fd) -> Status {
                struct stat st {};
                if (::fstat(fd, &st) == 0) whileWritten = st.st_mode & 0777;
                return writeAll(fd, "s3cret") ? Status{} : writeError(secret, errno);
            },
            FileAccess::OwnerOnly);
        ::umask(mask);
        QVERIFY(sharedOk.ok() && secretOk.ok());
        QCOMPARE(modeOf(shared), mode_t(0666));
        QCOMPARE(whileWritten, mode_t(0600));
        QCOMPARE(modeOf(secret), mode_t(0600));
        QCOMPARE(readFile(secret).value(), std::string("s3cret"));
    }
};

QTEST_GUILESS_MAIN(TestUtil)
#include "test_util.moc"
