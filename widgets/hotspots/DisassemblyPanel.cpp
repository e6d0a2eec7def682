#include "widgets/hotspots/DisassemblyPanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "core/presentation/NumberFormat.h"
#include "core/profile/Disassembly.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/TableSetup.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/hotspots/DisassemblyModel.h"

namespace perfdash {

struct DisassemblyPanel::Code {
    uint64_t generation = 0;
    Result<Disassembly> disassembly = makeError("");
};

DisassemblyPanel::DisassemblyPanel(QWidget* parent)
    : QWidget(parent),
      heading_(wrappedLabel(this, Qt::RichText)),
      chooseFolder_(new QPushButton(tr("Choose binaries folder…"), this)),
      table_(new QTableView(this)),
      model_(new DisassemblyModel(this)),
      watcher_(new QFutureWatcher<std::shared_ptr<Code>>(this)) {
    heading_->setObjectName(QStringLiteral("disassemblyHeading"));
    chooseFolder_->setToolTip(tr("Look for the recorded binaries under a folder first (FOLDER/usr/lib/…), as perf's "
                                 "--symfs does: a copy of the machine's files where they were recorded elsewhere"));
    setUpTable(table_);
    table_->setModel(model_);
    table_->setAccessibleName(tr("Instructions"));
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 4);
    table_->horizontalHeader()->setStretchLastSection(true);
    auto* controls = new QHBoxLayout;
    controls->addWidget(chooseFolder_);
    controls->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(heading_);
    layout->addLayout(controls);
    layout->addWidget(table_, 1);
    connect(chooseFolder_, &QPushButton::clicked, this, &DisassemblyPanel::askForFolder);
    connect(watcher_, &QFutureWatcherBase::finished, this, &DisassemblyPanel::showCode);
    clear();
}

DisassemblyPanel::~DisassemblyPanel() { watcher_->waitForFinished(); }

void DisassemblyPanel::setSelection(std::shared_ptr<const Profile> profile, std::shared_ptr<const ProfileSelection> selection) {
    profile_ = std::move(profile);
    selection_ = std::move(selection);
    recompute();
}

void DisassemblyPanel::showFunction(const QString& name, const QString& inlinedInto) {
    const QString code = inlinedInto.isEmpty() ? name : inlinedInto;
    if (name == function_ && code == disassembled_) return;
    function_ = name;
    disassembled_ = code;
    recompute();
}

void DisassemblyPanel::setBinaryFolders(const QStringList& folders) {
    folders_.set(folders);
    recompute();
}

void DisassemblyPanel::clear() {
    profile_.reset();
    selection_.reset();
    function_.clear();
    disassembled_.clear();
    recompute();
}

void DisassemblyPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) recompute();
}

void DisassemblyPanel::recompute() {
    const uint64_t generation = ++generation_;
    stale_ = false;
    if (!profile_ || !selection_ || disassembled_.isEmpty()) {
        model_->clear();
        shown_.clear();
        heading_->setText(tr("Choose a function in the table or the flame graph to see its instructions."));
        return;
    }
    if (!isVisible()) {
        stale_ = true;
        return;
    }
    heading_->setText(tr("Disassembling <b>%1</b>…").arg(disassembled_.toHtmlEscaped()));
    DisassemblyOptions options;
    options.symbolRoots = folders_.paths();
    options.listings = listings_;
    watcher_->setFuture(QtConcurrent::run([profile = profile_, selection = selection_,
                                           function = disassembled_.toStdString(), options, generation] {
        auto code = std::make_shared<Code>();
        code->generation = generation;
        code->disassembly = disassemble(*profile, *selection, function, options);
        return code;
    }));
}

void DisassemblyPanel::showCode() {
    const std::shared_ptr<Code> code = watcher_->result();
    if (!code || code->generation != generation_ || !profile_) return;
    const QString function = disassembled_.toHtmlEscaped();
    if (!code->disassembly) {
        model_->clear();
        shown_.clear();
        heading_->setText(tr("The instructions of <b>%1</b> cannot be shown: %2")
                              .arg(function, htmlEscaped(code->disassembly.error().message)));
        emit instructionsReady();
        return;
    }
    Disassembly& d = *code->disassembly;
    QString text = tr("<b>%1</b> in %2: %3 samples in its code")
                       .arg(function, htmlEscaped(d.module), toQString(formatNumber(d.sums[ProfileColumns::kSamples])));
    if (disassembled_ != function_)
        text += QStringLiteral("<br>") + tr("%1 is inlined into %2 wherever it was sampled: its instructions are among these, "
                                            "at its own source lines.")
                                             .arg(function_.toHtmlEscaped(), function);
    if (!d.file.empty()) text += QStringLiteral("<br>") + tr("Instructions and lines: objdump of %1").arg(htmlEscaped(d.file));
    for (const std::string& problem : d.problems) text += QStringLiteral("<br>") + htmlEscaped(problem);
    heading_->setText(text);
    // The same function again (a live run's newer samples): the current row and the scrolling stay.
    const bool again = disassembled_ == shown_;
    const int current = table_->currentIndex().row(), scrolled = table_->verticalScrollBar()->value();
    model_->setDisassembly(*profile_, std::move(d));
    shown_ = disassembled_;
    if (again) {
        if (current >= 0) table_->setCurrentIndex(model_->index(current, DisassemblyModel::AddressColumn));
        table_->verticalScrollBar()->setValue(scrolled);
        emit instructionsReady();
        return;
    }
    table_->resizeColumnsToContents();
    if (const int hottest = model_->hottestRow(); hottest >= 0) {
        const QModelIndex at = model_->index(hottest, DisassemblyModel::AddressColumn);
        table_->setCurrentIndex(at);
        table_->scrollTo(at, QAbstractItemView::PositionAtCenter);
    }
    emit instructionsReady();
}

void DisassemblyPanel::askForFolder() {
    if (folders_.ask(this, tr("Folder of copies of the recorded binaries"))) recompute();
}

} // namespace perfdash
