#pragma once
// The machine-probes page: what the instructions of this CPU cost, measured
// here (core/probes, the engine behind perfdash-cli bench/freq/ipc).
//   Catalog            the instruction catalog, filtered as the user types;
//                      run the selected entries or every entry shown.
//   Results            measured latency and reciprocal throughput next to a
//                      reference table the user loads (perfdash ships no
//                      reference values), deviation in %, and a bar chart.
//   Custom instruction a template editor with the generated code and the
//                      template's or the assembler's errors inline.
//   Clock              the measured core clock over time, with the clocks the
//                      system reports.
//   Max IPC            IPC against the number of independent chains.
// Every probe runs off the GUI thread (ProbeRunner), one at a time, with a
// progress bar and a Cancel that takes effect within one kernel run.
//
// Usage (the shell):
//   auto* probes = new ProbesPage(window);            // the host's catalog
//   tabs->addTab(probes, probes->windowTitle());
//   connect(probes, &ProbesPage::busyChanged, ...);  // e.g. to warn before quitting
#include <QSet>
#include <QWidget>

#include "core/probes/InstructionCatalog.h"
#include "widgets/probes/ProbeRunner.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableView;

namespace perfdash {

class BenchBarChart;
class BenchCatalogFilter;
class BenchCatalogModel;
class BenchResultsModel;
class ClockHistoryModel;
class CustomInstructionEditor;
class IpcCurveModel;
class CeilingsModel;
struct Ceilings;

class ProbesPage : public QWidget {
    Q_OBJECT
public:
    // Loads perfdash's instruction catalog for this machine's architecture
    // plus the user's files (InstructionCatalog::loadDefault). If that fails,
    // the page says why and only the clock and IPC probes are offered.
    explicit ProbesPage(QWidget* parent = nullptr);
    // The same with a given catalog (tests, or a shell that loaded more files).
    explicit ProbesPage(Result<InstructionCatalog> catalog, QWidget* parent = nullptr);
    // Cancels a running probe and waits for it (at most one kernel run).
    ~ProbesPage() override;

    // How the next probe measures (the controls at the top of the page).
    ProbeSettings settings() const;
    void setSettings(const ProbeSettings& settings);

    // Runs catalog entries by name; false if one is unknown or a probe runs.
    bool runEntries(const QStringList& names);
    void runSelected();
    void runAllShown();  // every entry the filter shows that can run here
    void startClock();   // samples until cancel()
    void runIpc();
    // Measures the ceilings with the threads the tab asks for; the result is
    // shown and saved as ceilingsFile() for the roofline.
    void runCeilings();
    void cancel();
    bool isBusy() const;

    // Compares results with a reference CSV (see ReferenceTable.h); the error says what is wrong with the file.
    Status loadReferenceTable(const QString& path);

    // The parts, for tests and for a shell that wants to drive them.
    BenchCatalogModel& catalogModel() { return *catalog_; }
    BenchCatalogFilter& catalogFilter() { return *filter_; }
    BenchResultsModel& results() { return *results_; }
    ClockHistoryModel& clockHistory() { return *clock_; }
    IpcCurveModel& ipcCurves() { return *ipc_; }
    CeilingsModel& ceilings() { return *ceilings_; }
    // ceilingsFilePath(): the last ceilings measured here, which the roofline reads.
    static QString ceilingsFile();
    // What the Ceilings tab says under its table: where the figures come from, the clock, the warnings.
    QString ceilingsNotes() const;
    ProbeRunner& runner() { return *runner_; }
    CustomInstructionEditor* customEditor() const { return editor_; }
    QLineEdit* filterEdit() const { return filterEdit_; }
    QTableView* catalogView() const { return catalogView_; }
    QTableView* resultsView() const { return resultsView_; }
    QTabWidget* tabs() const { return tabs_; }
    QPushButton* cancelButton() const { return cancel_; }
    QProgressBar* progressBar() const { return progress_; }
    // The last line the page showed about a probe (what runs, what failed, why it stopped).
    QString statusText() const;

signals:
    void busyChanged(bool busy);

private:
    QWidget* buildSettingsBar();
    QWidget* buildCatalogTab();
    QWidget* buildResultsTab();
    QWidget* buildClockTab();
    QWidget* buildIpcTab();
    QWidget* buildCeilingsTab();
    void showCeilings(const Ceilings& ceilings, const QString& note);
    bool runCatalogRows(const std::vector<int>& rows);
    void runCustom(const CatalogEntry& entry);
    void chooseReferenceTable();
    void onStarted();
    void onFinished(bool cancelled, const QString& error);
    void onEnvironment(const BenchEnvironment& environment);
    void onClockSample(const CpuClockReport& report);
    void onIpcCurves(const std::vector<IpcCurve>& curves);
    void updateButtons();
    void updateCatalogCount();

    ProbeRunner* runner_;
    BenchCatalogModel* catalog_;
    BenchCatalogFilter* filter_;
    BenchResultsModel* results_;
    ClockHistoryModel* clock_;
    IpcCurveModel* ipc_;
    CeilingsModel* ceilings_;
    QString catalogError_;
    enum class Job { None, Bench, Custom, Clock, Ipc, Ceilings };
    Job job_ = Job::None;
    // The entries this run has measured: a figure measured again in a later window replaces its first.
    QSet<QString> measuredThisRun_;
    QString runNote_; // added to the status when the run ends

    QTabWidget* tabs_ = nullptr;
    QComboBox* cpu_ = nullptr;
    QSpinBox* repetitions_ = nullptr;
    QCheckBox* realtime_ = nullptr;
    QLabel* environment_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QLineEdit* filterEdit_ = nullptr;
    QLabel* catalogCount_ = nullptr;
    QTableView* catalogView_ = nullptr;
    QPushButton* runSelected_ = nullptr;
    QPushButton* runAll_ = nullptr;
    QTableView* resultsView_ = nullptr;
    QLabel* referenceLabel_ = nullptr;
    QComboBox* microarchitecture_ = nullptr;
    QPushButton* clearResults_ = nullptr;
    CustomInstructionEditor* editor_ = nullptr;
    QDoubleSpinBox* clockInterval_ = nullptr;
    QPushButton* clockStart_ = nullptr;
    QLabel* clockLatest_ = nullptr;
    QPushButton* ipcStart_ = nullptr;
    QSpinBox* ipcMaxChains_ = nullptr;
    QLabel* ipcNotes_ = nullptr;
    QPushButton* ceilingsStart_ = nullptr;
    QSpinBox* ceilingsThreads_ = nullptr;
    QLabel* ceilingsNotes_ = nullptr;
};

} // namespace perfdash
