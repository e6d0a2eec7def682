#include "widgets/hotspots/SourcePanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <map>

#include "core/presentation/NumberFormat.h"
#include "core/profile/ProfileMetrics.h"
#include "core/profile/SourceFiles.h"
#include "core/util/Strings.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/TableSetup.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/hotspots/SourceLinesModel.h"

namespace perfdash {

// A function's lines, per file, most sampled file first.
struct SourcePanel::Lines {
    struct File {
        std::string path;         // as the debug information names it
        SourceLookup lookup;
        std::vector<std::string> text; // empty where not found or not readable
        std::string problem;      // why not readable
        std::vector<LineRow> rows;
        double samples = 0;
    };
    uint64_t generation = 0;
    std::vector<File> files;
    std::vector<std::string> metrics;
    double samples = 0;
    std::string problem;
};

SourcePanel::SourcePanel(QWidget* parent)
    : QWidget(parent),
      heading_(wrappedLabel(this, Qt::RichText)),
      files_(new QComboBox(this)),
      chooseFolder_(new QPushButton(tr("Choose source folder…"), this)),
      table_(new QTableView(this)),
      model_(new SourceLinesModel(this)),
      watcher_(new QFutureWatcher<std::shared_ptr<Lines>>(this)) {
    heading_->setObjectName(QStringLiteral("sourceHeading"));
    files_->setAccessibleName(tr("Source file"));
    files_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    chooseFolder_->setToolTip(tr("Look for source files under a folder too, where they are not at the path the "
                                 "program was built with"));
    setUpTable(table_);
    table_->setModel(model_);
    table_->setAccessibleName(tr("Source lines"));
    // A line of code a row, as an editor shows it.
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 4);
    auto* fileLabel = new QLabel(tr("File:"), this);
    fileLabel->setBuddy(files_);
    auto* controls = new QHBoxLayout;
    controls->addWidget(fileLabel);
    controls->addWidget(files_);
    controls->addSpacing(12);
    controls->addWidget(chooseFolder_);
    controls->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(heading_);
    layout->addLayout(controls);
    layout->addWidget(table_, 1);
    connect(files_, &QComboBox::currentIndexChanged, this, &SourcePanel::showFile);
    connect(chooseFolder_, &QPushButton::clicked, this, &SourcePanel::askForFolder);
    connect(watcher_, &QFutureWatcherBase::finished, this, &SourcePanel::showLines);
    clear();
}

SourcePanel::~SourcePanel() { watcher_->waitForFinished(); }

void SourcePanel::setSelection(std::shared_ptr<const Profile> profile, std::shared_ptr<const ProfileSelection> selection) {
    profile_ = std::move(profile);
    selection_ = std::move(selection);
    recompute();
}

void SourcePanel::showFunction(const QString& name) {
    if (name == function_) return;
    function_ = name;
    recompute();
}

void SourcePanel::setSourceFolders(const QStringList& folders) {
    folders_.set(folders);
    recompute();
}

void SourcePanel::clear() {
    ++generation_;
    profile_.reset();
    selection_.reset();
    function_.clear();
    lines_.reset();
    recompute();
}

