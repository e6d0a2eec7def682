#include <QtTest>

#include <filesystem>
#include <unistd.h>

#include "ReportSamples.h"
#include "core/report/OutputPath.h"
#include "core/report/ReportJsonReader.h"
#include "core/report/ReportOutput.h"
#include "core/util/Strings.h"

using namespace perfdash;

namespace {

bool contains(const std::string& haystack, const std::string& needle) {
    if (haystack.find(needle) != std::string::npos) return true;
    qWarning() << "expected" << needle.c_str() << "in" << haystack.c_str();
    return false;
}

std::vector<std::string> filesIn(const QTemporaryDir& dir) {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir.path().toStdString()))
        names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

// Sets exactly the rank and job variables given, unsetting the others.
void setBatchEnvironment(const std::vector<std::pair<const char*, const char*>>& values) {
    for (const char* name : kMpiRankVariables) ::unsetenv(name);
    for (const char* name : kJobIdVariables) ::unsetenv(name);
    for (const auto& [name, value] : values) ::setenv(name, value, 1);
}

} // namespace

class TestReportOutput : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { setBatchEnvironment({}); }

    void choosesTheFormatBySuffix() {
        QCOMPARE(reportFormatForPath("out/run.json").value(), ReportFormat::Json);
        QCOMPARE(reportFormatForPath("run.CSV").value(), ReportFormat::Csv);
        QCOMPARE(reportFormatForPath("run.1.txt").value(), ReportFormat::Text);
        QCOMPARE(reportFormatForPath("run.Html").value(), ReportFormat::Html);
        auto xml = reportFormatForPath("run.xml");
        QVERIFY(!xml);
        QVERIFY(contains(xml.error().message, "'.xml'"));
        QVERIFY(contains(xml.error().message, ".json, .csv, .txt or .html"));
        auto none = reportFormatForPath("results.v2/run");
        QVERIFY(!none);
        QVERIFY(contains(none.error().message, "no suffix"));
        QVERIFY(!reportFormatForPath(".json")); // a hidden file name, not a suffix
    }

    void expandsPlaceholders() {
        const OutputPathValues values{"node07", 4242, 3, std::string("777.pbs/server")};
        QCOMPARE(expandOutputPath("run_%h_%p_%r_%j_100%%.json", values).value(),
                 std::string("run_node07_4242_3_777.pbs_server_100%.json"));
        QCOMPARE(expandOutputPath("plain.json", values).value(), std::string("plain.json"));
    }

    void refusesUnknownOrMissingPlaceholders() {
        const OutputPathValues none{"", -1, std::nullopt, std::nullopt};
        auto rank = expandOutputPath("run_%r.json", none);
        QVERIFY(!rank);
        QVERIFY(contains(rank.error().message, "'run_%r.json'"));
        QVERIFY(contains(rank.error().message,
                         "OMPI_COMM_WORLD_RANK, PMI_RANK, PMIX_RANK, MV2_COMM_WORLD_RANK, SLURM_PROCID"));
        auto job = expandOutputPath("run_%j.json", none);
        QVERIFY(!job);
        QVERIFY(contains(job.error().message, "SLURM_JOB_ID, PBS_JOBID, LSB_JOBID, JOB_ID"));
        QVERIFY(contains(expandOutputPath("%p.json", none).error().message, "no process id"));
        QVERIFY(contains(expandOutputPath("%h.json", none).error().message, "host name"));
        auto unknown = expandOutputPath("run_%x.json", none);
        QVERIFY(!unknown);
        QVERIFY(contains(unknown.error().message, "unknown placeholder %x"));
        QVERIFY(contains(expandOutputPath("run.json%", none).error().message, "lone %"));
    }

    void readsRankAndJobFromTheEnvironmentInOrder() {
        setBatchEnvironment({{"OMPI_COMM_WORLD_RANK", "not-a-number"}, {"PMI_RANK", "5"}, {"SLURM_PROCID", "9"},
                             {"SLURM_JOB_ID", ""}, {"PBS_JOBID", "123.server"}, {"JOB_ID", "55"}});
        OutputPathValues v = outputPathValuesFromEnvironment(99);
        QCOMPARE(v.pid, 99);
        QCOMPARE(v.mpiRank.value(), 5);
        QCOMPARE(v.jobId.value(), std::string("123.server"));
        char host[256] = {};
        ::gethostname(host, sizeof host - 1);
        QCOMPARE(v.host, std::string(host));

        setBatchEnvironment({{"SLURM_PROCID", "0"}, {"MV2_COMM_WORLD_RANK", "2"}});
        QCOMPARE(outputPathValuesFromEnvironment(1).mpiRank.value(), 2);
        setBatchEnvironment({{"SLURM_PROCID", "0"}, {"LSB_JOBID", "8"}});
        v = outputPathValuesFromEnvironment(1);
        QCOMPARE(v.mpiRank.value(), 0);
        QCOMPARE(v.jobId.value(), std::string("8"));
        setBatchEnvironment({});
        v = outputPathValuesFromEnvironment(1);
        QVERIFY(!v.mpiRank);
        QVERIFY(!v.jobId);
    }

    void writesEachFormatAtomically() {
        QTemporaryDir dir;
        const MeasurementResult r = samples::richResult();
        for (const char* name : {"r.json", "r.csv", "r.txt"}) {
            const std::string path = dir.filePath(name).toStdString();
            QVERIFY(writeReportFile(path, r).ok());
            QVERIFY(writeReportFile(path, r).ok()); // overwriting works too
            QCOMPARE(readFile(path).value(), renderReport(r, reportFormatForPath(path).value()));
        }
        QVERIFY(readFile(dir.filePath("r.csv").toStdString()).value().starts_with("schema,kind"));
        QVERIFY(readFile(dir.filePath("r.txt").toStdString()).value().starts_with("-----"));
        auto back = readReportFile(dir.filePath("r.json").toStdString());
        QVERIFY(back);
        QCOMPARE(back->groups.size(), size_t(3));
        // Only the reports: no temporary files left beside them.
        QCOMPARE(filesIn(dir), (std::vector<std::string>{"r.csv", "r.json", "r.txt"}));
    }

    void writesNothingForAnUnknownSuffix() {
        QTemporaryDir dir;
        auto status = writeReportFile(dir.filePath("r.xlsx").toStdString(), samples::smallResult());
        QVERIFY(!status);
        QVERIFY(contains(status.error().message, "'.xlsx'"));
        QVERIFY(filesIn(dir).empty());
        auto missingDir = writeReportFile(dir.filePath("no/such/dir/r.json").toStdString(), samples::smallResult());
        QVERIFY(!missingDir);
        QVERIFY(contains(missingDir.error().message, "no/such/dir/r.json"));
    }

    void namesAnUnreadableReport() {
        auto missing = readReportFile("/nonexistent/run.json");
        QVERIFY(!missing);
        QVERIFY(contains(missing.error().message, "/nonexistent/run.json"));
    }
};

QTEST_GUILESS_MAIN(TestReportOutput)
#include "test_report_output.moc"
