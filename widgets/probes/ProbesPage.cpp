#include "widgets/probes/ProbesPage.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <set>

#include <filesystem>

#include "core/probes/Ceilings.h"
#include "core/probes/CpuFeatures.h"
#include "widgets/probes/CeilingsModel.h"
#include "widgets/probes/CeilingsSweepChart.h"
#include "core/probes/CpuPinning.h"
#include "core/util/DataPaths.h"
#include "widgets/probes/BenchBarChart.h"
#include "widgets/probes/BenchCatalogFilter.h"
#include "widgets/probes/BenchCatalogModel.h"
#include "widgets/probes/BenchResultsModel.h"
#include "widgets/probes/ClockHistoryModel.h"
#include "widgets/probes/ClockLineChart.h"
#include "widgets/probes/CustomInstructionEditor.h"
#include "widgets/probes/IpcCurveModel.h"
#include "widgets/probes/IpcLineChart.h"
#include "widgets/probes/ProbeFormat.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/StatusColors.h"
#include "widgets/common/TableSetup.h"
#include "widgets/common/WrappedLabel.h"

namespace perfdash {

namespace {

Result<InstructionCatalog> hostCatalog() {
    const auto arch = hostArch();
    if (!arch) return makeError("instruction benchmarks run on x86-64, AArch64 and MIPS64 only");
    return InstructionCatalog::loadDefault(*arch);
}

QTableView* tableView(QWidget* parent) {
    auto* v = new QTableView(parent);
    setUpTable(v);
    v->setSortingEnabled(true);
    v->horizontalHeader()->setStretchLastSection(true);
    return v;
}

} // namespace

ProbesPage::ProbesPage(QWidget* parent) : ProbesPage(hostCatalog(), parent) {}

ProbesPage::ProbesPage(Result<InstructionCatalog> catalog, QWidget* parent) : QWidget(parent) {
    setWindowTitle(tr("Machine probes"));
    runner_ = new ProbeRunner(this);
    if (!catalog) catalogError_ = toQString(catalog.error().message);
    catalog_ = new BenchCatalogModel(catalog ? std::move(catalog).value()
                                             : InstructionCatalog(hostArch().value_or(Arch::X86_64)),
                                     CpuFeatures::detect(), this);
    filter_ = new BenchCatalogFilter(*catalog_, this);
    results_ = new BenchResultsModel(this);
    clock_ = new ClockHistoryModel(this);
    ipc_ = new IpcCurveModel(this);
    ceilings_ = new CeilingsModel(this);

    progress_ = new QProgressBar(this);
    progress_->setTextVisible(true);
    progress_->setRange(0, 1);
    progress_->setValue(0);
    status_ = wrappedLabel(this, Qt::PlainText);
    cancel_ = new QPushButton(tr("Ca&ncel"), this);
    cancel_->setToolTip(tr("Stops the running probe after the kernel run it is in (Esc)."));
    cancel_->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(cancel_, &QPushButton::clicked, this, &ProbesPage::cancel);
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(progress_, 1);
    progressRow->addWidget(cancel_);

    tabs_ = new QTabWidget(this);
    tabs_->addTab(buildCatalogTab(), tr("&Catalog"));
    tabs_->addTab(buildResultsTab(), tr("&Results"));
    editor_ = new CustomInstructionEditor(this);
    tabs_->addTab(editor_, tr("Custom &instruction"));
    tabs_->addTab(buildClockTab(), tr("C&lock"));
    tabs_->addTab(buildIpcTab(), tr("&Max IPC"));
    tabs_->addTab(buildCeilingsTab(), tr("Ceili&ngs"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildSettingsBar());
    layout->addWidget(environment_);
    layout->addLayout(progressRow);
    layout->addWidget(status_);
    layout->addWidget(tabs_, 1);

    connect(editor_, &CustomInstructionEditor::runRequested, this, &ProbesPage::runCustom);
    connect(runner_, &ProbeRunner::started, this, &ProbesPage::onStarted);
    connect(runner_, &ProbeRunner::finished, this, &ProbesPage::onFinished);
    connect(runner_, &ProbeRunner::environmentReady, this, &ProbesPage::onEnvironment);
    connect(runner_, &ProbeRunner::clockSample, this, &ProbesPage::onClockSample);
    connect(runner_, &ProbeRunner::ipcCurves, this, &ProbesPage::onIpcCurves);
    connect(runner_, &ProbeRunner::ceilingsMeasured, this, [this](const Ceilings& c) {
        const QString file = ceilingsFile();
        std::error_code ec;
        std::filesystem::create_directories(std::filesystem::path(file.toStdString()).parent_path(), ec);
        const Status saved = writeCeilingsFile(c, file.toStdString());
        showCeilings(c, saved ? tr("Measured now; saved as %1 for the roofline.").arg(file)
                              : tr("Measured now, but not saved: %1").arg(toQString(saved.error().message)));
    });
    connect(runner_, &ProbeRunner::progress, this, [this](int done, int total, const QString& current) {
        progress_->setRange(0, std::max(total, 1));
        progress_->setValue(done);
        if (!current.isEmpty()) status_->setText(tr("Measuring %1 (%2 of %3)…").arg(current).arg(done + 1).arg(total));
    });
    connect(runner_, &ProbeRunner::benchResult, this, [this](const BenchResult& r) {
        results_->addResult(r);
        measuredThisRun_.insert(toQString(r.name));
        if (job_ == Job::Custom) editor_->showRunOutcome(r);
    });

    status_->setText(catalogError_.isEmpty()
                         ? tr("Nothing measured yet. Every value on this page is measured on this machine when you "
                              "run a probe; reference values come only from a table you load.")
                         : tr("No instruction catalog: %1").arg(catalogError_));
    updateCatalogCount();
    updateButtons();
}

ProbesPage::~ProbesPage() = default; // the runner (a child) cancels and waits

QWidget* ProbesPage::buildSettingsBar() {
    auto* bar = new QWidget(this);
    cpu_ = new QComboBox(bar);
    cpu_->addItem(tr("where the probe starts"), -1);
    for (int c : allowedCpus()) cpu_->addItem(tr("CPU %1").arg(c), c);
    cpu_->setToolTip(tr("The CPU the probes pin themselves to."));
    repetitions_ = new QSpinBox(bar);
    repetitions_->setRange(1, 10000);
    repetitions_->setValue(ProbeSettings{}.repetitions);
    repetitions_->setToolTip(tr("Timed runs of each kernel, at least: more follow until each kernel's fastest run "
                                "repeats. Results come from the fastest runs; medians are in the tooltips."));
    realtime_ = new QCheckBox(tr("Real-time priorit&y (SCHED_FIFO)"), bar);
    realtime_->setToolTip(tr("Steadier numbers, but the probe takes its CPU from everything else while it runs."));
    auto* cpuLabel = new QLabel(tr("C&PU:"), bar);
    cpuLabel->setBuddy(cpu_);
    auto* repLabel = new QLabel(tr("Rep&etitions:"), bar);
    repLabel->setBuddy(repetitions_);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(cpuLabel);
    row->addWidget(cpu_);
    row->addSpacing(fontMetrics().averageCharWidth() * 2);
    row->addWidget(repLabel);
    row->addWidget(repetitions_);
    row->addSpacing(fontMetrics().averageCharWidth() * 2);
    row->addWidget(realtime_);
    row->addStretch(1);

    environment_ = wrappedLabel(this, Qt::PlainText);
    QString text = tr("Measured on this machine. Where and how appears here once a probe has run.");
    const CpuFeatures features = CpuFeatures::detect();
    if (features.has("hypervisor"))
        text += QLatin1Char(' ') + tr("This is a virtual machine (CPU flag 'hypervisor'): timings include the "
                                      "hypervisor's interference.");
    environment_->setText(text);
    return bar;
}

QWidget* ProbesPage::buildCatalogTab() {
    auto* tab = new QWidget(this);
    filterEdit_ = new QLineEdit(tab);
    filterEdit_->setPlaceholderText(tr("Filter by name, category, template or description"));
    filterEdit_->setClearButtonEnabled(true);
    connect(filterEdit_, &QLineEdit::textChanged, this, [this](const QString& text) {
        filter_->setText(text);
        updateCatalogCount();
    });
    auto* filterLabel = new QLabel(tr("&Filter:"), tab);
    filterLabel->setBuddy(filterEdit_);
    catalogCount_ = new QLabel(tab);
    auto* top = new QHBoxLayout;
    top->addWidget(filterLabel);
    top->addWidget(filterEdit_, 1);
    top->addWidget(catalogCount_);

    catalogView_ = tableView(tab);
    catalogView_->setModel(filter_);
    catalogView_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    catalogView_->sortByColumn(-1, Qt::AscendingOrder); // catalog order until a header is clicked
    const int ch = fontMetrics().averageCharWidth();
    catalogView_->setColumnWidth(BenchCatalogModel::NameColumn, ch * 22);
    catalogView_->setColumnWidth(BenchCatalogModel::CategoryColumn, ch * 16);
    catalogView_->setColumnWidth(BenchCatalogModel::TypeColumn, ch * 10);
    catalogView_->setColumnWidth(BenchCatalogModel::TemplateColumn, ch * 44);
    catalogView_->setColumnWidth(BenchCatalogModel::RunsHereColumn, ch * 12);
    connect(catalogView_, &QTableView::activated, this, [this] { runSelected(); });

    runSelected_ = new QPushButton(tr("Run &selected"), tab);
    runSelected_->setToolTip(tr("Measures the selected entries (also: double-click or Return)."));
    connect(runSelected_, &QPushButton::clicked, this, &ProbesPage::runSelected);
    runAll_ = new QPushButton(tr("Run &all shown"), tab);
    runAll_->setToolTip(tr("Measures every entry the filter shows that this CPU can run."));
    connect(runAll_, &QPushButton::clicked, this, &ProbesPage::runAllShown);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(runSelected_);
    buttons->addWidget(runAll_);

    auto* layout = new QVBoxLayout(tab);
    layout->addLayout(top);
    layout->addWidget(catalogView_, 1);
    layout->addLayout(buttons);
    return tab;
}

QWidget* ProbesPage::buildResultsTab() {
    auto* tab = new QWidget(this);
    auto* load = new QPushButton(tr("Reference &table…"), tab);
    load->setToolTip(tr("A published table you have (an InstLatx64 text file, uops.info's instructions.xml) or a "
                        "CSV with mnemonic, operands, latency, recip_throughput, microarchitecture, source columns, "
                        "e.g. your own notes."));
    connect(load, &QPushButton::clicked, this, &ProbesPage::chooseReferenceTable);
    referenceLabel_ = wrappedLabel(tab, Qt::PlainText);
    referenceLabel_->setText(tr("No reference table loaded: reference and difference read n/a. perfdash ships no "
                                "reference values."));
    microarchitecture_ = new QComboBox(tab);
    microarchitecture_->setToolTip(tr("Compare with the rows of one microarchitecture only."));
    microarchitecture_->setVisible(false); // until a table with microarchitectures is loaded
    microarchitecture_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(microarchitecture_, &QComboBox::currentIndexChanged, this, [this](int i) {
        results_->setMicroarchitecture(i <= 0 ? QString() : microarchitecture_->itemText(i));
    });
    clearResults_ = new QPushButton(tr("Clear results"), tab);
    connect(clearResults_, &QPushButton::clicked, results_, &BenchResultsModel::clear);
    auto* top = new QHBoxLayout;
    top->addWidget(load);
    top->addWidget(microarchitecture_);
    top->addWidget(referenceLabel_, 1);
    top->addWidget(clearResults_);

    auto* sorted = new QSortFilterProxyModel(this);
    sorted->setSourceModel(results_);
    sorted->setSortRole(BenchResultsModel::SortRole);
    resultsView_ = tableView(tab);
    resultsView_->setModel(sorted);
    resultsView_->sortByColumn(-1, Qt::AscendingOrder);
    resultsView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    resultsView_->horizontalHeader()->setSectionResizeMode(BenchResultsModel::ReferenceSourceColumn, QHeaderView::Stretch);

    auto* chartScroll = new QScrollArea(tab);
    chartScroll->setWidgetResizable(true);
    chartScroll->setWidget(new BenchBarChart(*results_, chartScroll));

    auto* split = new QSplitter(Qt::Vertical, tab);
    split->addWidget(resultsView_);
    split->addWidget(chartScroll);
    split->setChildrenCollapsible(false);
    const int line = fontMetrics().height();
    split->setSizes({line * 12, line * 20}); // the chart gets the larger share: the table scrolls

    auto* layout = new QVBoxLayout(tab);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    return tab;
}

QWidget* ProbesPage::buildClockTab() {
    auto* tab = new QWidget(this);
    clockInterval_ = new QDoubleSpinBox(tab);
    clockInterval_->setRange(0.1, 60);
    clockInterval_->setValue(0.5);
    clockInterval_->setSuffix(tr(" s"));
    clockInterval_->setToolTip(tr("Time between two clock measurements (each takes about a third of a second)."));
    auto* intervalLabel = new QLabel(tr("Sample e&very:"), tab);
    intervalLabel->setBuddy(clockInterval_);
    clockStart_ = new QPushButton(tr("&Start sampling"), tab);
    connect(clockStart_, &QPushButton::clicked, this, [this] {
        if (job_ == Job::Clock)
            cancel();
        else
            startClock();
    });
    auto* clear = new QPushButton(tr("Clear"), tab);
    connect(clear, &QPushButton::clicked, clock_, &ClockHistoryModel::clear);
    auto* top = new QHBoxLayout;
    top->addWidget(intervalLabel);
    top->addWidget(clockInterval_);
    top->addWidget(clockStart_);
    top->addWidget(clear);
    top->addStretch(1);
    clockLatest_ = wrappedLabel(tab, Qt::PlainText);
    clockLatest_->setText(tr("The clock is measured with a chain of dependent adds (one per cycle), next to the "
                             "clocks the system reports."));
    auto* layout = new QVBoxLayout(tab);
    layout->addLayout(top);
    layout->addWidget(new ClockLineChart(*clock_, tab), 1);
    layout->addWidget(clockLatest_);
    return tab;
}

QWidget* ProbesPage::buildIpcTab() {
    auto* tab = new QWidget(this);
    ipcMaxChains_ = new QSpinBox(tab);
    ipcMaxChains_->setRange(1, 64);
    ipcMaxChains_->setValue(IpcOptions{}.maxChains);
    auto* chainsLabel = new QLabel(tr("Up to c&hains:"), tab);
    chainsLabel->setBuddy(ipcMaxChains_);
    ipcStart_ = new QPushButton(tr("Run IPC pro&be"), tab);
    ipcStart_->setToolTip(tr("1 to N independent chains of integer adds, FP adds, loads and nops; the plateau of "
                             "each curve is the issue width for that kind."));
    connect(ipcStart_, &QPushButton::clicked, this, &ProbesPage::runIpc);
    auto* top = new QHBoxLayout;
    top->addWidget(chainsLabel);
    top->addWidget(ipcMaxChains_);
    top->addWidget(ipcStart_);
    top->addStretch(1);
    ipcNotes_ = wrappedLabel(tab, Qt::PlainText);
    auto* layout = new QVBoxLayout(tab);
    layout->addLayout(top);
    layout->addWidget(new IpcLineChart(*ipc_, tab), 1);
    layout->addWidget(ipcNotes_);
    return tab;
}

QWidget* ProbesPage::buildCeilingsTab() {
    auto* tab = new QWidget(this);
    ceilingsThreads_ = new QSpinBox(tab);
    ceilingsThreads_->setRange(0, std::max<int>(1, static_cast<int>(allowedCpus().size())));
    ceilingsThreads_->setValue(1);
    ceilingsThreads_->setSpecialValueText(tr("1, per core, all"));
    ceilingsThreads_->setToolTip(tr("Pinned threads, one per core first, then SMT siblings; the lowest value "
                                    "measures 1 thread, one per core and every hardware thread in turn."));
    auto* threadsLabel = new QLabel(tr("T&hreads:"), tab);
    threadsLabel->setBuddy(ceilingsThreads_);
    ceilingsStart_ = new QPushButton(tr("Measure cei&lings"), tab);
    ceilingsStart_->setToolTip(tr("Bandwidth of load, store, copy, triad and update in L1, L2, L3 and DRAM, peak "
                                  "FLOP/s, and a working-set sweep; a few minutes."));
    connect(ceilingsStart_, &QPushButton::clicked, this, &ProbesPage::runCeilings);
    auto* top = new QHBoxLayout;
    top->addWidget(threadsLabel);
    top->addWidget(ceilingsThreads_);
    top->addWidget(ceilingsStart_);
    top->addStretch(1);
    auto* table = new QTableView(tab);
    table->setModel(ceilings_);
    setUpTable(table);
    auto* split = new QSplitter(Qt::Vertical, tab);
    split->addWidget(table);
    split->addWidget(new CeilingsSweepChart(*ceilings_, tab));
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    ceilingsNotes_ = wrappedLabel(tab, Qt::PlainText);
    auto* layout = new QVBoxLayout(tab);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addWidget(ceilingsNotes_);
    // The last ceilings measured here, as the roofline will use them.
    if (QFileInfo::exists(ceilingsFile())) {
        auto last = readCeilingsFile(ceilingsFile().toStdString());
        if (last) showCeilings(*last, tr("Loaded from %1.").arg(ceilingsFile()));
        else ceilingsNotes_->setText(toQString(last.error().message));
    }
    return tab;
}

QString ProbesPage::ceilingsFile() { return toQString(ceilingsFilePath()); }

QString ProbesPage::ceilingsNotes() const { return ceilingsNotes_->text(); }

void ProbesPage::showCeilings(const Ceilings& c, const QString& note) {
    ceilings_->setCeilings(c);
    QStringList lines{note};
    if (c.clockHz > 0) lines << tr("Per cycle of the measured clock, %1 GHz (not the TSC).").arg(c.clockHz / 1e9, 0, 'f', 3);
    for (const auto& w : c.warnings) lines << tr("Warning: %1").arg(toQString(w));
    ceilingsNotes_->setText(lines.join(QLatin1Char('\n')));
}

void ProbesPage::runCeilings() {
    if (runner_->isBusy()) return;
    job_ = Job::Ceilings;
    runner_->runCeilings(ceilingsThreads_->value(), settings());
}

ProbeSettings ProbesPage::settings() const {
    ProbeSettings s;
    if (const int cpu = cpu_->currentData().toInt(); cpu >= 0) s.cpu = cpu;
    s.realtime = realtime_->isChecked();
    s.repetitions = repetitions_->value();
    return s;
}

void ProbesPage::setSettings(const ProbeSettings& s) {
    const int i = cpu_->findData(s.cpu.value_or(-1));
    cpu_->setCurrentIndex(std::max(i, 0));
    realtime_->setChecked(s.realtime);
    repetitions_->setValue(s.repetitions);
}

bool ProbesPage::isBusy() const { return runner_->isBusy(); }

void ProbesPage::cancel() {
    if (!runner_->isBusy()) return;
    runner_->cancel();
    status_->setText(tr("Cancelling…"));
}

QString ProbesPage::statusText() const { return status_->text(); }

bool ProbesPage::runEntries(const QStringList& names) {
    std::vector<int> rows;
    for (const QString& name : names) {
        const CatalogEntry* e = catalog_->catalog().find(name.toStdString());
        if (!e) return false;
        rows.push_back(static_cast<int>(e - catalog_->catalog().entries().data()));
    }
    return runCatalogRows(rows);
}

void ProbesPage::runSelected() {
    std::set<int> rows;
    for (const QModelIndex& i : catalogView_->selectionModel()->selectedRows()) rows.insert(filter_->mapToSource(i).row());
    if (rows.empty()) {
        status_->setText(tr("Select entries in the catalog first (or use Run all shown)."));
        return;
    }
    runCatalogRows({rows.begin(), rows.end()});
}

void ProbesPage::runAllShown() {
    std::vector<int> rows;
    int skipped = 0;
    for (int row : filter_->acceptedRows()) {
        if (catalog_->runsHere(row))
            rows.push_back(row);
        else
            ++skipped;
    }
    if (!runCatalogRows(rows)) return;
    if (skipped > 0)
        runNote_ = tr("Left out %n entries this CPU cannot run (see the catalog's Runs here column).", "", skipped);
}

bool ProbesPage::runCatalogRows(const std::vector<int>& rows) {
    if (rows.empty() || runner_->isBusy()) return false;
    std::vector<CatalogEntry> entries;
    for (int row : rows) entries.push_back(catalog_->entry(row));
    job_ = Job::Bench;
    runNote_.clear();
    if (!runner_->runBench(std::move(entries), settings())) return false;
    tabs_->setCurrentIndex(1);
    return true;
}

void ProbesPage::runCustom(const CatalogEntry& entry) {
    if (runner_->isBusy()) return;
    job_ = Job::Custom;
    runNote_.clear();
    runner_->runBench({entry}, settings());
}

void ProbesPage::startClock() {
    if (runner_->isBusy()) return;
    ProbeSettings s = settings();
    const std::vector<int> allowed = allowedCpus();
    const int cpu = s.cpu.value_or(allowed.empty() ? 0 : allowed.front());
    job_ = Job::Clock;
    if (!runner_->runClock(cpu, clockInterval_->value(), s)) return;
    progress_->setRange(0, 0); // runs until stopped
    status_->setText(tr("Sampling the clock of CPU %1 every %2 s…").arg(cpu).arg(clockInterval_->value()));
}

void ProbesPage::runIpc() {
    if (runner_->isBusy()) return;
    IpcOptions options;
    options.maxChains = ipcMaxChains_->value();
    job_ = Job::Ipc;
    runner_->runIpc(options, settings());
}

void ProbesPage::onStarted() {
    measuredThisRun_.clear();
    progress_->setRange(0, 1);
    progress_->setValue(0);
    updateButtons();
    emit busyChanged(true);
}

void ProbesPage::onFinished(bool cancelled, const QString& error) {
    const Job job = job_;
    job_ = Job::None;
    progress_->setRange(0, 1);
    progress_->setValue(cancelled ? 0 : 1);
    if (cancelled)
        status_->setText(job == Job::Clock ? tr("Clock sampling stopped.")
                                           : tr("Cancelled; the %n result(s) measured before are kept.", "",
                                                static_cast<int>(measuredThisRun_.size())));
    else if (!error.isEmpty())
        status_->setText(tr("Could not run the probe: %1").arg(error));
    else if (job == Job::Bench || job == Job::Custom)
        status_->setText(tr("Done: %n result(s).", "", static_cast<int>(measuredThisRun_.size())));
    else if (job == Job::Ipc)
        status_->setText(tr("Done: max IPC measured."));
    else if (job == Job::Ceilings)
        status_->setText(tr("Done: ceilings measured."));
    if (!runNote_.isEmpty()) status_->setText(status_->text() + QLatin1Char(' ') + runNote_);
    runNote_.clear();
    if (job == Job::Custom && !error.isEmpty() && !cancelled) {
        BenchResult failed;
        failed.status = BenchStatus::Failed;
        failed.reason = error.toStdString();
        editor_->showRunOutcome(failed);
    }
    updateButtons();
    emit busyChanged(false);
}

void ProbesPage::onEnvironment(const BenchEnvironment& env) {
    QString text = tr("Measured on this machine: %1, CPU %2, %3. Cycles from %4.")
                       .arg(toQString(env.arch))
                       .arg(env.cpu)
                       .arg(toQString(env.scheduling), toQString(env.cyclesSourceDetail));
    if (!env.emulated.empty())
        text += QLatin1Char(' ') + tr("Every timing reads n/a: %1.").arg(toQString(env.emulated));
    else if (CpuFeatures::detect().has("hypervisor"))
        text += QLatin1Char(' ') + tr("This is a virtual machine: timings include the hypervisor's interference.");
    environment_->setText(text);
    environment_->setToolTip(env.cyclesCounterNote.empty() ? QString() : toQString(env.cyclesCounterNote));
}

void ProbesPage::onClockSample(const CpuClockReport& report) {
    clock_->addSample(report);
    QStringList parts;
    parts << (report.measured ? tr("CPU %1: measured %2 (median runs %3)")
                                    .arg(report.cpu)
                                    .arg(formatGigahertz(report.measured->hz), formatGigahertz(report.measured->medianHz))
                              : tr("CPU %1: measured n/a: %2").arg(report.cpu).arg(toQString(report.error)));
    for (const auto& r : report.references)
        parts << (r.hz ? tr("%1 %2 (reported)").arg(toQString(r.source), formatGigahertz(r.hz))
                       : tr("%1 n/a: %2").arg(toQString(r.source), toQString(r.note)));
    clockLatest_->setText(parts.join(QLatin1Char('\n')));
}

void ProbesPage::onIpcCurves(const std::vector<IpcCurve>& curves) {
    ipc_->setCurves(curves);
    QStringList notes;
    for (const auto& c : curves) {
        const QString name = QString::fromLatin1(toString(c.cls));
        if (!c.error.empty()) {
            notes << tr("%1: n/a: %2").arg(name, toQString(c.error));
            continue;
        }
        QString line = c.plateauIpc ? tr("%1: plateau %2 IPC from %3 chains.")
                                          .arg(name, QLocale().toString(*c.plateauIpc, 'f', 2))
                                          .arg(c.plateauChains)
                                    : tr("%1: plateau n/a: %2.").arg(name, toQString(c.whyNoPlateau()));
        if (!c.note.empty()) line += QLatin1Char(' ') + toQString(c.note);
        notes << line;
    }
    ipcNotes_->setText(notes.join(QLatin1Char('\n')));
}

void ProbesPage::chooseReferenceTable() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Reference table"), {}, tr("Reference tables (*.csv *.txt *.xml);;All files (*)"));
    if (path.isEmpty()) return;
    if (auto s = loadReferenceTable(path); !s) status_->setText(toQString(s.error().message));
}

Status ProbesPage::loadReferenceTable(const QString& path) {
    auto table = ReferenceTable::load(path.toStdString());
    if (!table) return table.error();
    const int rows = static_cast<int>(table->rows().size());
    results_->setReferenceTable(std::move(table).value(), path);
    referenceLabel_->setText(tr("Reference values from %1 (%n row(s)); they are not measured here.", "", rows).arg(path));
    microarchitecture_->clear();
    microarchitecture_->addItem(tr("all microarchitectures"));
    microarchitecture_->addItems(results_->microarchitectures());
    microarchitecture_->setVisible(microarchitecture_->count() > 1);
    return {};
}

void ProbesPage::updateButtons() {
    const bool busy = runner_->isBusy();
    const bool haveCatalog = catalogError_.isEmpty();
    runSelected_->setEnabled(!busy && haveCatalog);
    runAll_->setEnabled(!busy && haveCatalog);
    editor_->setRunEnabled(!busy);
    ipcStart_->setEnabled(!busy);
    ceilingsStart_->setEnabled(!busy);
    ceilingsThreads_->setEnabled(!busy);
    clockStart_->setEnabled(!busy || job_ == Job::Clock);
    clockStart_->setText(job_ == Job::Clock ? tr("&Stop sampling") : tr("&Start sampling"));
    cancel_->setEnabled(busy);
    for (QWidget* w : std::initializer_list<QWidget*>{cpu_, repetitions_, realtime_}) w->setEnabled(!busy);
}

void ProbesPage::updateCatalogCount() {
    catalogCount_->setText(tr("%1 of %2 entries").arg(filter_->rowCount()).arg(catalog_->rowCount()));
}

} // namespace perfdash