void SourcePanel::recompute() {
    const uint64_t generation = ++generation_;
    if (!profile_ || !selection_ || function_.isEmpty()) {
        lines_.reset();
        model_->clear();
        const QSignalBlocker quiet(files_);
        files_->clear();
        files_->setEnabled(false);
        heading_->setText(tr("Choose a function in the table or the flame graph to see its source lines."));
        return;
    }
    heading_->setText(tr("Reading the source of <b>%1</b>…").arg(function_.toHtmlEscaped()));
    watcher_->setFuture(QtConcurrent::run([profile = profile_, selection = selection_, function = function_.toStdString(),
                                           folders = folders_.paths(), generation] {
        auto lines = std::make_shared<Lines>();
        lines->generation = generation;
        auto metrics = ProfileMetrics::compile(*profile);
        if (!metrics) {
            lines->problem = metrics.error().message;
            return lines;
        }
        lines->metrics = metrics->names();
        std::map<std::string, Lines::File> byFile;
        for (LineRow& row : lineTable(*profile, *selection, *metrics, function)) {
            Lines::File& file = byFile[row.file];
            file.path = row.file;
            file.samples += row.sums[ProfileColumns::kSamples];
            lines->samples += row.sums[ProfileColumns::kSamples];
            file.rows.push_back(std::move(row));
        }
        for (auto& [path, file] : byFile) {
            if (!path.empty()) {
                file.lookup = findSourceFile(path, folders);
                if (!file.lookup.found.empty()) {
                    auto text = readSourceLines(file.lookup.found);
                    if (text)
                        file.text = std::move(*text);
                    else
                        file.problem = text.error().message;
                }
            }
            lines->files.push_back(std::move(file));
        }
        std::stable_sort(lines->files.begin(), lines->files.end(),
                         [](const Lines::File& a, const Lines::File& b) { return a.samples > b.samples; });
        return lines;
    }));
}

void SourcePanel::showLines() {
    std::shared_ptr<Lines> lines = watcher_->result();
    if (!lines || lines->generation != generation_) return;
    lines_ = std::move(lines);
    {
        const QSignalBlocker quiet(files_); // the first file is shown once, below
        files_->clear();
        for (const Lines::File& f : lines_->files) {
            files_->addItem(f.path.empty() ? tr("[no source file]") : toQString(f.path));
            files_->setItemData(files_->count() - 1, tr("%1 samples").arg(toQString(formatNumber(f.samples))), Qt::ToolTipRole);
        }
        files_->setEnabled(files_->count() > 1);
    }
    showFile();
    emit linesReady();
}

void SourcePanel::showFile() {
    if (!lines_) return;
    const QString function = function_.toHtmlEscaped();
    if (!lines_->problem.empty()) {
        model_->clear();
        heading_->setText(tr("The lines of <b>%1</b> cannot be summed: %2").arg(function, htmlEscaped(lines_->problem)));
        return;
    }
    const int index = files_->currentIndex();
    if (index < 0 || size_t(index) >= lines_->files.size()) {
        model_->clear();
        heading_->setText(tr("<b>%1</b> has no samples in its own body in this selection.").arg(function));
        return;
    }
    Lines::File& file = lines_->files[size_t(index)];
    model_->setLines(file.rows, file.text, lines_->metrics);
    QString text = tr("<b>%1</b>: %2 samples in its own body").arg(function, toQString(formatNumber(lines_->samples)));
    if (file.path.empty())
        text += QStringLiteral("<br>") + tr("Its debug information names no source file for these samples.");
    else if (file.lookup.found.empty())
        text += QStringLiteral("<br>") + tr("Source file not found; looked for %1. Choose the folder it is in.")
                                             .arg(htmlEscaped(join(file.lookup.looked, ", ")));
    else if (!file.problem.empty())
        text += QStringLiteral("<br>") + htmlEscaped(file.problem);
    else if (file.lookup.found != file.path)
        text += QStringLiteral("<br>") + tr("%1, found as %2").arg(htmlEscaped(file.path), htmlEscaped(file.lookup.found));
    heading_->setText(text);
    table_->resizeColumnsToContents();
    // The code wide enough to read, not so wide that the figures leave the screen.
    table_->setColumnWidth(SourceLinesModel::SourceColumn, std::min(table_->columnWidth(SourceLinesModel::SourceColumn), 640));
    if (const int hottest = model_->hottestRow(); hottest >= 0) {
        const QModelIndex at = model_->index(hottest, SourceLinesModel::LineColumn);
        table_->setCurrentIndex(at);
        table_->scrollTo(at, QAbstractItemView::PositionAtCenter);
    }
}

void SourcePanel::askForFolder() {
    if (folders_.ask(this, tr("Folder to look for source files under"))) recompute();
}

} // namespace perfdash
